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
package dev.formattable.hive.testutils;

import org.apache.hadoop.hive.conf.HiveConf;
import org.apache.hadoop.hive.metastore.HiveMetaStore;
import org.apache.hadoop.hive.metastore.HiveMetaStoreClient;
import org.apache.hadoop.hive.metastore.IHMSHandler;
import org.apache.hadoop.hive.metastore.RetryingHMSHandler;
import org.apache.hadoop.hive.metastore.TSetIpAddressProcessor;
import org.apache.thrift.protocol.TBinaryProtocol;
import org.apache.thrift.server.TServer;
import org.apache.thrift.server.TThreadPoolServer;
import org.apache.thrift.transport.TServerSocket;
import org.apache.thrift.transport.TTransportFactory;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * A real Hive Metastore for tests: Hive's own Thrift server on an embedded Derby database in a
 * temporary directory, in this JVM, on a free port. One is started per JVM, on the first test class
 * that registers the extension (a static field with {@code @RegisterExtension}), and stopped when
 * the JVM exits: Hive's object store keeps process-wide state, and starting it costs seconds. Test
 * classes share it, so each uses databases of its own.
 */
public final class HiveMetastoreExtension implements BeforeAllCallback, AfterAllCallback {

    // DataNucleus logs through java.util.logging at INFO; kept here, as JUL holds loggers weakly.
    private static final java.util.logging.Logger DATANUCLEUS =
            java.util.logging.Logger.getLogger("DataNucleus");

    private static Path dir;
    private static int port;
    private static TServer server;
    private static HiveMetaStoreClient client;

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        synchronized (HiveMetastoreExtension.class) {
            if (server == null) {
                start();
            }
        }
    }

    // The server's own parts, test dependencies of format-table-hive, which a test jar does not
    // bring along: a module using this extension declares them (versions in the root pom).
    private static final String[][] SERVER_PARTS = {
        {"org.apache.derby.jdbc.EmbeddedDriver", "org.apache.derby:derby"},
        {
            "org.datanucleus.api.jdo.JDOPersistenceManagerFactory",
            "org.datanucleus:datanucleus-api-jdo"
        },
        {"org.datanucleus.NucleusContext", "org.datanucleus:datanucleus-core"},
        {"org.datanucleus.store.rdbms.RDBMSStoreManager", "org.datanucleus:datanucleus-rdbms"},
        {"javax.jdo.JDOHelper", "org.datanucleus:javax.jdo"},
        {"org.antlr.runtime.Lexer", "org.antlr:antlr-runtime"},
        {"org.apache.commons.dbcp.BasicDataSource", "commons-dbcp:commons-dbcp"},
        {"org.apache.commons.pool.ObjectPool", "commons-pool:commons-pool"},
    };

    private static void checkServerParts() {
        List<String> missing = new ArrayList<>();
        for (String[] part : SERVER_PARTS) {
            try {
                Class.forName(part[0], false, HiveMetastoreExtension.class.getClassLoader());
            } catch (ClassNotFoundException e) {
                missing.add(part[1]);
            }
        }
        if (!missing.isEmpty()) {
            throw new IllegalStateException(
                    "The in-process Hive Metastore needs these test dependencies, which"
                            + " format-table-hive's test jar does not bring: "
                            + missing);
        }
    }

    private static void start() throws Exception {
        checkServerParts();
        DATANUCLEUS.setLevel(java.util.logging.Level.WARNING);
        dir = Files.createTempDirectory("hive-metastore");
        // Derby writes its log to the working directory unless told otherwise.
        if (System.getProperty("derby.stream.error.file") == null) {
            System.setProperty("derby.stream.error.file", dir.resolve("derby.log").toString());
        }
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        HiveConf conf = serverConf();
        IHMSHandler handler =
                RetryingHMSHandler.getProxy(
                        conf, new HiveMetaStore.HMSHandler("test metastore", conf), false);
        server =
                new TThreadPoolServer(
                        new TThreadPoolServer.Args(new TServerSocket(port))
                                .processor(new TSetIpAddressProcessor<>(handler))
                                .transportFactory(new TTransportFactory())
                                .protocolFactory(new TBinaryProtocol.Factory())
                                .minWorkerThreads(2)
                                .maxWorkerThreads(8));
        Thread serving = new Thread(server::serve, "hive-metastore-" + port);
        serving.setDaemon(true);
        serving.start();
        client = new HiveMetaStoreClient(clientConf());
        Runtime.getRuntime().addShutdownHook(new Thread(HiveMetastoreExtension::stop));
    }

    private static HiveConf serverConf() {
        HiveConf conf = new HiveConf();
        conf.set(
                "javax.jdo.option.ConnectionURL",
                "jdbc:derby:;databaseName=" + dir.resolve("derby") + ";create=true");
        conf.set("hive.metastore.warehouse.dir", warehouse().toUri().toString());
        conf.set("datanucleus.schema.autoCreateAll", "true");
        conf.set("hive.metastore.schema.verification", "false");
        // One embedded database in one JVM: no connection pool (nor its jars) is needed.
        conf.set("datanucleus.connectionPoolingType", "NONE");
        // Hive's default proxy lives in hive-exec, which a metastore alone does not need.
        conf.set(
                "hive.metastore.expression.proxy",
                "org.apache.hadoop.hive.metastore.DefaultPartitionExpressionProxy");
        return conf;
    }

    /** A client configuration for this metastore. */
    public static HiveConf clientConf() {
        HiveConf conf = new HiveConf();
        conf.set("hive.metastore.uris", uri());
        return conf;
    }

    /** {@code thrift://localhost:<port>}. */
    public static String uri() {
        return "thrift://localhost:" + port;
    }

    /** The metastore's default warehouse directory. */
    public static Path warehouse() {
        return dir.resolve("warehouse");
    }

    /** A client for assertions and for setting up tables as other engines would. */
    public HiveMetaStoreClient client() {
        return client;
    }

    @Override
    public void afterAll(ExtensionContext context) {
        // Kept for the next test class; stopped when the JVM exits.
    }

    private static void stop() {
        client.close();
        server.stop();
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(HiveMetastoreExtension::delete);
        } catch (IOException | UncheckedIOException e) {
            // A temporary directory; the JVM is exiting.
        }
    }

    private static void delete(Path p) {
        try {
            Files.deleteIfExists(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
