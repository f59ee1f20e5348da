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
package dev.formattable.e2e.cluster;

import dev.formattable.e2e.servers.S3ProxyExtension;
import dev.formattable.e2e.testutils.TableFiles;

import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The standalone cluster of {@link StandaloneClusterITCase} (the newest Flink line) writing to an
 * S3-compatible server through Flink's S3 plugin (in the installation's {@code plugins/}), as a
 * user's cluster on S3 does: data files are multipart uploads to their final keys, which the commit
 * completes. A TaskManager killed with SIGKILL in the middle of a streaming INSERT leaves every row
 * exactly once and nothing visible but published data files, and no commit copies an object.
 */
class S3StandaloneClusterITCase {

    @RegisterExtension
    @Order(1)
    static final S3ProxyExtension S3 = new S3ProxyExtension();

    @RegisterExtension
    @Order(2)
    static final StandaloneFlinkCluster CLUSTER =
            new StandaloneFlinkCluster(S3::flinkS3Settings, true);

    private final ClusterScenarios scenarios = new ClusterScenarios(CLUSTER);

    @Test
    void streamingInsertOnS3SurvivesAKilledTaskManager() throws Exception {
        String location = S3.location("s3", "/cluster/s");
        S3.resetRequests();

        scenarios.streamingInsertSurvivesAKilledTaskManager(location, 10_000);

        List<String> files = S3.filesBelow(location);
        TableFiles.assertOnlyPublishedDataFiles(files, "parquet", 1);
        assertThat(S3.requests("copyBlob")).as("copy requests").isZero();
        // Every data file is a completed upload; the kept commit record is written whole.
        assertThat(S3.requests("completeMultipartUpload"))
                .as("completed uploads")
                .isGreaterThanOrEqualTo(TableFiles.withoutKeptRecords(files).size());
    }
}
