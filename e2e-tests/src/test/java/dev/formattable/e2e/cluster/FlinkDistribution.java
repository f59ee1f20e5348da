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
package dev.formattable.e2e.cluster;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * A Flink installation built by a module of {@code e2e-flink-dist}, one per Flink line ({@code
 * lib/} with the line's Flink jars, Hadoop's client, log4j and our SQL jar for the line) plus a
 * configuration directory written here: what a user gets by unpacking Flink and dropping the
 * connector jar into {@code lib/}.
 */
final class FlinkDistribution {

    /** The JVM flags Flink's own scripts pass on Java 17 ({@code env.java.opts.all}). */
    private static final List<String> JAVA_17_FLAGS =
            Stream.concat(
                            Stream.of(
                                            "java.base/sun.net.util",
                                            "java.rmi/sun.rmi.registry",
                                            "jdk.compiler/com.sun.tools.javac.api",
                                            "jdk.compiler/com.sun.tools.javac.file",
                                            "jdk.compiler/com.sun.tools.javac.parser",
                                            "jdk.compiler/com.sun.tools.javac.tree",
                                            "jdk.compiler/com.sun.tools.javac.util",
                                            "java.security.jgss/sun.security.krb5")
                                    .map(p -> "--add-exports=" + p + "=ALL-UNNAMED"),
                            Stream.of(
                                            "lang",
                                            "net",
                                            "io",
                                            "nio",
                                            "lang.reflect",
                                            "text",
                                            "time",
                                            "util",
                                            "util.concurrent",
                                            "util.concurrent.atomic",
                                            "util.concurrent.locks")
                                    .map(p -> "--add-opens=java.base/java." + p + "=ALL-UNNAMED"))
                    .collect(Collectors.toCollection(ArrayList::new));

    static {
        JAVA_17_FLAGS.add("--add-opens=java.base/sun.nio.ch=ALL-UNNAMED");
    }

    private final Path lib;
    private final Path home;
    private final Path conf;
    private final Path logs;
    final int restPort;
    final int rpcPort;
    final int gatewayPort;

    FlinkDistribution(Path lib, Path home) throws IOException {
        if (!Files.isDirectory(lib)) {
            throw new IllegalStateException(
                    "No Flink installation at "
                            + lib
                            + ": build it with 'mvn package -pl e2e-flink-dist/"
                            + lib.getParent().getParent().getParent().getFileName()
                            + " -am'");
        }
        this.lib = lib;
        this.home = home;
        this.conf = Files.createDirectories(home.resolve("conf"));
        this.logs = Files.createDirectories(home.resolve("log"));
        this.restPort = freePort();
        this.rpcPort = freePort();
        this.gatewayPort = freePort();
    }

    /** The newest Flink line, whose installation the tests use unless they name another. */
    static final String NEWEST_LINE = "2.3";

    /** The installation the build made for a Flink line ("2.3", "1.20"), next to this module. */
    static Path lib(String line) {
        return Path.of("..", "e2e-flink-dist", "flink-" + line, "target", "flink", "lib")
                .toAbsolutePath();
    }

    Path logs() {
        return logs;
    }

    /** Writes {@code config.yaml} (everything on 127.0.0.1) and the log4j configuration. */
    void configure(Map<String, String> extra) throws IOException {
        StringBuilder yaml = new StringBuilder();
        Map<String, String> settings =
                new java.util.LinkedHashMap<>(
                        Map.ofEntries(
                                Map.entry("jobmanager.rpc.address", "127.0.0.1"),
                                Map.entry("jobmanager.rpc.port", String.valueOf(rpcPort)),
                                Map.entry("jobmanager.bind-host", "127.0.0.1"),
                                Map.entry("taskmanager.bind-host", "127.0.0.1"),
                                Map.entry("taskmanager.host", "127.0.0.1"),
                                Map.entry("rest.address", "127.0.0.1"),
                                Map.entry("rest.bind-address", "127.0.0.1"),
                                Map.entry("rest.port", String.valueOf(restPort)),
                                Map.entry("sql-gateway.endpoint.rest.address", "127.0.0.1"),
                                Map.entry("sql-gateway.endpoint.rest.bind-address", "127.0.0.1"),
                                Map.entry(
                                        "sql-gateway.endpoint.rest.port",
                                        String.valueOf(gatewayPort)),
                                Map.entry("jobmanager.memory.process.size", "900m"),
                                Map.entry("taskmanager.memory.process.size", "1200m"),
                                Map.entry("taskmanager.numberOfTaskSlots", "2"),
                                Map.entry("parallelism.default", "1"),
                                // Notice a killed TaskManager within seconds, not the default 50.
                                Map.entry("heartbeat.interval", "1000"),
                                Map.entry("heartbeat.timeout", "6000"),
                                // Caps Flink 2.3's stall when closing split fetchers (FLINK-40660).
                                Map.entry("source.reader.close.timeout", "2000")));
        settings.putAll(extra);
        settings.forEach((k, v) -> yaml.append(k).append(": ").append(quote(v)).append('\n'));
        Files.writeString(conf.resolve("config.yaml"), yaml.toString(), StandardCharsets.UTF_8);
        Files.writeString(
                conf.resolve("log4j.properties"),
                String.join(
                        "\n",
                        "rootLogger.level = INFO",
                        "rootLogger.appenderRef.file.ref = MainAppender",
                        "appender.main.name = MainAppender",
                        "appender.main.type = File",
                        "appender.main.fileName = ${sys:log.file}",
                        "appender.main.layout.type = PatternLayout",
                        "appender.main.layout.pattern = %d{HH:mm:ss,SSS} %-5p %-40c{1} - %m%n",
                        ""),
                StandardCharsets.UTF_8);
    }

    private static String quote(String value) {
        return "'" + value.replace("'", "''") + "'";
    }

    /**
     * Starts {@code mainClass} in a new JVM with the installation's classpath, Flink's resource
     * flags (computed by Flink's own {@code BashJavaUtils}, as its scripts do) and a log file.
     */
    FlinkProcess start(String name, String mainClass, String resourceCommand, String... args)
            throws IOException {
        List<String> jvm = new ArrayList<>();
        List<String> program = new ArrayList<>(Arrays.asList(args));
        if (resourceCommand != null) {
            List<String> computed = resourceParams(resourceCommand);
            jvm.addAll(Arrays.asList(computed.get(0).trim().split("\\s+")));
            if (computed.size() > 1) {
                program.addAll(Arrays.asList(computed.get(1).trim().split("\\s+")));
            }
        } else {
            jvm.add("-Xmx512m");
        }
        List<String> command = new ArrayList<>(javaCommand());
        command.addAll(jvm);
        command.add("-Dlog.file=" + logs.resolve(name + ".log"));
        command.add("-Dlog4j.configurationFile=" + conf.resolve("log4j.properties").toUri());
        command.add(mainClass);
        command.addAll(program);
        return FlinkProcess.start(name, command, environment(), logs.resolve(name + ".out"));
    }

    private List<String> javaCommand() {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(JAVA_17_FLAGS);
        // The processes live for a minute and run small jobs: the optimising compiler's threads
        // would cost the two cores more than its code saves.
        command.add("-XX:TieredStopAtLevel=1");
        command.add("-cp");
        command.add(lib + File.separator + "*");
        return command;
    }

    private Map<String, String> environment() {
        return Map.of(
                "FLINK_CONF_DIR", conf.toString(),
                "FLINK_HOME", home.toString(),
                "FLINK_LIB_DIR", lib.toString(),
                "FLINK_PLUGINS_DIR", home.resolve("plugins").toString());
    }

    /** The lines Flink's {@code BashJavaUtils} prints for its scripts: JVM flags, then -D's. */
    private List<String> resourceParams(String command) throws IOException {
        List<String> java = new ArrayList<>(javaCommand());
        java.add("org.apache.flink.runtime.util.bash.BashJavaUtils");
        java.add(command);
        java.add("--configDir");
        java.add(conf.toString());
        ProcessBuilder builder = new ProcessBuilder(java).redirectErrorStream(true);
        builder.environment().putAll(environment());
        Process process = builder.start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        try {
            process.waitFor(2, TimeUnit.MINUTES);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException(e);
        }
        String marker = "BASH_JAVA_UTILS_EXEC_RESULT:";
        List<String> results =
                output.lines()
                        .filter(l -> l.startsWith(marker))
                        .map(l -> l.substring(marker.length()))
                        .collect(Collectors.toList());
        if (results.isEmpty()) {
            throw new IOException("BashJavaUtils " + command + " printed no result:\n" + output);
        }
        return results;
    }

    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
