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
package dev.formattable.flink.sink.committer;

import dev.formattable.core.FormatTable;
import dev.formattable.flink.sink.FormatTableSink;
import dev.formattable.flink.sink.committable.FormatTableCommittable;
import dev.formattable.flink.testutils.CommittableOutputs;
import dev.formattable.flink.testutils.RestoredHarness;
import dev.formattable.flink.testutils.SinkTables;

import org.apache.flink.runtime.checkpoint.OperatorSubtaskState;
import org.apache.flink.streaming.api.connector.sink2.CommittableMessage;
import org.apache.flink.streaming.api.connector.sink2.CommittableSummary;
import org.apache.flink.streaming.api.connector.sink2.CommittableWithLineage;
import org.apache.flink.streaming.runtime.operators.sink.CommitterOperatorFactory;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.apache.flink.streaming.util.OneInputStreamOperatorTestHarness;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.util.List;

import static dev.formattable.flink.testutils.SinkTables.row;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Our committer inside Flink's own {@code CommitterOperator} (streaming, checkpointing on), driven
 * by the operator test harness: a checkpoint's committable is published once its checkpoint
 * completes, and a committer restored from that checkpoint's snapshot, whether or not the commit
 * had happened, publishes it exactly once. No committable is lost, none is committed twice.
 */
class CommitterOperatorHarnessTest {

    private static final List<String> OLD_ROWS = List.of("a|0");
    private static final List<String> ALL_ROWS = List.of("a|0", "a|1", "a|3", "b|2", "c|4");

    @TempDir java.nio.file.Path dir;

    private FormatTable table;
    private FormatTableSink sink;
    private FormatTableCommittable checkpoint1;
    private List<String> oldFiles;
    private List<String> allFiles;

    @BeforeEach
    void setUp() throws IOException {
        table = SinkTables.table(dir);
        sink = SinkTables.sink(table);
        table.newCommit().append(SinkTables.stage(table, "earlier", row(0, "a")).messages());
        oldFiles = SinkTables.dataFiles(table);
        // What the aggregator hands the committer for checkpoint 1: one committable, three files.
        checkpoint1 =
                SinkTables.stage(table, "job", row(1, "a"), row(2, "b"), row(3, "a"), row(4, "c"));
        assertThat(checkpoint1.messages()).hasSize(3);
        allFiles = new java.util.ArrayList<>(oldFiles);
        allFiles.addAll(SinkTables.targets(table, checkpoint1.messages()));
        allFiles.sort(null);
    }

    private OneInputStreamOperatorTestHarness<
                    CommittableMessage<FormatTableCommittable>,
                    CommittableMessage<FormatTableCommittable>>
            committer() throws Exception {
        return CommittableOutputs.of(
                new OneInputStreamOperatorTestHarness<>(
                        new CommitterOperatorFactory<>(sink, false, true)));
    }

    private void feedCheckpoint1(
            OneInputStreamOperatorTestHarness<CommittableMessage<FormatTableCommittable>, ?>
                    harness)
            throws Exception {
        harness.processElement(new StreamRecord<>(new CommittableSummary<>(0, 1, 1L, 1, 0, 0)));
        harness.processElement(
                new StreamRecord<>(new CommittableWithLineage<>(checkpoint1, 1L, 0)));
    }

    /** Runs a committer, feeds it checkpoint 1, and returns its snapshot of checkpoint 1. */
    private OperatorSubtaskState checkpointWithoutCommit() throws Exception {
        try (var harness = committer()) {
            OperatorSubtaskState state = openAndSnapshotCheckpoint1(harness);
            assertUnpublished();
            return state;
        }
    }

    /** A fresh committer restored from checkpoint 1's snapshot, as after a failover. */
    private void restoreFrom(OperatorSubtaskState state) throws Exception {
        try (var harness = committer()) {
            RestoredHarness.restoreExactlyAt(harness, 1L);
            harness.initializeState(state);
            harness.open();
            // Restoring commits right away, before any checkpoint completes.
            assertPublishedOnce();
            // Nothing more to do when checkpoint 1 completes again, or the next one.
            harness.notifyOfCompletedCheckpoint(1L);
            harness.notifyOfCompletedCheckpoint(2L);
        }
    }

    private void assertUnpublished() throws IOException {
        assertThat(SinkTables.rows(table)).isEqualTo(OLD_ROWS);
        assertThat(SinkTables.dataFiles(table)).isEqualTo(oldFiles);
        assertThat(SinkTables.stagedFiles(dir))
                .isEqualTo(SinkTables.stagedPaths(table, checkpoint1.messages()));
    }

    private void assertPublishedOnce() throws IOException {
        assertThat(SinkTables.rows(table)).isEqualTo(ALL_ROWS);
        assertThat(SinkTables.dataFiles(table)).isEqualTo(allFiles);
        assertThat(SinkTables.stagedFiles(dir)).isEmpty();
    }

    @Test
    void publishesACheckpointsCommittableWhenTheCheckpointCompletes() throws Exception {
        try (var harness = committer()) {
            OperatorSubtaskState state = openAndSnapshotCheckpoint1(harness);
            assertUnpublished();

            harness.notifyOfCompletedCheckpoint(1L);
            assertPublishedOnce();

            harness.notifyOfCompletedCheckpoint(1L);
            harness.notifyOfCompletedCheckpoint(2L);
            assertPublishedOnce();

            // A failure after the commit but before the next checkpoint: the restored committer
            // commits checkpoint 1 again, and finds every file already published.
            restoreFrom(state);
            assertPublishedOnce();
        }
    }

    @Test
    void aCommitterRestoredBeforeTheCommitPublishesExactlyOnce() throws Exception {
        // The job fails after checkpoint 1 was taken, before the committer heard it completed.
        OperatorSubtaskState state = checkpointWithoutCommit();

        restoreFrom(state);
        assertPublishedOnce();

        // And fails again before its next checkpoint: checkpoint 1 is restored once more.
        restoreFrom(state);
        assertPublishedOnce();
    }

    /**
     * Between the checkpoint and the restore, something removed one of its staged files (a
     * retention job, a truncate, a lifecycle rule). The restore must not fail, now or on any later
     * restart: that file is skipped and the rest of the checkpoint is published.
     */
    @Test
    void aRestoredCommittableWhoseFilesAreGoneIsSkippedAndTheRestPublished() throws Exception {
        OperatorSubtaskState state = checkpointWithoutCommit();
        var gone = checkpoint1.messages().get(0);
        java.nio.file.Files.delete(java.nio.file.Path.of(gone.stagedPath().path()));

        try (var harness = committer()) {
            RestoredHarness.restoreAt(harness, 1L);
            harness.initializeState(state);
            harness.open();
            harness.notifyOfCompletedCheckpoint(2L);
        }

        List<String> expectedFiles = new java.util.ArrayList<>(allFiles);
        expectedFiles.remove(SinkTables.targets(table, List.of(gone)).get(0));
        assertThat(SinkTables.dataFiles(table)).isEqualTo(expectedFiles);
        assertThat(SinkTables.rows(table)).hasSize(ALL_ROWS.size() - (int) gone.rowCount());
        assertThat(SinkTables.stagedFiles(dir)).isEmpty();
    }

    /** Opens the committer, feeds it checkpoint 1 and snapshots it. */
    private OperatorSubtaskState openAndSnapshotCheckpoint1(
            OneInputStreamOperatorTestHarness<CommittableMessage<FormatTableCommittable>, ?>
                    harness)
            throws Exception {
        harness.open();
        feedCheckpoint1(harness);
        harness.prepareSnapshotPreBarrier(1);
        return harness.snapshot(1L, 1L);
    }

    @Test
    void aCheckpointThatDidNotCompleteIsPublishedWithTheNextOne() throws Exception {
        FormatTableCommittable checkpoint2 = SinkTables.stage(table, "job", row(5, "d"));
        try (var harness = committer()) {
            openAndSnapshotCheckpoint1(harness);
            harness.processElement(new StreamRecord<>(new CommittableSummary<>(0, 1, 2L, 1, 0, 0)));
            harness.processElement(
                    new StreamRecord<>(new CommittableWithLineage<>(checkpoint2, 2L, 0)));
            harness.prepareSnapshotPreBarrier(2);
            harness.snapshot(2L, 2L);
            assertThat(SinkTables.rows(table)).isEqualTo(OLD_ROWS);

            // Checkpoint 1 never completes; checkpoint 2 does and subsumes it.
            harness.notifyOfCompletedCheckpoint(2L);
            List<String> rows = new java.util.ArrayList<>(ALL_ROWS);
            rows.add("d|5");
            assertThat(SinkTables.rows(table)).isEqualTo(rows);
            assertThat(SinkTables.stagedFiles(dir)).isEmpty();
        }
    }
}
