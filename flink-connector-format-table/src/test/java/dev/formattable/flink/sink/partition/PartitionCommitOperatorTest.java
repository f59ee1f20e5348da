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
package dev.formattable.flink.sink.partition;

import dev.formattable.core.FormatTable;
import dev.formattable.core.fs.Path;
import dev.formattable.core.table.CommitMessage;
import dev.formattable.flink.config.PartitionCommitSettings;
import dev.formattable.flink.sink.committable.FormatTableCommittable;
import dev.formattable.flink.tables.FormatTables;
import dev.formattable.flink.testutils.HarnessJobs;
import dev.formattable.flink.testutils.TaskEnvironments;

import org.apache.flink.runtime.checkpoint.OperatorSubtaskState;
import org.apache.flink.streaming.api.connector.sink2.CommittableMessage;
import org.apache.flink.streaming.api.connector.sink2.CommittableSummary;
import org.apache.flink.streaming.api.connector.sink2.CommittableWithLineage;
import org.apache.flink.streaming.api.watermark.Watermark;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.apache.flink.streaming.util.OneInputStreamOperatorTestHarness;
import org.apache.flink.table.types.logical.DateType;
import org.apache.flink.table.types.logical.IntType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.VarCharType;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The partition committer in Flink's operator test harness, fed what a committer publishes:
 * triggers, the watermark of the checkpoint being published, snapshot and restore, the end of the
 * input, both partition layouts and both DATE spellings. The files it writes are checked on disk.
 */
class PartitionCommitOperatorTest {

    private static final RowType ROW_TYPE =
            RowType.of(
                    new org.apache.flink.table.types.logical.LogicalType[] {
                        new VarCharType(VarCharType.MAX_LENGTH), new DateType(), new IntType()
                    },
                    new String[] {"v", "dt", "hour"});

    private static final LocalDate DAY = LocalDate.of(2024, 1, 1);

    @TempDir java.nio.file.Path dir;

    private final List<OneInputStreamOperatorTestHarness<?, ?>> harnesses = new ArrayList<>();

    @BeforeEach
    void clearCalls() {
        RecordingPolicy.CALLS.clear();
    }

    @AfterEach
    void closeAll() throws Exception {
        for (OneInputStreamOperatorTestHarness<?, ?> h : harnesses) {
            h.close();
        }
    }

    private FormatTable table(Map<String, String> options) {
        return FormatTables.open(
                dir.resolve("t").toString(), ROW_TYPE, List.of("dt", "hour"), options);
    }

    private static PartitionCommitSettings settings(FormatTable table, String... keyValues) {
        Map<String, String> options = new HashMap<>();
        options.put("sink.partition-commit.policy.kind", "success-file,custom");
        options.put("sink.partition-commit.policy.class", RecordingPolicy.class.getName());
        for (int i = 0; i < keyValues.length; i += 2) {
            options.put(keyValues[i], keyValues[i + 1]);
        }
        return PartitionCommitSettings.of(
                        options, table.layout(), RecordingPolicy.class.getClassLoader())
                .withTableName("c", "db", "events");
    }

    /** Days committed a day after their start, by the watermark. */
    private static PartitionCommitSettings dailyByPartitionTime(FormatTable table) {
        return settings(
                table,
                "sink.partition-commit.trigger",
                "partition-time",
                "sink.partition-commit.delay",
                "1 d",
                "partition.time-extractor.timestamp-pattern",
                "$dt");
    }

    private OneInputStreamOperatorTestHarness<CommittableMessage<FormatTableCommittable>, Void>
            harness(FormatTable table, PartitionCommitSettings settings, boolean batch)
                    throws Exception {
        OneInputStreamOperatorTestHarness<CommittableMessage<FormatTableCommittable>, Void> h =
                new OneInputStreamOperatorTestHarness<>(
                        new PartitionCommitOperator(table, settings),
                        batch
                                ? TaskEnvironments.batch()
                                : TaskEnvironments.streamingWithCheckpoints());
        harnesses.add(h);
        return HarnessJobs.applyJob(h);
    }

    /** What the committer publishes for a checkpoint: one file in each hour of DAY given. */
    private static void publish(
            OneInputStreamOperatorTestHarness<CommittableMessage<FormatTableCommittable>, Void> h,
            FormatTable table,
            long checkpoint,
            int... hours)
            throws Exception {
        List<CommitMessage> messages = new ArrayList<>();
        for (int hour : hours) {
            Path partition = table.partitionPath(List.of(DAY, hour));
            Files.createDirectories(java.nio.file.Path.of(partition.path()));
            Path target = partition.child("data-" + checkpoint + "-" + hour + ".parquet");
            Files.writeString(java.nio.file.Path.of(target.path()), "x");
            LinkedHashMap<String, String> spec = table.layout().toSpec(List.of(DAY, hour));
            messages.add(new CommitMessage(target, target, spec, 1, 1));
        }
        h.processElement(new StreamRecord<>(new CommittableSummary<>(0, 1, checkpoint, 1, 0, 0)));
        h.processElement(
                new StreamRecord<>(
                        new CommittableWithLineage<>(
                                new FormatTableCommittable(messages, checkpoint, false),
                                checkpoint,
                                0)));
    }

    private static long at(int hour, int minute) {
        return LocalDateTime.of(DAY, java.time.LocalTime.of(hour, minute))
                .toInstant(ZoneOffset.UTC)
                .toEpochMilli();
    }

    private List<String> successFiles(FormatTable table) throws IOException {
        java.nio.file.Path root = java.nio.file.Path.of(table.qualifiedLocation().path());
        try (var files = Files.walk(root)) {
            return files.filter(p -> p.getFileName().toString().equals("_SUCCESS"))
                    .map(p -> root.relativize(p).toString())
                    .sorted()
                    .collect(Collectors.toList());
        }
    }

    private static List<List<String>> calledValues() {
        return RecordingPolicy.CALLS.stream().map(c -> c.values).collect(Collectors.toList());
    }

    /** A custom policy whose release fails, as one holding a connection that broke might. */
    public static class ReleaseFailingPolicy
            implements org.apache.flink.connector.file.table.PartitionCommitPolicy, AutoCloseable {
        static final java.util.concurrent.atomic.AtomicInteger COMMITS =
                new java.util.concurrent.atomic.AtomicInteger();

        @Override
        public void commit(Context context) {
            COMMITS.incrementAndGet();
        }

        @Override
        public void close() {
            throw new IllegalStateException("connection lost");
        }
    }

    /**
     * Flink's failure path (close without finish): nothing is committed, and the policy that fails
     * to release is logged, not thrown, since an exception from a failing task's cleanup is fatal
     * to the TaskManager. When the task finished, the same failure is thrown.
     */
    @Test
    void aFailedTaskCommitsNothingAndItsCleanupDoesNotThrow() throws Exception {
        FormatTable table = table(Map.of());
        PartitionCommitSettings settings =
                settings(
                        table,
                        "sink.partition-commit.policy.kind",
                        "custom",
                        "sink.partition-commit.policy.class",
                        ReleaseFailingPolicy.class.getName());
        var failing = harness(table, settings, true);
        failing.open();
        publish(failing, table, 1, 10);
        failing.getOneInputOperator().close();
        harnesses.remove(failing);
        assertThat(ReleaseFailingPolicy.COMMITS).hasValue(0);

        var finishing = harness(table, settings, true);
        finishing.open();
        publish(finishing, table, 1, 10);
        finishing.endInput();
        harnesses.remove(finishing);
        assertThatThrownBy(finishing::close).hasRootCauseMessage("connection lost");
        assertThat(ReleaseFailingPolicy.COMMITS).hasValue(1);
    }

    @Test
    void partitionTimeCommitsByTheWatermarkOfThePublishedCheckpoint() throws Exception {
        FormatTable table = table(Map.of());
        PartitionCommitSettings settings =
                settings(
                        table,
                        "sink.partition-commit.trigger",
                        "partition-time",
                        "sink.partition-commit.delay",
                        "1 h",
                        "partition.time-extractor.timestamp-pattern",
                        "$dt $hour:00:00");
        var h = harness(table, settings, false);
        h.open();

        h.processWatermark(new Watermark(at(10, 30)));
        h.snapshot(1, 1);
        // The watermark moves on between the checkpoint and its publication: rows of hour 10 may
        // still be in flight for checkpoint 2, so checkpoint 1's watermark decides.
        h.processWatermark(new Watermark(at(11, 30)));
        publish(h, table, 1, 10, 11);
        assertThat(successFiles(table)).isEmpty();

        h.snapshot(2, 2);
        publish(h, table, 2);
        // Day-count directory names (the default spelling) are read as ISO dates.
        assertThat(successFiles(table)).containsExactly("dt=19723/hour=10/_SUCCESS");
        assertThat(calledValues()).containsExactly(List.of("2024-01-01", "10"));
        RecordingPolicy.Call call = RecordingPolicy.CALLS.peek();
        assertThat(call.table).isEqualTo("events");
        assertThat(call.files).containsExactly("data-1-10.parquet");

        // Hour 11 is pending in the state; a restored committer commits it when its time comes.
        OperatorSubtaskState state = h.snapshot(3, 3);
        h.close();
        harnesses.remove(h);
        var restored = harness(table, settings, false);
        restored.initializeState(state);
        restored.open();
        restored.processWatermark(new Watermark(at(12, 0)));
        restored.snapshot(4, 4);
        publish(restored, table, 4);
        assertThat(successFiles(table)).containsExactly("dt=19723/hour=10/_SUCCESS");
        restored.processWatermark(new Watermark(at(12, 0) + 1));
        restored.snapshot(5, 5);
        publish(restored, table, 5);
        assertThat(successFiles(table))
                .containsExactly("dt=19723/hour=10/_SUCCESS", "dt=19723/hour=11/_SUCCESS");
        assertThat(calledValues())
                .containsExactly(List.of("2024-01-01", "10"), List.of("2024-01-01", "11"));
    }

    @Test
    void valueOnlyDirectoriesAndIsoDatesWithAFormatter() throws Exception {
        FormatTable table =
                table(
                        Map.of(
                                "format-table.partition-path-only-value", "true",
                                "partition.legacy-name", "false"));
        PartitionCommitSettings settings =
                settings(
                        table,
                        "sink.partition-commit.trigger",
                        "partition-time",
                        "partition.time-extractor.timestamp-pattern",
                        "$dt $hour",
                        "partition.time-extractor.timestamp-formatter",
                        "yyyy-MM-dd H");
        var h = harness(table, settings, false);
        h.open();
        h.processWatermark(new Watermark(at(9, 0) + 1));
        h.snapshot(1, 1);
        publish(h, table, 1, 9, 10);
        assertThat(successFiles(table)).containsExactly("2024-01-01/9/_SUCCESS");
    }

    @Test
    void theStateStaysBoundedOverTenThousandCheckpointsUnderEitherTrigger() throws Exception {
        FormatTable table = table(Map.of());
        for (PartitionCommitSettings settings :
                List.of(
                        settings(table, "sink.partition-commit.delay", "1 h"),
                        dailyByPartitionTime(table))) {
            var h = harness(table, settings, false);
            h.open();
            publish(h, table, 0, 10);
            long sizeAfterTen = 0;
            OperatorSubtaskState last = null;
            for (long checkpoint = 1; checkpoint <= 10_000; checkpoint++) {
                h.processWatermark(new Watermark(checkpoint * 1_000));
                last = h.snapshot(checkpoint, checkpoint);
                h.notifyOfCompletedCheckpoint(checkpoint);
                if (checkpoint == 10) {
                    sizeAfterTen = last.getStateSize();
                }
            }
            assertThat(last.getStateSize()).isLessThanOrEqualTo(sizeAfterTen);
            // The pending partition survives the pruning, and a restored committer holds it.
            var restored = harness(table, settings, false);
            restored.initializeState(last);
            restored.open();
            restored.endInput();
            restored.snapshot(10_001, 10_001);
            restored.notifyOfCompletedCheckpoint(10_001);
            restored.close();
            harnesses.remove(restored);
            assertThat(calledValues()).containsExactly(List.of("2024-01-01", "10"));
            RecordingPolicy.CALLS.clear();
        }
    }

    @Test
    void processTimeCommitsOnceTheDelayHasPassedSinceFirstPublished() throws Exception {
        FormatTable table = table(Map.of());
        var h = harness(table, settings(table, "sink.partition-commit.delay", "10 s"), false);
        h.open();
        h.setProcessingTime(1_000);
        h.snapshot(1, 1);
        publish(h, table, 1, 10);
        h.setProcessingTime(8_000);
        h.snapshot(2, 2);
        publish(h, table, 2, 10, 11);
        assertThat(successFiles(table)).isEmpty();
        h.setProcessingTime(11_001);
        h.snapshot(3, 3);
        publish(h, table, 3);
        assertThat(successFiles(table)).containsExactly("dt=19723/hour=10/_SUCCESS");
        // Hour 11 is due at 18 s; hour 10 gets data again, so it is committed again 10 s later.
        h.setProcessingTime(30_000);
        h.snapshot(4, 4);
        publish(h, table, 4, 10);
        assertThat(calledValues())
                .containsExactly(List.of("2024-01-01", "10"), List.of("2024-01-01", "11"));
        h.setProcessingTime(40_001);
        h.snapshot(5, 5);
        publish(h, table, 5);
        assertThat(calledValues())
                .containsExactly(
                        List.of("2024-01-01", "10"),
                        List.of("2024-01-01", "11"),
                        List.of("2024-01-01", "10"));
    }

    @Test
    void batchCommitsEveryPartitionAtTheEndOfTheInput() throws Exception {
        FormatTable table = table(Map.of());
        var h = harness(table, dailyByPartitionTime(table), true);
        h.open();
        publish(h, table, Long.MAX_VALUE, 1, 2);
        assertThat(successFiles(table)).isEmpty();
        h.endInput();
        assertThat(successFiles(table))
                .containsExactly("dt=19723/hour=1/_SUCCESS", "dt=19723/hour=2/_SUCCESS");
    }

    @Test
    void aStreamCommitsWhatItsFinalCheckpointPublishedWhenItCloses() throws Exception {
        FormatTable table = table(Map.of());
        var h = harness(table, dailyByPartitionTime(table), false);
        h.open();
        h.snapshot(6, 6);
        publish(h, table, 6, 5);
        h.endInput();
        assertThat(successFiles(table)).as("hour 5 has files in the final checkpoint").isEmpty();
        // The final checkpoint's files reach the partition committer after its input ended.
        h.snapshot(7, 7);
        publish(h, table, 7, 5, 6);
        h.notifyOfCompletedCheckpoint(7);
        assertThat(successFiles(table)).isEmpty();
        h.close();
        harnesses.remove(h);
        assertThat(successFiles(table))
                .containsExactly("dt=19723/hour=5/_SUCCESS", "dt=19723/hour=6/_SUCCESS");
    }

    @Test
    void aStreamThatFailsBeforeItsFinalCheckpointCommitsNothingMore() throws Exception {
        FormatTable table = table(Map.of());
        var h = harness(table, settings(table, "sink.partition-commit.delay", "1 h"), false);
        h.open();
        h.snapshot(6, 6);
        publish(h, table, 6, 5);
        h.endInput();
        h.snapshot(7, 7);
        h.close();
        harnesses.remove(h);
        assertThat(successFiles(table)).isEmpty();
    }

    @Test
    void aFailingPolicyIsNamedWithThePartition() throws Exception {
        FormatTable table = table(Map.of());
        PartitionCommitSettings settings =
                PartitionCommitSettings.of(
                        Map.of(
                                "sink.partition-commit.policy.kind",
                                "custom",
                                "sink.partition-commit.policy.class",
                                RecordingPolicy.Failing.class.getName()),
                        table.layout(),
                        RecordingPolicy.class.getClassLoader());
        var h = harness(table, settings, false);
        h.open();
        h.snapshot(1, 1);
        assertThatThrownBy(() -> publish(h, table, 1, 3))
                .isInstanceOf(IOException.class)
                .hasMessage(
                        "Partition commit policy "
                                + RecordingPolicy.Failing.class.getName()
                                + " failed on partition {dt=2024-01-01, hour=3} at "
                                + table.qualifiedLocation()
                                + "/dt=19723/hour=3")
                .hasRootCauseMessage("the downstream system is down");
    }

    @Test
    void aPartitionWithoutATimeIsNamed() throws Exception {
        FormatTable table = table(Map.of());
        var h =
                harness(
                        table,
                        settings(
                                table,
                                "sink.partition-commit.trigger",
                                "partition-time",
                                "partition.time-extractor.timestamp-pattern",
                                "$hour"),
                        false);
        h.open();
        h.snapshot(1, 1);
        assertThatThrownBy(() -> publish(h, table, 1, 3))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith(
                        "Cannot extract a time from partition dt=19723/hour=3 of "
                                + table.location()
                                + " with 'partition.time-extractor.timestamp-pattern'='$hour'"
                                + " and 'partition.time-extractor.timestamp-formatter'='null':");
    }
}
