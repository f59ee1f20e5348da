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

import dev.formattable.core.fs.Path;
import dev.formattable.core.table.CommitMessage;
import dev.formattable.flink.sink.committable.FormatTableCommittable;
import dev.formattable.flink.testutils.CommittableOutputs;
import dev.formattable.flink.testutils.HarnessJobs;
import dev.formattable.flink.testutils.TaskEnvironments;

import org.apache.flink.runtime.operators.testutils.MockEnvironment;
import org.apache.flink.streaming.api.connector.sink2.CommittableMessage;
import org.apache.flink.streaming.api.connector.sink2.CommittableSummary;
import org.apache.flink.streaming.api.connector.sink2.CommittableWithLineage;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.apache.flink.streaming.util.OneInputStreamOperatorTestHarness;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The aggregator in the operator test harness: the committables of every writer subtask of a
 * checkpoint leave it as one committable, before its barrier; the end of the input flushes the
 * rest, an empty committable included, so that an overwrite whose query wrote nothing still clears.
 */
class CommittableAggregatorHarnessTest {

    private static final int WRITERS = 3;

    private static CommitMessage file(String name) {
        String dir = "/t/k=" + name.charAt(0);
        return new CommitMessage(
                Path.of(dir + "/_temporary/." + name + ".parquet.job-s0-a0-e0.u.tmp"),
                Path.of(dir + "/" + name + ".parquet"),
                Map.of("k", name.substring(0, 1)),
                1,
                100);
    }

    private static FormatTableCommittable committable(String... names) {
        return new FormatTableCommittable(
                java.util.Arrays.stream(names)
                        .map(CommittableAggregatorHarnessTest::file)
                        .collect(java.util.stream.Collectors.toList()));
    }

    private static OneInputStreamOperatorTestHarness<
                    CommittableMessage<FormatTableCommittable>,
                    CommittableMessage<FormatTableCommittable>>
            aggregator() throws Exception {
        return CommittableOutputs.of(
                new OneInputStreamOperatorTestHarness<>(new CommittableAggregator("t", false)));
    }

    /** What one writer subtask sends for a checkpoint: its summary, then its committable. */
    private static void send(
            OneInputStreamOperatorTestHarness<CommittableMessage<FormatTableCommittable>, ?>
                    harness,
            int subtask,
            long checkpoint,
            FormatTableCommittable committable)
            throws Exception {
        harness.processElement(
                new StreamRecord<>(
                        new CommittableSummary<>(subtask, WRITERS, checkpoint, 1, 0, 0)));
        harness.processElement(
                new StreamRecord<>(new CommittableWithLineage<>(committable, checkpoint, subtask)));
    }

    /**
     * Asserts the output is one summary and one committable per checkpoint, as the committer
     * expects.
     */
    private static void assertMerged(
            List<CommittableMessage<FormatTableCommittable>> output,
            long checkpoint,
            FormatTableCommittable merged) {
        assertThat(output).hasSize(2);
        assertThat(output.get(0))
                .isInstanceOfSatisfying(
                        CommittableSummary.class,
                        s -> {
                            assertThat(s.getSubtaskId()).isZero();
                            assertThat(s.getNumberOfSubtasks()).isEqualTo(1);
                            assertThat(s.getCheckpointIdOrEOI()).isEqualTo(checkpoint);
                            assertThat(s.getNumberOfCommittables()).isEqualTo(1);
                            assertThat(s.getNumberOfFailedCommittables()).isZero();
                        });
        assertThat(output.get(1))
                .isInstanceOfSatisfying(
                        CommittableWithLineage.class,
                        c -> {
                            assertThat(c.getSubtaskId()).isZero();
                            assertThat(c.getCheckpointIdOrEOI()).isEqualTo(checkpoint);
                            assertThat(((FormatTableCommittable) c.getCommittable()).messages())
                                    .containsExactlyInAnyOrderElementsOf(merged.messages());
                        });
    }

    @Test
    void mergesEveryWritersCommittablesIntoOnePerCheckpoint() throws Exception {
        try (var harness = aggregator()) {
            harness.open();
            send(harness, 0, 1, committable("a0", "b0"));
            send(harness, 1, 1, committable("a1"));
            send(harness, 2, 1, committable());
            assertThat(harness.extractOutputValues()).as("nothing before the barrier").isEmpty();

            harness.prepareSnapshotPreBarrier(1);
            assertMerged(harness.extractOutputValues(), 1, committable("a0", "b0", "a1"));
            harness.snapshot(1, 1L);
            harness.getOutput().clear();

            send(harness, 2, 2, committable("c2"));
            send(harness, 0, 2, committable("a3"));
            send(harness, 1, 2, committable("b4", "c4"));
            harness.prepareSnapshotPreBarrier(2);
            assertMerged(harness.extractOutputValues(), 2, committable("c2", "a3", "b4", "c4"));
            harness.snapshot(2, 2L);
            harness.getOutput().clear();

            // A checkpoint that brought nothing new emits nothing more.
            harness.prepareSnapshotPreBarrier(3);
            assertThat(harness.extractOutputValues()).isEmpty();
        }
    }

    /** The staged files compactors made obsolete reach the committer with the merged files. */
    @Test
    void carriesEveryObsoleteFileIntoTheMergedCommittable() throws Exception {
        Path a = Path.of("/t/k=a/_temporary/.a-small.parquet.job-s0-a0-e0.u.tmp");
        Path b = Path.of("/t/k=b/_temporary/.b-small.parquet.job-s1-a0-e0.u.tmp");
        try (var harness = aggregator()) {
            harness.open();
            send(
                    harness,
                    0,
                    1,
                    new FormatTableCommittable(List.of(file("a0")), -1, false, List.of(a)));
            send(harness, 1, 1, new FormatTableCommittable(List.of(), -1, false, List.of(b)));
            send(harness, 2, 2, committable("c2"));

            harness.prepareSnapshotPreBarrier(1);
            List<CommittableMessage<FormatTableCommittable>> out = harness.extractOutputValues();
            assertMerged(out, 1, committable("a0"));
            assertThat(
                            ((CommittableWithLineage<FormatTableCommittable>) out.get(1))
                                    .getCommittable()
                                    .obsoleteStagedFiles())
                    .containsExactlyInAnyOrder(a, b);
            harness.getOutput().clear();

            harness.endInput();
            out = harness.extractOutputValues();
            assertMerged(out, 2, committable("c2"));
            assertThat(
                            ((CommittableWithLineage<FormatTableCommittable>) out.get(1))
                                    .getCommittable()
                                    .obsoleteStagedFiles())
                    .isEmpty();
        }
    }

    @Test
    void aBarrierEmitsOnlyCheckpointsUpToItsOwn() throws Exception {
        try (var harness = aggregator()) {
            harness.open();
            send(harness, 0, 1, committable("a0"));
            // A later checkpoint's committable (e.g. the end of a writer's input) waits.
            send(harness, 1, 5, committable("b1"));
            harness.prepareSnapshotPreBarrier(1);
            assertMerged(harness.extractOutputValues(), 1, committable("a0"));
            harness.getOutput().clear();

            harness.endInput();
            assertMerged(harness.extractOutputValues(), 5, committable("b1"));
        }
    }

    /**
     * Before Flink 2.1 a writer's committable at the end of its input comes under EOI: when other
     * writers still run, the next barrier takes it, so that it is in that checkpoint's state (the
     * writer's finished task is not run again after a failover).
     */
    @Test
    void aBarrierTakesWhatAWriterHandedOutAtTheEndOfItsInput() throws Exception {
        try (var harness = aggregator()) {
            harness.open();
            send(harness, 0, CommittableMessage.EOI, committable("a0"));
            send(harness, 1, 3, committable("b1"));
            harness.prepareSnapshotPreBarrier(3);
            assertMerged(harness.extractOutputValues(), 3, committable("a0", "b1"));
            harness.getOutput().clear();

            send(harness, 1, CommittableMessage.EOI, committable("b2"));
            harness.endInput();
            assertMerged(harness.extractOutputValues(), CommittableMessage.EOI, committable("b2"));
        }
    }

    /**
     * From Flink 2.1 a writer that ends its input right after a restore from checkpoint 2 hands out
     * its last files under checkpoint 3, which failed, while the others' next checkpoint is 4: the
     * barrier of 4 takes both in one committable, so no commit publishes only part of what was
     * handed out before checkpoint 4 (the sweep after a commit relies on it).
     */
    @Test
    void aBarrierMergesEveryEarlierCheckpointIntoItsOwn() throws Exception {
        try (var harness = aggregator()) {
            harness.open();
            send(harness, 0, 3, committable("a0"));
            send(harness, 1, 4, committable("b1"));
            harness.prepareSnapshotPreBarrier(4);
            assertMerged(harness.extractOutputValues(), 4, committable("a0", "b1"));
        }
    }

    /** The end of the input is one committable too, under the latest checkpoint it holds. */
    @Test
    void theEndOfTheInputIsOneCommittable() throws Exception {
        try (var harness = aggregator()) {
            harness.open();
            send(harness, 0, 3, committable("a0"));
            send(harness, 1, 4, committable("b1"));
            harness.endInput();
            assertMerged(harness.extractOutputValues(), 4, committable("a0", "b1"));
        }
    }

    @Test
    void theEndOfAnInputThatWroteNothingStillYieldsAnEmptyCommittable() throws Exception {
        try (var harness = aggregator()) {
            harness.open();
            // Every writer ends its input with an empty committable.
            for (int subtask = 0; subtask < WRITERS; subtask++) {
                send(harness, subtask, 1, committable());
            }
            harness.endInput();
            assertMerged(harness.extractOutputValues(), 1, committable());
        }
    }

    @Test
    void aSummaryAloneStillYieldsAnEmptyCommittable() throws Exception {
        try (var harness = aggregator()) {
            harness.open();
            for (int subtask = 0; subtask < WRITERS; subtask++) {
                harness.processElement(
                        new StreamRecord<>(new CommittableSummary<>(subtask, WRITERS, 1, 0, 0, 0)));
            }
            harness.endInput();
            assertMerged(harness.extractOutputValues(), 1, committable());
        }
    }

    /**
     * A streaming job over unbounded input without checkpoints would never publish: the aggregator
     * refuses it when it starts, naming the table and the option.
     */
    @Test
    void refusesAnUnboundedStreamingJobWithoutCheckpoints() throws Exception {
        try (var harness =
                HarnessJobs.applyJob(
                        CommittableOutputs.of(
                                new OneInputStreamOperatorTestHarness<>(
                                        new CommittableAggregator("file:/warehouse/t", true),
                                        TaskEnvironments.streamingWithoutCheckpoints())))) {
            assertThatThrownBy(harness::open)
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("file:/warehouse/t")
                    .hasMessageContaining("'execution.checkpointing.interval'");
        }
    }

    static Stream<Arguments> runnableJobs() {
        Supplier<MockEnvironment> withCheckpoints = TaskEnvironments::streamingWithCheckpoints;
        Supplier<MockEnvironment> batch = TaskEnvironments::batch;
        Supplier<MockEnvironment> withoutCheckpoints =
                TaskEnvironments::streamingWithoutCheckpoints;
        return Stream.of(
                Arguments.of("unbounded input, checkpoints", true, withCheckpoints),
                Arguments.of("unbounded input, batch", true, batch),
                Arguments.of("bounded input, no checkpoints", false, withoutCheckpoints));
    }

    /** With checkpoints, in batch mode, or over bounded input, the aggregator runs. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("runnableJobs")
    void runsAnyOtherJob(String name, boolean unboundedInput, Supplier<MockEnvironment> job)
            throws Exception {
        try (var harness =
                HarnessJobs.applyJob(
                        CommittableOutputs.of(
                                new OneInputStreamOperatorTestHarness<>(
                                        new CommittableAggregator("t", unboundedInput),
                                        job.get())))) {
            harness.open();
            send(harness, 0, 1, committable("a0"));
            harness.endInput();
            assertMerged(harness.extractOutputValues(), 1, committable("a0"));
        }
    }
}
