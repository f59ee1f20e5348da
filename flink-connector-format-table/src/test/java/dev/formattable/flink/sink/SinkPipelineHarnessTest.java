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
import dev.formattable.flink.sink.committable.FormatTableCommittable;
import dev.formattable.flink.sink.committer.CommittableAggregator;
import dev.formattable.flink.testutils.AttemptSink;
import dev.formattable.flink.testutils.CommittableOutputs;
import dev.formattable.flink.testutils.RestoredHarness;
import dev.formattable.flink.testutils.SinkTables;

import org.apache.flink.runtime.checkpoint.OperatorSubtaskState;
import org.apache.flink.streaming.api.connector.sink2.CommittableMessage;
import org.apache.flink.streaming.runtime.operators.sink.CommitterOperatorFactory;
import org.apache.flink.streaming.runtime.operators.sink.SinkWriterOperatorFactory;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.apache.flink.streaming.util.OneInputStreamOperatorTestHarness;
import org.apache.flink.table.data.RowData;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.util.ArrayList;
import java.util.List;

import static dev.formattable.flink.testutils.SinkTables.row;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The whole sink at operator level: two writer subtasks, the aggregator and the committer, each in
 * Flink's operator test harness, with the committables passed along by hand. The job fails after
 * checkpoint 2 was taken but before the committer heard it completed, while the writers had staged
 * more; everything restarts from checkpoint 2 as attempt 1 and replays the rest of the input. Every
 * row ends up in the table exactly once, and no staged file is left behind.
 */
class SinkPipelineHarnessTest {

    private static final int WRITERS = 2;

    @TempDir java.nio.file.Path dir;

    private final List<OneInputStreamOperatorTestHarness<?, ?>> harnesses = new ArrayList<>();

    @AfterEach
    void closeAll() throws Exception {
        for (OneInputStreamOperatorTestHarness<?, ?> h : harnesses) {
            h.close();
        }
    }

    /** One attempt of the job: its writer subtasks, its aggregator and its committer. */
    private final class Job {
        final List<
                        OneInputStreamOperatorTestHarness<
                                RowData, CommittableMessage<FormatTableCommittable>>>
                writers = new ArrayList<>();
        final OneInputStreamOperatorTestHarness<
                        CommittableMessage<FormatTableCommittable>,
                        CommittableMessage<FormatTableCommittable>>
                aggregator;
        final OneInputStreamOperatorTestHarness<
                        CommittableMessage<FormatTableCommittable>,
                        CommittableMessage<FormatTableCommittable>>
                committer;

        Job(FormatTableSink sink, int attempt) throws Exception {
            for (int i = 0; i < WRITERS; i++) {
                writers.add(
                        CommittableOutputs.of(
                                new OneInputStreamOperatorTestHarness<>(
                                        new SinkWriterOperatorFactory<
                                                RowData, FormatTableCommittable>(
                                                new AttemptSink(sink, attempt)),
                                        WRITERS,
                                        WRITERS,
                                        i)));
            }
            aggregator =
                    CommittableOutputs.of(
                            new OneInputStreamOperatorTestHarness<>(
                                    new CommittableAggregator("t", false)));
            committer =
                    CommittableOutputs.of(
                            new OneInputStreamOperatorTestHarness<>(
                                    new CommitterOperatorFactory<>(sink, false, true)));
            harnesses.addAll(writers);
            harnesses.add(aggregator);
            harnesses.add(committer);
        }

        void open() throws Exception {
            for (var w : writers) {
                w.open();
            }
            aggregator.open();
            committer.open();
        }

        void restore(Checkpoint checkpoint) throws Exception {
            for (int i = 0; i < WRITERS; i++) {
                RestoredHarness.restoreExactlyAt(writers.get(i), checkpoint.id);
                writers.get(i).initializeState(checkpoint.writers.get(i));
            }
            RestoredHarness.restoreExactlyAt(committer, checkpoint.id);
            committer.initializeState(checkpoint.committer);
            open();
        }

        /** Row i goes to writer i mod 2. */
        void write(RowData... rows) throws Exception {
            for (int i = 0; i < rows.length; i++) {
                writers.get(i % WRITERS).processElement(new StreamRecord<>(rows[i]));
            }
        }

        /** Takes a checkpoint: barriers flow from the writers through the aggregator on. */
        Checkpoint checkpoint(long id) throws Exception {
            Checkpoint checkpoint = new Checkpoint(id);
            for (var w : writers) {
                w.prepareSnapshotPreBarrier(id);
                forward(w, aggregator);
                checkpoint.writers.add(w.snapshot(id, id));
            }
            aggregator.prepareSnapshotPreBarrier(id);
            forward(aggregator, committer);
            aggregator.snapshot(id, id);
            committer.prepareSnapshotPreBarrier(id);
            checkpoint.committer = committer.snapshot(id, id);
            return checkpoint;
        }

        void complete(long id) throws Exception {
            for (var w : writers) {
                w.notifyOfCompletedCheckpoint(id);
            }
            aggregator.notifyOfCompletedCheckpoint(id);
            committer.notifyOfCompletedCheckpoint(id);
        }
    }

    private static final class Checkpoint {
        final long id;
        final List<OperatorSubtaskState> writers = new ArrayList<>();
        OperatorSubtaskState committer;

        Checkpoint(long id) {
            this.id = id;
        }
    }

    private static void forward(
            OneInputStreamOperatorTestHarness<?, CommittableMessage<FormatTableCommittable>> from,
            OneInputStreamOperatorTestHarness<CommittableMessage<FormatTableCommittable>, ?> to)
            throws Exception {
        for (CommittableMessage<FormatTableCommittable> m : from.extractOutputValues()) {
            to.processElement(new StreamRecord<>(m));
        }
        from.getOutput().clear();
    }

    @Test
    void aFailureBetweenACheckpointAndItsCommitLosesNothingAndDuplicatesNothing() throws Exception {
        FormatTable table = SinkTables.table(dir);
        FormatTableSink sink = SinkTables.sink(table);

        Job first = new Job(sink, 0);
        first.open();
        first.write(row(1, "a"), row(2, "b"), row(3, "a"), row(4, "c"));
        first.checkpoint(1);
        first.complete(1);
        assertThat(SinkTables.rows(table)).containsExactly("a|1", "a|3", "b|2", "c|4");

        first.write(row(5, "a"), row(6, "d"));
        Checkpoint checkpoint2 = first.checkpoint(2);
        // Checkpoint 2 is taken everywhere, but the job fails before the committer hears that it
        // completed, with rows of checkpoint 3 in open staged files.
        first.write(row(7, "b"), row(8, "e"), row(9, "a"));
        assertThat(SinkTables.rows(table)).containsExactly("a|1", "a|3", "b|2", "c|4");
        assertThat(SinkTables.stagedFiles(dir)).hasSize(2 + 3);

        Job second = new Job(sink, 1);
        second.restore(checkpoint2);
        // The committer published checkpoint 2; the writers removed what was staged after it in
        // the partitions their state names (those checkpoint 2 wrote: a, d).
        assertThat(SinkTables.rows(table))
                .containsExactly("a|1", "a|3", "a|5", "b|2", "c|4", "d|6");
        assertThat(SinkTables.stagedFiles(dir))
                .hasSize(2)
                .allMatch(f -> f.startsWith("k=b/") || f.startsWith("k=e/"));

        // The source replays what came after checkpoint 2; writing to b and e again clears them.
        second.write(row(7, "b"), row(8, "e"), row(9, "a"));
        second.checkpoint(3);
        second.complete(3);
        assertThat(SinkTables.rows(table))
                .containsExactly("a|1", "a|3", "a|5", "a|9", "b|2", "b|7", "c|4", "d|6", "e|8");
        assertThat(SinkTables.stagedFiles(dir)).isEmpty();
    }
}
