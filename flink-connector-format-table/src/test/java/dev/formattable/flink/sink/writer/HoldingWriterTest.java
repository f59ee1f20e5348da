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
import dev.formattable.flink.config.PartitionCommitSettings;
import dev.formattable.flink.fs.FlinkFileIO;
import dev.formattable.flink.read.FormatTableBulkFormat;
import dev.formattable.flink.read.ReadSpec;
import dev.formattable.flink.sink.committable.FormatTableCommittable;
import dev.formattable.flink.sink.merge.FileMerger;
import dev.formattable.flink.sink.partition.PartitionTrigger;
import dev.formattable.flink.testutils.RecordingMetricGroup;
import dev.formattable.flink.testutils.SinkTables;

import org.apache.flink.api.common.eventtime.Watermark;
import org.apache.flink.table.types.logical.IntType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.VarCharType;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

import static dev.formattable.flink.testutils.SinkTables.row;
import static dev.formattable.flink.testutils.SinkTables.single;
import static dev.formattable.flink.testutils.SinkTables.targets;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A writer that holds its finished files across checkpoints until the partition commit trigger
 * finds their partition ready: what each checkpoint's committable carries, what its state keeps,
 * and what a restored writer does with the files it restores. Partitions are days ({@code k =
 * yyyy-MM-dd}) under the {@code partition-time} trigger, whose watermark the test sets.
 */
class HoldingWriterTest {

    private static final String DAY1 = "2026-12-01";
    private static final String DAY2 = "2026-12-02";

    @TempDir java.nio.file.Path dir;

    private FormatTable table() {
        return SinkTables.table(new FlinkFileIO(), dir, Map.of());
    }

    private static PartitionTrigger partitionTime(FormatTable table, String delay) {
        return PartitionTrigger.of(
                table,
                PartitionCommitSettings.of(
                        Map.of(
                                "sink.partition-commit.trigger", "partition-time",
                                "sink.partition-commit.delay", delay,
                                "partition.time-extractor.timestamp-pattern", "$k 00:00:00"),
                        table.layout(),
                        HoldingWriterTest.class.getClassLoader()),
                HoldingWriterTest.class.getClassLoader());
    }

    private FormatTableSinkWriter writer(
            FormatTable table,
            PartitionTrigger trigger,
            FormatTableSinkWriter.Attempt attempt,
            RecordingMetricGroup metrics)
            throws IOException {
        return writer(
                table, trigger == null ? null : new Holding(trigger, null, 0), attempt, metrics);
    }

    private FormatTableSinkWriter writer(
            FormatTable table,
            Holding holding,
            FormatTableSinkWriter.Attempt attempt,
            RecordingMetricGroup metrics)
            throws IOException {
        return new FormatTableSinkWriter(
                table,
                dev.formattable.flink.format.FormatFactories.writer(
                        table.options(), RowType.of(new IntType())),
                new int[] {1},
                new LogicalType[] {new VarCharType(VarCharType.MAX_LENGTH)},
                new int[] {0},
                false,
                true,
                null,
                holding,
                attempt,
                metrics);
    }

    private static long midnight(String day) {
        return LocalDateTime.parse(day + "T00:00:00").toInstant(ZoneOffset.UTC).toEpochMilli();
    }

    private static List<CommitMessage> messages(Collection<FormatTableCommittable> committables) {
        return single(committables).messages();
    }

    private static FormatTableWriterState state(List<FormatTableWriterState> states) {
        assertThat(states).hasSize(1);
        return states.get(0);
    }

    private long stagedFiles() throws IOException {
        try (var files = Files.walk(dir)) {
            return files.filter(p -> p.toString().contains("_temporary"))
                    .filter(Files::isRegularFile)
                    .count();
        }
    }

    @Test
    void holdsEachPartitionsFilesAcrossCheckpointsUntilTheWatermarkPassesIt() throws IOException {
        FormatTable table = table();
        RecordingMetricGroup metrics = new RecordingMetricGroup();
        try (FormatTableSinkWriter writer =
                writer(
                        table,
                        partitionTime(table, "1 d"),
                        FormatTableSinkWriter.Attempt.fresh("job"),
                        metrics)) {
            writer.writeWatermark(new Watermark(midnight(DAY1)));
            writer.write(row(1, DAY1), null);
            writer.write(row(2, DAY2), null);
            assertThat(messages(writer.prepareCommit())).isEmpty();
            FormatTableWriterState first = state(writer.snapshotState(1));
            assertThat(first.heldPartitions())
                    .extracting(HeldPartition::directory)
                    .containsExactly("k=" + DAY1, "k=" + DAY2);

            writer.write(row(3, DAY1), null);
            assertThat(messages(writer.prepareCommit())).isEmpty();
            assertThat(metrics.value(FormatTableSinkWriter.HELD_FILES)).isEqualTo(3);
            writer.snapshotState(2);

            // Day 1 is over (its time plus the delay of a day): its two files go, day 2's stays.
            writer.writeWatermark(new Watermark(midnight(DAY2) + 1));
            List<CommitMessage> released = messages(writer.prepareCommit());
            assertThat(targets(table, released))
                    .hasSize(2)
                    .allMatch(t -> t.startsWith("k=" + DAY1 + "/"));
            FormatTableWriterState third = state(writer.snapshotState(3));
            assertThat(third.heldPartitions())
                    .singleElement()
                    .satisfies(p -> assertThat(p.directory()).isEqualTo("k=" + DAY2))
                    .satisfies(p -> assertThat(p.files()).hasSize(1));
            assertThat(metrics.value(FormatTableSinkWriter.HELD_FILES)).isEqualTo(1);
            assertThat(stagedFiles()).isEqualTo(3);
        }
    }

    @Test
    void theEndOfTheInputReleasesEveryHeldFile() throws IOException {
        FormatTable table = table();
        try (FormatTableSinkWriter writer =
                writer(
                        table,
                        partitionTime(table, "1 d"),
                        FormatTableSinkWriter.Attempt.fresh("job"),
                        new RecordingMetricGroup())) {
            writer.write(row(1, DAY1), null);
            assertThat(messages(writer.prepareCommit())).isEmpty();
            writer.snapshotState(1);
            writer.write(row(2, DAY2), null);
            writer.flush(true);
            Collection<FormatTableCommittable> last = writer.prepareCommit();
            assertThat(single(last).endOfInput()).isTrue();
            assertThat(targets(table, messages(last))).hasSize(2);
            assertThat(state(writer.snapshotState(2)).heldPartitions()).isEmpty();
        }
    }

    /**
     * A restored writer holds what its state held, under their old names, and leaves them staged:
     * its sweep removes only what the failed writer opened from the restored checkpoint on.
     */
    @Test
    void aRestoredWriterHoldsTheRestoredFilesAndReleasesThemWhenReady() throws IOException {
        FormatTable table = table();
        FormatTableSinkWriter.Attempt first = FormatTableSinkWriter.Attempt.fresh("job");
        FormatTableWriterState state;
        List<CommitMessage> held = new ArrayList<>();
        try (FormatTableSinkWriter writer =
                writer(table, partitionTime(table, "0 s"), first, new RecordingMetricGroup())) {
            writer.write(row(1, DAY1), null);
            writer.write(row(2, DAY2), null);
            assertThat(messages(writer.prepareCommit())).isEmpty();
            state = state(writer.snapshotState(5));
            state.heldPartitions().forEach(p -> held.addAll(p.files()));
            // Written after checkpoint 5, lost with the failure.
            writer.write(row(3, DAY1), null);
            writer.prepareCommit();
        }
        assertThat(stagedFiles()).isEqualTo(3);

        FormatTableSinkWriter.Attempt restored =
                new FormatTableSinkWriter.Attempt("job", 0, 1, OptionalLong.of(5), List.of(state));
        RecordingMetricGroup metrics = new RecordingMetricGroup();
        try (FormatTableSinkWriter writer =
                writer(table, partitionTime(table, "0 s"), restored, metrics)) {
            assertThat(metrics.value(FormatTableSinkWriter.HELD_FILES)).isEqualTo(2);
            assertThat(stagedFiles()).as("the file opened after checkpoint 5 is gone").isEqualTo(2);
            assertThat(messages(writer.prepareCommit())).isEmpty();
            writer.snapshotState(6);
            writer.writeWatermark(new Watermark(midnight("2026-12-03")));
            assertThat(messages(writer.prepareCommit())).containsExactlyInAnyOrderElementsOf(held);
        }
        for (CommitMessage m : held) {
            assertThat(table.fileIO().exists(m.stagedPath())).isTrue();
        }
    }

    /** A job that no longer compacts across checkpoints hands out what it restored at once. */
    @Test
    void aWriterThatDoesNotHoldReleasesWhatItRestoredAtItsFirstCheckpoint() throws IOException {
        FormatTable table = table();
        FormatTableWriterState state;
        List<CommitMessage> held = new ArrayList<>();
        try (FormatTableSinkWriter writer =
                writer(
                        table,
                        partitionTime(table, "0 s"),
                        FormatTableSinkWriter.Attempt.fresh("job"),
                        new RecordingMetricGroup())) {
            writer.write(row(1, DAY1), null);
            writer.prepareCommit();
            state = state(writer.snapshotState(3));
            state.heldPartitions().forEach(p -> held.addAll(p.files()));
        }
        assertThat(held).hasSize(1);
        try (FormatTableSinkWriter writer =
                writer(
                        table,
                        (PartitionTrigger) null,
                        new FormatTableSinkWriter.Attempt(
                                "job2", 0, 0, OptionalLong.of(3), List.of(state)),
                        new RecordingMetricGroup())) {
            writer.write(row(2, DAY2), null);
            List<CommitMessage> out = messages(writer.prepareCommit());
            assertThat(out).hasSize(2).containsAll(held);
            assertThat(state(writer.snapshotState(4)).heldPartitions()).isEmpty();
        }
    }

    /**
     * While a day is held, its small files are merged once together they fill a file: the merged
     * file is held in their place, and the committable of the checkpoint whose state records it
     * names them obsolete; they stay staged until the committer deletes them.
     */
    @Test
    void mergesAHeldPartitionsSmallFilesOnceTheyFillAFile() throws IOException {
        mergesOnTheThirdFile(false);
    }

    /**
     * The table's target file size, where smaller than {@code compaction.file-size}, is what a held
     * file must reach not to be merged: a merged file rolled there counts as full.
     */
    @Test
    void aTargetFileSizeBelowTheMergeSizeIsWhatFillsAFile() throws IOException {
        mergesOnTheThirdFile(true);
    }

    private void mergesOnTheThirdFile(boolean byTargetFileSize) throws IOException {
        FormatTable table = table();
        FormatTableSinkWriter.Attempt attempt = FormatTableSinkWriter.Attempt.fresh("job");
        long oneFile;
        try (FormatTableSinkWriter probe =
                writer(table, partitionTime(table, "1 d"), attempt, new RecordingMetricGroup())) {
            probe.write(row(0, "2026-11-30"), null);
            probe.prepareCommit();
            oneFile =
                    state(probe.snapshotState(1)).heldPartitions().get(0).files().get(0).fileSize();
        }
        // Three one-row files fill a file; two do not.
        long fill = 3 * oneFile - 1;
        if (byTargetFileSize) {
            table =
                    SinkTables.table(
                            new FlinkFileIO(), dir, Map.of("target-file-size", fill + " b"));
        }
        RowType rowType = SinkTables.ROW_TYPE;
        FileMerger merger =
                new FileMerger(
                        table,
                        new FormatTableBulkFormat(
                                ReadSpec.builder(table, rowType).projection(new int[] {0}).build(),
                                List.of()),
                        FormatTableSinkWriter.adapt(
                                dev.formattable.flink.format.FormatFactories.writer(
                                        table.options(), RowType.of(new IntType()))),
                        true);
        Holding holding =
                new Holding(
                        partitionTime(table, "1 d"),
                        merger,
                        byTargetFileSize ? Long.MAX_VALUE : fill);
        RecordingMetricGroup metrics = new RecordingMetricGroup();
        try (FormatTableSinkWriter writer = writer(table, holding, attempt, metrics)) {
            for (int checkpoint = 1; checkpoint <= 2; checkpoint++) {
                writer.write(row(checkpoint, DAY1), null);
                FormatTableCommittable c = single(writer.prepareCommit());
                assertThat(c.messages()).isEmpty();
                assertThat(c.obsoleteStagedFiles()).isEmpty();
                writer.snapshotState(checkpoint);
            }
            assertThat(metrics.value(FormatTableSinkWriter.HELD_FILES)).isEqualTo(2);
            writer.write(row(3, DAY1), null);
            FormatTableCommittable third = single(writer.prepareCommit());
            FormatTableWriterState state = state(writer.snapshotState(3));

            assertThat(third.messages()).isEmpty();
            assertThat(third.obsoleteStagedFiles()).hasSize(3);
            HeldPartition day = state.heldPartitions().get(0);
            assertThat(day.files())
                    .singleElement()
                    .satisfies(m -> assertThat(m.rowCount()).isEqualTo(3));
            assertThat(metrics.value(FormatTableSinkWriter.HELD_FILES)).isEqualTo(1);
            assertThat(metrics.count(FormatTableSinkWriter.HELD_FILES_MERGED)).isEqualTo(3);
            for (dev.formattable.core.fs.Path mergedAway : third.obsoleteStagedFiles()) {
                assertThat(table.fileIO().exists(mergedAway)).as("left for the committer").isTrue();
            }

            writer.flush(true);
            List<CommitMessage> last = single(writer.prepareCommit()).messages();
            assertThat(last).containsExactlyElementsOf(day.files());
        }
    }
}
