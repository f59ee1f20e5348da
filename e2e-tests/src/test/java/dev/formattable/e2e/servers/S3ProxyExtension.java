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
package dev.formattable.e2e.servers;

import dev.formattable.e2e.testutils.FlinkFileSystems;
import dev.formattable.testing.S3ProxyServer;

import org.apache.hadoop.conf.Configuration;
import org.jclouds.blobstore.BlobStore;
import org.jclouds.blobstore.domain.PageSet;
import org.jclouds.blobstore.domain.StorageMetadata;
import org.jclouds.blobstore.domain.StorageType;
import org.jclouds.blobstore.options.ListContainerOptions;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * An S3-compatible server (s3proxy over an in-memory jclouds blob store) on 127.0.0.1, started once
 * per test class with one empty bucket. Register it as a static field:
 *
 * <pre>{@code @RegisterExtension static final S3ProxyExtension S3 = new S3ProxyExtension();}</pre>
 *
 * <p>It answers S3 requests signed with {@link #ACCESS_KEY} and {@link #SECRET_KEY}, path-style
 * only, over plain HTTP. {@link #flinkS3Settings()} and {@link #s3aSettings()} are the client
 * settings for Flink's S3 file system and for Hadoop's S3A. {@link #filesBelow} reads the blob
 * store directly, so it shows what the server holds whatever a client caches. {@link #requests}
 * counts the blob store calls the server made for its clients' requests (a {@code copyBlob} per
 * copy, a {@code completeMultipartUpload} per completed upload, ...).
 */
public final class S3ProxyExtension implements BeforeAllCallback, AfterAllCallback, StorageView {

    public static final String ACCESS_KEY = "e2e-access-key";
    public static final String SECRET_KEY = "e2e-secret-key";
    public static final String REGION = "us-east-1";

    private final String bucket;
    private S3ProxyServer server;
    private long startupMillis;

    public S3ProxyExtension() {
        this("e2e-bucket");
    }

    public S3ProxyExtension(String bucket) {
        this.bucket = bucket;
    }

    private boolean flinkS3Plugin;

    /**
     * Also sets Flink's file systems up with the S3 plugin on this server once it is started, and
     * resets them before it stops.
     */
    public S3ProxyExtension withFlinkS3Plugin() {
        flinkS3Plugin = true;
        return this;
    }

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        long start = System.nanoTime();
        server = S3ProxyServer.start(bucket, ACCESS_KEY, SECRET_KEY);
        startupMillis = (System.nanoTime() - start) / 1_000_000;
        System.out.printf("[e2e] s3proxy at %s started in %d ms%n", endpoint(), startupMillis);
        if (flinkS3Plugin) {
            FlinkFileSystems.initializeWithPlugins(flinkS3Settings());
        }
    }

    @Override
    public void afterAll(ExtensionContext context) throws Exception {
        if (flinkS3Plugin) {
            FlinkFileSystems.reset();
        }
        if (server != null) {
            server.close();
        }
    }

    /** How often the server called the blob store's method {@code name} since the last reset. */
    public long requests(String name) {
        return server.calls(name);
    }

    /** Starts counting from zero. */
    public void resetRequests() {
        server.resetCalls();
    }

    /** The uploads the store holds that were neither completed nor aborted. */
    public List<String> openUploads() {
        List<String> keys = new ArrayList<>();
        server.store().listMultipartUploads(bucket).forEach(u -> keys.add(u.blobName()));
        keys.sort(null);
        return keys;
    }

    /** {@code http://127.0.0.1:<port>}. */
    public String endpoint() {
        return server.endpoint();
    }

    public String bucket() {
        return bucket;
    }

    /** {@code <scheme>://<bucket><path>}, e.g. {@code location("s3", "/warehouse/t")}. */
    public String location(String scheme, String path) {
        return scheme + "://" + bucket + path;
    }

    public long startupMillis() {
        return startupMillis;
    }

    /** Flink configuration for its S3 file system plugin ({@code flink-s3-fs-hadoop}). */
    public Map<String, String> flinkS3Settings() {
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put("s3.endpoint", endpoint());
        settings.put("s3.path.style.access", "true");
        settings.put("s3.access-key", ACCESS_KEY);
        settings.put("s3.secret-key", SECRET_KEY);
        return settings;
    }

    /** Hadoop configuration for S3A ({@code hadoop-aws}). */
    public Map<String, String> s3aSettings() {
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put("fs.s3a.endpoint", endpoint());
        settings.put("fs.s3a.endpoint.region", REGION);
        settings.put("fs.s3a.path.style.access", "true");
        settings.put("fs.s3a.connection.ssl.enabled", "false");
        settings.put(
                "fs.s3a.aws.credentials.provider",
                "org.apache.hadoop.fs.s3a.SimpleAWSCredentialsProvider");
        settings.put("fs.s3a.access.key", ACCESS_KEY);
        settings.put("fs.s3a.secret.key", SECRET_KEY);
        return settings;
    }

    /** A Hadoop configuration with {@link #s3aSettings()}. */
    public Configuration s3aConfiguration() {
        Configuration conf = new Configuration();
        s3aSettings().forEach(conf::set);
        return conf;
    }

    @Override
    public List<String> filesBelow(String location) {
        URI uri = URI.create(location);
        if (!bucket.equals(uri.getAuthority())) {
            throw new IllegalArgumentException(location + " is not in bucket " + bucket);
        }
        String prefix = uri.getPath().substring(1) + "/";
        BlobStore store = server.store();
        List<String> files = new ArrayList<>();
        ListContainerOptions options = ListContainerOptions.Builder.prefix(prefix).recursive();
        while (true) {
            PageSet<? extends StorageMetadata> page = store.list(bucket, options);
            for (StorageMetadata m : page) {
                // Keys ending in '/' are directory markers that S3 clients create.
                if (m.getType() == StorageType.BLOB && !m.getName().endsWith("/")) {
                    files.add(m.getName().substring(prefix.length()));
                }
            }
            if (page.getNextMarker() == null) {
                break;
            }
            options = ListContainerOptions.Builder.prefix(prefix).recursive();
            options.afterMarker(page.getNextMarker());
        }
        files.sort(null);
        return files;
    }

    @Override
    public void copyTo(String location, Path target) throws IOException {
        String prefix = URI.create(location).getPath().substring(1) + "/";
        for (String file : filesBelow(location)) {
            Path local = target.resolve(file);
            Files.createDirectories(local.getParent());
            try (InputStream in =
                    server.store().getBlob(bucket, prefix + file).getPayload().openStream()) {
                Files.copy(in, local);
            }
        }
    }
}
