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
package dev.formattable.flink.sink;

import dev.formattable.core.FormatTable;
import dev.formattable.flink.internal.RunModeCommitterOperatorFactory;
import dev.formattable.flink.sink.committable.FormatTableCommittable;
import dev.formattable.flink.sink.committer.JobManagerCommitter;
import dev.formattable.flink.source.FormatTableSource;
import dev.formattable.flink.testutils.CommittableOutputs;
import dev.formattable.flink.testutils.HarnessJobs;
import dev.formattable.flink.testutils.SinkTables;
import dev.formattable.flink.testutils.TaskEnvironments;

import org.apache.flink.api.common.RuntimeExecutionMode;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.ExecutionOptions;
import org.apache.flink.runtime.jobgraph.JobGraph;
import org.apache.flink.streaming.api.connector.sink2.CommittableMessage;
import org.apache.flink.streaming.api.connector.sink2.CommittableSummary;
import org.apache.flink.streaming.api.connector.sink2.CommittableWithLineage;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;
import org.apache.flink.streaming.api.graph.StreamGraph;
import org.apache.flink.streaming.api.graph.StreamNode;
import org.apache.flink.streaming.api.operators.OutputFormatOperatorFactory;
import org.apache.flink.streaming.api.operators.StreamOperatorFactory;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.apache.flink.streaming.util.OneInputStreamOperatorTestHarness;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.bridge.java.StreamTableEnvironment;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.file.Path;
import java.time.Duration;

import static dev.formattable.flink.testutils.SinkTables.row;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * When the committer publishes what it holds at the end of its input, as the job it runs in decides
 * it: only in batch mode or without checkpoints. With checkpoints, a bounded streaming job's last
 * files wait for its final checkpoint; committed before it, a failure in between would publish
 * those rows twice. A job declared to run in batch mode on a local disk commits on the JobManager
 * instead, once every task has finished.
 *
 * <p>Each case builds the real job graph, then runs the committer it holds in a task of that job
 * (the job's type and configuration, as a task receives them), and watches when a staged file is
 * published.
 */
class CommitAtEndOfInputTest {

    private static final String AT_CHECKPOINTS = "at checkpoints";
    private static final String AT_THE_END_OF_THE_INPUT = "at the end of the input";
    private static final String ON_THE_JOBMANAGER = "on the JobManager";

    @TempDir Path dir;

    @ParameterizedTest(name = "mode={0}, checkpoint interval={1}")
    @CsvSource({
        "streaming, 1 s, " + AT_CHECKPOINTS,
        "streaming, , " + AT_THE_END_OF_THE_INPUT,
        "batch, 1 s, " + ON_THE_JOBMANAGER,
        "batch, , " + ON_THE_JOBMANAGER
    })
    void sqlDecidesFromTheTableConfiguration(String mode, String interval, String when)
            throws Exception {
        boolean batch = mode.equals("batch");
        Configuration conf = new Configuration();
        conf.set(
                ExecutionOptions.RUNTIME_MODE,
                batch ? RuntimeExecutionMode.BATCH : RuntimeExecutionMode.STREAMING);
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(conf);
        StreamTableEnvironment tables =
                StreamTableEnvironment.create(
                        env,
                        batch
                                ? EnvironmentSettings.inBatchMode()
                                : EnvironmentSettings.inStreamingMode());
        if (interval != null) {
            tables.getConfig().set("execution.checkpointing.interval", interval);
        }
        tables.executeSql(
                "CREATE TEMPORARY TABLE t (a INT, k STRING) PARTITIONED BY (k) WITH ("
                        + "'connector'='format-table', 'path'='"
                        + dir
                        + "')");
        tables.createStatementSet()
                .addInsertSql("INSERT INTO t VALUES (1, 'a')")
                .attachAsDataStream();

        assertThat(whenCommitted(env)).isEqualTo(when);
    }

    /** Checkpointing enabled after the sink is attached still holds the last files back. */
    @Test
    void checkpointingEnabledAfterAttachToCommitsAtCheckpoints() throws Exception {
        StreamExecutionEnvironment env = environment(RuntimeExecutionMode.STREAMING);
        SinkTables.sink(SinkTables.table(dir)).attachTo(SinkTables.sequence(env, 10, 2));
        env.enableCheckpointing(1000);

        assertThat(whenCommitted(env)).isEqualTo(AT_CHECKPOINTS);
    }

    /**
     * In {@code AUTOMATIC} mode, another unbounded source makes the job a streaming one although
     * the sink's own input is bounded: it must not commit on the JobManager, where nothing is
     * published before the job ends.
     */
    @Test
    void anotherUnboundedSourceMakesTheJobCommitAtCheckpoints() throws Exception {
        StreamExecutionEnvironment env = environment(RuntimeExecutionMode.AUTOMATIC);
        env.enableCheckpointing(1000);
        SinkTables.sink(SinkTables.table(dir)).attachTo(SinkTables.sequence(env, 10, 2));
        env.fromSource(
                        FormatTableSource.forRowData(
                                        dir.resolve("other").toString(), SinkTables.ROW_TYPE)
                                .monitorContinuously(Duration.ofSeconds(1))
                                .build(),
                        WatermarkStrategy.noWatermarks(),
                        "unbounded")
                .sinkTo(new DiscardingSink<>());

        assertThat(whenCommitted(env)).isEqualTo(AT_CHECKPOINTS);
    }

    /**
     * In {@code AUTOMATIC} mode over bounded sources only, the job runs in batch mode and its
     * committer task commits at the end of its input.
     */
    @Test
    void automaticModeOverBoundedSourcesCommitsAtTheEndOfTheInput() throws Exception {
        StreamExecutionEnvironment env = environment(RuntimeExecutionMode.AUTOMATIC);
        SinkTables.sink(SinkTables.table(dir)).attachTo(SinkTables.sequence(env, 10, 2));

        assertThat(whenCommitted(env)).isEqualTo(AT_THE_END_OF_THE_INPUT);
    }

    /** A DataStream job declared to run in batch mode commits on the JobManager. */
    @Test
    void aBatchJobCommitsOnTheJobManager() throws Exception {
        StreamExecutionEnvironment env = environment(RuntimeExecutionMode.BATCH);
        SinkTables.sink(SinkTables.table(dir)).attachTo(SinkTables.sequence(env, 10, 2));

        assertThat(whenCommitted(env)).isEqualTo(ON_THE_JOBMANAGER);
    }

    private static StreamExecutionEnvironment environment(RuntimeExecutionMode mode) {
        Configuration conf = new Configuration();
        conf.set(ExecutionOptions.RUNTIME_MODE, mode);
        return StreamExecutionEnvironment.getExecutionEnvironment(conf);
    }

    /**
     * Builds the job graph of {@code env}, runs its format-table committer in a task of that job
     * and says when a staged file reaching it is published.
     */
    private String whenCommitted(StreamExecutionEnvironment env) throws Exception {
        StreamGraph graph = env.getStreamGraph();
        JobGraph job = graph.getJobGraph();
        for (StreamNode node : graph.getStreamNodes()) {
            StreamOperatorFactory<?> factory = node.getOperatorFactory();
            if (factory instanceof OutputFormatOperatorFactory
                    && ((OutputFormatOperatorFactory<?, ?>) factory).getOutputFormat()
                            instanceof JobManagerCommitter) {
                return ON_THE_JOBMANAGER;
            }
            if (factory instanceof RunModeCommitterOperatorFactory) {
                @SuppressWarnings("unchecked")
                RunModeCommitterOperatorFactory<FormatTableCommittable> committer =
                        (RunModeCommitterOperatorFactory<FormatTableCommittable>) factory;
                return whenCommitted(committer, job);
            }
        }
        throw new AssertionError("No format-table committer in " + graph.getStreamNodes());
    }

    private String whenCommitted(
            RunModeCommitterOperatorFactory<FormatTableCommittable> committer, JobGraph job)
            throws Exception {
        FormatTable table = SinkTables.table(dir);
        FormatTableCommittable staged = SinkTables.stage(table, "job", row(1, "a"));
        try (OneInputStreamOperatorTestHarness<
                        CommittableMessage<FormatTableCommittable>,
                        CommittableMessage<FormatTableCommittable>>
                harness =
                        CommittableOutputs.of(
                                HarnessJobs.applyJob(
                                        new OneInputStreamOperatorTestHarness<>(
                                                committer, TaskEnvironments.of(job))))) {
            harness.open();
            harness.processElement(new StreamRecord<>(new CommittableSummary<>(0, 1, 1L, 1, 0, 0)));
            harness.processElement(new StreamRecord<>(new CommittableWithLineage<>(staged, 1L, 0)));
            harness.endInput();
            if (!SinkTables.rows(table).isEmpty()) {
                return AT_THE_END_OF_THE_INPUT;
            }
            harness.notifyOfCompletedCheckpoint(1L);
            assertThat(SinkTables.rows(table)).as("published by checkpoint 1").isNotEmpty();
            return AT_CHECKPOINTS;
        }
    }
}
