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
package dev.formattable.flink.catalog;

import dev.formattable.flink.sink.committer.CommitterMetrics;
import dev.formattable.flink.testutils.FlinkTestBase;

import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.api.TableResult;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Partition expiration: the {@code expire_partitions} procedure with Paimon's arguments (positional
 * and named, a dry run, the table's options as defaults), and a streaming sink expiring after its
 * commits while it writes to the newest partition and late rows to an old one, and while the
 * procedure runs alongside.
 */
class ExpirePartitionsITCase extends FlinkTestBase {

    private static final String TODAY = LocalDate.now().toString();

    @TempDir Path warehouse;

    private TableEnvironment env;

    @BeforeEach
    void createCatalog() {
        env = batchEnv();
        exec(
                env,
                "CREATE CATALOG ft WITH ('type'='format-table', 'warehouse'='" + warehouse + "')");
        exec(env, "USE CATALOG ft");
    }

    private Path table(String name) {
        return warehouse.resolve("default.db").resolve(name);
    }

    /** A table of rows in 2020-01-01 to 2020-01-03 and today. */
    private void createDays(String name, String options) {
        exec(
                env,
                "CREATE TABLE "
                        + name
                        + " (k BIGINT, dt STRING) PARTITIONED BY (dt)"
                        + (options.isEmpty() ? "" : " WITH (" + options + ")"));
        exec(
                env,
                "INSERT INTO "
                        + name
                        + " VALUES (1, '2020-01-01'), (2, '2020-01-02'), (3, '2020-01-03'), (4, '"
                        + TODAY
                        + "')");
    }

    @Test
    void removesPartitionsOlderThanTheExpirationTimeWhole() {
        createDays("t", "");

        assertThat(query(env, "CALL ft.sys.expire_partitions('default.t', '7 d', 'yyyy-MM-dd')"))
                .containsExactly(
                        "+I[dt=2020-01-01, expired]",
                        "+I[dt=2020-01-02, expired]",
                        "+I[dt=2020-01-03, expired]");

        assertThat(query(env, "SELECT * FROM t")).containsExactly("+I[4, " + TODAY + "]");
        assertThat(query(env, "SHOW PARTITIONS t")).containsExactly("+I[dt=" + TODAY + "]");
        assertThat(table("t").resolve("dt=2020-01-01")).doesNotExist();
    }

    @Test
    void namedArgumentsADryRunAndTheTablesOptionsAsDefaults() {
        createDays("t", "'partition.expiration-time'='7 d', 'partition.expiration-max-num'='2'");

        assertThat(
                        query(
                                env,
                                "CALL ft.sys.expire_partitions(`table` => 'default.t',"
                                        + " dry_run => true)"))
                .containsExactly(
                        "+I[dt=2020-01-01, would expire]", "+I[dt=2020-01-02, would expire]");
        assertThat(query(env, "SELECT COUNT(*) FROM t")).containsExactly("+I[4]");

        assertThat(
                        query(
                                env,
                                "CALL ft.sys.expire_partitions(`table` => 'default.t',"
                                        + " expire_strategy => 'values-time',"
                                        + " timestamp_pattern => '$dt', max_expires => 1)"))
                .containsExactly("+I[dt=2020-01-01, expired]");
        assertThat(query(env, "CALL ft.sys.expire_partitions('default.t')"))
                .containsExactly("+I[dt=2020-01-02, expired]", "+I[dt=2020-01-03, expired]");
        assertThat(query(env, "SELECT k FROM t")).containsExactly("+I[4]");
    }

    @Test
    void refusesWhatItCannotUseByName() {
        createDays("t", "");
        exec(env, "CREATE TABLE flat (k BIGINT)");

        assertThatThrownBy(() -> query(env, "CALL ft.sys.expire_partitions('default.t')"))
                .hasStackTraceContaining("partition.expiration-time");
        assertThatThrownBy(() -> query(env, "CALL ft.sys.expire_partitions('default.t', 'a week')"))
                .hasStackTraceContaining("'expiration_time'='a week'");
        assertThatThrownBy(
                        () ->
                                query(
                                        env,
                                        "CALL ft.sys.expire_partitions('default.t', '7 d',"
                                                + " 'yyyy-MM-dd', '$dt', 'newest')"))
                .hasStackTraceContaining("'expire_strategy'='newest'");
        assertThatThrownBy(() -> query(env, "CALL ft.sys.expire_partitions('default.flat', '1 d')"))
                .hasStackTraceContaining("is not partitioned");
        assertThatThrownBy(() -> query(env, "CALL ft.sys.expire_partitions('default.nope', '1 d')"))
                .hasStackTraceContaining("does not exist");
        assertThat(query(env, "SELECT COUNT(*) FROM t")).containsExactly("+I[4]");
    }

    /**
     * A streaming job writes to today's partition and, every tenth row, a late row to 2020-01-01;
     * its committer expires after each commit, and the procedure runs alongside until the job ends.
     * The job never fails for a staged file removed under it; today's rows are there once; the
     * other old days are gone; what is left of 2020-01-01 are late rows, each at most once.
     */
    @Test
    void aStreamingSinkExpiresAfterItsCommitsWhileItWritesAndTheProcedureRuns() throws Exception {
        createDays(
                "s",
                "'partition.expiration-time'='7 d',"
                        + " 'partition.expiration-check-interval'='1 ms'");
        TableEnvironment streaming = streamingEnv();
        streaming.getConfig().set("execution.checkpointing.interval", "100 ms");
        exec(
                streaming,
                "CREATE CATALOG ft WITH ('type'='format-table', 'warehouse'='" + warehouse + "')");
        exec(
                streaming,
                "CREATE TEMPORARY TABLE src (k BIGINT) WITH ('connector'='datagen',"
                        + " 'rows-per-second'='400', 'fields.k.kind'='sequence',"
                        + " 'fields.k.start'='100', 'fields.k.end'='1099')");

        TableResult insert =
                streaming.executeSql(
                        "INSERT INTO ft.`default`.s SELECT k, CASE WHEN k % 10 = 0 THEN"
                                + " '2020-01-01' ELSE '"
                                + TODAY
                                + "' END FROM src");
        Set<String> reported = new HashSet<>();
        while (!insert.getJobClient().get().getJobStatus().get().isGloballyTerminalState()) {
            reported.addAll(query(env, "CALL ft.sys.expire_partitions('default.s')"));
        }
        insert.await();

        // The late rows keep a file of 2020-01-01 staged most of the time; the procedure left
        // the partition alone then.
        assertThat(reported).contains("+I[dt=2020-01-01, skipped: being written]");
        List<String> today = query(env, "SELECT k FROM s WHERE dt = '" + TODAY + "'");
        List<String> expected = new ArrayList<>();
        expected.add("+I[4]");
        for (long k = 100; k < 1100; k++) {
            if (k % 10 != 0) {
                expected.add("+I[" + k + "]");
            }
        }
        assertThat(today).containsExactlyInAnyOrderElementsOf(expected);
        assertThat(query(env, "SELECT DISTINCT dt FROM s WHERE dt <> '" + TODAY + "'"))
                .isSubsetOf("+I[2020-01-01]");
        List<String> late = query(env, "SELECT k FROM s WHERE dt = '2020-01-01'");
        Set<String> lateRows = new HashSet<>();
        for (long k = 100; k < 1100; k += 10) {
            lateRows.add("+I[" + k + "]");
        }
        assertThat(late).doesNotHaveDuplicates().isSubsetOf(lateRows);
        JobIdAndMetrics job = new JobIdAndMetrics(insert);
        assertThat(job.counter(CommitterMetrics.EXPIRATION_FAILURES)).isZero();
        assertThat(job.counter(CommitterMetrics.EXPIRED_PARTITIONS)).isPositive();
    }

    /** The metrics of a job started by a statement. */
    private static final class JobIdAndMetrics {
        private final org.apache.flink.api.common.JobID job;

        JobIdAndMetrics(TableResult result) {
            this.job = result.getJobClient().get().getJobID();
        }

        long counter(String name) {
            return METRICS.counter(job, name);
        }
    }
}
