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

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.Container;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.Network;
import org.testcontainers.containers.wait.strategy.Wait;
import org.testcontainers.junit.jupiter.Testcontainers;
import org.testcontainers.utility.MountableFile;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The cluster scenarios against the official Flink image, with MinIO as the S3 store, through
 * testcontainers. Skipped, not failed, when no Docker engine answers (as on the machines this
 * project is built on, where {@link StandaloneClusterITCase} runs the same scenarios on processes).
 */
@Testcontainers(disabledWithoutDocker = true)
class ContainerClusterITCase {

    static final String FLINK_IMAGE = "flink:2.3.0-java17";
    static final String MINIO_IMAGE = "minio/minio:RELEASE.2025-04-22T22-12-26Z";
    private static final String ACCESS_KEY = "e2e-access-key";
    private static final String SECRET_KEY = "e2e-secret-key";
    private static final String BUCKET = "warehouse";

    private static final Network NETWORK = Network.newNetwork();
    private static final List<GenericContainer<?>> TASK_MANAGERS = new ArrayList<>();
    private static GenericContainer<?> minio;
    private static GenericContainer<?> jobManager;
    private static ContainerCluster cluster;

    @BeforeAll
    static void start() throws Exception {
        minio =
                new GenericContainer<>(MINIO_IMAGE)
                        .withNetwork(NETWORK)
                        .withNetworkAliases("minio")
                        .withEnv("MINIO_ROOT_USER", ACCESS_KEY)
                        .withEnv("MINIO_ROOT_PASSWORD", SECRET_KEY)
                        // A top-level directory of the data path is a bucket.
                        .withCreateContainerCmdModifier(c -> c.withEntrypoint("sh"))
                        .withCommand("-c", "mkdir -p /data/" + BUCKET + " && minio server /data")
                        .withExposedPorts(9000)
                        .waitingFor(Wait.forHttp("/minio/health/live").forPort(9000));
        minio.start();
        jobManager = flink("jobmanager").withNetworkAliases("jobmanager");
        jobManager.withExposedPorts(8081, 8083).waitingFor(Wait.forHttp("/overview").forPort(8081));
        jobManager.start();
        Container.ExecResult gateway =
                jobManager.execInContainer(
                        "/opt/flink/bin/sql-gateway.sh",
                        "start",
                        "-Dsql-gateway.endpoint.rest.address=0.0.0.0");
        assertThat(gateway.getExitCode()).as(gateway.getStderr()).isZero();
        cluster = new ContainerCluster();
        cluster.startTaskManager();
        cluster.gateway().await("/v1/info", i -> i.has("productName"), "the SQL Gateway");
    }

    @AfterAll
    static void stop() {
        TASK_MANAGERS.forEach(GenericContainer::stop);
        if (jobManager != null) {
            jobManager.stop();
        }
        if (minio != null) {
            minio.stop();
        }
        NETWORK.close();
    }

    /** A Flink container with our SQL jar and Hadoop's client in lib/ and the S3 plugin on. */
    private static GenericContainer<?> flink(String role) throws IOException {
        String properties =
                String.join(
                        "\n",
                        "jobmanager.rpc.address: jobmanager",
                        "rest.address: jobmanager",
                        "taskmanager.numberOfTaskSlots: 2",
                        "heartbeat.interval: 1000",
                        "heartbeat.timeout: 6000",
                        "s3.endpoint: http://minio:9000",
                        "s3.path.style.access: true",
                        "s3.access-key: " + ACCESS_KEY,
                        "s3.secret-key: " + SECRET_KEY);
        GenericContainer<?> container =
                new GenericContainer<>(FLINK_IMAGE)
                        .withNetwork(NETWORK)
                        .withCommand(role)
                        .withEnv("FLINK_PROPERTIES", properties)
                        .withEnv(
                                "ENABLE_BUILT_IN_PLUGINS",
                                "flink-s3-fs-hadoop-" + flinkVersion() + ".jar");
        for (Path jar : libJars()) {
            container.withCopyFileToContainer(
                    MountableFile.forHostPath(jar), "/opt/flink/lib/" + jar.getFileName());
        }
        return container;
    }

    /** From the process installation: our SQL jar and Hadoop's client, which the image lacks. */
    private static List<Path> libJars() throws IOException {
        try (Stream<Path> jars = Files.list(FlinkDistribution.lib(FlinkDistribution.NEWEST_LINE))) {
            return jars.filter(
                            j -> {
                                String n = j.getFileName().toString();
                                return n.startsWith("flink-sql-connector-format-table")
                                        || n.startsWith("hadoop-client-");
                            })
                    .collect(Collectors.toList());
        }
    }

    private static String flinkVersion() {
        return FLINK_IMAGE.substring("flink:".length(), FLINK_IMAGE.indexOf('-'));
    }

    @Test
    void createInsertOverwriteAndQueryOnMinio() throws IOException {
        new ClusterScenarios(cluster)
                .createInsertOverwriteAndQuery("s3://" + BUCKET + "/t", "parquet");
    }

    @Test
    void streamingInsertSurvivesAKilledTaskManagerContainer() throws Exception {
        new ClusterScenarios(cluster)
                .streamingInsertSurvivesAKilledTaskManager("s3://" + BUCKET + "/s", 10_000);
    }

    /** The containers as a {@link FlinkCluster}. */
    private static final class ContainerCluster implements FlinkCluster {
        @Override
        public RestClient gateway() {
            return new RestClient(jobManager.getHost(), jobManager.getMappedPort(8083));
        }

        @Override
        public RestClient jobManager() {
            return new RestClient(jobManager.getHost(), jobManager.getMappedPort(8081));
        }

        @Override
        public void killTaskManager() throws IOException {
            GenericContainer<?> tm = TASK_MANAGERS.get(TASK_MANAGERS.size() - 1);
            DockerClientFactory.instance()
                    .client()
                    .killContainerCmd(tm.getContainerId())
                    .withSignal("SIGKILL")
                    .exec();
            jobManager()
                    .await(
                            "/taskmanagers",
                            t -> t.path("taskmanagers").size() == 0,
                            "the JobManager to drop the killed TaskManager");
        }

        @Override
        public void startTaskManager() throws IOException {
            int before = jobManager().get("/taskmanagers").path("taskmanagers").size();
            GenericContainer<?> tm = flink("taskmanager");
            tm.start();
            TASK_MANAGERS.add(tm);
            jobManager()
                    .await(
                            "/taskmanagers",
                            t -> t.path("taskmanagers").size() > before,
                            "the new TaskManager to register");
        }

        @Override
        public String logs() {
            return "container logs of the JobManager:\n" + jobManager.getLogs();
        }
    }
}
