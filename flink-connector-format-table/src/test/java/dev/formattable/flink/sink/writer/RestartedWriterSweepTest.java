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
import dev.formattable.flink.fs.FlinkFileIO;
import dev.formattable.flink.sink.FormatTableSink;
import dev.formattable.flink.sink.committable.FormatTableCommittable;
import dev.formattable.flink.testutils.AttemptSink;
import dev.formattable.flink.testutils.RestoredHarness;
import dev.formattable.flink.testutils.SinkTables;
import dev.formattable.flink.testutils.WriterHarnesses;

import org.apache.flink.runtime.checkpoint.OperatorSubtaskState;
import org.apache.flink.streaming.api.connector.sink2.CommittableMessage;
import org.apache.flink.streaming.util.OneInputStreamOperatorTestHarness;
import org.apache.flink.table.data.RowData;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static dev.formattable.flink.testutils.SinkTables.row;
import static dev.formattable.flink.testutils.WriterHarnesses.emitted;
import static dev.formattable.flink.testutils.WriterHarnesses.exists;
import static dev.formattable.flink.testutils.WriterHarnesses.harness;
import static dev.formattable.flink.testutils.WriterHarnesses.openedAttempt;
import static dev.formattable.flink.testutils.WriterHarnesses.process;
import static dev.formattable.flink.testutils.WriterHarnesses.tokenOf;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * What a restarted writer, in Flink's own {@code SinkWriterOperator}, removes of what the attempts
 * before it staged: everything no committable will publish, and nothing a committable or a running
 * writer still holds.
 */
class RestartedWriterSweepTest {

    @TempDir java.nio.file.Path dir;

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
                    .extracting(WriterHarnesses::tokenOf)
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
                    .extracting(WriterHarnesses::tokenOf)
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
            FirstAttempt first = checkpointOnceThenStageMore(failed);

            io.resetCounts();
            // Before Flink 2.1 the harness restores as from checkpoint 0, whatever the state, which
            // no real restore does: as from 0, every file of attempt 0 is one that no commit will
            // publish, and attempt 1 removes it.
            RestoredHarness.restoreExactlyAt(restarted, 1);
            restarted.initializeState(first.checkpoint1());
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
                    new ArrayList<>(SinkTables.stagedPaths(table, first.committed().messages()));
            assertThat(
                            left.stream()
                                    .filter(f -> f.contains("-s0-a0-") && !f.contains("otherjob"))
                                    .sorted())
                    .as("attempt 0's files: only checkpoint 1's committable")
                    .containsExactlyElementsOf(expected);
        }
    }

    /**
     * Attempt 0 checkpoints once, stages files in a and c and dies. Attempt 1 is restored from
     * checkpoint 1 but with no state of its own, as a subtask added by a rescale is: no state names
     * attempt 0, so only the rule for its own subtask's lower attempts removes attempt 0's files
     * opened from checkpoint 1 on, in each partition as it writes there. Checkpoint 1's files stay,
     * and so does the file another subtask's running writer opened in a.
     */
    @Test
    void aWriterRestoredWithoutStateRemovesItsSubtasksEarlierFilesFromTheCheckpointOn()
            throws Exception {
        FormatTable table = SinkTables.table(dir);
        FormatTableSink sink = SinkTables.sink(table);
        try (var failed = openedAttempt(sink, 0);
                var restarted = harness(new AttemptSink(sink, 1))) {
            FormatTableCommittable committed = checkpointOnceThenStageMore(failed).committed();
            String ownToken = tokenOf(committed.messages().get(0));
            String otherSubtask =
                    ownToken.replaceFirst(
                            "-s0-a0-g[0-9a-f]{16}-e0$", "-s1-a0-g0123456789abcdef-e1");
            java.nio.file.Path running =
                    Files.createFile(
                            dir.resolve("k=a")
                                    .resolve("_temporary")
                                    .resolve(".data-x-0.parquet." + otherSubtask + ".u.tmp"));
            assertThat(SinkTables.stagedFiles(dir)).hasSize(2 + 2 + 1);

            RestoredHarness.restoreExactlyAt(restarted, 1);
            restarted.initializeState(OperatorSubtaskState.builder().build());
            restarted.open();
            process(restarted, row(5, "a"), row(6, "c"));

            List<String> expected =
                    new ArrayList<>(SinkTables.stagedPaths(table, committed.messages()));
            expected.add(dir.relativize(running).toString());
            assertThat(
                            SinkTables.stagedFiles(dir).stream()
                                    .filter(f -> !f.contains("-s0-a1-"))
                                    .sorted())
                    .as("of the earlier files, checkpoint 1's and the other subtask's")
                    .containsExactlyElementsOf(expected.stream().sorted().toList());
        }
    }

    /** Attempt 0 after its one checkpoint: the state and the committable of checkpoint 1. */
    private record FirstAttempt(
            OperatorSubtaskState checkpoint1, FormatTableCommittable committed) {}

    /**
     * Attempt 0 writes a and b and takes checkpoint 1, then stages a file in a and one in c that no
     * checkpoint takes: what it leaves when it dies.
     */
    private static FirstAttempt checkpointOnceThenStageMore(
            OneInputStreamOperatorTestHarness<RowData, CommittableMessage<FormatTableCommittable>>
                    failed)
            throws Exception {
        process(failed, row(1, "a"), row(2, "b"));
        failed.prepareSnapshotPreBarrier(1);
        OperatorSubtaskState checkpoint1 = failed.snapshot(1, 1L);
        FormatTableCommittable committed = emitted(failed.extractOutputValues(), 1);
        process(failed, row(3, "a"), row(4, "c"));
        return new FirstAttempt(checkpoint1, committed);
    }
}
