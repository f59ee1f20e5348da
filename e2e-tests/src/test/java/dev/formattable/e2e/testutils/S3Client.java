package dev.formattable.e2e.testutils;

import dev.formattable.core.fs.FileIO;
import dev.formattable.core.fs.HadoopFileIO;
import dev.formattable.e2e.servers.S3ProxyExtension;
import dev.formattable.flink.fs.FlinkFileIO;

/**
 * The two S3 clients the commit tests run on: Hadoop's S3A under the core's {@link HadoopFileIO},
 * and Flink's S3 plugin under the connector's {@link FlinkFileIO} (which must have been set up with
 * {@link FlinkFileSystems#initializeWithPlugins}).
 */
public enum S3Client {
    HADOOP_S3A("s3a"),
    FLINK_S3_PLUGIN("s3");

    public final String scheme;

    S3Client(String scheme) {
        this.scheme = scheme;
    }

    public FileIO fileIO(S3ProxyExtension s3) {
        return this == HADOOP_S3A ? new HadoopFileIO(s3.s3aConfiguration()) : new FlinkFileIO();
    }
}
