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
import dev.formattable.core.fs.FaultInjectingFileIO;
import dev.formattable.core.fs.FaultInjectingFileIO.Op;
import dev.formattable.core.fs.UploadingLocalFileIO;
import dev.formattable.core.scan.DataSplit;
import dev.formattable.flink.fs.FlinkFileIO;
import dev.formattable.flink.sink.committable.FormatTableCommittable;
import dev.formattable.flink.testutils.RecordingMetricGroup;
import dev.formattable.flink.testutils.SinkTables;

import org.apache.flink.table.data.RowData;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import static dev.formattable.flink.testutils.SinkTables.row;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The Flink committer over a file system that fails: for every k, the k-th rename of a streaming
 * commit fails, or takes effect but loses its response. The committer throws (it neither drops the
 * committable nor calls it committed), the table holds exactly its old rows, and committing the
 * same committable again, as Flink does after restoring the checkpoint, gives every row exactly
 * once with no staged file visible.
 */
class FormatTableCommitterFaultInjectionTest {

    /** One file per partition, a to f. */
    private static final int NEW_FILES = 6;

    @TempDir java.nio.file.Path dir;

    enum Fault {
        FAIL,
        LOSE_RESPONSE
    }

    static Stream<Arguments> faults() {
        return Stream.of(Fault.values())
                .flatMap(
                        f -> IntStream.rangeClosed(1, NEW_FILES).mapToObj(k -> Arguments.of(f, k)));
    }

    /** Commits as a committer's first attempt; returns the metrics it reported. */
    private static RecordingMetricGroup commit(
            FormatTable table, FormatTableCommittable committable)
            throws IOException, InterruptedException {
        RecordingRequest request = new RecordingRequest(committable);
        RecordingMetricGroup metrics = new RecordingMetricGroup();
        try (FormatTableCommitter committer =
                new FormatTableCommitter(
                        table, false, Map.of(), new CommitterMetrics(metrics), "job", false)) {
            committer.commit(List.of(request));
        } finally {
            assertThat(request.signals).isEmpty();
        }
        return metrics;
    }

    /**
     * A fault that fires once (a store refusing one rename, or losing one answer) does not fail the
     * job: the committer takes the commit back, tries again, and every row is there once.
     */
    @ParameterizedTest(name = "{0} rename #{1}")
    @MethodSource("faults")
    void aFaultThatFiresOnceIsRetriedAndEveryRowPublishedOnce(Fault fault, int k) throws Exception {
        FaultInjectingFileIO io = new FaultInjectingFileIO(new FlinkFileIO());
        FormatTable table = SinkTables.table(io, dir, Map.of());
        FormatTableCommittable checkpoint = sixFiles(table);
        if (fault == Fault.FAIL) {
            io.failOn(Op.RENAME, k);
        } else {
            io.loseRenameResponse(k);
        }
        int renamesBefore = io.calls(Op.RENAME);

        RecordingMetricGroup metrics = commit(table, checkpoint);

        assertThat(metrics.count(CommitterMetrics.RETRIES)).isEqualTo(1);
        assertThat(metrics.count(CommitterMetrics.FAILURES)).isZero();
        assertThat(metrics.count(CommitterMetrics.FILES)).isEqualTo(NEW_FILES);
        assertThat(metrics.count(CommitterMetrics.PARTITIONS)).isEqualTo(NEW_FILES);
        assertThat(metrics.count(CommitterMetrics.RECORDS)).isEqualTo(NEW_FILES);
        assertThat(metrics.count(CommitterMetrics.BYTES))
                .isEqualTo(checkpoint.messages().stream().mapToLong(m -> m.fileSize()).sum());

        assertThat(SinkTables.rows(table))
                .containsExactly("a|1", "b|2", "c|3", "d|4", "e|5", "f|6");
        assertThat(SinkTables.dataFiles(table))
                .isEqualTo(
                        SinkTables.targets(table, checkpoint.messages()).stream()
                                .sorted()
                                .toList());
        assertThat(SinkTables.stagedFiles(dir)).isEmpty();
        // More renames than files: the first try failed and was taken back.
        assertThat(io.calls(Op.RENAME) - renamesBefore).isGreaterThan(NEW_FILES);
    }

    /**
     * On an object store files are uploads, and a completed upload cannot be taken back: a commit
     * whose k-th completion fails keeps the files it completed, and the committer's retry completes
     * the rest (recognising those), so every row is published once and no upload is left.
     */
    @ParameterizedTest(name = "completion #{0}")
    @org.junit.jupiter.params.provider.ValueSource(ints = {1, 3, 6})
    void aFailedCompletionOfUploadsIsCompletedByTheRetry(int k, @TempDir java.nio.file.Path store)
            throws Exception {
        UploadingLocalFileIO uploads = new UploadingLocalFileIO(store);
        FaultInjectingFileIO io = new FaultInjectingFileIO(uploads);
        FormatTable table = SinkTables.table(io, dir, Map.of());
        FormatTableCommittable checkpoint = sixFiles(table);
        assertThat(checkpoint.messages()).allMatch(m -> m.isUpload());
        io.failOn(Op.COMPLETE, k);

        commit(table, checkpoint);

        assertThat(SinkTables.rows(table))
                .containsExactly("a|1", "b|2", "c|3", "d|4", "e|5", "f|6");
        assertThat(uploads.openUploads()).isZero();
        // The first try failed on its k-th completion; completions run in parallel, so those
        // already under way when it failed went on (k to six calls in all). The retry went over
        // all six, recognising the completed ones.
        assertThat(io.calls(Op.COMPLETE)).isBetween(k + NEW_FILES, 2 * NEW_FILES);
        assertThat(io.calls(Op.RENAME)).as("nothing staged, nothing renamed").isZero();
    }

    /** With no retry left, the failure reaches Flink, and the table is as it was. */
    @org.junit.jupiter.api.Test
    void aFaultOnEveryTryFailsTheCommitAfterTheRetries() throws Exception {
        FaultInjectingFileIO io = new FaultInjectingFileIO(new FlinkFileIO());
        FormatTable table = SinkTables.table(io, dir, Map.of("commit.max-retries", "2"));
        FormatTableCommittable checkpoint = SinkTables.stage(table, "job", row(1, "a"));
        FaultInjectingFileIO failing =
                new FaultInjectingFileIO(new FlinkFileIO()) {
                    @Override
                    public void rename(
                            dev.formattable.core.fs.Path source,
                            dev.formattable.core.fs.Path target)
                            throws IOException {
                        super.rename(source, target);
                        throw new IOException("store unavailable");
                    }
                };
        FormatTable alwaysFailing =
                SinkTables.table(failing, dir, Map.of("commit.max-retries", "2"));

        RecordingMetricGroup metrics = new RecordingMetricGroup();
        try (FormatTableCommitter committer =
                new FormatTableCommitter(
                        alwaysFailing,
                        false,
                        Map.of(),
                        new CommitterMetrics(metrics),
                        "job",
                        false)) {
            assertThatThrownBy(() -> committer.commit(List.of(new RecordingRequest(checkpoint))))
                    .isInstanceOf(IOException.class)
                    .hasMessageContaining("taken back")
                    .rootCause()
                    .hasMessage("store unavailable");
        }
        assertThat(metrics.count(CommitterMetrics.RETRIES)).isEqualTo(2);
        assertThat(metrics.count(CommitterMetrics.FAILURES)).isEqualTo(1);
        assertThat(metrics.count(CommitterMetrics.FILES)).isZero();
        // Three tries, each renaming the file and then renaming it back.
        assertThat(failing.calls(Op.RENAME)).isEqualTo(3 + 3);
        assertThat(SinkTables.rows(table)).isEmpty();
        assertThat(SinkTables.stagedFiles(dir))
                .isEqualTo(SinkTables.stagedPaths(table, checkpoint.messages()));
    }

    /** Files removed by another writer while the commit ran fail it at once: no retry. */
    @org.junit.jupiter.api.Test
    void aCommitWhoseFilesAnotherWriterRemovedFailsWithoutRetry() throws Exception {
        // One rename at a time, in order: the first file is deleted once published.
        FaultInjectingFileIO io = new FaultInjectingFileIO(new FlinkFileIO()).localAsDelegate();
        FormatTable table = SinkTables.table(io, dir, Map.of());
        FormatTableCommittable checkpoint =
                SinkTables.stage(table, "job", row(1, "a"), row(2, "b"), row(3, "c"));
        dev.formattable.core.fs.Path first = checkpoint.messages().get(0).targetPath();
        io.deleteAfterRename(2, first);
        int renamesBefore = io.calls(Op.RENAME);

        assertThatThrownBy(() -> commit(table, checkpoint))
                .isInstanceOf(dev.formattable.core.commit.CommitConflictException.class)
                .hasMessageContaining(first.name());
        assertThat(io.calls(Op.RENAME) - renamesBefore).as("one try, three renames").isEqualTo(3);
        assertThat(SinkTables.rows(table)).containsExactly("b|2", "c|3");
    }

    /**
     * Files gone before a restored committer commits are counted in the committer's metric, and the
     * rest of the committable is published.
     */
    @org.junit.jupiter.api.Test
    void filesGoneBeforeARestoredCommitAreCountedAndSkipped() throws Exception {
        FormatTable table = SinkTables.table(new FlinkFileIO(), dir, Map.of());
        FormatTableCommittable checkpoint =
                SinkTables.stage(table, "job", row(1, "a"), row(2, "b"), row(3, "c"));
        for (var m : checkpoint.messages().subList(0, 2)) {
            java.nio.file.Files.delete(java.nio.file.Path.of(m.stagedPath().path()));
        }
        RecordingMetricGroup metrics = new RecordingMetricGroup();
        RecordingRequest request = new RecordingRequest(checkpoint);
        try (FormatTableCommitter committer =
                new FormatTableCommitter(
                        table, false, Map.of(), new CommitterMetrics(metrics), "job", true)) {
            committer.commit(List.of(request));
        }
        assertThat(request.signals).isEmpty();
        assertThat(metrics.count(CommitterMetrics.VANISHED_FILES)).isEqualTo(2);
        assertThat(metrics.count(CommitterMetrics.FILES)).isEqualTo(1);
        assertThat(metrics.count(CommitterMetrics.RECORDS)).isEqualTo(1);
        assertThat(SinkTables.rows(table)).hasSize(1);
    }

    /**
     * A committer's first attempt commits files its writers just wrote: one gone (removed while the
     * job ran) fails the commit naming it, and nothing is published.
     */
    @org.junit.jupiter.api.Test
    void aFileGoneBeforeAFirstCommitFailsItNamingTheFile() throws Exception {
        FormatTable table = SinkTables.table(new FlinkFileIO(), dir, Map.of());
        FormatTableCommittable checkpoint =
                SinkTables.stage(table, "job", row(1, "a"), row(2, "b"), row(3, "c"));
        String gone = checkpoint.messages().get(1).stagedPath().path();
        java.nio.file.Files.delete(java.nio.file.Path.of(gone));
        RecordingMetricGroup metrics = new RecordingMetricGroup();
        try (FormatTableCommitter committer =
                new FormatTableCommitter(
                        table, false, Map.of(), new CommitterMetrics(metrics), "job", false)) {
            assertThatThrownBy(() -> committer.commit(List.of(new RecordingRequest(checkpoint))))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining(gone)
                    .hasMessageContaining("does not exist");
        }
        assertThat(metrics.count(CommitterMetrics.VANISHED_FILES)).isZero();
        assertThat(metrics.count(CommitterMetrics.FAILURES)).isEqualTo(1);
        assertThat(metrics.count(CommitterMetrics.RETRIES)).isZero();
        assertThat(metrics.count(CommitterMetrics.FILES)).isZero();
        assertThat(SinkTables.rows(table)).isEmpty();
    }

    /**
     * The commit at the end of a batch job's input, run again after it published (the chained
     * partition commit failed, or a global failover reran the finished tasks), with the files the
     * rerun writers wrote: it publishes nothing new and removes those files.
     */
    @org.junit.jupiter.api.Test
    void theEndOfInputCommitRunAgainAfterItPublishedPublishesEveryRowOnce() throws Exception {
        FormatTable table = SinkTables.table(new FlinkFileIO(), dir, Map.of());
        commitEndOfInput(table, false, row(1, "a"), row(2, "b"));
        assertThat(SinkTables.rows(table)).containsExactly("a|1", "b|2");

        commitEndOfInput(table, true, row(1, "a"), row(2, "b"));

        assertThat(SinkTables.rows(table)).as("every row once").containsExactly("a|1", "b|2");
        assertThat(SinkTables.stagedFiles(dir))
                .as("the rerun's files removed; the record stays")
                .containsExactly(
                        "_temporary/.commit.job-end.journal",
                        "_temporary/.commit.job-end.published");
    }

    private void commitEndOfInput(FormatTable table, boolean afterRestart, RowData... rows)
            throws Exception {
        FormatTableCommittable written = SinkTables.stage(table, "job", rows);
        RecordingRequest request =
                new RecordingRequest(new FormatTableCommittable(written.messages(), 1, true));
        try (FormatTableCommitter committer =
                new FormatTableCommitter(
                        table,
                        false,
                        Map.of(),
                        CommitterMetrics.unregistered(),
                        "job",
                        afterRestart)) {
            committer.commit(List.of(request));
        }
        assertThat(request.signals).isEmpty();
    }

    /** One staged file per partition, a to f, one row each. */
    private static FormatTableCommittable sixFiles(FormatTable table) throws IOException {
        return SinkTables.stage(
                table,
                "job",
                row(1, "a"),
                row(2, "b"),
                row(3, "c"),
                row(4, "d"),
                row(5, "e"),
                row(6, "f"));
    }

    private static void assertNoStagedFileVisible(FormatTable table) throws IOException {
        for (DataSplit split : table.newScan().plan().splits()) {
            assertThat(split.path().toString()).doesNotContain("_temporary");
            assertThat(split.path().name()).startsWith("data-").doesNotEndWith(".tmp");
        }
    }

    @ParameterizedTest(name = "{0} rename #{1}")
    @MethodSource("faults")
    void aFailedCommitLeavesTheOldRowsAndItsReplayPublishesEveryRowOnce(Fault fault, int k)
            throws Exception {
        FaultInjectingFileIO io = new FaultInjectingFileIO(new FlinkFileIO());
        // No retry: the committer's first failure is what this test is about.
        FormatTable table = SinkTables.table(io, dir, Map.of("commit.max-retries", "0"));
        commit(table, SinkTables.stage(table, "earlier", row(0, "a"), row(0, "b")));
        List<String> oldRows = SinkTables.rows(table);
        List<String> oldFiles = SinkTables.dataFiles(table);
        assertThat(oldRows).containsExactly("a|0", "b|0");

        FormatTableCommittable checkpoint = sixFiles(table);
        assertThat(checkpoint.messages()).hasSize(NEW_FILES);
        List<String> allFiles = new ArrayList<>(oldFiles);
        allFiles.addAll(SinkTables.targets(table, checkpoint.messages()));
        allFiles.sort(null);

        if (fault == Fault.FAIL) {
            io.failOn(Op.RENAME, k);
        } else {
            io.loseRenameResponse(k);
        }
        assertThatThrownBy(() -> commit(table, checkpoint))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("taken back")
                .rootCause()
                .hasMessageContaining(
                        fault == Fault.FAIL
                                ? "Injected failure of RENAME"
                                : "Injected lost response of rename");
        io.heal();

        assertThat(SinkTables.rows(table)).isEqualTo(oldRows);
        assertThat(SinkTables.dataFiles(table)).isEqualTo(oldFiles);
        assertNoStagedFileVisible(table);
        assertThat(SinkTables.stagedFiles(dir))
                .as("every staged file survives for the replay")
                .isEqualTo(SinkTables.stagedPaths(table, checkpoint.messages()));

        // Flink restores the checkpoint and commits its committable again, with a new committer.
        commit(table, checkpoint);
        List<String> allRows = new ArrayList<>(oldRows);
        allRows.addAll(List.of("a|1", "b|2", "c|3", "d|4", "e|5", "f|6"));
        allRows.sort(null);
        assertThat(SinkTables.rows(table)).isEqualTo(allRows);
        assertThat(SinkTables.dataFiles(table)).isEqualTo(allFiles);
        assertThat(SinkTables.stagedFiles(dir)).isEmpty();
        assertNoStagedFileVisible(table);

        // Restored once more after that: nothing is published twice.
        commit(table, checkpoint);
        assertThat(SinkTables.rows(table)).isEqualTo(allRows);
        assertThat(SinkTables.dataFiles(table)).isEqualTo(allFiles);
    }
}
