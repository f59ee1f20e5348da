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
package dev.formattable.flink.sink.writer;

import dev.formattable.core.FormatTable;
import dev.formattable.core.table.CommitMessage;
import dev.formattable.core.write.FormatTableWrite;
import dev.formattable.core.write.FormatWriter;
import dev.formattable.core.write.FormatWriterFactory;
import dev.formattable.core.write.SizeReporting;
import dev.formattable.flink.config.TimeRolling;
import dev.formattable.flink.fs.FlinkOutputStreams;
import dev.formattable.flink.sink.committable.FormatTableCommittable;
import dev.formattable.flink.sink.committable.StagingToken;
import dev.formattable.flink.types.FlinkTypes;

import org.apache.flink.annotation.Internal;
import org.apache.flink.api.common.eventtime.Watermark;
import org.apache.flink.api.common.operators.ProcessingTimeService;
import org.apache.flink.api.common.serialization.BulkWriter;
import org.apache.flink.api.connector.sink2.CommittingSinkWriter;
import org.apache.flink.api.connector.sink2.StatefulSinkWriter;
import org.apache.flink.metrics.Counter;
import org.apache.flink.metrics.Gauge;
import org.apache.flink.metrics.MetricGroup;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.utils.ProjectedRowData;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.types.RowKind;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import javax.annotation.Nullable;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.OptionalLong;
import java.util.Set;

/**
 * Writes rows into staged files through the core's {@link FormatTableWrite}, one open file per
 * partition (or one at a time when the input arrives grouped by partition, and at most {@code
 * write.max-open-files} in any case), and hands the prepared files to the committer at every
 * checkpoint and at the end of the input.
 *
 * <p>Staged files carry a token naming the job, subtask, attempt, this writer instance's random
 * generation and the checkpoint after which they were opened (see {@link StagingToken}). A restored
 * writer first removes what the writers whose states it restored staged that no committable will
 * ever publish.
 */
@Internal
public final class FormatTableSinkWriter
        implements CommittingSinkWriter<RowData, FormatTableCommittable>,
                StatefulSinkWriter<RowData, FormatTableWriterState> {

    private static final Logger LOG = LoggerFactory.getLogger(FormatTableSinkWriter.class);

    /** The gauge of the data files a writer has open now. */
    public static final String OPEN_FILES = "openDataFiles";

    /** The counter of data files a writer finished: rolled by size or time, or at a checkpoint. */
    public static final String FILES_ROLLED = "numDataFilesRolled";

    /** The counter of bytes in the data files a writer finished. */
    public static final String BYTES_WRITTEN = "numDataFileBytesWritten";

    /** The gauge of the finished files a writer holds back across checkpoints. */
    public static final String HELD_FILES = "heldDataFiles";

    /** The counter of held files a writer merged away while holding them. */
    public static final String HELD_FILES_MERGED = "numHeldFilesMerged";

    private final FormatTableWrite<RowData> write;
    private final int[] partitionPositions;
    private final LogicalType[] partitionTypes;
    private final ProjectedRowData dataRow;
    private final String stagingPrefix;
    // The token of the files opened (or merged) from now on.
    private String stagingToken;
    @Nullable private final TimeRolling timeRolling;
    private final HeldFiles held;
    private final Counter heldFilesMerged;
    private long watermark = Long.MIN_VALUE;
    @Nullable private ProcessingTimeService timers;
    private boolean closed;
    // Whether Flink told the writer its input ended: its next committable is its last.
    private boolean inputEnded;
    private boolean inputGroupedByPartition;
    private List<Object> lastPartition;
    // Partitions whose files were finished because the input moved on; only while grouped.
    private final Set<List<Object>> finished = new HashSet<>();
    // The partition directories of the files the last prepareCommit() found finished.
    private List<String> stagedDirectories = List.of();

    /** Where a writer runs, and what it restores. */
    public static final class Attempt {
        final String jobToken;
        final int subtask;
        final int attempt;
        final OptionalLong restoredCheckpoint;
        final Collection<FormatTableWriterState> restored;
        final String generation;

        /** An attempt whose writer gets a new random generation. */
        public Attempt(
                String jobToken,
                int subtask,
                int attempt,
                OptionalLong restoredCheckpoint,
                Collection<FormatTableWriterState> restored) {
            this(
                    jobToken,
                    subtask,
                    attempt,
                    restoredCheckpoint,
                    restored,
                    StagingToken.newGeneration());
        }

        private Attempt(
                String jobToken,
                int subtask,
                int attempt,
                OptionalLong restoredCheckpoint,
                Collection<FormatTableWriterState> restored,
                String generation) {
            this.jobToken = jobToken;
            this.subtask = subtask;
            this.attempt = attempt;
            this.restoredCheckpoint = restoredCheckpoint;
            this.restored = restored;
            this.generation = generation;
        }

        /** This attempt with the given generation (16 lowercase hex digits) instead. */
        public Attempt withGeneration(String generation) {
            return new Attempt(
                    jobToken, subtask, attempt, restoredCheckpoint, restored, generation);
        }

        /** A first attempt that restores nothing. */
        public static Attempt fresh(String jobToken) {
            return new Attempt(jobToken, 0, 0, OptionalLong.empty(), List.of());
        }
    }

    public FormatTableSinkWriter(
            FormatTable table,
            BulkWriter.Factory<RowData> bulkWriterFactory,
            int[] partitionPositions,
            LogicalType[] partitionTypes,
            int[] dataPositions,
            boolean inputGroupedByPartition,
            boolean compacted,
            @Nullable TimeRolling timeRolling,
            @Nullable Holding holding,
            Attempt attempt,
            MetricGroup metrics)
            throws IOException {
        Counter filesRolled = metrics.counter(FILES_ROLLED);
        Counter bytesWritten = metrics.counter(BYTES_WRITTEN);
        this.stagingPrefix =
                StagingToken.prefix(
                        attempt.jobToken, attempt.subtask, attempt.attempt, attempt.generation);
        this.stagingToken = StagingToken.token(stagingPrefix, attempt.restoredCheckpoint.orElse(0));
        FormatTableWrite.Builder<RowData> write =
                FormatTableWrite.builder(table, adapt(bulkWriterFactory))
                        .stagingToken(stagingToken)
                        .onFileFinished(
                                m -> {
                                    filesRolled.inc();
                                    bytesWritten.inc(m.fileSize());
                                });
        if (compacted) {
            // Compaction reads the files before they are published; a pending upload cannot be.
            write.stageForRename();
        }
        this.timeRolling = timeRolling;
        if (timeRolling != null) {
            write.rollByTime(
                    timeRolling.rolloverMillis(), timeRolling.inactivityMillis(), this::now);
        }
        if (!attempt.restored.isEmpty() || attempt.attempt > 0) {
            EarlierAttempts.sweep(table, attempt, stagingPrefix)
                    .ifPresent(write::sweepBeforeStaging);
        }
        this.write = write.build();
        metrics.gauge(OPEN_FILES, (Gauge<Integer>) this.write::openFiles);
        this.held = HeldFiles.restore(table, holding, attempt.restored);
        metrics.gauge(HELD_FILES, (Gauge<Integer>) held::files);
        this.heldFilesMerged = metrics.counter(HELD_FILES_MERGED);
        this.partitionPositions = partitionPositions;
        this.partitionTypes = partitionTypes;
        this.dataRow = ProjectedRowData.from(dataPositions);
        this.inputGroupedByPartition = inputGroupedByPartition;
    }

    /** The processing time: the task's timers once given, the wall clock before. */
    private long now() {
        return timers == null ? System.currentTimeMillis() : timers.getCurrentProcessingTime();
    }

    /** The core's writer factory over a Flink bulk writer factory (see {@link SizeReporting}). */
    public static FormatWriterFactory<RowData> adapt(BulkWriter.Factory<RowData> factory) {
        return out -> {
            BulkWriter<RowData> writer = factory.create(FlinkOutputStreams.toFlink(out));
            SizeReporting size = writer instanceof SizeReporting ? (SizeReporting) writer : null;
            return new FormatWriter<>() {
                @Override
                public long bufferedBytes() {
                    return size == null ? 0 : size.bufferedBytes();
                }

                @Override
                public void add(RowData record) throws IOException {
                    writer.addElement(record);
                }

                @Override
                public void finish() throws IOException {
                    writer.finish();
                }
            };
        };
    }

    @Override
    public void write(RowData row, Context context) throws IOException {
        if (row.getRowKind() != RowKind.INSERT) {
            throw new IllegalArgumentException(
                    "A format table only accepts inserts, but received a "
                            + row.getRowKind()
                            + " row");
        }
        List<Object> partition = partitionOf(row);
        if (inputGroupedByPartition && lastPartition != null && !partition.equals(lastPartition)) {
            if (finished.contains(partition)) {
                // The planner sorted the input, but it reached this writer interleaved (a writer
                // whose parallelism differs from the sort's reads several sorted streams). Closing
                // on every change would write a file per run of rows: keep files open instead.
                LOG.info(
                        "Writer {}: partition {} came back after its file was finished; the input"
                                + " is not grouped by partition, so files stay open from now on",
                        stagingPrefix,
                        partition);
                inputGroupedByPartition = false;
                finished.clear();
            } else {
                write.finishOpenFiles();
                finished.add(lastPartition);
            }
        }
        lastPartition = partition;
        write.write(partition, dataRow.replaceRow(row));
    }

    private List<Object> partitionOf(RowData row) {
        if (partitionPositions.length == 0) {
            return Collections.emptyList();
        }
        Object[] values = new Object[partitionPositions.length];
        for (int i = 0; i < values.length; i++) {
            values[i] = FlinkTypes.partitionValue(row, partitionPositions[i], partitionTypes[i]);
        }
        List<Object> partition = Arrays.asList(values);
        return partition.equals(lastPartition) ? lastPartition : partition;
    }

    @Override
    public void flush(boolean endOfInput) {
        inputEnded |= endOfInput;
    }

    @Override
    public void writeWatermark(Watermark watermark) {
        this.watermark = watermark.getTimestamp();
    }

    @Override
    public Collection<FormatTableCommittable> prepareCommit() throws IOException {
        List<CommitMessage> finished = write.prepareCommit();
        Set<String> dirs = new LinkedHashSet<>();
        for (CommitMessage m : finished) {
            dirs.add(m.targetPath().parent().toString());
        }
        stagedDirectories = new ArrayList<>(dirs);
        HeldFiles.HandOut out = held.handOut(finished, inputEnded, now(), watermark, stagingToken);
        heldFilesMerged.inc(out.obsolete.size());
        return new ArrayList<>(
                List.of(
                        new FormatTableCommittable(
                                out.files,
                                FormatTableCommittable.NO_CHECKPOINT,
                                inputEnded,
                                out.obsolete)));
    }

    @Override
    public List<FormatTableWriterState> snapshotState(long checkpointId) {
        // Files opened from now on are committed with a later checkpoint.
        stagingToken = StagingToken.token(stagingPrefix, checkpointId);
        write.setStagingToken(stagingToken);
        return List.of(
                new FormatTableWriterState(
                        stagingPrefix, checkpointId, stagedDirectories, held.partitions()));
    }

    /**
     * Gives the writer the task's timers, its clock from now on (for time rolling and the
     * process-time trigger of held files). With time rolling, finishes the files past its intervals
     * at every check interval, between rows, as the {@code filesystem} connector does: an idle
     * writer does not keep its files open until the next checkpoint.
     */
    public void useTimers(ProcessingTimeService timers) {
        this.timers = timers;
        if (timeRolling != null) {
            scheduleCheck();
        }
    }

    private void scheduleCheck() {
        timers.registerTimer(
                timers.getCurrentProcessingTime() + timeRolling.checkMillis(), this::check);
    }

    private void check(long time) throws IOException {
        if (closed) {
            return;
        }
        write.finishTimedOut();
        scheduleCheck();
    }

    @Override
    public void close() {
        closed = true;
        write.close();
    }
}
