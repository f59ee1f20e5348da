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

import com.fasterxml.jackson.databind.JsonNode;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * What a user does with the connector on a cluster, through the SQL Gateway, whatever runs the
 * cluster (processes here, containers where Docker exists) and wherever the table lives.
 */
final class ClusterScenarios {

    private final FlinkCluster cluster;

    ClusterScenarios(FlinkCluster cluster) {
        this.cluster = cluster;
    }

    String batchSession() throws IOException {
        return cluster.gateway()
                .openSession(Map.of("execution.runtime-mode", "batch", "table.dml-sync", "true"));
    }

    /** Every row of a query, its fields joined by commas, sorted. */
    List<String> rows(String session, String sql) throws IOException {
        return cluster.gateway().execute(session, sql).stream()
                .map(r -> r.stream().map(JsonNode::asText).collect(Collectors.joining(",")))
                .sorted()
                .collect(Collectors.toList());
    }

    /** CREATE TABLE, a batch INSERT, INSERT OVERWRITE of one partition, and queries. */
    void createInsertOverwriteAndQuery(String location, String format) throws IOException {
        String s = batchSession();
        cluster.gateway()
                .execute(
                        s,
                        "CREATE TABLE t (id INT, name STRING, dt STRING) PARTITIONED BY (dt) WITH"
                                + " ('connector'='format-table', 'path'='"
                                + location
                                + "', 'file.format'='"
                                + format
                                + "')");
        cluster.gateway()
                .execute(s, "INSERT INTO t VALUES (1, 'a', 'd1'), (2, 'b', 'd1'), (3, 'c', 'd2')");
        assertThat(rows(s, "SELECT * FROM t")).containsExactly("1,a,d1", "2,b,d1", "3,c,d2");

        cluster.gateway().execute(s, "INSERT OVERWRITE t PARTITION (dt = 'd1') VALUES (10, 'x')");

        assertThat(rows(s, "SELECT * FROM t")).containsExactly("10,x,d1", "3,c,d2");
        assertThat(rows(s, "SELECT COUNT(*) FROM t WHERE dt = 'd2'")).containsExactly("1");
    }

    /**
     * A batch INSERT into a table whose path is a plain file ({@code fileLocation}) fails, naming
     * the path; the next statements, an INSERT into {@code location} and a query, run to their end
     * on the same cluster. A clean-up that threw while the failed task was already failing would
     * have taken the TaskManager down with it, and the next INSERT would wait for a slot.
     */
    void aFailedInsertLeavesTheClusterServing(String fileLocation, String location)
            throws IOException {
        String s = batchSession();
        cluster.gateway()
                .execute(
                        s,
                        "CREATE TABLE broken (id INT, name STRING) WITH"
                                + " ('connector'='format-table', 'path'='"
                                + fileLocation
                                + "', 'file.format'='parquet')");
        assertThatThrownBy(() -> cluster.gateway().execute(s, "INSERT INTO broken VALUES (1, 'a')"))
                .hasMessageContaining(fileLocation.substring(fileLocation.lastIndexOf('/') + 1));

        cluster.gateway()
                .execute(
                        s,
                        "CREATE TABLE after_failure (id INT, name STRING) WITH"
                                + " ('connector'='format-table', 'path'='"
                                + location
                                + "', 'file.format'='parquet')");
        cluster.gateway().execute(s, "INSERT INTO after_failure VALUES (2, 'b')");
        assertThat(rows(s, "SELECT * FROM after_failure")).containsExactly("2,b");
        assertThat(cluster.jobManager().get("/taskmanagers").path("taskmanagers").size())
                .as("TaskManagers registered")
                .isEqualTo(1);
    }

    /**
     * A streaming INSERT of {@code rows} generated rows with a checkpoint every second. Once a few
     * checkpoints (and so commits) have completed, the TaskManager is killed with SIGKILL and a new
     * one started: the job restarts from its last checkpoint, and in the end every row is in the
     * table exactly once. Returns the job id.
     */
    String streamingInsertSurvivesAKilledTaskManager(String location, int rows) throws Exception {
        String s =
                cluster.gateway()
                        .openSession(
                                Map.of(
                                        "execution.runtime-mode", "streaming",
                                        "execution.checkpointing.interval", "1s",
                                        "restart-strategy.type", "fixed-delay",
                                        "restart-strategy.fixed-delay.attempts", "100",
                                        "restart-strategy.fixed-delay.delay", "1s"));
        cluster.gateway().execute(s, generator(rows, "'rows-per-second'='1000'"));
        cluster.gateway()
                .execute(
                        s,
                        "CREATE TABLE s (id BIGINT, p INT) PARTITIONED BY (p) WITH"
                                + " ('connector'='format-table', 'path'='"
                                + location
                                + "', 'file.format'='parquet')");
        String job =
                cluster.gateway()
                        .execute(s, "INSERT INTO s SELECT id, CAST(id % 3 AS INT) FROM gen")
                        .get(0)
                        .get(0)
                        .asText();
        cluster.jobManager()
                .await(
                        "/jobs/" + job + "/checkpoints",
                        c -> c.path("counts").path("completed").asInt() >= 2,
                        "two completed checkpoints of job " + job);

        cluster.killTaskManager();
        cluster.startTaskManager();

        awaitFinishedAfterAFailover(job);
        // The table is known to this session only: read it there, as a batch query.
        cluster.gateway().execute(s, "SET 'execution.runtime-mode' = 'batch'");
        assertThat(rows(s, "SELECT COUNT(*), COUNT(DISTINCT id), MIN(id), MAX(id) FROM s"))
                .containsExactly(rows + "," + rows + ",1," + rows);
        return job;
    }

    /**
     * A batch INSERT of {@code rows} rows into {@code location} (on {@link HoldingFileSystem}),
     * whose commit is held after a few files are published; the TaskManager is then killed with
     * SIGKILL and a new one started. Flink reruns the writers, whose results were lost with it, and
     * the committer, and in the end every row is in the table exactly once. Returns the job id.
     */
    String batchInsertSurvivesATaskManagerKilledDuringItsCommit(
            String location, java.nio.file.Path holdControl, int rows) throws Exception {
        java.nio.file.Path hold = holdControl.resolve("hold");
        java.nio.file.Path held = holdControl.resolve("held");
        java.nio.file.Files.deleteIfExists(held);
        java.nio.file.Files.writeString(hold, "hold");
        String s =
                cluster.gateway()
                        .openSession(
                                Map.of(
                                        "execution.runtime-mode", "batch",
                                        "restart-strategy.type", "fixed-delay",
                                        "restart-strategy.fixed-delay.attempts", "10",
                                        "restart-strategy.fixed-delay.delay", "1s"));
        cluster.gateway().execute(s, generator(rows, "'number-of-rows'='" + rows + "'"));
        cluster.gateway()
                .execute(
                        s,
                        "CREATE TABLE b (id BIGINT, p INT) PARTITIONED BY (p) WITH"
                                + " ('connector'='format-table', 'path'='"
                                + location
                                + "', 'file.format'='parquet', 'target-file-row-num'='100')");
        String job =
                cluster.gateway()
                        .execute(s, "INSERT INTO b SELECT id, CAST(id % 3 AS INT) FROM gen")
                        .get(0)
                        .get(0)
                        .asText();
        long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.MINUTES.toNanos(3);
        while (!java.nio.file.Files.exists(held)) {
            assertThat(System.nanoTime())
                    .as("the commit of job " + job + " was held; " + cluster.logs())
                    .isLessThan(deadline);
            Thread.sleep(20);
        }

        cluster.killTaskManager();
        java.nio.file.Files.delete(hold);
        cluster.startTaskManager();

        awaitFinishedAfterAFailover(job);
        assertThat(rows(s, "SELECT COUNT(*), COUNT(DISTINCT id), MIN(id), MAX(id) FROM b"))
                .containsExactly(rows + "," + rows + ",1," + rows);
        return job;
    }

    /** Waits until the job is in one of the given states, failing if it ends otherwise. */
    JsonNode awaitJob(String job, String... states) throws IOException {
        List<String> wanted = List.of(states);
        JsonNode described =
                cluster.jobManager()
                        .await(
                                "/jobs/" + job,
                                j ->
                                        wanted.contains(j.path("state").asText())
                                                || j.path("state").asText().equals("FAILED"),
                                "job " + job + " to be " + wanted);
        assertThat(described.path("state").asText()).as(cluster.logs()).isIn(wanted);
        return described;
    }

    /** A datagen table {@code gen} of the ids 1 to {@code rows}, with one more option. */
    private static String generator(long rows, String option) {
        return "CREATE TABLE gen (id BIGINT) WITH ('connector'='datagen',"
                + " 'fields.id.kind'='sequence', 'fields.id.start'='1', 'fields.id.end'='"
                + rows
                + "', "
                + option
                + ")";
    }

    /** Waits for the job to finish, and checks that it failed over on its way. */
    private void awaitFinishedAfterAFailover(String job) throws IOException {
        awaitJob(job, "FINISHED");
        JsonNode exceptions = cluster.jobManager().get("/jobs/" + job + "/exceptions");
        assertThat(exceptions.path("exceptionHistory").path("entries").size())
                .as("the job failed over at least once")
                .isPositive();
    }
}
