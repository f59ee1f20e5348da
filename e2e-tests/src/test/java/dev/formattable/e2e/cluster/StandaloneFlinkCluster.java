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

import dev.formattable.e2e.testutils.FlinkFileSystems;
import dev.formattable.testing.LocalFileSystemUnderScheme;

import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * A standalone Flink session cluster in separate JVMs, started once per test class: a JobManager
 * ({@code StandaloneSessionClusterEntrypoint}), one TaskManager ({@code TaskManagerRunner}) and a
 * SQL Gateway, all from the {@code e2e-flink-dist} installation of one Flink line with our SQL jar
 * for that line in {@code lib/}. Jobs go in through the gateway's REST API, as users submit SQL.
 */
public final class StandaloneFlinkCluster
        implements FlinkCluster, BeforeAllCallback, AfterAllCallback {

    private FlinkDistribution dist;
    private FlinkProcess jobManager;
    private FlinkProcess gateway;
    private final List<FlinkProcess> taskManagers = new ArrayList<>();
    private RestClient jobManagerRest;
    private RestClient gatewayRest;
    private Path home;
    private Path holdControl;
    private final String line;
    private final java.util.function.Supplier<Map<String, String>> settings;
    private final boolean s3Plugin;

    /** A cluster of the newest Flink line. */
    public StandaloneFlinkCluster() {
        this(FlinkDistribution.NEWEST_LINE);
    }

    /** A cluster of a Flink line ("2.3", "1.20") whose installation the build made. */
    public StandaloneFlinkCluster(String line) {
        this(line, Map::of, false);
    }

    /**
     * A cluster of the newest line whose configuration has {@code settings} (asked for at start-up,
     * so they may name a server started just before) and, when {@code s3Plugin}, Flink's S3 plugin
     * in its {@code plugins/} directory, taken from this build's {@code FLINK_PLUGINS_DIR}.
     */
    public StandaloneFlinkCluster(
            java.util.function.Supplier<Map<String, String>> settings, boolean s3Plugin) {
        this(FlinkDistribution.NEWEST_LINE, settings, s3Plugin);
    }

    private StandaloneFlinkCluster(
            String line,
            java.util.function.Supplier<Map<String, String>> settings,
            boolean s3Plugin) {
        this.line = line;
        this.settings = settings;
        this.s3Plugin = s3Plugin;
    }

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        // Under target/, so the processes' logs stay for a look after a failed run.
        home =
                Files.createTempDirectory(
                                Files.createDirectories(Path.of("target", "flink-cluster")),
                                "run-" + line + "-")
                        .toAbsolutePath();
        dist = new FlinkDistribution(FlinkDistribution.lib(line), home);
        holdControl = Files.createDirectories(home.resolve("hold-control"));
        installHoldingFileSystem(home.resolve("plugins").resolve("holdfile"));
        if (s3Plugin) {
            installS3Plugin(home.resolve("plugins").resolve(FlinkFileSystems.S3_PLUGIN));
        }
        Map<String, String> config = new java.util.HashMap<>(settings.get());
        config.put(HoldingFileSystem.CONTROL_DIR, holdControl.toString());
        dist.configure(config);
        jobManagerRest = new RestClient(dist.restPort);
        gatewayRest = new RestClient(dist.gatewayPort);
        try {
            jobManager =
                    dist.start(
                            "jobmanager",
                            "org.apache.flink.runtime.entrypoint.StandaloneSessionClusterEntrypoint",
                            "GET_JM_RESOURCE_PARAMS",
                            "--configDir",
                            home.resolve("conf").toString());
            startTaskManager();
            gateway = dist.start("sql-gateway", "org.apache.flink.table.gateway.SqlGateway", null);
            gatewayRest.await("/v1/info", info -> info.has("productName"), "the SQL Gateway");
        } catch (Exception e) {
            throw new IllegalStateException("The Flink cluster did not start; " + logs(), e);
        }
    }

    /**
     * Puts {@link HoldingFileSystem} into a plugin directory of the installation, as a jar of its
     * classes and its base class's (with their nested classes) and its service file.
     */
    private static void installHoldingFileSystem(Path pluginDir) throws IOException {
        Files.createDirectories(pluginDir);
        try (JarOutputStream jar =
                new JarOutputStream(Files.newOutputStream(pluginDir.resolve("holdfile.jar")))) {
            for (Class<?> c : List.of(HoldingFileSystem.class, LocalFileSystemUnderScheme.class)) {
                addClass(jar, c);
            }
            jar.putNextEntry(
                    new JarEntry("META-INF/services/org.apache.flink.core.fs.FileSystemFactory"));
            jar.write(
                    (HoldingFileSystem.Factory.class.getName() + "\n")
                            .getBytes(StandardCharsets.UTF_8));
            jar.closeEntry();
        }
    }

    private static void addClass(JarOutputStream jar, Class<?> c) throws IOException {
        String name = c.getName().replace('.', '/') + ".class";
        try (InputStream in = c.getClassLoader().getResourceAsStream(name)) {
            if (in == null) {
                throw new IOException("No class file " + name + " on the test class path");
            }
            jar.putNextEntry(new JarEntry(name));
            in.transferTo(jar);
            jar.closeEntry();
        }
        for (Class<?> nested : c.getDeclaredClasses()) {
            addClass(jar, nested);
        }
    }

    private static void installS3Plugin(Path pluginDir) throws IOException {
        String plugins =
                System.getenv(org.apache.flink.configuration.ConfigConstants.ENV_FLINK_PLUGINS_DIR);
        Path source = plugins == null ? null : Path.of(plugins, FlinkFileSystems.S3_PLUGIN);
        if (source == null || !Files.isDirectory(source)) {
            throw new IllegalStateException(
                    "No Flink S3 plugin to install: FLINK_PLUGINS_DIR is " + plugins);
        }
        Files.createDirectories(pluginDir);
        try (Stream<Path> jars = Files.list(source)) {
            for (Path jar : (Iterable<Path>) jars::iterator) {
                Files.copy(jar, pluginDir.resolve(jar.getFileName()));
            }
        }
    }

    /** The control directory of {@link HoldingFileSystem} in every process of this cluster. */
    public Path holdControl() {
        return holdControl;
    }

    @Override
    public void afterAll(ExtensionContext context) throws Exception {
        for (FlinkProcess p : taskManagers) {
            p.close();
        }
        if (gateway != null) {
            gateway.close();
        }
        if (jobManager != null) {
            jobManager.close();
        }
    }

    @Override
    public void startTaskManager() throws IOException {
        int before = registeredTaskManagers();
        FlinkProcess tm =
                dist.start(
                        "taskmanager-" + taskManagers.size(),
                        "org.apache.flink.runtime.taskexecutor.TaskManagerRunner",
                        "GET_TM_RESOURCE_PARAMS",
                        "--configDir",
                        home.resolve("conf").toString());
        taskManagers.add(tm);
        jobManagerRest.await(
                "/taskmanagers",
                tms -> tms.path("taskmanagers").size() > before,
                "TaskManager " + tm.name() + " to register");
    }

    @Override
    public void killTaskManager() throws Exception {
        FlinkProcess tm = taskManagers.get(taskManagers.size() - 1);
        tm.kill();
        jobManagerRest.await(
                "/taskmanagers",
                tms -> tms.path("taskmanagers").size() == 0,
                "the JobManager to notice that " + tm.name() + " is gone");
    }

    /** The process id of the one TaskManager process running; fails unless exactly one runs. */
    public long runningTaskManager() {
        List<FlinkProcess> running =
                taskManagers.stream().filter(FlinkProcess::isAlive).collect(Collectors.toList());
        if (running.size() != 1) {
            throw new IllegalStateException(
                    running.size() + " TaskManager processes are running; " + logs());
        }
        return running.get(0).pid();
    }

    private int registeredTaskManagers() {
        try {
            return jobManagerRest.get("/taskmanagers").path("taskmanagers").size();
        } catch (IOException e) {
            return 0;
        }
    }

    @Override
    public RestClient jobManager() {
        return jobManagerRest;
    }

    @Override
    public RestClient gateway() {
        return gatewayRest;
    }

    @Override
    public String logs() {
        return "logs in " + (dist == null ? home : dist.logs());
    }
}
