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
package dev.formattable.flink.testutils;

import dev.formattable.testing.SqlStatements;

import org.apache.flink.api.common.JobID;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.api.TableResult;
import org.apache.flink.types.Row;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Duration;
import java.util.List;

/**
 * A MiniCluster shared by the classes of a test JVM, and helpers to run SQL and read results as
 * sorted strings.
 */
public abstract class FlinkTestBase {

    /** The metrics of the jobs of this test class, as Flink's reporters see them. */
    protected static final ReportedMetrics METRICS = new ReportedMetrics();

    /** One cluster for all the classes of a test JVM, with four slots. */
    @RegisterExtension
    protected static final SharedMiniCluster MINI_CLUSTER = METRICS.sharedCluster(4);

    @AfterAll
    static void forgetMetricsAndLineage() {
        METRICS.forgetJobs();
        LineageCapture.forget();
    }

    protected static TableEnvironment batchEnv() {
        TableEnvironment env = TableEnvironment.create(EnvironmentSettings.inBatchMode());
        env.getConfig().set("table.exec.resource.default-parallelism", "2");
        return env;
    }

    protected static TableEnvironment streamingEnv() {
        TableEnvironment env = TableEnvironment.create(EnvironmentSettings.inStreamingMode());
        env.getConfig().set("table.exec.resource.default-parallelism", "2");
        return env;
    }

    /** The WITH clause of a format table at {@code dir} in {@code format}. */
    protected static String withFormatTable(Object dir, String format) {
        return withFormatTable(dir, format, "");
    }

    /**
     * The WITH clause of a format table at {@code dir} in {@code format}, with more options: {@code
     * ", 'k'='v', ..."}, or "" for none.
     */
    protected static String withFormatTable(Object dir, String format, String moreOptions) {
        return " WITH ('connector'='format-table', 'path'='"
                + dir
                + "', 'file.format'='"
                + format
                + "'"
                + moreOptions
                + ")";
    }

    /** The text of one row to insert, for day d, hour h and row r of insert round. */
    @FunctionalInterface
    protected interface RowText {
        String of(int round, int d, int h, int r);
    }

    /**
     * Writes table t by two INSERTs of 3 days × 2 hours × 3 rows each (36 rows, several files per
     * partition).
     */
    protected static void insertTwoRoundsOfDaysAndHours(TableEnvironment env, RowText row) {
        for (int round = 0; round < 2; round++) {
            StringBuilder values = new StringBuilder();
            for (int d = 0; d < 3; d++) {
                for (int h = 0; h < 2; h++) {
                    for (int r = 0; r < 3; r++) {
                        values.append(values.length() == 0 ? "" : ", ")
                                .append(row.of(round, d, h, r));
                    }
                }
            }
            exec(env, "INSERT INTO t VALUES " + values);
        }
    }

    /** Runs a statement to completion. */
    protected static void exec(TableEnvironment env, String sql) {
        SqlStatements.exec(env, sql);
    }

    /** Every row of a query as its string form, sorted. */
    protected static List<String> query(TableEnvironment env, String sql) {
        return run(env, sql).rows;
    }

    /** Every row of a query, as Flink returns them, in no particular order. */
    protected static List<Row> rows(TableEnvironment env, String sql) {
        return SqlStatements.collect(env.executeSql(sql), sql);
    }

    /** The sorted rows of a query and its job, whose metrics {@link #METRICS} holds. */
    protected static QueryRun run(TableEnvironment env, String sql) {
        TableResult result = env.executeSql(sql);
        List<String> rows = SqlStatements.sorted(SqlStatements.collect(result, sql));
        // Statements answered without a job (SHOW, some CALLs) have none.
        return new QueryRun(rows, result.getJobClient().map(c -> c.getJobID()).orElse(null));
    }

    /** A finished query: its rows, sorted, and its job. */
    protected static final class QueryRun {
        public final List<String> rows;
        @javax.annotation.Nullable public final JobID job;

        QueryRun(List<String> rows, JobID job) {
            this.rows = rows;
            this.job = job;
        }

        /** The sum of the job's counters of that name. */
        public long counter(String name) {
            if (job == null) {
                throw new IllegalStateException("The statement ran no job");
            }
            return METRICS.counter(job, name);
        }

        /** The values of the job's gauges of that name, one per subtask. */
        public List<Object> gauges(String name) {
            if (job == null) {
                throw new IllegalStateException("The statement ran no job");
            }
            return METRICS.gauges(job, name);
        }
    }

    protected static Duration timeout() {
        return Duration.ofMinutes(5);
    }
}
