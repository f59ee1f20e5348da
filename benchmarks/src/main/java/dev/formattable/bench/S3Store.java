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
package dev.formattable.bench;

import dev.formattable.testing.S3ProxyServer;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.core.fs.FileSystem;
import org.apache.flink.core.plugin.PluginUtils;

import java.io.File;

/**
 * An S3-compatible server in this JVM (s3proxy, in-memory "transient" store), reached by both
 * connectors through Flink's Hadoop fallback file system and S3A: the same store and the same
 * client for both, where a rename is a copy and a delete.
 */
public final class S3Store implements AutoCloseable {

    static final String BUCKET = "bench";
    private static final String ACCESS_KEY = "bench-access-key";
    private static final String SECRET_KEY = "bench-secret-key";

    private final S3ProxyServer server;
    private final String scheme;

    public S3Store() throws Exception {
        this(false);
    }

    /**
     * @param flinkPlugin whether Flink reaches the store through its S3 plugin ({@code s3://}, from
     *     {@code FLINK_PLUGINS_DIR}, which {@code scripts/benchmarks.sh} sets) rather than its
     *     Hadoop fallback to S3A ({@code s3a://})
     */
    public S3Store(boolean flinkPlugin) throws Exception {
        server = S3ProxyServer.start(BUCKET, ACCESS_KEY, SECRET_KEY);
        Configuration conf = new Configuration();
        if (flinkPlugin) {
            String plugins = System.getenv("FLINK_PLUGINS_DIR");
            if (plugins == null || !new File(plugins, "s3-fs-hadoop").isDirectory()) {
                throw new IllegalStateException(
                        "No Flink S3 plugin: set FLINK_PLUGINS_DIR to a directory holding"
                                + " s3-fs-hadoop/ (scripts/benchmarks.sh sets it to"
                                + " benchmarks/target/plugins), got "
                                + plugins);
            }
            conf.setString("s3.endpoint", server.endpoint());
            conf.setString("s3.path.style.access", "true");
            conf.setString("s3.access-key", ACCESS_KEY);
            conf.setString("s3.secret-key", SECRET_KEY);
            FileSystem.initialize(conf, PluginUtils.createPluginManagerFromRootFolder(conf));
            scheme = "s3";
            return;
        }
        scheme = "s3a";
        conf.setString("fs.allowed-fallback-filesystems", "s3a");
        String prefix = "flink.hadoop.fs.s3a.";
        conf.setString(prefix + "endpoint", server.endpoint());
        conf.setString(prefix + "endpoint.region", "us-east-1");
        conf.setString(prefix + "path.style.access", "true");
        conf.setString(prefix + "connection.ssl.enabled", "false");
        conf.setString(
                prefix + "aws.credentials.provider",
                "org.apache.hadoop.fs.s3a.SimpleAWSCredentialsProvider");
        conf.setString(prefix + "access.key", ACCESS_KEY);
        conf.setString(prefix + "secret.key", SECRET_KEY);
        FileSystem.initialize(conf, null);
    }

    /** Forgets the calls counted so far. */
    public void resetCalls() {
        server.resetCalls();
    }

    /**
     * The store calls of that method since the last {@link #resetCalls}: {@code list} is a LIST
     * request, {@code blobMetadata} a HEAD of an object, {@code getBlob} a GET.
     */
    public long calls(String method) {
        return server.calls(method);
    }

    /** Every store call since the last {@link #resetCalls}. */
    public long allCalls() {
        return server.allCalls();
    }

    /** {@code s3a://bench/<path>}, or {@code s3://bench/<path>} through the plugin. */
    public String location(String path) {
        return scheme + "://" + BUCKET + "/" + path;
    }

    @Override
    public void close() throws Exception {
        FileSystem.initialize(new Configuration(), null);
        server.close();
    }
}
