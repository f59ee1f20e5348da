package dev.formattable.e2e;

import dev.formattable.e2e.servers.S3ProxyExtension;
import dev.formattable.e2e.servers.StorageView;
import dev.formattable.e2e.testutils.FlinkFileSystems;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The SQL scenarios on an S3-compatible server, through Flink's own S3 file system ({@code s3://},
 * the flink-s3-fs-hadoop plugin, loaded from {@code FLINK_PLUGINS_DIR} as a Flink distribution
 * loads it). On S3 a rename is a copy and a delete, so every commit publishes by copying.
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

    @Override
    protected String tableLocation(String name) {
        return S3.location("s3", "/warehouse/" + name);
    }

    @Override
    protected StorageView storage() {
        return S3;
    }

    @Override
    protected String readableLocation(String location, String format) throws Exception {
        // The orc reader cannot reach this storage (see below): read orc tables from a copy.
        return format.equals("orc") ? localCopy(location) : location;
    }

    /**
     * Pins a gap: the orc reader opens data files with Hadoop's own FileSystem, not Flink's
     * (flink-orc's OrcShim, and the footer read of our TypeWidening), so it cannot read a table
     * that only Flink's file system reaches. The S3 plugin lives in its own class loader, where
     * Hadoop's FileSystem on the class path never looks. Writing orc works: our writer writes to
     * Flink's stream. Parquet reads through Flink's file system and is not affected.
     */
    @Test
    void orcReadGoesAroundFlinkFileSystem() throws Exception {
        String location = tableLocation("orc-read");

        assertThat(orcReadError(location))
                .hasStackTraceContaining("Cannot read data file " + location + "/")
                .hasStackTraceContaining("No FileSystem for scheme \"s3\"");
    }
}
