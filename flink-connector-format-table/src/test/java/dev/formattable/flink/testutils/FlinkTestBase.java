package dev.formattable.flink.testutils;

import org.apache.flink.api.common.JobID;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.api.TableResult;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.types.Row;
import org.apache.flink.util.CloseableIterator;

import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** A shared MiniCluster and helpers to run SQL and read results as sorted strings. */
public abstract class FlinkTestBase {

    /** The metrics of the jobs of this test class, as Flink's reporters see them. */
    protected static final ReportedMetrics METRICS = new ReportedMetrics();

    @RegisterExtension
    protected static final MiniClusterExtension MINI_CLUSTER = METRICS.cluster(4);

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

    /** Runs a statement to completion. */
    protected static void exec(TableEnvironment env, String sql) {
        try {
            env.executeSql(sql).await(5, java.util.concurrent.TimeUnit.MINUTES);
        } catch (Exception e) {
            throw new RuntimeException("Failed: " + sql, e);
        }
    }

    /** Every row of a query as its string form, sorted. */
    protected static List<String> query(TableEnvironment env, String sql) {
        return run(env, sql).rows;
    }

    /** Every row of a query, as Flink returns them, in no particular order. */
    protected static List<Row> rows(TableEnvironment env, String sql) {
        TableResult result = env.executeSql(sql);
        List<Row> rows = new ArrayList<>();
        try (CloseableIterator<Row> it = result.collect()) {
            it.forEachRemaining(rows::add);
        } catch (Exception e) {
            throw new RuntimeException("Failed: " + sql, e);
        }
        return rows;
    }

    /** The sorted rows of a query and its job, whose metrics {@link #METRICS} holds. */
    protected static QueryRun run(TableEnvironment env, String sql) {
        TableResult result = env.executeSql(sql);
        List<String> rows = new ArrayList<>();
        try (CloseableIterator<Row> it = result.collect()) {
            it.forEachRemaining(r -> rows.add(r.toString()));
        } catch (Exception e) {
            throw new RuntimeException("Failed: " + sql, e);
        }
        rows.sort(null);
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
    }

    protected static Duration timeout() {
        return Duration.ofMinutes(5);
    }
}
