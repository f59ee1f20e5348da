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
import dev.formattable.core.commit.PartitionExpiration;
import dev.formattable.flink.config.CompactionSettings;
import dev.formattable.flink.config.PartitionCommitSettings;
import dev.formattable.flink.config.TimeRolling;
import dev.formattable.flink.format.FormatFactories;
import dev.formattable.flink.format.line.LineFormat;
import dev.formattable.flink.internal.EndingInputs;
import dev.formattable.flink.internal.FlinkLineSink;
import dev.formattable.flink.lineage.TableLineage;
import dev.formattable.flink.sink.committable.FormatTableCommittable;
import dev.formattable.flink.sink.committable.FormatTableCommittableSerializer;
import dev.formattable.flink.sink.committable.StagingToken;
import dev.formattable.flink.sink.committer.CommitterMetrics;
import dev.formattable.flink.sink.committer.FormatTableCommitter;
import dev.formattable.flink.sink.committer.JobManagerCommitter;
import dev.formattable.flink.sink.merge.FileMerger;
import dev.formattable.flink.sink.partition.PartitionTrigger;
import dev.formattable.flink.sink.writer.DataColumns;
import dev.formattable.flink.sink.writer.FormatTableSinkWriter;
import dev.formattable.flink.sink.writer.FormatTableWriterState;
import dev.formattable.flink.sink.writer.FormatTableWriterStateSerializer;
import dev.formattable.flink.sink.writer.Holding;

import org.apache.flink.annotation.Internal;
import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.api.common.serialization.BulkWriter;
import org.apache.flink.api.connector.sink2.Committer;
import org.apache.flink.api.connector.sink2.CommitterInitContext;
import org.apache.flink.api.connector.sink2.SupportsCommitter;
import org.apache.flink.api.connector.sink2.SupportsWriterState;
import org.apache.flink.api.connector.sink2.WriterInitContext;
import org.apache.flink.core.io.SimpleVersionedSerializer;
import org.apache.flink.metrics.MetricGroup;
import org.apache.flink.streaming.api.connector.sink2.CommittableMessage;
import org.apache.flink.streaming.api.connector.sink2.SupportsPostCommitTopology;
import org.apache.flink.streaming.api.connector.sink2.SupportsPreCommitTopology;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.datastream.DataStreamSink;
import org.apache.flink.streaming.api.datastream.SingleOutputStreamOperator;
import org.apache.flink.streaming.api.lineage.LineageVertex;
import org.apache.flink.streaming.api.lineage.LineageVertexProvider;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;

import javax.annotation.Nullable;

import java.io.IOException;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * The Sink V2 of a format table. Writers stage files through the core; one aggregator (parallelism
 * 1) merges the committables of every writer per checkpoint; the committer publishes them with one
 * core commit, an append or an overwrite.
 *
 * <p>The SQL connector builds it for INSERT INTO and INSERT OVERWRITE; DataStream programs build it
 * with {@link #forRowData}.
 */
@PublicEvolving
public final class FormatTableSink extends FlinkLineSink<RowData>
        implements SupportsWriterState<RowData, FormatTableWriterState>,
                SupportsCommitter<FormatTableCommittable>,
                SupportsPreCommitTopology<FormatTableCommittable, FormatTableCommittable>,
                SupportsPostCommitTopology<FormatTableCommittable>,
                LineageVertexProvider {

    private static final long serialVersionUID = 1L;

    private final FormatTable table;
    private final RowType rowType;
    private final boolean overwrite;
    private final LinkedHashMap<String, String> staticPartition;
    private final boolean inputGroupedByPartition;
    @Nullable private final PartitionCommitSettings partitionCommit;
    private final CompactionSettings compaction;
    private final boolean enforceNotNull;

    /** The line formats' rolling by time, or null for parquet and orc. */
    @Nullable private final TimeRolling timeRolling;

    /**
     * Tells this sink's staged files from those of other sinks of the same job writing to the same
     * table; fixed when the sink is built. Staging tokens are {@code <job id>-<sink id>-...}.
     */
    private final String sinkId = UUID.randomUUID().toString().substring(0, 8);

    /**
     * Starts building a sink that appends to the table at {@code path} whose columns are the fields
     * of {@code rowType}, in order (partition columns included).
     */
    public static FormatTableSinkBuilder forRowData(String path, RowType rowType) {
        return new FormatTableSinkBuilder(path, rowType);
    }

    /**
     * Starts building a sink over a table already opened: what the DataStream builder, the SQL
     * connector and tests build their sinks with.
     *
     * @param rowType the type of the rows the sink receives: every column of the table in order
     */
    @Internal
    public static Builder builder(FormatTable table, RowType rowType) {
        return new Builder(table, rowType);
    }

    private FormatTableSink(Builder b) {
        this.table = b.table;
        this.rowType = b.rowType;
        this.overwrite = b.overwrite;
        this.staticPartition = new LinkedHashMap<>(b.staticPartition);
        this.inputGroupedByPartition = b.inputGroupedByPartition;
        this.partitionCommit = b.partitionCommit;
        this.compaction = b.compaction;
        this.enforceNotNull = b.enforceNotNull;
        LineFormat.check(table.options(), DataColumns.of(rowType, table.layout().keys()).type());
        if (compaction.acrossCheckpoints() && partitionCommit == null) {
            throw new IllegalArgumentException(
                    "Compaction across checkpoints holds files until the partition commit trigger"
                            + " finds their partition ready; give the sink its partition commit"
                            + " settings");
        }
        if (table.options().partitionExpirationTime().isPresent()) {
            // Refused when the job is built, not when its committer first commits.
            new PartitionExpiration(table).validate();
        }
        this.timeRolling =
                table.options().format().lineBased()
                        ? TimeRolling.of(table.options().options().toMap())
                        : null;
    }

    /** Builds a {@link FormatTableSink} over an open table; an appending sink by default. */
    @Internal
    public static final class Builder {
        private final FormatTable table;
        private final RowType rowType;
        private boolean overwrite;
        private Map<String, String> staticPartition = Map.of();
        private boolean inputGroupedByPartition;
        @Nullable private PartitionCommitSettings partitionCommit;
        private CompactionSettings compaction = CompactionSettings.disabled();
        private boolean enforceNotNull;

        private Builder(FormatTable table, RowType rowType) {
            this.table = table;
            this.rowType = rowType;
        }

        /**
         * Replaces data instead of appending (see the core's overwrite): the partition given, as
         * text in key order, or every partition written to when it is empty.
         */
        public Builder overwrite(Map<String, String> staticPartition) {
            this.overwrite = true;
            this.staticPartition = staticPartition;
            return this;
        }

        /** The input arrives one partition after another, so a writer keeps one file open. */
        public Builder inputGroupedByPartition(boolean grouped) {
            this.inputGroupedByPartition = grouped;
            return this;
        }

        /**
         * Commits partitions after their files are published, as the settings say (see {@code
         * docs/streaming.md}); by default no partition is committed.
         */
        public Builder partitionCommit(PartitionCommitSettings settings) {
            this.partitionCommit = settings;
            return this;
        }

        /**
         * Merges the small files of each checkpoint of a streaming job before publishing them, as
         * the settings say; by default nothing is merged.
         */
        public Builder compaction(CompactionSettings settings) {
            this.compaction = settings;
            return this;
        }

        /**
         * Refuses rows holding NULL in a NOT NULL column of the row type, for jobs without a
         * planner that enforces it (SQL's enforces it before the sink, as the user's setting says).
         */
        public Builder enforceNotNull() {
            this.enforceNotNull = true;
            return this;
        }

        public FormatTableSink build() {
            return new FormatTableSink(this);
        }
    }

    @Override
    public FormatTableSinkWriter createWriter(WriterInitContext context) throws IOException {
        return restoreWriter(context, List.of());
    }

    @Override
    public FormatTableSinkWriter restoreWriter(
            WriterInitContext context, Collection<FormatTableWriterState> recoveredState)
            throws IOException {
        FormatTableSinkWriter writer =
                newWriter(
                        new FormatTableSinkWriter.Attempt(
                                jobToken(context.getJobInfo().getJobId().toHexString()),
                                context.getTaskInfo().getIndexOfThisSubtask(),
                                context.getTaskInfo().getAttemptNumber(),
                                context.getRestoredCheckpointId(),
                                recoveredState),
                        context.metricGroup(),
                        context.getUserCodeClassLoader().asClassLoader());
        writer.useTimers(context.getProcessingTimeService());
        return writer;
    }

    /** The table this sink writes, as Flink's lineage API sees it (see {@link TableLineage}). */
    @Override
    public LineageVertex getLineageVertex() {
        return TableLineage.sink(table);
    }

    CompactionSettings compaction() {
        return compaction;
    }

    RowType rowType() {
        return rowType;
    }

    String sinkId() {
        return sinkId;
    }

    /** The partition commit, if the sink commits partitions. */
    Optional<PartitionCommitSettings> partitionCommit() {
        return Optional.ofNullable(partitionCommit).filter(PartitionCommitSettings::enabled);
    }

    FormatTable table() {
        return table;
    }

    /** How this sink's staging tokens and commit ids begin: {@code <job id>-<sink id>}. */
    private String jobToken(String jobId) {
        return StagingToken.jobToken(jobId, sinkId);
    }

    /** The commit on the JobManager, with the writers' spool before it. */
    JobManagerCommitter jobManagerCommitter() {
        return new JobManagerCommitter(
                table, overwrite, staticPartition, sinkId, partitionCommit().orElse(null));
    }

    @Override
    public SimpleVersionedSerializer<FormatTableWriterState> getWriterStateSerializer() {
        return FormatTableWriterStateSerializer.INSTANCE;
    }

    private FormatTableSinkWriter newWriter(
            FormatTableSinkWriter.Attempt attempt, MetricGroup metrics, ClassLoader classLoader)
            throws IOException {
        List<String> keys = table.layout().keys();
        int[] partitionPositions = new int[keys.size()];
        LogicalType[] partitionTypes = new LogicalType[keys.size()];
        for (int i = 0; i < keys.size(); i++) {
            partitionPositions[i] = rowType.getFieldIndex(keys.get(i));
            partitionTypes[i] = rowType.getTypeAt(partitionPositions[i]);
        }
        DataColumns data = DataColumns.of(rowType, keys);
        BulkWriter.Factory<RowData> files = FormatFactories.writer(table.options(), data.type());
        return new FormatTableSinkWriter(
                table,
                enforceNotNull ? NotNullColumns.enforce(files, data.type()) : files,
                partitionPositions,
                partitionTypes,
                data.positions(),
                inputGroupedByPartition,
                compaction.enabled(),
                timeRolling,
                compaction.acrossCheckpoints() ? holding(data, files, classLoader) : null,
                attempt,
                metrics);
    }

    /** How a writer holds files across checkpoints, merging them with its own file format. */
    private Holding holding(
            DataColumns data, BulkWriter.Factory<RowData> files, ClassLoader classLoader) {
        return new Holding(
                PartitionTrigger.of(table, partitionCommit, classLoader),
                FileMerger.of(
                        table, rowType, data.positions(), FormatTableSinkWriter.adapt(files), true),
                compaction.fileSize());
    }

    @Override
    public Committer<FormatTableCommittable> createCommitter(CommitterInitContext context) {
        return new FormatTableCommitter(
                table,
                overwrite,
                staticPartition,
                new CommitterMetrics(context.metricGroup()),
                jobToken(context.getJobInfo().getJobId().toHexString()),
                context.getRestoredCheckpointId().isPresent()
                        || context.getTaskInfo().getAttemptNumber() > 0,
                compaction.acrossCheckpoints());
    }

    @Override
    public SimpleVersionedSerializer<FormatTableCommittable> getCommittableSerializer() {
        return FormatTableCommittableSerializer.INSTANCE;
    }

    @Override
    public DataStream<CommittableMessage<FormatTableCommittable>> addPreCommitTopology(
            DataStream<CommittableMessage<FormatTableCommittable>> committables) {
        SingleOutputStreamOperator<CommittableMessage<FormatTableCommittable>> aggregated =
                FormatTableSinkTopology.aggregate(
                        committables.global(),
                        this,
                        !EndingInputs.ends(committables.getTransformation()));
        if (FormatTableSinkTopology.compacts(this, committables)) {
            aggregated =
                    FormatTableSinkTopology.compact(
                            this,
                            aggregated,
                            committables.getParallelism(),
                            name -> Optional.empty());
        }
        return aggregated.global();
    }

    /**
     * Attaches this sink to {@code rows}, as {@code rows.sinkTo(sink)} does, with the writers
     * chained to their input whatever the source, a legacy {@code SourceFunction} included (which
     * {@code sinkTo} cannot chain), and the writers' parallelism that of {@code rows}. The SQL
     * connector attaches its sink this way.
     *
     * <p>The operators learn whether the job takes checkpoints when they start, so checkpointing
     * may be enabled before or after this call. A batch job on a file system whose renames are
     * cheap commits on the JobManager only if its runtime mode is set to {@code BATCH}; in {@code
     * AUTOMATIC} mode one committer task commits, as in a streaming job.
     */
    public DataStreamSink<?> attachTo(DataStream<RowData> rows) {
        return FormatTableSinkTopology.attach(this, rows, null, name -> Optional.empty());
    }

    /**
     * For {@code sinkTo}: the partition commit after the committer, when the sink commits
     * partitions.
     */
    @Override
    public void addPostCommitTopology(
            DataStream<CommittableMessage<FormatTableCommittable>> committables) {
        FormatTableSinkTopology.attachPartitionCommit(this, committables, name -> Optional.empty());
    }

    @Override
    public SimpleVersionedSerializer<FormatTableCommittable> getWriteResultSerializer() {
        return FormatTableCommittableSerializer.INSTANCE;
    }
}
