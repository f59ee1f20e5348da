package dev.formattable.e2e.cluster;

import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A standalone Flink session cluster in separate JVMs, started once per test class: a JobManager
 * ({@code StandaloneSessionClusterEntrypoint}), one TaskManager ({@code TaskManagerRunner}) and a
 * SQL Gateway, all from the {@code e2e-flink-dist} installation with our SQL jar in {@code lib/}.
 * Jobs go in through the gateway's REST API, as users submit SQL.
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

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        // Under target/, so the processes' logs stay for a look after a failed run.
        home =
                Files.createTempDirectory(
                                Files.createDirectories(Path.of("target", "flink-cluster")), "run-")
                        .toAbsolutePath();
        dist = new FlinkDistribution(FlinkDistribution.defaultLib(), home);
        dist.configure(Map.of());
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
