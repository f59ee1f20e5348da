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

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A real Hive Metastore in this JVM, for the hive-planning and hive-commit scenarios: Hive's own
 * Thrift server on an embedded Derby database under the work directory, on a free port, started as
 * format-table-hive's test extension ({@code HiveMetastoreExtension}) starts it. The handler is
 * wrapped so that every Thrift call the server serves is counted by name, whoever makes it (the
 * catalog in the planner, or the commit on the JobManager). One per JVM, stopped with it.
 */
public final class HiveMetastoreServer {

    // DataNucleus logs through java.util.logging at INFO; kept here, as JUL holds loggers weakly.
    private static final java.util.logging.Logger DATANUCLEUS =
            java.util.logging.Logger.getLogger("DataNucleus");

    private static final Map<String, AtomicLong> CALLS = new ConcurrentHashMap<>();
    private static final Map<String, AtomicLong> NANOS = new ConcurrentHashMap<>();

    private static int port;
    private static TServer server;
    private static HiveMetaStoreClient client;

    private HiveMetastoreServer() {}

    /**
     * Starts the server once, its Derby database and default warehouse in {@code dir} (a fresh
     * directory); later calls return at once. Returns whether this call started it.
     */
    public static synchronized boolean start(Path dir) throws Exception {
        if (server != null) {
            return false;
        }
        DATANUCLEUS.setLevel(java.util.logging.Level.WARNING);
        // The metastore's "Updating partition stats fast" and "Updated size" warnings, two for
        // every partition added: progress on stderr would drown in them.
        org.apache.logging.log4j.core.config.Configurator.setLevel(
                "hive.log", org.apache.logging.log4j.Level.ERROR);
        Dirs.deleteRecursively(dir);
        Files.createDirectories(dir);
        // Derby writes its log to the working directory unless told otherwise.
        if (System.getProperty("derby.stream.error.file") == null) {
            System.setProperty("derby.stream.error.file", dir.resolve("derby.log").toString());
        }
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        HiveConf conf = new HiveConf();
        conf.set(
                "javax.jdo.option.ConnectionURL",
                "jdbc:derby:;databaseName=" + dir.resolve("derby") + ";create=true");
        conf.set("hive.metastore.warehouse.dir", dir.resolve("warehouse").toUri().toString());
        conf.set("datanucleus.schema.autoCreateAll", "true");
        conf.set("hive.metastore.schema.verification", "false");
        conf.set("datanucleus.connectionPoolingType", "NONE");
        // Hive's default proxy lives in hive-exec, which a metastore alone does not need.
        conf.set(
                "hive.metastore.expression.proxy",
                "org.apache.hadoop.hive.metastore.DefaultPartitionExpressionProxy");
        IHMSHandler handler =
                RetryingHMSHandler.getProxy(
                        conf, new HiveMetaStore.HMSHandler("bench metastore", conf), false);
        server =
                new TThreadPoolServer(
                        new TThreadPoolServer.Args(new TServerSocket(port))
                                .processor(new TSetIpAddressProcessor<>(counting(handler)))
                                .transportFactory(new TTransportFactory())
                                .protocolFactory(new TBinaryProtocol.Factory())
                                .minWorkerThreads(2)
                                .maxWorkerThreads(8));
        Thread serving = new Thread(server::serve, "hive-metastore-" + port);
        serving.setDaemon(true);
        serving.start();
        client = new HiveMetaStoreClient(clientConf());
        Runtime.getRuntime().addShutdownHook(new Thread(HiveMetastoreServer::stop));
        return true;
    }

    /** The handler, counting each call it serves by the Thrift method's name. */
    private static IHMSHandler counting(IHMSHandler handler) {
        return (IHMSHandler)
                Proxy.newProxyInstance(
                        HiveMetastoreServer.class.getClassLoader(),
                        new Class<?>[] {IHMSHandler.class},
                        (proxy, method, args) -> {
                            boolean counted = method.getDeclaringClass() != Object.class;
                            long start = System.nanoTime();
                            try {
                                return method.invoke(handler, args);
                            } catch (InvocationTargetException e) {
                                throw e.getCause();
                            } finally {
                                if (counted) {
                                    String name = method.getName();
                                    CALLS.computeIfAbsent(name, k -> new AtomicLong())
                                            .incrementAndGet();
                                    NANOS.computeIfAbsent(name, k -> new AtomicLong())
                                            .addAndGet(System.nanoTime() - start);
                                }
                            }
                        });
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

    /** A client of this JVM's own, for setting up tables and for answers. */
    public static HiveMetaStoreClient client() {
        return client;
    }

    public static void resetCalls() {
        CALLS.clear();
        NANOS.clear();
    }

    /**
     * Milliseconds the server spent serving calls whose name starts with {@code prefix} since the
     * last {@link #resetCalls}: the metastore's own time, without the client's connection.
     */
    public static double millisServing(String prefix) {
        long nanos = 0;
        for (Map.Entry<String, AtomicLong> e : NANOS.entrySet()) {
            if (e.getKey().startsWith(prefix)) {
                nanos += e.getValue().get();
            }
        }
        return nanos / 1e6;
    }

    /** Calls served since the last {@link #resetCalls}, all of them. */
    public static long calls() {
        return CALLS.values().stream().mapToLong(AtomicLong::get).sum();
    }

    /** Calls served since the last {@link #resetCalls}, by method name, sorted. */
    public static Map<String, Long> callsByName() {
        Map<String, Long> out = new TreeMap<>();
        CALLS.forEach((k, v) -> out.put(k, v.get()));
        return out;
    }

    /** "name n, name n", sorted by name; "none" for none. */
    public static String describeCalls() {
        Map<String, Long> calls = callsByName();
        if (calls.isEmpty()) {
            return "none";
        }
        StringBuilder s = new StringBuilder();
        calls.forEach((k, v) -> s.append(s.length() == 0 ? "" : ", ").append(k + " " + v));
        return s.toString();
    }

    private static synchronized void stop() {
        if (client != null) {
            client.close();
        }
        if (server != null) {
            server.stop();
        }
    }
}
