/*
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     http://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
package dev.formattable.e2e;

import dev.formattable.e2e.servers.S3ProxyExtension;
import dev.formattable.e2e.servers.StorageView;
import dev.formattable.e2e.testutils.FlinkFileSystems;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The SQL scenarios on an S3-compatible server, with the checks both routes to it share: every file
 * is an upload to its final key, published by completing it, and orc tables are read. A subclass
 * sets Flink's file systems up for its route ({@code @BeforeAll}) and names its scheme.
 */
abstract class S3TableScenarios extends TableScenarios {

    @RegisterExtension static final S3ProxyExtension S3 = new S3ProxyExtension();

    /** The scheme tables are written under: {@code s3} or {@code s3a}. */
    protected abstract String scheme();

    @AfterAll
    static void resetFileSystems() {
        FlinkFileSystems.reset();
    }

    @BeforeEach
    void countFromZero() {
        S3.resetRequests();
    }

    /** Every file was an upload to its final key, published by completing it: no copy. */
    @AfterEach
    void publishedWithoutCopies() {
        if (renamesExpected) {
            return; // compaction: see TableScenarios#streamingInsertWithCompactionAndSuccessFiles
        }
        assertThat(S3.requests("copyBlob")).as("copy requests").isZero();
        assertThat(S3.requests("completeMultipartUpload")).as("completed uploads").isPositive();
    }

    @Override
    protected String tableLocation(String name) {
        return S3.location(scheme(), "/warehouse/" + name);
    }

    @Override
    protected StorageView storage() {
        return S3;
    }

    /**
     * The orc reader opens files through Hadoop's FileSystem API (flink-orc's OrcShim, and our
     * footer reads); the connector routes the schemes of Flink's plugins through Flink's file
     * system, so orc tables are read where only Flink reaches, with Flink's settings.
     */
    @Test
    void orcIsReadThroughFlinksFileSystem() throws Exception {
        String location = tableLocation("orc-read");

        assertThat(orcReadBack(location)).hasSize(1);
    }
}
