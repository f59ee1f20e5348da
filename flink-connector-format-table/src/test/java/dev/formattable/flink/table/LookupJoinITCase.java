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
package dev.formattable.flink.table;

import dev.formattable.flink.testutils.FlinkTestBase;
import dev.formattable.flink.testutils.LineCapabilities;

import org.apache.flink.configuration.ExecutionOptions;
import org.apache.flink.table.api.StatementSet;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.api.TableResult;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.functions.ScalarFunction;
import org.apache.flink.types.Row;
import org.apache.flink.util.CloseableIterator;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Lookup joins ({@code FOR SYSTEM_TIME AS OF}) against a format table, which the join caches whole
 * ({@code 'lookup.cache'='FULL'}).
 */
class LookupJoinITCase extends FlinkTestBase {

    @TempDir Path dir;

    private TableEnvironment env;

    /** A probe table whose rows carry a processing-time attribute. */
    private void probe(String values) {
        Path probe = dir.resolve("probe");
        exec(
                env,
                "CREATE TABLE probe (pid INT, id INT, region STRING, pt AS PROCTIME())"
                        + withFormatTable(probe.toUri(), "csv"));
        exec(env, "INSERT INTO probe VALUES " + values);
    }

    private void dim(String name, String format, String partitionedBy) {
        exec(
                env,
                "CREATE TABLE "
                        + name
                        + " (id INT, region STRING, product STRING, price DOUBLE) "
                        + partitionedBy
                        + withFormatTable(dir.resolve(name).toUri(), format));
        exec(
                env,
                "INSERT INTO "
                        + name
                        + " VALUES (1, 'eu', 'apple', 1.5), (2, 'eu', 'pear', 2.5),"
                        + " (1, 'us', 'apple-us', 1.7), (3, 'us', CAST(NULL AS STRING), 3.0)");
    }

    @Test
    void innerAndLeftJoinsFindTheRowsOfEveryFormat() {
        env = batchEnv();
        probe("(10, 1, 'eu'), (11, 2, 'eu'), (12, 4, 'eu'), (13, CAST(NULL AS INT), 'eu')");
        for (String format : List.of("parquet", "orc", "csv", "json")) {
            String dim = "dim_" + format;
            dim(dim, format, "");
            assertThat(
                            query(
                                    env,
                                    "SELECT p.pid, d.product, d.price FROM probe AS p JOIN "
                                            + dim
                                            + " FOR SYSTEM_TIME AS OF p.pt AS d ON p.id = d.id"
                                            + " AND d.region = 'eu' ORDER BY p.pid"))
                    .as(format)
                    .containsExactly("+I[10, apple, 1.5]", "+I[11, pear, 2.5]");
            assertThat(
                            query(
                                    env,
                                    "SELECT p.pid, d.product FROM probe AS p LEFT JOIN "
                                            + dim
                                            + " FOR SYSTEM_TIME AS OF p.pt AS d ON p.id = d.id"
                                            + " AND p.region = d.region ORDER BY p.pid"))
                    .as(format)
                    .containsExactly(
                            "+I[10, apple]", "+I[11, pear]", "+I[12, null]", "+I[13, null]");
        }
    }

    @Test
    void compositeKeysAndPartitionsAreJoinedOn() {
        env = batchEnv();
        probe("(10, 1, 'eu'), (11, 1, 'us'), (12, 3, 'us'), (13, 2, 'us')");
        dim("by_region", "parquet", "PARTITIONED BY (region)");
        assertThat(
                        query(
                                env,
                                "SELECT p.pid, d.product, d.region FROM probe AS p LEFT JOIN"
                                        + " by_region FOR SYSTEM_TIME AS OF p.pt AS d"
                                        + " ON p.id = d.id AND p.region = d.region ORDER BY p.pid"))
                .containsExactly(
                        "+I[10, apple, eu]",
                        "+I[11, apple-us, us]",
                        "+I[12, null, us]",
                        "+I[13, null, null]");
    }

    /** A dimension table whose partitions give id 1 a different product each. */
    private void daily(String... days) {
        exec(
                env,
                "CREATE TABLE daily (id INT, product STRING, dt STRING) PARTITIONED BY (dt)"
                        + withFormatTable(dir.resolve("daily").toUri(), "parquet"));
        // One insert per partition, in the order given: create-time follows it.
        for (String day : days) {
            exec(env, "INSERT INTO daily VALUES (1, 'p-" + day + "', '" + day + "')");
        }
    }

    private List<String> joinLatest(String hints) {
        return query(
                env,
                "SELECT p.pid, d.product FROM probe AS p LEFT JOIN daily /*+ OPTIONS("
                        + "'streaming-source.partition.include'='latest'"
                        + hints
                        + ") */ FOR SYSTEM_TIME AS OF p.pt AS d ON p.id = d.id");
    }

    @Test
    void theLatestPartitionAloneIsJoinedInEachOrder() {
        env = batchEnv();
        probe("(10, 1, 'eu')");
        // By name 31.12.2023 is the greatest; by the time it names, 01.01.2024; written last,
        // 15.06.2023.
        daily("01.01.2024", "31.12.2023", "15.06.2023");
        assertThat(joinLatest("")).containsExactly("+I[10, p-31.12.2023]");
        assertThat(joinLatest(", 'streaming-source.partition-order'='create-time'"))
                .containsExactly("+I[10, p-15.06.2023]");
        assertThat(
                        joinLatest(
                                ", 'streaming-source.partition-order'='partition-time',"
                                        + " 'partition.time-extractor.timestamp-pattern'='$dt',"
                                        + " 'partition.time-extractor.timestamp-formatter'="
                                        + "'dd.MM.yyyy'"))
                .containsExactly("+I[10, p-01.01.2024]");
        // Without the key, every partition is cached: one row per partition.
        assertThat(
                        query(
                                env,
                                "SELECT p.pid, d.product FROM probe AS p JOIN daily"
                                        + " FOR SYSTEM_TIME AS OF p.pt AS d ON p.id = d.id"))
                .hasSize(3);
    }

    /** The join of the probe with {@code table} under {@code options} (a hint's contents). */
    private List<String> joinWith(String table, String options) {
        return query(
                env,
                "SELECT p.pid FROM probe AS p JOIN "
                        + table
                        + " /*+ OPTIONS("
                        + options
                        + ") */ FOR SYSTEM_TIME AS OF p.pt AS d ON p.id = d.id");
    }

    @Test
    void badPartitionSettingsAreRefusedByName() {
        env = batchEnv();
        probe("(10, 1, 'eu')");
        daily("a");
        assertThatThrownBy(() -> joinLatest(", 'streaming-source.partition-order'='alphabetical'"))
                .hasStackTraceContaining("'streaming-source.partition-order'='alphabetical'");
        dim("flat", "orc", "");
        assertThatThrownBy(() -> joinWith("flat", "'streaming-source.partition.include'='latest'"))
                .hasStackTraceContaining("'streaming-source.partition.include'='latest'")
                .hasStackTraceContaining("partitioned");
    }

    @Test
    void aCacheOtherThanFullOrATableOverTheBoundIsRefusedByName() {
        env = batchEnv();
        probe("(10, 1, 'eu')");
        dim("dim", "parquet", "");
        assertThatThrownBy(() -> joinWith("dim", "'lookup.cache'='PARTIAL'"))
                .hasStackTraceContaining("'lookup.cache'='PARTIAL'")
                .hasStackTraceContaining("dim");
        assertThatThrownBy(() -> joinWith("dim", "'lookup.full-cache.max-size'='20 b'"))
                .hasStackTraceContaining("'lookup.full-cache.max-size'")
                .hasStackTraceContaining("dim");
    }

    /**
     * A continuous probe joins a table whose cache reloads every second: a key committed to the
     * table after the join started is found once a reload has run. Each probe row of a left join
     * gives one result, so the test writes probe rows until one finds the new key.
     */
    @Test
    void aStreamingJoinFindsRowsCommittedAfterItStartedOnceTheCacheReloads() throws Exception {
        TableEnvironment writer = batchEnv();
        String probeTable =
                "CREATE TABLE probe (pid INT, id INT, region STRING, pt AS PROCTIME())"
                        + withFormatTable(
                                dir.resolve("probe").toUri(),
                                "csv",
                                ", 'source.monitor-interval'='100 ms'");
        String dimTable =
                "CREATE TABLE dim (id INT, product STRING)"
                        + withFormatTable(dir.resolve("dim").toUri(), "parquet");
        exec(writer, probeTable);
        exec(writer, dimTable);
        exec(writer, "INSERT INTO dim VALUES (1, 'old')");
        exec(writer, "INSERT INTO probe VALUES (10, 1, 'eu')");

        env = streamingEnv();
        env.getConfig().set("table.exec.resource.default-parallelism", "1");
        exec(env, probeTable);
        exec(env, dimTable);
        TableResult result =
                env.executeSql(
                        "SELECT p.pid, d.product FROM probe AS p LEFT JOIN dim /*+ OPTIONS("
                                + "'lookup.full-cache.periodic-reload.interval'='1 s') */"
                                + " FOR SYSTEM_TIME AS OF p.pt AS d ON p.id = d.id");
        List<String> rows = new ArrayList<>();
        try (CloseableIterator<Row> it = result.collect()) {
            rows.add(it.next().toString());
            assertThat(rows).containsExactly("+I[10, old]");

            exec(writer, "INSERT INTO dim VALUES (2, 'new')");
            for (int pid = 11; pid < 200 && !rows.contains("+I[" + (pid - 1) + ", new]"); pid++) {
                exec(writer, "INSERT INTO probe VALUES (" + pid + ", 2, 'eu')");
                rows.add(it.next().toString());
            }
        } finally {
            result.getJobClient().orElseThrow().cancel().get();
        }
        assertThat(rows).anyMatch(r -> r.endsWith(", new]"));
        // Before the reload the key was missing, never half-loaded.
        assertThat(rows.subList(1, rows.size()))
                .allMatch(r -> r.matches("\\+I\\[\\d+, (null|new)]"));
    }

    /**
     * A continuous probe joins the latest partition of a table whose cache reloads every second:
     * once a newer partition is committed, a reload switches to it whole, and no probe row meets
     * the old partition again.
     */
    @Test
    void aStreamingJoinSwitchesToANewerPartitionOnceTheCacheReloads() throws Exception {
        TableEnvironment writer = batchEnv();
        String probeTable =
                "CREATE TABLE probe (pid INT, id INT, region STRING, pt AS PROCTIME())"
                        + withFormatTable(
                                dir.resolve("probe").toUri(),
                                "csv",
                                ", 'source.monitor-interval'='100 ms'");
        String dimTable =
                "CREATE TABLE daily (id INT, product STRING, dt STRING) PARTITIONED BY (dt)"
                        + withFormatTable(dir.resolve("daily").toUri(), "parquet");
        exec(writer, probeTable);
        exec(writer, dimTable);
        exec(writer, "INSERT INTO daily VALUES (1, 'day-1', '2024-01-01')");
        exec(writer, "INSERT INTO probe VALUES (10, 1, 'eu')");

        env = streamingEnv();
        env.getConfig().set("table.exec.resource.default-parallelism", "1");
        exec(env, probeTable);
        exec(env, dimTable);
        TableResult result =
                env.executeSql(
                        "SELECT p.pid, d.product FROM probe AS p LEFT JOIN daily /*+ OPTIONS("
                                + "'streaming-source.partition.include'='latest',"
                                + " 'lookup.full-cache.periodic-reload.interval'='1 s') */"
                                + " FOR SYSTEM_TIME AS OF p.pt AS d ON p.id = d.id");
        List<String> rows = new ArrayList<>();
        try (CloseableIterator<Row> it = result.collect()) {
            rows.add(it.next().toString());
            assertThat(rows).containsExactly("+I[10, day-1]");

            exec(writer, "INSERT INTO daily VALUES (1, 'day-2', '2024-01-02')");
            for (int pid = 11; pid < 200 && !rows.get(rows.size() - 1).endsWith("day-2]"); pid++) {
                exec(writer, "INSERT INTO probe VALUES (" + pid + ", 1, 'eu')");
                rows.add(it.next().toString());
            }
            // A few more after the switch: the old partition is gone for good.
            for (int pid = 200; pid < 203; pid++) {
                exec(writer, "INSERT INTO probe VALUES (" + pid + ", 1, 'eu')");
                rows.add(it.next().toString());
            }
        } finally {
            result.getJobClient().orElseThrow().cancel().get();
        }
        int switched =
                rows.indexOf(
                        rows.stream()
                                .filter(r -> r.endsWith("day-2]"))
                                .findFirst()
                                .orElseThrow(() -> new AssertionError("never switched: " + rows)));
        assertThat(rows.subList(0, switched)).allMatch(r -> r.endsWith(", day-1]"));
        assertThat(rows.subList(switched, rows.size())).allMatch(r -> r.endsWith(", day-2]"));
    }

    @Test
    void aStreamingProbeJoinsTheCachedTable() {
        env = streamingEnv();
        probe("(10, 1, 'eu'), (11, 2, 'eu'), (12, 4, 'eu')");
        dim("dim", "orc", "");
        assertThat(
                        query(
                                env,
                                "SELECT p.pid, d.product FROM probe AS p LEFT JOIN dim"
                                        + " FOR SYSTEM_TIME AS OF p.pt AS d ON p.id = d.id"
                                        + " AND d.region = 'eu'"))
                .containsExactlyInAnyOrder("+I[10, apple]", "+I[11, pear]", "+I[12, null]");
    }

    /**
     * With the lookup {@code shuffle} hint the planner routes each probe row to the subtask that
     * {@code LookupKeyHash} names, and each of the two subtasks caches about half of the keys;
     * every probe row still finds its row, in batch and in streaming.
     */
    @Test
    void theShuffleHintSplitsTheKeysBetweenTheSubtasks() throws Exception {
        StringBuilder dimRows = new StringBuilder();
        StringBuilder probeRows = new StringBuilder();
        for (int id = 0; id < 400; id++) {
            dimRows.append(id == 0 ? "" : ", ").append("(" + id + ", 'p" + id + "')");
            probeRows.append(id == 0 ? "" : ", ").append("(" + id + ", " + id + ", 'eu')");
        }
        String probeTable =
                "CREATE TABLE probe (pid INT, id INT, region STRING, pt AS PROCTIME())"
                        + withFormatTable(dir.resolve("probe").toUri(), "csv");
        String dimTable =
                "CREATE TABLE dim (id INT, product STRING)"
                        + withFormatTable(dir.resolve("dim").toUri(), "parquet");
        String join =
                "SELECT /*+ LOOKUP('table'='d', 'shuffle'='true') */ p.pid, d.product"
                        + " FROM probe AS p JOIN dim FOR SYSTEM_TIME AS OF p.pt AS d"
                        + " ON p.id = d.id";
        boolean first = true;
        for (TableEnvironment mode : List.of(batchEnv(), streamingEnv())) {
            env = mode;
            env.getConfig().set("table.exec.resource.default-parallelism", "2");
            // Else a batch job's parallelism follows its (small) input.
            env.getConfig().set("execution.batch.adaptive.auto-parallelism.enabled", "false");
            String run = mode.getConfig().get(ExecutionOptions.RUNTIME_MODE).toString();
            exec(env, probeTable);
            exec(env, dimTable);
            if (first) {
                StatementSet inserts = env.createStatementSet();
                inserts.addInsertSql("INSERT INTO dim VALUES " + dimRows);
                inserts.addInsertSql("INSERT INTO probe VALUES " + probeRows);
                inserts.execute().await(5, TimeUnit.MINUTES);
                first = false;
            }
            boolean batch = run.equals("BATCH");
            if (!LineCapabilities.LOOKUP_SHUFFLE && batch) {
                // Flink 1.20's batch planner refuses the hint option it does not know.
                assertThatThrownBy(() -> query(env, join))
                        .as(run)
                        .isInstanceOf(ValidationException.class);
                continue;
            }
            QueryRun joined = run(env, join);
            assertThat(joined.rows).as(run).hasSize(400).contains("+I[7, p7]", "+I[399, p399]");
            List<Object> cached = joined.gauges("cachedRows");
            assertThat(cached).as(run).hasSize(2);
            long one = (Long) cached.get(0);
            long other = (Long) cached.get(1);
            if (LineCapabilities.LOOKUP_SHUFFLE) {
                assertThat(one + other).as(run).isEqualTo(400);
                assertThat(one).as(run).isBetween(140L, 260L);
            } else {
                // 1.20's streaming planner ignores it: each subtask caches the whole table.
                assertThat(cached).as(run).containsOnly(400L);
            }
        }
    }

    /** Fails its task once, at probe row 40, as a lost TaskManager would. */
    public static final class FailOnce extends ScalarFunction {
        static final AtomicBoolean FAILED = new AtomicBoolean();

        public Integer eval(Integer pid) {
            if (pid != null && pid == 40 && FAILED.compareAndSet(false, true)) {
                throw new IllegalStateException("Failing once, on purpose, at probe row " + pid);
            }
            return pid;
        }
    }

    /**
     * A streaming join fails over while its cache reloads: the dimension table takes a while to
     * load and reloads every 50 ms, so reloads run nearly all the time. The cancelled join task's
     * reload is stopped, the restored task loads the table again, and the exactly-once sink holds
     * every probe row once, each joined.
     */
    @Test
    void aJobThatFailsOverDuringAReloadLoadsTheTableAgainAndJoinsEveryRowOnce() throws Exception {
        FailOnce.FAILED.set(false);
        TableEnvironment writer = batchEnv();
        String dimTable =
                "CREATE TABLE dim (id INT, product STRING)"
                        + withFormatTable(dir.resolve("dim").toUri(), "parquet");
        String outTable =
                "CREATE TABLE joined (pid INT, product STRING)"
                        + withFormatTable(dir.resolve("joined").toUri(), "parquet");
        exec(writer, dimTable);
        exec(writer, outTable);
        exec(
                writer,
                "CREATE TEMPORARY TABLE products (id INT, product STRING) WITH ("
                        + "'connector'='datagen', 'number-of-rows'='100000',"
                        + " 'fields.id.kind'='sequence', 'fields.id.start'='0',"
                        + " 'fields.id.end'='99999', 'fields.product.length'='12')");
        exec(writer, "INSERT INTO dim SELECT * FROM products");

        env = streamingEnv();
        env.getConfig().set("execution.checkpointing.interval", "200 ms");
        env.getConfig().set("restart-strategy.type", "fixed-delay");
        env.getConfig().set("restart-strategy.fixed-delay.attempts", "3");
        env.getConfig().set("restart-strategy.fixed-delay.delay", "200 ms");
        // The probe source is a legacy source function: chained to the failing function, a
        // checkpoint taken between the failure and the task's end could hold the source past the
        // failed row, and the restored job would never read it again.
        env.getConfig().set("pipeline.operator-chaining.enabled", "false");
        exec(env, dimTable);
        exec(env, outTable);
        exec(
                env,
                "CREATE TEMPORARY TABLE probe (pid INT, pt AS PROCTIME()) WITH ("
                        + "'connector'='datagen', 'rows-per-second'='40',"
                        + " 'fields.pid.kind'='sequence', 'fields.pid.start'='1',"
                        + " 'fields.pid.end'='80')");
        env.createTemporarySystemFunction("fail_once", FailOnce.class);
        exec(
                env,
                "INSERT INTO joined SELECT fail_once(p.pid), d.product FROM probe AS p"
                        + " LEFT JOIN dim /*+ OPTIONS("
                        + "'lookup.full-cache.periodic-reload.interval'='50 ms') */"
                        + " FOR SYSTEM_TIME AS OF p.pt AS d ON p.pid = d.id");

        assertThat(FailOnce.FAILED).isTrue();
        assertThat(query(writer, "SELECT count(*), count(DISTINCT pid) FROM joined"))
                .containsExactly("+I[80, 80]");
        assertThat(query(writer, "SELECT count(*) FROM joined WHERE product IS NULL"))
                .containsExactly("+I[0]");
    }
}
