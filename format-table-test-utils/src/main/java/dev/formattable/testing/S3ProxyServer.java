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
package dev.formattable.testing;

import org.gaul.s3proxy.AuthenticationType;
import org.gaul.s3proxy.S3Proxy;
import org.jclouds.ContextBuilder;
import org.jclouds.blobstore.BlobStore;
import org.jclouds.blobstore.BlobStoreContext;

import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.net.URI;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * An S3-compatible server in this JVM: s3proxy on 127.0.0.1 (plain HTTP, path-style, requests
 * signed with the given keys) over an in-memory jclouds blob store holding one empty bucket. It
 * counts the blob store calls it makes for its clients' requests by method name: {@code list} is a
 * LIST, {@code blobMetadata} a HEAD, {@code getBlob} a GET, {@code copyBlob} a copy, and so on.
 *
 * <p>Needs {@code org.gaul:s3proxy} on the class path; this module declares it provided.
 */
public final class S3ProxyServer implements AutoCloseable {

    private final BlobStoreContext blobs;
    private final S3Proxy proxy;
    private final Map<String, AtomicLong> calls = new ConcurrentHashMap<>();

    private S3ProxyServer(String bucket, String accessKey, String secretKey) {
        // "transient" keeps objects in memory. jclouds' *-nio2 stores break directory renames.
        blobs =
                ContextBuilder.newBuilder("transient")
                        .credentials(accessKey, secretKey)
                        .build(BlobStoreContext.class);
        blobs.getBlobStore().createContainerInLocation(null, bucket);
        proxy =
                S3Proxy.builder()
                        .blobStore(counting(blobs.getBlobStore()))
                        .endpoint(URI.create("http://127.0.0.1:0"))
                        .awsAuthentication(AuthenticationType.AWS_V2_OR_V4, accessKey, secretKey)
                        .build();
    }

    /** Starts a server with one empty {@code bucket}; returns once it answers requests. */
    public static S3ProxyServer start(String bucket, String accessKey, String secretKey)
            throws IOException {
        S3ProxyServer server = new S3ProxyServer(bucket, accessKey, secretKey);
        IOException failure = null;
        try {
            server.proxy.start();
            // start() returns before Jetty serves; its state says when it does.
            for (int i = 0; i < 6000 && !"STARTED".equals(server.proxy.getState()); i++) {
                Thread.sleep(10);
            }
            if (!"STARTED".equals(server.proxy.getState())) {
                failure =
                        new IOException(
                                "s3proxy did not start within 60 s; its state is "
                                        + server.proxy.getState());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            failure = new IOException("Interrupted while s3proxy was starting", e);
        } catch (Exception e) { // S3Proxy.start() declares Exception.
            failure = new IOException("s3proxy did not start: " + e.getMessage(), e);
        }
        if (failure != null) {
            // A failure to stop what did not start must not hide why it did not.
            try {
                server.close();
            } catch (RuntimeException e) {
                failure.addSuppressed(e);
            }
            throw failure;
        }
        return server;
    }

    private BlobStore counting(BlobStore store) {
        return (BlobStore)
                Proxy.newProxyInstance(
                        BlobStore.class.getClassLoader(),
                        new Class<?>[] {BlobStore.class},
                        (self, method, args) -> {
                            calls.computeIfAbsent(method.getName(), k -> new AtomicLong())
                                    .incrementAndGet();
                            try {
                                return method.invoke(store, args);
                            } catch (InvocationTargetException e) {
                                throw e.getCause();
                            }
                        });
    }

    public int port() {
        return proxy.getPort();
    }

    /** {@code http://127.0.0.1:<port>}. */
    public String endpoint() {
        return "http://127.0.0.1:" + port();
    }

    /** The blob store behind the server, to look at what it holds; its calls are not counted. */
    public BlobStore store() {
        return blobs.getBlobStore();
    }

    /** How often the server called the blob store's method {@code name} since the last reset. */
    public long calls(String name) {
        AtomicLong n = calls.get(name);
        return n == null ? 0 : n.get();
    }

    /** Every blob store call since the last reset. */
    public long allCalls() {
        return calls.values().stream().mapToLong(AtomicLong::get).sum();
    }

    /** Starts counting from zero. */
    public void resetCalls() {
        calls.clear();
    }

    @Override
    public void close() {
        try {
            proxy.stop();
        } catch (Exception e) { // S3Proxy.stop() declares Exception.
            throw new IllegalStateException("s3proxy did not stop: " + e.getMessage(), e);
        } finally {
            blobs.close();
        }
    }
}
