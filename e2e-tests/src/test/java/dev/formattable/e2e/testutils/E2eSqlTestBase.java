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
package dev.formattable.e2e.testutils;

import dev.formattable.testing.MiniClusters;
import dev.formattable.testing.SqlStatements;

import org.apache.flink.api.common.JobID;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.runtime.executiongraph.AccessExecutionGraph;
import org.apache.flink.runtime.minicluster.MiniCluster;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.api.TableResult;
import org.apache.flink.test.junit5.MiniClusterExtension;

import org.junit.jupiter.api.extension.RegisterExtension;

import java.nio.file.Path;
import java.util.List;

/**
 * A Flink MiniCluster in this JVM (one TaskManager, four slots), shared by the tests of a class,
 * and helpers to run SQL on it. The MiniCluster uses whatever {@link FlinkFileSystems} set up.
 */
public abstract class E2eSqlTestBase {

    @RegisterExtension
    protected static final MiniClusterExtension MINI_CLUSTER = MiniClusters.of(4);

    protected static TableEnvironment batchEnv() {
        TableEnvironment env = TableEnvironment.create(EnvironmentSettings.inBatchMode());
        env.getConfig().set("table.exec.resource.default-parallelism", "2");
        return env;
    }

    /** Streaming, parallelism 2, a checkpoint every {@code intervalMillis} into a local dir. */
    protected static TableEnvironment streamingEnv(Path checkpoints, long intervalMillis) {
        return TableEnvironment.create(
                EnvironmentSettings.newInstance()
                        .inStreamingMode()
                        .withConfiguration(streamingConf(checkpoints, intervalMillis))
                        .build());
    }

    /** The same as {@link #streamingEnv}, for a job that starts from a DataStream. */
    protected static StreamExecutionEnvironment streamingStreamEnv(
            Path checkpoints, long intervalMillis) {
        StreamExecutionEnvironment env =
                StreamExecutionEnvironment.getExecutionEnvironment(
                        streamingConf(checkpoints, intervalMillis));
        env.setParallelism(2);
        return env;
    }

    private static Configuration streamingConf(Path checkpoints, long intervalMillis) {
        Configuration conf = new Configuration();
        conf.setString("execution.checkpointing.interval", intervalMillis + " ms");
        conf.setString("execution.checkpointing.storage", "filesystem");
        conf.setString("execution.checkpointing.dir", checkpoints.toUri().toString());
        conf.setString("table.exec.resource.default-parallelism", "2");
        return conf;
    }

    /** Every row of the parquet table of {@link CoreWrites} at {@code location}, sorted. */
    protected static List<String> coreTableRows(String location) {
        TableEnvironment env = batchEnv();
        exec(
                env,
                "CREATE TABLE t ("
                        + CoreWrites.SQL_COLUMNS
                        + ") PARTITIONED BY (p) WITH ('connector'='format-table', 'path'='"
                        + location
                        + "', 'file.format'='parquet')");
        return query(env, "SELECT * FROM t");
    }

    /** Runs a statement to completion. */
    protected static void exec(TableEnvironment env, String sql) {
        SqlStatements.exec(env, sql);
    }

    /** Every row of a query as its string form, sorted. */
    protected static List<String> query(TableEnvironment env, String sql) {
        return SqlStatements.query(env, sql);
    }

    protected static JobID jobId(TableResult result) {
        return result.getJobClient().orElseThrow().getJobID();
    }

    /** The finished job as the cluster recorded it. */
    protected static AccessExecutionGraph job(MiniCluster cluster, JobID job) throws Exception {
        return cluster.getExecutionGraphInfo(job).get().getArchivedExecutionGraph();
    }

    protected static long completedCheckpoints(AccessExecutionGraph job) {
        return job.getCheckpointStatsSnapshot().getCounts().getNumberOfCompletedCheckpoints();
    }
}
