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
import dev.formattable.flink.config.CompactionSettings;
import dev.formattable.flink.config.PartitionCommitSettings;
import dev.formattable.flink.internal.ChainingWriterOperatorFactory;
import dev.formattable.flink.internal.EndingInputs;
import dev.formattable.flink.internal.RunModeCommitterOperatorFactory;
import dev.formattable.flink.internal.RunningJob;
import dev.formattable.flink.internal.SinkLineage;
import dev.formattable.flink.sink.committable.FormatTableCommittable;
import dev.formattable.flink.sink.committable.FormatTableCommittableSerializer;
import dev.formattable.flink.sink.committer.CommittableAggregator;
import dev.formattable.flink.sink.committer.JobManagerCommitter;
import dev.formattable.flink.sink.compaction.CompactingOperator;
import dev.formattable.flink.sink.compaction.CompactionSplitter;
import dev.formattable.flink.sink.partition.PartitionCommitOperator;

import org.apache.flink.annotation.Internal;
import org.apache.flink.api.common.RuntimeExecutionMode;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.dag.Transformation;
import org.apache.flink.configuration.ExecutionOptions;
import org.apache.flink.streaming.api.connector.sink2.CommittableMessage;
import org.apache.flink.streaming.api.connector.sink2.CommittableMessageTypeInfo;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.datastream.DataStreamSink;
import org.apache.flink.streaming.api.datastream.SingleOutputStreamOperator;
import org.apache.flink.streaming.api.functions.sink.v2.DiscardingSink;
import org.apache.flink.streaming.api.operators.ChainingStrategy;
import org.apache.flink.streaming.api.transformations.PartitionTransformation;
import org.apache.flink.streaming.api.transformations.PhysicalTransformation;
import org.apache.flink.table.data.RowData;

import java.util.Optional;
import java.util.function.Function;

/**
 * The operators of a {@link FormatTableSink}, laid out by hand rather than by Flink's Sink V2
 * translator: the writer chained to its input (whatever the source, see {@link
 * ChainingWriterOperatorFactory}), then one task that gathers every writer's committables and
 * commits them. A batch job on a file system whose renames are cheap commits on the JobManager
 * instead ({@link JobManagerCommitter}): the writers are then the only tasks.
 *
 * <p>The writer takes the input's parallelism, configured or not, so it always chains; an explicit
 * parallelism is marked as configured, so the adaptive batch scheduler keeps it. The aggregator and
 * the committer run chained in one task of parallelism 1: one vertex after the writers, not two.
 * Flink's own Writer and Committer operators do the work, so checkpoints, recovery and the commit
 * after a restore behave as with {@code sinkTo}.
 */
@Internal
public final class FormatTableSinkTopology {

    private FormatTableSinkTopology() {}

    /**
     * Whether the job runs in batch mode and takes checkpoints is left to the operators, which
     * learn it when they start (see {@link RunningJob}); only the JobManager commit, which takes
     * other operators, is chosen here, and only for a job declared to run in batch mode.
     *
     * @param parallelism the writers' parallelism, or null for the input's
     * @param uids the uid of each operator by its short name ("writer", "committer", ...), if any
     */
    public static DataStreamSink<?> attach(
            FormatTableSink sink,
            DataStream<RowData> rows,
            Integer parallelism,
            Function<String, Optional<String>> uids) {
        TypeInformation<CommittableMessage<FormatTableCommittable>> type =
                CommittableMessageTypeInfo.of(FormatTableCommittableSerializer::new);
        SingleOutputStreamOperator<CommittableMessage<FormatTableCommittable>> written =
                rows.transform(
                        "format-table writer", type, new ChainingWriterOperatorFactory<>(sink));
        Transformation<RowData> input = rows.getTransformation();
        if (parallelism != null) {
            written.setParallelism(parallelism);
        } else {
            written.getTransformation()
                    .setParallelism(input.getParallelism(), input.isParallelismConfigured());
        }
        uids.apply("writer").ifPresent(written::uid);

        if (commitsOnJobManager(sink, rows)) {
            // Each writer leaves its committables beside it; the JobManager commits them all
            // once every task has finished. Only where the job is sure to run in batch mode: in
            // streaming mode, committables would wait for the end of the job and be lost on a
            // failover.
            DataStreamSink<CommittableMessage<FormatTableCommittable>> end =
                    written.writeUsingOutputFormat(sink.jobManagerCommitter())
                            .name("format-table commit spool");
            end.getTransformation()
                    .setParallelism(
                            written.getParallelism(),
                            written.getTransformation().isParallelismConfigured());
            uids.apply("commit-spool").ifPresent(end::uid);
            SinkLineage.name(end, sink.getLineageVertex());
            return end;
        }

        DataStream<CommittableMessage<FormatTableCommittable>> gathered = written.global();
        disableUnalignedCheckpoints(gathered);
        SingleOutputStreamOperator<CommittableMessage<FormatTableCommittable>> aggregated =
                aggregate(gathered, sink, !EndingInputs.ends(rows.getTransformation()));
        uids.apply("committable-aggregator").ifPresent(aggregated::uid);
        if (compacts(sink, rows)) {
            aggregated = compact(sink, aggregated, written.getParallelism(), uids);
        }

        SingleOutputStreamOperator<CommittableMessage<FormatTableCommittable>> committed =
                aggregated
                        .transform(
                                "format-table committer",
                                type,
                                new RunModeCommitterOperatorFactory<>(
                                        CommitterOnly.committersOf(sink)))
                        .setParallelism(1)
                        .setMaxParallelism(1);
        uids.apply("committer").ifPresent(committed::uid);

        Optional<DataStreamSink<Void>> partitionCommit =
                attachPartitionCommit(sink, committed, uids);
        if (partitionCommit.isPresent()) {
            SinkLineage.name(partitionCommit.get(), sink.getLineageVertex());
            return partitionCommit.get();
        }
        // Without a partition commit, the committer hands nothing on (see
        // CommitterOnly); the end only closes the graph.
        DataStreamSink<CommittableMessage<FormatTableCommittable>> end =
                committed.sinkTo(new DiscardingSink<>()).name("format-table end");
        end.setParallelism(1);
        uids.apply("end").ifPresent(end::uid);
        SinkLineage.name(end, sink.getLineageVertex());
        return end;
    }

    /**
     * Compaction before publish: the checkpoint's committable is cut into units, which compactors
     * merge in parallel, and gathered again into one committable per checkpoint, all before the
     * checkpoint's barrier reaches the committer (see {@link CompactingOperator}).
     */
    static SingleOutputStreamOperator<CommittableMessage<FormatTableCommittable>> compact(
            FormatTableSink sink,
            SingleOutputStreamOperator<CommittableMessage<FormatTableCommittable>> aggregated,
            int writers,
            Function<String, Optional<String>> uids) {
        TypeInformation<CommittableMessage<FormatTableCommittable>> type = aggregated.getType();
        CompactionSettings settings = sink.compaction();
        SingleOutputStreamOperator<CommittableMessage<FormatTableCommittable>> split =
                chainable(
                        aggregated
                                .transform(
                                        "format-table compaction planner",
                                        type,
                                        new CompactionSplitter(settings.fileSize()))
                                .setParallelism(1)
                                .setMaxParallelism(1));
        uids.apply("compaction-planner").ifPresent(split::uid);
        DataStream<CommittableMessage<FormatTableCommittable>> units = split.rebalance();
        disableUnalignedCheckpoints(units);
        SingleOutputStreamOperator<CommittableMessage<FormatTableCommittable>> compacted =
                chainable(
                        units.transform(
                                        "format-table compactor",
                                        type,
                                        new CompactingOperator(
                                                sink.table(),
                                                sink.rowType(),
                                                settings,
                                                sink.sinkId()))
                                .setParallelism(
                                        settings.parallelism() == null
                                                ? writers
                                                : settings.parallelism()));
        uids.apply("compactor").ifPresent(compacted::uid);
        DataStream<CommittableMessage<FormatTableCommittable>> gathered = compacted.global();
        disableUnalignedCheckpoints(gathered);
        SingleOutputStreamOperator<CommittableMessage<FormatTableCommittable>> merged =
                aggregate(gathered, sink, false);
        uids.apply("compaction-aggregator").ifPresent(merged::uid);
        return merged;
    }

    /**
     * The one task that merges every writer's committables per checkpoint.
     *
     * @param unboundedInput whether the sink's input is unbounded: the job must then take
     *     checkpoints, which the aggregator checks when it starts
     */
    static SingleOutputStreamOperator<CommittableMessage<FormatTableCommittable>> aggregate(
            DataStream<CommittableMessage<FormatTableCommittable>> gathered,
            FormatTableSink sink,
            boolean unboundedInput) {
        return chainable(
                gathered.transform(
                                "format-table committable aggregator",
                                CommittableMessageTypeInfo.of(
                                        FormatTableCommittableSerializer::new),
                                new CommittableAggregator(
                                        sink.table().location().toString(), unboundedInput))
                        .setParallelism(1)
                        .setMaxParallelism(1));
    }

    /**
     * Lets one of our operators chain to its input. Flink 2 chains an operator by default; Flink
     * 1.20 starts a new task at every operator that does not ask to be chained.
     */
    static <T> SingleOutputStreamOperator<T> chainable(SingleOutputStreamOperator<T> operator) {
        ((PhysicalTransformation<T>) operator.getTransformation())
                .setChainingStrategy(ChainingStrategy.ALWAYS);
        return operator;
    }

    /**
     * As Flink's translator does: a committable must reach the committer before the barrier of its
     * checkpoint, so it may not be stored in a checkpoint as in-flight data.
     */
    private static void disableUnalignedCheckpoints(DataStream<?> exchanged) {
        ((PartitionTransformation<?>) exchanged.getTransformation())
                .getPartitioner()
                .disableUnalignedCheckpoints();
    }

    /**
     * When the sink commits partitions, the task that does so after the committer, which hands it
     * what it published (see {@link PartitionCommitOperator}).
     */
    static Optional<DataStreamSink<Void>> attachPartitionCommit(
            FormatTableSink sink,
            DataStream<CommittableMessage<FormatTableCommittable>> published,
            Function<String, Optional<String>> uids) {
        Optional<PartitionCommitSettings> settings = sink.partitionCommit();
        if (settings.isEmpty()) {
            return Optional.empty();
        }
        // The committer's parallelism, so that it chains: under sinkTo, Flink's translator
        // gives the committer the job's parallelism, and every committable reaches its first
        // subtask; the others receive nothing and commit nothing.
        Transformation<?> committer = published.getTransformation();
        SingleOutputStreamOperator<Void> committed =
                chainable(
                        published.transform(
                                "format-table partition commit",
                                Types.VOID,
                                new PartitionCommitOperator(sink.table(), settings.get())));
        committed
                .getTransformation()
                .setParallelism(committer.getParallelism(), committer.isParallelismConfigured());
        if (committer.getMaxParallelism() > 0) {
            committed.setMaxParallelism(committer.getMaxParallelism());
        }
        // Chained to the committer: behind an exchange, the files the committer publishes at the
        // final checkpoint would arrive after the end of this task's input, and be dropped.
        uids.apply("partition-commit").ifPresent(committed::uid);
        DataStreamSink<Void> end =
                committed.sinkTo(new DiscardingSink<>()).name("format-table end");
        end.getTransformation()
                .setParallelism(committer.getParallelism(), committer.isParallelismConfigured());
        uids.apply("end").ifPresent(end::uid);
        return Optional.of(end);
    }

    /**
     * Whether the sink merges small files before publishing them: when asked to, in a job that runs
     * in streaming mode, as far as the sink's input shows (a batch job finishes each file at its
     * target size or at the end of its input; no checkpoint cuts one short).
     */
    static boolean compacts(FormatTableSink sink, DataStream<?> input) {
        return sink.compaction().enabled() && !runsInBatch(input);
    }

    /**
     * Whether the sink's files are committed on the JobManager ({@link JobManagerCommitter}) rather
     * than in a committer task: in a job declared to run in batch mode, where a rename only changes
     * metadata, so the commit is quick enough for the JobManager's main thread. On an object store,
     * where each rename copies a file, a committer task commits.
     */
    static boolean commitsOnJobManager(FormatTableSink sink, DataStream<?> rows) {
        FormatTable table = sink.table();
        return declaredBatch(rows) && table.fileIO().renamesInPlace(table.qualifiedLocation());
    }

    /** Whether the job holding {@code rows} is declared to run in batch mode. */
    static boolean declaredBatch(DataStream<?> rows) {
        return runtimeMode(rows) == RuntimeExecutionMode.BATCH;
    }

    /**
     * Whether a job holding {@code rows} runs in batch mode, as far as {@code rows} shows: as its
     * runtime mode says, or, for {@code AUTOMATIC}, when every source upstream of {@code rows} is
     * bounded (Flink's own rule, applied to this sink's input; another unbounded source in the job
     * would still make it a streaming job). Good enough to decide on compaction, not on how to
     * commit.
     */
    static boolean runsInBatch(DataStream<?> rows) {
        RuntimeExecutionMode mode = runtimeMode(rows);
        if (mode != RuntimeExecutionMode.AUTOMATIC) {
            return mode == RuntimeExecutionMode.BATCH;
        }
        return EndingInputs.allBounded(rows.getTransformation());
    }

    private static RuntimeExecutionMode runtimeMode(DataStream<?> rows) {
        return rows.getExecutionEnvironment().getConfiguration().get(ExecutionOptions.RUNTIME_MODE);
    }
}
