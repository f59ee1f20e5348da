package dev.formattable.e2e;

import dev.formattable.e2e.servers.S3ProxyExtension;
import dev.formattable.e2e.servers.StorageView;
import dev.formattable.e2e.testutils.FlinkFileSystems;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The SQL scenarios on an S3-compatible server, through Flink's own S3 file system ({@code s3://},
 * the flink-s3-fs-hadoop plugin, loaded from {@code FLINK_PLUGINS_DIR} as a Flink distribution
 * loads it): files are written with the plugin's recoverable writer, a multipart upload to the
 * final key, and published by completing it, so no test here copies an object.
 */
class S3PluginITCase extends TableScenarios {

    @RegisterExtension static final S3ProxyExtension S3 = new S3ProxyExtension();

    @BeforeAll
    static void fileSystems() {
        FlinkFileSystems.initializeWithPlugins(S3.flinkS3Settings());
    }

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
        return S3.location("s3", "/warehouse/" + name);
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
