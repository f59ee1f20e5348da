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

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RemoteIterator;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;

/**
 * A real HDFS (one NameNode, one DataNode) on 127.0.0.1, started once per test class. Register it
 * as a static field:
 *
 * <pre>{@code @RegisterExtension static final HdfsExtension HDFS = new HdfsExtension();}</pre>
 *
 * <p>Clients reach it at {@link #uri()} with nothing else configured, so a Flink cluster in another
 * process can use the same URI.
 */
public final class HdfsExtension implements BeforeAllCallback, AfterAllCallback, StorageView {

    private MiniDFSCluster cluster;
    private File baseDir;
    private FileSystem client;
    private long startupMillis;

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        long start = System.nanoTime();
        baseDir = Files.createTempDirectory("e2e-hdfs").toFile();
        Configuration conf = new Configuration();
        // Bind every service to the loopback address; the tests run as whoever runs Maven.
        conf.set("dfs.namenode.rpc-bind-host", "127.0.0.1");
        conf.set("dfs.namenode.servicerpc-bind-host", "127.0.0.1");
        conf.set("dfs.namenode.http-bind-host", "127.0.0.1");
        conf.set("dfs.datanode.hostname", "127.0.0.1");
        conf.setBoolean("dfs.permissions.enabled", false);
        cluster =
                new MiniDFSCluster.Builder(conf, baseDir)
                        .numDataNodes(1)
                        .checkExitOnShutdown(false)
                        .build();
        cluster.waitActive();
        client = FileSystem.newInstance(uri(), clientConfiguration());
        startupMillis = (System.nanoTime() - start) / 1_000_000;
        System.out.printf("[e2e] HDFS at %s started in %d ms%n", uri(), startupMillis);
    }

    @Override
    public void afterAll(ExtensionContext context) throws Exception {
        if (client != null) {
            client.close();
        }
        if (cluster != null) {
            cluster.shutdown(true);
        }
        if (baseDir != null) {
            deleteRecursively(baseDir);
        }
    }

    /** {@code hdfs://127.0.0.1:<port>}, the NameNode. */
    public URI uri() {
        return URI.create("hdfs://127.0.0.1:" + cluster.getNameNodePort());
    }

    /** The full URI of {@code path} (absolute, e.g. {@code /warehouse/t}) on this HDFS. */
    public String location(String path) {
        return uri() + path;
    }

    /** A Hadoop configuration whose default file system is this HDFS. */
    public Configuration clientConfiguration() {
        Configuration conf = new Configuration();
        conf.set("fs.defaultFS", uri().toString());
        return conf;
    }

    /** A client of this HDFS, open until the test class ends. */
    public FileSystem fileSystem() {
        return client;
    }

    public long startupMillis() {
        return startupMillis;
    }

    @Override
    public List<String> filesBelow(String location) throws IOException {
        Path root = new Path(location);
        List<String> files = new ArrayList<>();
        if (!client.exists(root)) {
            return files;
        }
        String prefix = root.toUri().getPath() + "/";
        RemoteIterator<LocatedFileStatus> it = client.listFiles(root, true);
        while (it.hasNext()) {
            String path = it.next().getPath().toUri().getPath();
            files.add(path.substring(prefix.length()));
        }
        files.sort(null);
        return files;
    }

    @Override
    public void copyTo(String location, java.nio.file.Path target) throws IOException {
        for (String file : filesBelow(location)) {
            // The raw local file system writes no .crc files beside the copies.
            client.copyToLocalFile(
                    false,
                    new Path(location + "/" + file),
                    new Path(target.resolve(file).toUri()),
                    true);
        }
    }

    private static void deleteRecursively(File file) {
        File[] children = file.listFiles();
        if (children != null) {
            for (File child : children) {
                deleteRecursively(child);
            }
        }
        file.delete();
    }
}
