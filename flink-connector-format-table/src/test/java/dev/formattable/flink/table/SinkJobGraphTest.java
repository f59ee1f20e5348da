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

import dev.formattable.core.FormatTable;
import dev.formattable.core.fs.FaultInjectingFileIO;
import dev.formattable.flink.fs.FlinkFileIO;
import dev.formattable.flink.sink.FormatTableSink;
import dev.formattable.flink.testutils.LegacyFunctions;
import dev.formattable.flink.testutils.SinkTables;

import org.apache.flink.api.common.RuntimeExecutionMode;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.ExecutionOptions;
import org.apache.flink.runtime.jobgraph.InputOutputFormatVertex;
import org.apache.flink.runtime.jobgraph.JobEdge;
import org.apache.flink.runtime.jobgraph.JobVertex;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.api.bridge.java.StreamStatementSet;
import org.apache.flink.table.api.bridge.java.StreamTableEnvironment;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.runtime.typeutils.InternalTypeInfo;
import org.apache.flink.table.types.logical.RowType;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The job graph of a write, without running it: the writers share a task with whatever produces
 * their rows (the legacy {@code SourceFunction} of SQL {@code datagen} included), and the
 * aggregator and committer share one task after them in a streaming job; a batch job on a file
 * system whose renames are cheap commits on the JobManager, with no task after the writers. Before,
 * Flink's translator put the writer behind a serializing exchange of its own, blocking in batch,
 * and the committer in a task of its own.
 */
class SinkJobGraphTest {

    private static final RowType ROW =
            (RowType)
                    DataTypes.ROW(
                                    DataTypes.FIELD("id", DataTypes.BIGINT()),
                                    DataTypes.FIELD("p", DataTypes.INT()))
                            .getLogicalType();

    /** The writers' spool for the commit on the JobManager, chained to each writer. */
    private static final String SPOOL = "Sink: format-table commit spool";

    /** The task that gathers the committables and commits them. */
    private static final String COMMITTER =
            "format-table committable aggregator -> format-table committer"
                    + " -> format-table end: Writer";

    @TempDir Path dir;

    @ParameterizedTest(name = "{0}")
    @EnumSource(RuntimeExecutionMode.class)
    void writersChainToSqlDatagen(RuntimeExecutionMode mode) {
        if (mode == RuntimeExecutionMode.AUTOMATIC) {
            return; // SQL runs either in batch or in streaming mode
        }
        List<JobVertex> vertices = jobGraph(mode, "gen", "");

        if (mode == RuntimeExecutionMode.BATCH) {
            // The planner sorts the rows by partition (chained, too); the JobManager commits.
            assertThat(names(vertices))
                    .containsExactly("Source: gen -> Sort -> format-table writer -> " + SPOOL);
            assertThat(vertices.get(0)).isInstanceOf(InputOutputFormatVertex.class);
        } else {
            assertThat(names(vertices))
                    .containsExactly("Source: gen -> format-table writer", COMMITTER);
            assertThat(vertices.get(1).getParallelism()).isEqualTo(1);
        }
    }

    /**
     * The partition commit runs in the committer's task, on every Flink line: behind an exchange,
     * the files the committer publishes at the final checkpoint would reach it after the end of its
     * input, and their partitions would never be committed.
     */
    @Test
    void thePartitionCommitChainsToTheCommitter() {
        List<JobVertex> vertices =
                jobGraph(
                        RuntimeExecutionMode.STREAMING,
                        "gen",
                        ", 'sink.partition-commit.policy.kind'='success-file'");

        assertThat(names(vertices))
                .containsExactly(
                        "Source: gen -> format-table writer",
                        "format-table committable aggregator -> format-table committer"
                                + " -> format-table partition commit -> format-table end: Writer");
    }

    @Test
    void writersChainToAFormatTableSourceInBatch() {
        assertThat(names(jobGraph(RuntimeExecutionMode.BATCH, "src", "")))
                .containsExactly("Source: src -> Sort -> format-table writer -> " + SPOOL);
    }

    @Test
    void sinkParallelismIsKeptAndMarkedAsConfigured() {
        List<JobVertex> vertices =
                jobGraph(RuntimeExecutionMode.BATCH, "gen", ", 'sink.parallelism'='3'");

        assertThat(names(vertices))
                .containsExactly("Source: gen -> Sort", "format-table writer -> " + SPOOL);
        JobVertex writer = vertices.get(1);
        assertThat(writer.getParallelism()).isEqualTo(3);
        assertThat(writer.isParallelismConfigured()).isTrue();
    }

    @Test
    void aSinkParallelismEqualToTheInputsStillChains() {
        List<JobVertex> vertices =
                jobGraph(RuntimeExecutionMode.STREAMING, "gen", ", 'sink.parallelism'='2'");

        assertThat(names(vertices)).hasSize(2).first().asString().endsWith("format-table writer");
        assertThat(vertices.get(0).getParallelism()).isEqualTo(2);
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(
            value = RuntimeExecutionMode.class,
            names = {"BATCH", "STREAMING"})
    void shuffleByPartitionHashesOnceBeforeTheWriters(RuntimeExecutionMode mode) {
        List<JobVertex> vertices =
                jobGraph(mode, "gen", ", 'sink.shuffle-by-partition.enable'='true'");

        // The planner itself hashes by the partition keys for this key, the filesystem
        // connector's; the sink adds no second exchange, and the writer chains to the sort.
        if (mode == RuntimeExecutionMode.BATCH) {
            assertThat(names(vertices))
                    .containsExactly("Source: gen", "Sort -> format-table writer -> " + SPOOL);
        } else {
            assertThat(names(vertices))
                    .containsExactly("Source: gen", "format-table writer", COMMITTER);
        }
        assertThat(vertices.get(1).getInputs())
                .extracting(JobEdge::getShipStrategyName)
                .singleElement()
                .asString()
                .startsWith("HASH");
    }

    @Test
    void shuffleByPartitionHashesAgainForWritersOfAnotherParallelism() {
        // In batch the planner hashes into its sort, at the input's parallelism; the writers,
        // three of them, need rows hashed again.
        List<JobVertex> vertices =
                jobGraph(
                        RuntimeExecutionMode.BATCH,
                        "gen",
                        ", 'sink.shuffle-by-partition.enable'='true', 'sink.parallelism'='3'");

        assertThat(names(vertices)).element(2).isEqualTo("format-table writer -> " + SPOOL);
        assertThat(vertices.get(2).getParallelism()).isEqualTo(3);
        assertThat(vertices.get(2).getInputs())
                .extracting(JobEdge::getShipStrategyName)
                .containsExactly("HASH");
    }

    /** In a DataStream program, {@code attachTo} chains where {@code sinkTo} cannot. */
    @Test
    void attachToChainsBehindALegacySourceWhereSinkToCannot() {
        FormatTableSink sink =
                FormatTableSink.forRowData(dir.resolve("ds").toString(), ROW)
                        .partitionKeys("p")
                        .build();

        StreamExecutionEnvironment attached = env(RuntimeExecutionMode.STREAMING);
        sink.attachTo(LegacyFunctions.oneRowSource(attached, "rows", InternalTypeInfo.of(ROW)));
        StreamExecutionEnvironment sunk = env(RuntimeExecutionMode.STREAMING);
        LegacyFunctions.oneRowSource(sunk, "rows", InternalTypeInfo.of(ROW)).sinkTo(sink);

        assertThat(names(attached))
                .first()
                .asString()
                .isEqualTo("Source: rows -> format-table writer");
        assertThat(names(sunk)).first().asString().isEqualTo("Source: rows");
    }

    /**
     * Where each rename copies a file (an object store), the JobManager's main thread would copy
     * them all; a batch job then commits in a task after the writers, as a streaming one does.
     */
    @Test
    void aBatchWriteWhoseRenamesCopyCommitsInATask() throws Exception {
        FormatTable table =
                SinkTables.table(new FaultInjectingFileIO(new FlinkFileIO()), dir, Map.of());
        assertThat(table.fileIO().renamesInPlace(table.qualifiedLocation())).isFalse();
        FormatTableSink sink = FormatTableSink.builder(table, SinkTables.ROW_TYPE).build();

        StreamExecutionEnvironment env = env(RuntimeExecutionMode.BATCH);
        sink.attachTo(
                env.fromSequence(0, 9)
                        .map(id -> (RowData) GenericRowData.of((int) (long) id, null))
                        .returns(InternalTypeInfo.of(SinkTables.ROW_TYPE)));

        assertThat(names(env))
                .containsExactly(
                        "Source: Sequence Source -> Map -> format-table writer", COMMITTER);
    }

    private List<JobVertex> jobGraph(RuntimeExecutionMode mode, String from, String sinkOptions) {
        StreamExecutionEnvironment env = env(mode);
        StreamTableEnvironment tables = StreamTableEnvironment.create(env);
        tables.executeSql(
                "CREATE TEMPORARY TABLE gen (id BIGINT, p INT)"
                        + " WITH ('connector'='datagen', 'number-of-rows'='10')");
        tables.executeSql(
                "CREATE TEMPORARY TABLE src (id BIGINT, p INT) WITH ('connector'='format-table',"
                        + " 'path'='"
                        + dir.resolve("src")
                        + "')");
        tables.executeSql(
                "CREATE TEMPORARY TABLE t (id BIGINT, p INT) PARTITIONED BY (p) WITH"
                        + " ('connector'='format-table', 'path'='"
                        + dir.resolve("t")
                        + "'"
                        + sinkOptions
                        + ")");
        StreamStatementSet statements = tables.createStatementSet();
        statements.addInsertSql("INSERT INTO t SELECT * FROM " + from);
        statements.attachAsDataStream();
        return env.getStreamGraph().getJobGraph().getVerticesSortedTopologicallyFromSources();
    }

    private static StreamExecutionEnvironment env(RuntimeExecutionMode mode) {
        Configuration conf = new Configuration();
        conf.set(ExecutionOptions.RUNTIME_MODE, mode);
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(conf);
        env.setParallelism(2);
        if (mode == RuntimeExecutionMode.STREAMING) {
            env.enableCheckpointing(1000);
        }
        return env;
    }

    private static List<String> names(StreamExecutionEnvironment env) {
        return names(
                env.getStreamGraph().getJobGraph().getVerticesSortedTopologicallyFromSources());
    }

    private static List<String> names(List<JobVertex> vertices) {
        List<String> names = new ArrayList<>();
        // Without the planner's node ids ("Source: gen[3]").
        vertices.forEach(v -> names.add(v.getName().replaceAll("\\[\\d+\\]", "")));
        return names;
    }
}
