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
package dev.formattable.flink;

import dev.formattable.core.FormatTable;
import dev.formattable.core.scan.DataSplit;
import dev.formattable.core.table.CommitMessage;
import dev.formattable.flink.config.CompactionSettings;
import dev.formattable.flink.config.PartitionCommitSettings;
import dev.formattable.flink.fs.FlinkFileIO;
import dev.formattable.flink.read.FormatTableBulkFormat;
import dev.formattable.flink.read.ReadSpec;
import dev.formattable.flink.sink.committable.FormatTableCommittable;
import dev.formattable.flink.sink.committer.CommittableAggregator;
import dev.formattable.flink.sink.committer.JobManagerCommitter;
import dev.formattable.flink.sink.compaction.CompactingOperator;
import dev.formattable.flink.sink.partition.PartitionCommitOperator;
import dev.formattable.flink.source.reader.FormatTableSourceReader;
import dev.formattable.flink.testutils.CollectingReaderOutput;
import dev.formattable.flink.testutils.CountingReaderContext;
import dev.formattable.flink.testutils.FailingFileSystem;
import dev.formattable.flink.testutils.HarnessJobs;
import dev.formattable.flink.testutils.LegacyFunctions;
import dev.formattable.flink.testutils.SinkTables;
import dev.formattable.flink.testutils.TaskEnvironments;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.connector.file.src.FileSourceSplit;
import org.apache.flink.core.io.InputStatus;
import org.apache.flink.streaming.api.connector.sink2.CommittableMessage;
import org.apache.flink.streaming.api.connector.sink2.CommittableSummary;
import org.apache.flink.streaming.api.connector.sink2.CommittableWithLineage;
import org.apache.flink.streaming.runtime.operators.sink.CommitterOperatorFactory;
import org.apache.flink.streaming.runtime.operators.sink.SinkWriterOperatorFactory;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.apache.flink.streaming.util.OneInputStreamOperatorTestHarness;
import org.apache.flink.table.data.RowData;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static dev.formattable.flink.testutils.SinkTables.row;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Every operator of ours, driven through Flink's failure path: the task failed (or was cancelled)
 * while the operator held files, the store is down by then, and Flink closes the operator without
 * finishing it, as a failing task's clean-up does. No clean-up may throw: Flink takes an exception
 * from a failing task's clean-up as fatal to the TaskManager. A cancellation (the task thread
 * interrupted) stays a cancellation: the interrupt is kept, never turned into an error.
 */
class FailurePathCleanupTest {

    /** How the task ends. */
    enum Ending {
        FAILURE,
        CANCELLATION
    }

    @TempDir Path dir;

    @BeforeAll
    static void installFileSystems() {
        org.apache.flink.core.fs.FileSystem.initialize(new Configuration(), null);
    }

    @AfterEach
    void heal() {
        FailingFileSystem.heal();
        Thread.interrupted();
    }

    private FormatTable table(Map<String, String> options) {
        return SinkTables.table(new FlinkFileIO(), FailingFileSystem.uri(dir), options);
    }

    /**
     * Runs a failing task's clean-up with the store down and, for a cancellation, the task's thread
     * interrupted: it throws nothing, and an interrupt is still set afterwards.
     */
    private static void cleansUpQuietly(Ending ending, AutoCloseable cleanup) {
        FailingFileSystem.failEverything();
        if (ending == Ending.CANCELLATION) {
            Thread.currentThread().interrupt();
        }
        try {
            assertThatCode(cleanup::close).doesNotThrowAnyException();
            if (ending == Ending.CANCELLATION) {
                assertThat(Thread.currentThread().isInterrupted())
                        .as("the cancellation's interrupt is kept")
                        .isTrue();
            }
        } finally {
            Thread.interrupted();
        }
    }

    @ParameterizedTest
    @EnumSource(Ending.class)
    void theWriterOperatorWithOpenFiles(Ending ending) throws Exception {
        FormatTable table = table(Map.of());
        var harness =
                new OneInputStreamOperatorTestHarness<>(
                        new SinkWriterOperatorFactory<RowData, FormatTableCommittable>(
                                SinkTables.sink(table)));
        harness.open();
        harness.processElement(new StreamRecord<>(row(1, "a")));
        harness.processElement(new StreamRecord<>(row(2, "b")));
        assertThat(SinkTables.stagedFiles(dir)).hasSize(2);

        cleansUpQuietly(ending, harness.getOneInputOperator()::close);

        assertThat(FailingFileSystem.failures()).as("the clean-up met the fault").isPositive();
    }

    @ParameterizedTest
    @EnumSource(Ending.class)
    void theCommitterOperatorHoldingACheckpointsFiles(Ending ending) throws Exception {
        FormatTable table = table(Map.of());
        FormatTableCommittable staged = SinkTables.stage(table, "job", row(1, "a"), row(2, "b"));
        var harness =
                new OneInputStreamOperatorTestHarness<>(
                        new CommitterOperatorFactory<>(SinkTables.sink(table), false, true));
        harness.open();
        harness.processElement(new StreamRecord<>(new CommittableSummary<>(0, 1, 1L, 1, 0, 0)));
        harness.processElement(new StreamRecord<>(new CommittableWithLineage<>(staged, 1L, 0)));
        harness.snapshot(1L, 1L);

        cleansUpQuietly(ending, harness.getOneInputOperator()::close);
    }

    @ParameterizedTest
    @EnumSource(Ending.class)
    void theAggregatorHoldingCommittables(Ending ending) throws Exception {
        FormatTable table = table(Map.of());
        FormatTableCommittable staged = SinkTables.stage(table, "job", row(1, "a"));
        var harness =
                new OneInputStreamOperatorTestHarness<>(new CommittableAggregator("t", false));
        harness.open();
        harness.processElement(new StreamRecord<>(new CommittableSummary<>(0, 1, 1L, 1, 0, 0)));
        harness.processElement(new StreamRecord<>(new CommittableWithLineage<>(staged, 1L, 0)));

        cleansUpQuietly(ending, harness.getOneInputOperator()::close);
    }

    /** The batch commit's writer side: the spool cannot be written at the end of the input. */
    @ParameterizedTest
    @EnumSource(Ending.class)
    void theJobManagerCommitterWhoseSpoolCannotBeWritten(Ending ending) throws Exception {
        FormatTable table = table(Map.of());
        FormatTableCommittable staged = SinkTables.stage(table, "job", row(1, "a"));
        var harness =
                new OneInputStreamOperatorTestHarness<
                        CommittableMessage<FormatTableCommittable>, Object>(
                        LegacyFunctions.outputFormatSink(
                                new JobManagerCommitter(table, false, Map.of(), "sink1", null)));
        harness.open();
        FailingFileSystem.failEverything();
        assertThatThrownBy(
                        () ->
                                harness.processElement(
                                        new StreamRecord<>(
                                                new CommittableWithLineage<>(
                                                        new FormatTableCommittable(
                                                                staged.messages(),
                                                                FormatTableCommittable
                                                                        .NO_CHECKPOINT,
                                                                true),
                                                        Long.MAX_VALUE,
                                                        0))))
                .as("the task's own failure")
                .hasStackTraceContaining("Injected storage fault");

        cleansUpQuietly(ending, harness.getOneInputOperator()::close);
    }

    /** The compactor failed to merge a checkpoint's files; then the task cleans up. */
    @ParameterizedTest
    @EnumSource(Ending.class)
    void theCompactorAfterAFailedMerge(Ending ending) throws Exception {
        FormatTable table = table(Map.of());
        List<CommitMessage> small = new ArrayList<>();
        for (int w = 0; w < 2; w++) {
            small.addAll(SinkTables.stage(table, "job" + w, row(w, "a")).messages());
        }
        var harness =
                new OneInputStreamOperatorTestHarness<>(
                        new CompactingOperator(
                                table,
                                SinkTables.ROW_TYPE,
                                CompactionSettings.of(
                                        Map.of(
                                                "auto-compaction", "true",
                                                "compaction.file-size", "1 mb"),
                                        0),
                                "sink1"));
        harness.open();
        harness.processElement(new StreamRecord<>(new CommittableSummary<>(0, 1, 5, 1, 0, 0)));
        FailingFileSystem.failFrom(FailingFileSystem.Op.WRITE, "");
        assertThatThrownBy(
                        () ->
                                harness.processElement(
                                        new StreamRecord<>(
                                                new CommittableWithLineage<>(
                                                        new FormatTableCommittable(small, 5, false),
                                                        5,
                                                        0))))
                .hasStackTraceContaining("Injected storage fault");

        cleansUpQuietly(ending, harness.getOneInputOperator()::close);
    }

    /** The partition committer could not write a success file at the end of its input. */
    @ParameterizedTest
    @EnumSource(Ending.class)
    void thePartitionCommitterWhoseSuccessFileCannotBeWritten(Ending ending) throws Exception {
        FormatTable table = table(Map.of());
        FormatTableCommittable staged = SinkTables.stage(table, "job", row(1, "a"));
        table.newCommit().append(staged.messages());
        PartitionCommitSettings settings =
                PartitionCommitSettings.of(
                        Map.of("sink.partition-commit.policy.kind", "success-file"),
                        table.layout(),
                        getClass().getClassLoader());
        var harness =
                new OneInputStreamOperatorTestHarness<
                        CommittableMessage<FormatTableCommittable>, Void>(
                        new PartitionCommitOperator(table, settings), TaskEnvironments.batch());
        HarnessJobs.applyJob(harness);
        harness.open();
        harness.processElement(
                new StreamRecord<>(
                        new CommittableSummary<>(
                                0, 1, FormatTableCommittable.NO_CHECKPOINT, 1, 0, 0)));
        harness.processElement(
                new StreamRecord<>(
                        new CommittableWithLineage<>(
                                new FormatTableCommittable(
                                        staged.messages(),
                                        FormatTableCommittable.NO_CHECKPOINT,
                                        true),
                                FormatTableCommittable.NO_CHECKPOINT,
                                0)));
        FailingFileSystem.failEverything();
        assertThatThrownBy(harness::endInput).hasStackTraceContaining("Injected storage fault");

        cleansUpQuietly(ending, harness.getOneInputOperator()::close);
    }

    /** A source reader whose fetcher failed to read a file; then the task cleans up. */
    @ParameterizedTest
    @EnumSource(Ending.class)
    void theSourceReaderAfterAFailedRead(Ending ending) throws Exception {
        FormatTable table = table(Map.of());
        SinkTables.appendOneRowPerPartition(table, 2);
        List<FileSourceSplit> splits = new ArrayList<>();
        for (DataSplit file : table.newScan().plan().splits()) {
            splits.add(SinkTables.split(file));
        }
        FormatTableSourceReader reader =
                new FormatTableSourceReader(
                        new CountingReaderContext(),
                        new FormatTableBulkFormat(
                                ReadSpec.builder(table, SinkTables.ROW_TYPE).build(), List.of()),
                        new Configuration());
        reader.start();
        FailingFileSystem.failFrom(FailingFileSystem.Op.OPEN, "");
        reader.addSplits(splits);
        reader.notifyNoMoreSplits();
        assertThatThrownBy(() -> readToTheEnd(reader))
                .hasStackTraceContaining("Injected storage fault");

        cleansUpQuietly(ending, reader);
    }

    private static void readToTheEnd(FormatTableSourceReader reader) throws Exception {
        CollectingReaderOutput output = new CollectingReaderOutput();
        InputStatus status;
        do {
            status = reader.pollNext(output);
            if (status == InputStatus.NOTHING_AVAILABLE) {
                reader.isAvailable().get(30, TimeUnit.SECONDS);
            }
        } while (status != InputStatus.END_OF_INPUT);
    }
}
