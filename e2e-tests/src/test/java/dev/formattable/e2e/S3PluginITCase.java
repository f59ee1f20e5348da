package dev.formattable.e2e;

import dev.formattable.e2e.testutils.FlinkFileSystems;

import org.junit.jupiter.api.BeforeAll;

/**
 * The SQL scenarios on an S3-compatible server, through Flink's own S3 file system ({@code s3://},
 * the flink-s3-fs-hadoop plugin, loaded from {@code FLINK_PLUGINS_DIR} as a Flink distribution
 * loads it): files are written with the plugin's recoverable writer, a multipart upload to the
 * final key, and published by completing it, so no test here copies an object.
 */
class S3PluginITCase extends S3TableScenarios {

    @BeforeAll
    static void fileSystems() {
        FlinkFileSystems.initializeWithPlugins(S3.flinkS3Settings());
    }

    @Override
    protected String scheme() {
        return "s3";
    }
}
