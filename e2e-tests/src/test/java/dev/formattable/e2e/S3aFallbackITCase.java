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

import java.util.HashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The SQL scenarios on an S3-compatible server through Hadoop's S3A ({@code s3a://}, hadoop-aws on
 * the class path), reached by Flink's Hadoop fallback file system. Flink refuses the fallback for
 * {@code s3a} unless {@code fs.allowed-fallback-filesystems} names it, and hands the S3A settings
 * to Hadoop through the {@code flink.hadoop.} prefix. No plugin is loaded: the S3 plugin would
 * claim {@code s3a://} for itself. Files are written through Hadoop's multipart API, uploads to
 * their final keys, and published by completing them, so no test here copies an object.
 */
class S3aFallbackITCase extends TableScenarios {

    @RegisterExtension static final S3ProxyExtension S3 = new S3ProxyExtension();

    @BeforeAll
    static void fileSystems() {
        Map<String, String> settings = new HashMap<>();
        settings.put("fs.allowed-fallback-filesystems", "s3a");
        S3.s3aSettings().forEach((k, v) -> settings.put("flink.hadoop." + k, v));
        FlinkFileSystems.initializeWithoutPlugins(settings);
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
        return S3.location("s3a", "/warehouse/" + name);
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
