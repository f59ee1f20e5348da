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
import dev.formattable.flink.config.PartitionCommitSettings;
import dev.formattable.flink.fs.FlinkFileIO;
import dev.formattable.flink.sink.committable.FormatTableCommittable;
import dev.formattable.flink.sink.partition.RecordingPolicy;
import dev.formattable.flink.testutils.SinkTables;

import org.apache.flink.api.common.io.FinalizeOnMaster;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static dev.formattable.flink.testutils.SinkTables.row;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The commit of a batch job on the JobManager, from the spool files its writers left: only the
 * attempts that finished are published, a finished attempt that left nothing fails the commit, and
 * a fault at any step of the commit, checked or unchecked, leaves the table as it was, with a
 * second try (Flink's rerun of the job) publishing every row once.
 */
class JobManagerCommitterTest {

    private static final String SINK = "sinkid01";
    private static final String JOB_TOKEN = "0123abcd-" + SINK;

    private static final List<String> ALL_ROWS = List.of("a|1", "a|2", "b|3", "c|4");

    @TempDir java.nio.file.Path dir;

    /** Flink's view of which attempt of each writer finished. */
    private static FinalizeOnMaster.FinalizationContext finished(int... attempts) {
        return new FinalizeOnMaster.FinalizationContext() {
            @Override
            public int getParallelism() {
                return attempts.length;
            }

            @Override
            public int getFinishedAttempt(int subtask) {
                return attempts[subtask];
            }
        };
    }

    private static void spool(
            FormatTable table, int subtask, int attempt, FormatTableCommittable... committables)
            throws IOException {
        new CommitSpool(table, SINK)
                .write(
                        new CommitSpool.Contents(
                                JOB_TOKEN, subtask, attempt, List.of(committables)));
    }

    private static JobManagerCommitter committer(FormatTable table, boolean overwrite) {
        return new JobManagerCommitter(table, overwrite, Map.of(), SINK, null);
    }

    private List<String> spoolFiles() throws IOException {
        List<String> spools = new ArrayList<>();
        for (String f : SinkTables.stagedFiles(dir)) {
            if (f.contains(".commit-spool.")) {
                spools.add(f);
            }
        }
        return spools;
    }

    @Test
    void publishesTheFilesOfTheAttemptsThatFinished() throws IOException {
        FormatTable table = SinkTables.table(dir);
        FormatTableCommittable failedAttempt =
                SinkTables.stage(table, JOB_TOKEN, row(1, "a"), row(2, "b"));
        spool(table, 0, 0, failedAttempt);
        spool(table, 0, 1, SinkTables.stage(table, JOB_TOKEN, row(3, "a")));
        spool(table, 1, 0, SinkTables.stage(table, JOB_TOKEN, row(4, "b")));

        committer(table, false).finalizeGlobal(finished(1, 0));

        assertThat(SinkTables.rows(table)).containsExactly("a|3", "b|4");
        assertThat(spoolFiles()).isEmpty();
        // The failed attempt's files stay staged; its rerun writer sweeps them.
        assertThat(SinkTables.stagedFiles(dir))
                .isEqualTo(SinkTables.stagedPaths(table, failedAttempt.messages()));
    }

    @Test
    void aFinishedAttemptThatLeftNothingFailsTheCommitNamingIt() throws IOException {
        FormatTable table = SinkTables.table(dir);
        spool(table, 0, 0, SinkTables.stage(table, JOB_TOKEN, row(1, "a")));

        assertThatThrownBy(() -> committer(table, false).finalizeGlobal(finished(0, 3)))
                .isInstanceOf(FileNotFoundException.class)
                .hasMessage(
                        "Subtask 1, attempt 3, of the format table writers finished but left no"
                                + " committables at "
                                + new CommitSpool(table, SINK).path(1, 3));
        assertThat(SinkTables.rows(table)).isEmpty();
    }

    @Test
    void anOverwriteWhoseWritersWroteNothingClearsItsStaticPartition() throws IOException {
        FormatTable table = SinkTables.table(dir);
        table.newCommit()
                .append(SinkTables.stage(table, "earlier", row(1, "a"), row(2, "b")).messages());
        spool(table, 0, 0, new FormatTableCommittable(List.of(), 1, false));
        spool(table, 1, 0);

        new JobManagerCommitter(table, true, Map.of("k", "a"), SINK, null)
                .finalizeGlobal(finished(0, 0));

        assertThat(SinkTables.rows(table)).containsExactly("b|2");
        assertThat(spoolFiles()).isEmpty();
    }

    /**
     * A writer attempt that fails (or is cancelled) before the end of its input leaves no spool,
     * and its cleanup throws nothing, even where the spool could not be written: Flink takes an
     * exception from a failing task's cleanup as fatal to the TaskManager.
     */
    @Test
    void aFailedAttemptLeavesNoSpoolAndItsCleanupDoesNotThrow() throws IOException {
        java.nio.file.Path file = java.nio.file.Files.writeString(dir.resolve("a-file"), "x");
        FormatTable table = SinkTables.table(file);
        JobManagerCommitter committer = committer(table, false);
        committer.open(attempt(0, 0));
        committer.writeRecord(
                new org.apache.flink.streaming.api.connector.sink2.CommittableWithLineage<>(
                        new FormatTableCommittable(List.of()), 1, 0));

        committer.close();

        assertThat(java.nio.file.Files.readString(file)).isEqualTo("x");
    }

    private static org.apache.flink.api.common.io.OutputFormat.InitializationContext attempt(
            int subtask, int attempt) {
        return new org.apache.flink.api.common.io.OutputFormat.InitializationContext() {
            @Override
            public int getNumTasks() {
                return 2;
            }

            @Override
            public int getTaskNumber() {
                return subtask;
            }

            @Override
            public int getAttemptNumber() {
                return attempt;
            }
        };
    }

    /**
     * A partition commit policy that fails once after the publish fails the job; Flink reruns the
     * writers, which write the same rows into new files, and the second commit publishes nothing
     * new, removes the new files and runs the policies again.
     */
    @Test
    void aPolicyFailingAfterThePublishIsRunAgainAndEveryRowPublishedOnce() throws IOException {
        FormatTable table = SinkTables.table(dir);
        PartitionCommitSettings settings = RecordingPolicy.FailingFirst.afterSuccessFile(table);
        JobManagerCommitter committer =
                new JobManagerCommitter(table, false, Map.of(), SINK, settings);
        RecordingPolicy.CALLS.clear();
        RecordingPolicy.FailingFirst.FAILURES.set(1);
        stageTwoWriters(table);

        assertThatThrownBy(() -> committer.finalizeGlobal(finished(0, 0)))
                .hasMessageContaining(RecordingPolicy.FailingFirst.class.getName())
                .rootCause()
                .hasMessage("the downstream system is down once");
        assertThat(SinkTables.rows(table)).isEqualTo(ALL_ROWS);

        // The rerun's writers, attempt 1 each, write the same rows into new files.
        spool(table, 0, 1, SinkTables.stage(table, JOB_TOKEN, row(1, "a"), row(3, "b")));
        spool(table, 1, 1, SinkTables.stage(table, JOB_TOKEN, row(2, "a"), row(4, "c")));
        committer.finalizeGlobal(finished(1, 1));

        assertThat(SinkTables.rows(table)).as("every row once").isEqualTo(ALL_ROWS);
        assertThat(RecordingPolicy.CALLS)
                .extracting(c -> c.values)
                .containsExactlyInAnyOrder(List.of("a"), List.of("b"), List.of("c"));
        assertThat(SinkTables.stagedFiles(dir)).as("rerun files and record removed").isEmpty();
        assertThat(
                        table.newCommit()
                                .isRecorded(FormatTableCommittable.endOfInputCommitId(JOB_TOKEN)))
                .isFalse();
    }

    /** A staged file removed while the job ran fails the first commit, naming the file. */
    @Test
    void aStagedFileGoneBeforeTheFirstCommitFailsItNamingTheFile() throws IOException {
        FormatTable table = SinkTables.table(dir);
        FormatTableCommittable written =
                SinkTables.stage(table, JOB_TOKEN, row(1, "a"), row(2, "b"));
        spool(table, 0, 0, written);
        String gone = written.messages().get(0).stagedPath().path();
        java.nio.file.Files.delete(java.nio.file.Path.of(gone));

        assertThatThrownBy(() -> committer(table, false).finalizeGlobal(finished(0)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(gone)
                .hasMessageContaining("does not exist");
        assertThat(SinkTables.rows(table)).isEmpty();
    }

    static Stream<Arguments> steps() {
        List<Arguments> steps = new ArrayList<>();
        for (Op op : Op.values()) {
            steps.add(Arguments.of(op, true));
            steps.add(Arguments.of(op, false));
        }
        return steps.stream();
    }

    /**
     * For every k, the k-th call of one kind the commit makes fails. A commit that fails has
     * published nothing, or, when only the check after publishing failed, everything; a second try,
     * as Flink's rerun of the job makes it, publishes every row once and leaves no data file
     * staged. (A record of the commit whose removal failed stays, for remove_orphan_files.)
     */
    @ParameterizedTest(name = "{0}, checked={1}")
    @MethodSource("steps")
    void aFaultAtAnyStepLeavesTheTableWholeAndASecondTryPublishesEveryRowOnce(
            Op op, boolean checked) throws IOException {
        int calls = callsOfACleanCommit(op);
        for (int k = 1; k <= calls; k++) {
            java.nio.file.Path tableDir = dir.resolve(op + "-" + checked + "-" + k);
            FaultInjectingFileIO io = new FaultInjectingFileIO(new FlinkFileIO());
            FormatTable table = SinkTables.table(io, tableDir, Map.of("commit.max-retries", "0"));
            stageTwoWriters(table);
            if (checked) {
                io.failOn(op, k);
            } else {
                io.failUncheckedOn(op, k);
            }

            boolean failed = false;
            try {
                committer(table, false).finalizeGlobal(finished(0, 0));
            } catch (IOException | RuntimeException e) {
                failed = true;
                assertThat(SinkTables.rows(table))
                        .as("after failing at %s #%d", op, k)
                        .satisfiesAnyOf(
                                rows -> assertThat(rows).isEmpty(),
                                rows -> assertThat(rows).isEqualTo(ALL_ROWS));
            }
            io.heal();
            if (failed) {
                committer(table, false).finalizeGlobal(finished(0, 0));
            }

            assertThat(SinkTables.rows(table)).as("%s #%d", op, k).isEqualTo(ALL_ROWS);
            assertThat(
                            SinkTables.stagedFiles(tableDir).stream()
                                    .filter(f -> f.endsWith(".tmp"))
                                    .toList())
                    .as("staged files after %s #%d", op, k)
                    .isEmpty();
        }
    }

    private void stageTwoWriters(FormatTable table) throws IOException {
        spool(table, 0, 0, SinkTables.stage(table, JOB_TOKEN, row(1, "a"), row(3, "b")));
        spool(table, 1, 0, SinkTables.stage(table, JOB_TOKEN, row(2, "a"), row(4, "c")));
    }

    private int callsOfACleanCommit(Op op) throws IOException {
        FaultInjectingFileIO io = new FaultInjectingFileIO(new FlinkFileIO());
        FormatTable table = SinkTables.table(io, dir.resolve("clean-" + op), Map.of());
        stageTwoWriters(table);
        int before = io.calls(op);
        committer(table, false).finalizeGlobal(finished(0, 0));
        return io.calls(op) - before;
    }
}
