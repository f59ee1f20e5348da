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
import dev.formattable.core.fs.FaultInjectingFileIO;
import dev.formattable.core.table.CommitMessage;
import dev.formattable.core.table.DataFilePathFactory;
import dev.formattable.flink.fs.FlinkFileIO;
import dev.formattable.flink.sink.FormatTableSink;
import dev.formattable.flink.sink.committable.FormatTableCommittable;
import dev.formattable.flink.testutils.AttemptSink;
import dev.formattable.flink.testutils.CommittableOutputs;
import dev.formattable.flink.testutils.EndOfInput;
import dev.formattable.flink.testutils.RestoredHarness;
import dev.formattable.flink.testutils.SinkTables;

import org.apache.flink.api.connector.sink2.Sink;
import org.apache.flink.runtime.checkpoint.OperatorSubtaskState;
import org.apache.flink.streaming.api.connector.sink2.CommittableMessage;
import org.apache.flink.streaming.api.connector.sink2.CommittableSummary;
import org.apache.flink.streaming.api.connector.sink2.CommittableWithLineage;
import org.apache.flink.streaming.runtime.operators.sink.SinkWriterOperatorFactory;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.apache.flink.streaming.util.OneInputStreamOperatorTestHarness;
import org.apache.flink.table.data.RowData;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static dev.formattable.flink.testutils.SinkTables.row;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The sink's writer inside Flink's own {@code SinkWriterOperator}, driven by the operator test
 * harness: what it emits before a checkpoint barrier, what it snapshots, and what a restarted
 * attempt restored from that snapshot removes.
 */
class SinkWriterOperatorHarnessTest {

    @TempDir java.nio.file.Path dir;

    private static OneInputStreamOperatorTestHarness<
                    RowData, CommittableMessage<FormatTableCommittable>>
            harness(Sink<RowData> sink) throws Exception {
        return CommittableOutputs.of(
                new OneInputStreamOperatorTestHarness<>(
                        new SinkWriterOperatorFactory<RowData, FormatTableCommittable>(sink)));
    }

    /** The harness of that attempt of the sink's one subtask, opened without restored state. */
    private static OneInputStreamOperatorTestHarness<
                    RowData, CommittableMessage<FormatTableCommittable>>
            openedAttempt(FormatTableSink sink, int attempt) throws Exception {
        var harness = harness(new AttemptSink(sink, attempt));
        harness.open();
        return harness;
    }

    private static void process(
            OneInputStreamOperatorTestHarness<RowData, ?> harness, RowData... rows)
            throws Exception {
        for (RowData r : rows) {
            harness.processElement(new StreamRecord<>(r));
        }
    }

    /** The committable the harness emitted for a checkpoint, after checking its summary. */
    private static FormatTableCommittable emitted(
            List<CommittableMessage<FormatTableCommittable>> output, long checkpointId) {
        List<CommittableMessage<FormatTableCommittable>> forCheckpoint = new ArrayList<>();
        for (CommittableMessage<FormatTableCommittable> m : output) {
            long id =
                    m instanceof CommittableSummary
                            ? ((CommittableSummary<?>) m).getCheckpointIdOrEOI()
                            : ((CommittableWithLineage<?>) m).getCheckpointIdOrEOI();
            if (id == checkpointId) {
                forCheckpoint.add(m);
            }
        }
        assertThat(forCheckpoint).hasSize(2);
        assertThat(forCheckpoint.get(0)).isInstanceOf(CommittableSummary.class);
        CommittableSummary<?> summary = (CommittableSummary<?>) forCheckpoint.get(0);
        assertThat(summary.getSubtaskId()).isZero();
        assertThat(summary.getNumberOfSubtasks()).isEqualTo(1);
        assertThat(summary.getNumberOfCommittables()).isEqualTo(1);
        assertThat(summary.getNumberOfFailedCommittables()).isZero();
        assertThat(forCheckpoint.get(1)).isInstanceOf(CommittableWithLineage.class);
        CommittableWithLineage<FormatTableCommittable> lineage =
                (CommittableWithLineage<FormatTableCommittable>) forCheckpoint.get(1);
        assertThat(lineage.getSubtaskId()).isZero();
        return lineage.getCommittable();
    }

    private static boolean exists(dev.formattable.core.fs.Path path) {
        return Files.exists(Paths.get(path.path()));
    }

    private static String tokenOf(CommitMessage m) {
        return DataFilePathFactory.stagingTokenOf(m.stagedPath().name()).orElseThrow();
    }

    /**
     * A csv file not written for the inactivity interval is finished by the writer's check on the
     * task's timers, before any other row or checkpoint, as the filesystem connector does.
     */
    @Test
    void anIdleCsvFileIsFinishedByTheCheckBetweenRows() throws Exception {
        FormatTable table =
                SinkTables.table(
                        new FlinkFileIO(),
                        dir,
                        Map.of(
                                "file.format", "csv",
                                "sink.rolling-policy.inactivity-interval", "10 s",
                                "sink.rolling-policy.check-interval", "1 s"));
        try (var harness = harness(SinkTables.sink(table))) {
            harness.setProcessingTime(0);
            harness.open();
            process(harness, row(1, "a"));
            java.nio.file.Path staged = dir.resolve(SinkTables.stagedFiles(dir).get(0));
            // Buffered by the open file's writer.
            assertThat(Files.readString(staged)).isEmpty();
            harness.setProcessingTime(9_000);
            assertThat(Files.readString(staged)).isEmpty();

            harness.setProcessingTime(11_000);
            assertThat(Files.readString(staged)).isEqualTo("1\n");
            process(harness, row(2, "a"));
            harness.prepareSnapshotPreBarrier(1);
            assertThat(emitted(harness.extractOutputValues(), 1).messages())
                    .extracting(CommitMessage::rowCount)
                    .containsExactly(1L, 1L);
        }
    }

    @Test
    void emitsTheStagedFilesOfEachCheckpointBeforeItsBarrier() throws Exception {
        FormatTable table = SinkTables.table(dir);
        try (var harness = harness(SinkTables.sink(table))) {
            harness.open();
            process(harness, row(1, "a"), row(2, "b"), row(3, "a"));
            assertThat(harness.extractOutputValues()).isEmpty();

            harness.prepareSnapshotPreBarrier(1);
            FormatTableCommittable first = emitted(harness.extractOutputValues(), 1);
            harness.snapshot(1, 1L);

            assertThat(first.messages())
                    .extracting(m -> m.partition().get("k") + ":" + m.rowCount())
                    .containsExactlyInAnyOrder("a:2", "b:1");
            for (CommitMessage m : first.messages()) {
                assertThat(exists(m.stagedPath())).as("staged %s", m.stagedPath()).isTrue();
                assertThat(exists(m.targetPath())).as("target %s", m.targetPath()).isFalse();
                assertThat(Files.size(Paths.get(m.stagedPath().path()))).isEqualTo(m.fileSize());
                // Opened before the first checkpoint, by attempt 0 of subtask 0 of this sink of
                // this job: the job's id, the sink's own id.
                assertThat(tokenOf(m))
                        .startsWith(harness.getEnvironment().getJobID().toHexString() + "-")
                        .matches("[0-9a-f]{32}-[0-9a-f]{8}-s0-a0-g[0-9a-f]{16}-e0");
            }
            assertThat(SinkTables.stagedFiles(dir))
                    .isEqualTo(SinkTables.stagedPaths(table, first.messages()));
            assertThat(SinkTables.dataFiles(table)).isEmpty();

            // Files opened after checkpoint 1 are committed with checkpoint 2, and say so.
            process(harness, row(4, "c"));
            harness.prepareSnapshotPreBarrier(2);
            FormatTableCommittable second = emitted(harness.extractOutputValues(), 2);
            assertThat(second.messages()).hasSize(1);
            assertThat(tokenOf(second.messages().get(0)))
                    .isEqualTo(tokenOf(first.messages().get(0)).replaceFirst("-e0$", "-e1"));

            // The end of the input hands out what is left, for the checkpoint after the last.
            process(harness, row(5, "a"));
            harness.endInput();
            FormatTableCommittable last =
                    emitted(harness.extractOutputValues(), EndOfInput.checkpointAfter(2));
            assertThat(last.messages())
                    .singleElement()
                    .satisfies(m -> assertThat(m.rowCount()).isEqualTo(1));
        }
    }

    /** Two sinks of one job writing to one table stage under different tokens. */
    @Test
    void twoSinksOfOneJobStageUnderTheirOwnTokens() throws Exception {
        FormatTable table = SinkTables.table(dir);
        try (var one = harness(SinkTables.sink(table));
                var other = harness(SinkTables.sink(table))) {
            one.open();
            other.open();
            process(one, row(1, "a"));
            process(other, row(2, "a"));
            one.prepareSnapshotPreBarrier(1);
            other.prepareSnapshotPreBarrier(1);
            String a = tokenOf(emitted(one.extractOutputValues(), 1).messages().get(0));
            String b = tokenOf(emitted(other.extractOutputValues(), 1).messages().get(0));
            assertThat(a).isNotEqualTo(b);
        }
    }

    /**
     * Attempt 0 checkpoints once, stages more files (two finished and handed out for a checkpoint
     * that never completes, one still open) and dies without closing. Attempt 1, restored from
     * checkpoint 1, removes those three and keeps the two that checkpoint 1's committable names;
     * publishing that committable and attempt 1's own then gives every row exactly once.
     */
    @Test
    void aRestartedAttemptRemovesWhatTheFailedAttemptStagedAfterTheCheckpoint() throws Exception {
        FormatTable table = SinkTables.table(dir);
        FormatTableSink sink = SinkTables.sink(table);
        try (var failed = openedAttempt(sink, 0);
                var restarted = harness(new AttemptSink(sink, 1))) {
            process(failed, row(1, "a"), row(2, "b"), row(3, "a"));
            failed.prepareSnapshotPreBarrier(1);
            OperatorSubtaskState checkpoint1 = failed.snapshot(1, 1L);
            FormatTableCommittable committed = emitted(failed.extractOutputValues(), 1);

            process(failed, row(4, "a"), row(5, "c"));
            failed.prepareSnapshotPreBarrier(2); // checkpoint 2 never completes
            FormatTableCommittable lost = emitted(failed.extractOutputValues(), 2);
            process(failed, row(6, "b")); // a file still open when the attempt dies
            List<String> beforeRestart = SinkTables.stagedFiles(dir);
            assertThat(beforeRestart).hasSize(2 + 2 + 1);
            assertThat(lost.messages())
                    .extracting(SinkWriterOperatorHarnessTest::tokenOf)
                    .allMatch(t -> t.matches(".*-s0-a0-g[0-9a-f]{16}-e1"));

            RestoredHarness.restoreExactlyAt(restarted, 1);
            restarted.initializeState(checkpoint1);
            restarted.open();

            // Checkpoint 1 wrote to a and b, so the restarted writer swept those two: what is
            // left is checkpoint 1's committable and the lost file in c.
            CommitMessage lostInC =
                    lost.messages().stream()
                            .filter(m -> "c".equals(m.partition().get("k")))
                            .findFirst()
                            .orElseThrow();
            List<String> expected =
                    new ArrayList<>(SinkTables.stagedPaths(table, committed.messages()));
            expected.addAll(SinkTables.stagedPaths(table, List.of(lostInC)));
            expected.sort(null);
            assertThat(SinkTables.stagedFiles(dir))
                    .as("checkpoint 1's staged files and those in partitions it did not write")
                    .isEqualTo(expected);

            // Attempt 1 goes on from checkpoint 1: its files carry its own attempt and epoch 1,
            // and its first file in c clears what attempt 0 left there.
            process(restarted, row(4, "a"), row(5, "c"), row(6, "b"));
            for (CommitMessage m : lost.messages()) {
                assertThat(exists(m.stagedPath())).isFalse();
            }
            restarted.prepareSnapshotPreBarrier(2);
            FormatTableCommittable redone = emitted(restarted.extractOutputValues(), 2);
            assertThat(redone.messages())
                    .extracting(SinkWriterOperatorHarnessTest::tokenOf)
                    .allMatch(t -> t.matches(".*-s0-a1-g[0-9a-f]{16}-e1"));

            table.newCommit().append(committed.messages());
            table.newCommit().append(redone.messages());
            assertThat(SinkTables.rows(table))
                    .containsExactly("a|1", "a|3", "a|4", "b|2", "b|6", "c|5");
            assertThat(SinkTables.stagedFiles(dir)).isEmpty();
        }
    }

    /**
     * A restart that restores nothing (no checkpoint completed) removes every earlier file in each
     * partition as it replays rows into it, and lists nothing else.
     */
    @Test
    void aRestartBeforeAnyCheckpointRemovesWhatTheFailedAttemptStagedWhereItWritesAgain()
            throws Exception {
        FormatTable table = SinkTables.table(dir);
        FormatTableSink sink = SinkTables.sink(table);
        try (var failed = openedAttempt(sink, 0);
                var restarted = harness(new AttemptSink(sink, 1))) {
            process(failed, row(1, "a"), row(2, "b"));
            failed.prepareSnapshotPreBarrier(1);
            process(failed, row(3, "c"));
            assertThat(SinkTables.stagedFiles(dir)).hasSize(3);

            restarted.open();
            process(restarted, row(1, "a"), row(2, "b"), row(3, "c"));
            assertThat(SinkTables.stagedFiles(dir))
                    .as("only the restarted attempt's own open files")
                    .hasSize(3)
                    .allMatch(f -> f.matches(".*-s0-a1-g[0-9a-f]{16}-e0\\..*"));
        }
    }

    /**
     * A restored writer lists the staging directories of the partitions its state names and of
     * those it writes to, and no other, however many partitions the table has; and it leaves the
     * staged files of other jobs alone.
     */
    @Test
    void aRestoreListsOnlyThePartitionsTheJobWrites() throws Exception {
        FaultInjectingFileIO io = new FaultInjectingFileIO(new FlinkFileIO());
        FormatTable table = SinkTables.table(io, dir, Map.of());
        int partitions = 300;
        for (int i = 0; i < partitions; i++) {
            java.nio.file.Path staging = dir.resolve("k=p" + i).resolve("_temporary");
            Files.createDirectories(staging);
            Files.createFile(staging.resolve(".data-x-0.parquet.otherjob-s0-a0-e0.u.tmp"));
        }
        FormatTableSink sink = SinkTables.sink(table);
        try (var failed = openedAttempt(sink, 0);
                var restarted = harness(new AttemptSink(sink, 1))) {
            process(failed, row(1, "a"), row(2, "b"));
            failed.prepareSnapshotPreBarrier(1);
            OperatorSubtaskState checkpoint1 = failed.snapshot(1, 1L);
            FormatTableCommittable committed = emitted(failed.extractOutputValues(), 1);
            process(failed, row(3, "a"), row(4, "c")); // staged after checkpoint 1, then lost

            io.resetCounts();
            // Before Flink 2.1 the harness restores as from checkpoint 0, whatever the state, which
            // no real restore does: as from 0, every file of attempt 0 is one that no commit will
            // publish, and attempt 1 removes it.
            RestoredHarness.restoreExactlyAt(restarted, 1);
            restarted.initializeState(checkpoint1);
            restarted.open();
            assertThat(io.calls(FaultInjectingFileIO.Op.LIST))
                    .as("staging directories listed by the restore: a and b, which its state names")
                    .isEqualTo(2);
            process(restarted, row(3, "a"), row(4, "c"));
            assertThat(io.calls(FaultInjectingFileIO.Op.LIST))
                    .as("and c, once, when the restarted writer first writes there")
                    .isEqualTo(3);

            List<String> left = SinkTables.stagedFiles(dir);
            assertThat(left.stream().filter(f -> f.contains("otherjob")))
                    .as("other jobs' staged files")
                    .hasSize(partitions);
            List<String> expected =
                    new ArrayList<>(SinkTables.stagedPaths(table, committed.messages()));
            assertThat(
                            left.stream()
                                    .filter(f -> f.contains("-s0-a0-") && !f.contains("otherjob"))
                                    .sorted())
                    .as("attempt 0's files: only checkpoint 1's committable")
                    .containsExactlyElementsOf(expected);
        }
    }
}
