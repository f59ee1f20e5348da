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
import dev.formattable.flink.sink.committable.FormatTableCommittable;
import dev.formattable.flink.testutils.SinkTables;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static dev.formattable.flink.testutils.SinkTables.row;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * After a restart, a committer removes from the partitions it publishes to the staged files of its
 * job that no commit will publish: those of any writer whose epoch is below the committed
 * checkpoint. Files of running writers, of other jobs, and of partitions it does not publish to are
 * left.
 */
class CommitterSweepTest {

    @TempDir Path dir;

    private Path staged(String partition, String token) throws IOException {
        Path staging = Files.createDirectories(dir.resolve(partition).resolve("_temporary"));
        return Files.createFile(staging.resolve(".data-x-0.parquet." + token + ".u.tmp"));
    }

    /** An appending committer of the job {@code job}. */
    private static FormatTableCommitter committer(FormatTable table, boolean afterRestart) {
        return new FormatTableCommitter(
                table, false, Map.of(), CommitterMetrics.unregistered(), "job", afterRestart);
    }

    private void commitCheckpoint3(boolean afterRestart) throws Exception {
        FormatTable table = SinkTables.table(dir);
        FormatTableCommittable files = SinkTables.stage(table, "job", row(1, "a"), row(2, "b"));
        RecordingRequest request =
                new RecordingRequest(new FormatTableCommittable(files.messages(), 3, false));
        try (FormatTableCommitter committer = committer(table, afterRestart)) {
            committer.commit(List.of(request));
        }
        assertThat(SinkTables.rows(table)).containsExactly("a|1", "b|2");
    }

    /**
     * The staged files a compaction merged away are deleted once the commit naming them succeeded;
     * a replay of that commit, which finds them gone, publishes nothing twice and fails on nothing.
     */
    @Test
    void deletesTheObsoleteFilesAfterTheCommitAndTakesAReplayThatFindsThemGone() throws Exception {
        FormatTable table = SinkTables.table(dir);
        FormatTableCommittable files = SinkTables.stage(table, "job", row(1, "a"), row(2, "b"));
        Path mergedAwayA = staged("k=a", "job-s0-a0-e2");
        Path mergedAwayB = staged("k=b", "job-s1-a0-e2");
        FormatTableCommittable committable =
                new FormatTableCommittable(
                        files.messages(),
                        3,
                        false,
                        List.of(
                                dev.formattable.core.fs.Path.fromUri(mergedAwayA.toUri()),
                                dev.formattable.core.fs.Path.fromUri(mergedAwayB.toUri())));

        for (boolean afterRestart : List.of(false, true)) {
            try (FormatTableCommitter committer = committer(table, afterRestart)) {
                committer.commit(List.of(new RecordingRequest(committable)));
            }
            assertThat(mergedAwayA).as("after restart: " + afterRestart).doesNotExist();
            assertThat(mergedAwayB).as("after restart: " + afterRestart).doesNotExist();
            assertThat(SinkTables.rows(table)).containsExactly("a|1", "b|2");
        }
    }

    @Test
    void afterARestartRemovesWhatFailedAttemptsLeftWhereItPublishes() throws Exception {
        Path otherSubtask = staged("k=a", "job-s1-a0-e2");
        Path sameSubtask = staged("k=b", "job-s0-a0-e1");
        Path running = staged("k=a", "job-s1-a1-e3");
        Path otherJob = staged("k=a", "other-s0-a0-e0");
        Path elsewhere = staged("k=c", "job-s0-a0-e1");

        commitCheckpoint3(true);

        assertThat(otherSubtask).doesNotExist();
        assertThat(sameSubtask).doesNotExist();
        assertThat(running).as("a running writer's file, opened after checkpoint 3").exists();
        assertThat(otherJob).exists();
        assertThat(elsewhere).as("a partition the commit did not publish to").exists();
    }

    /**
     * Writers holding files across checkpoints keep files of earlier epochs staged, in partitions
     * the commit publishes to (another writer released the partition, or late rows came), so a
     * restarted committer leaves them.
     */
    @Test
    void afterARestartLeavesEarlierFilesWhenWritersHoldFiles() throws Exception {
        Path held = staged("k=a", "job-s1-a0-g0123456789abcdef-e1");
        FormatTable table = SinkTables.table(dir);
        FormatTableCommittable files = SinkTables.stage(table, "job", row(1, "a"), row(2, "b"));
        try (FormatTableCommitter committer =
                new FormatTableCommitter(
                        table,
                        false,
                        Map.of(),
                        CommitterMetrics.unregistered(),
                        "job",
                        true,
                        true)) {
            committer.commit(
                    List.of(
                            new RecordingRequest(
                                    new FormatTableCommittable(files.messages(), 3, false))));
        }
        assertThat(SinkTables.rows(table)).containsExactly("a|1", "b|2");
        assertThat(held).exists();
    }

    @Test
    void withoutARestartTouchesNothing() throws Exception {
        Path left = staged("k=a", "job-s1-a0-e2");
        commitCheckpoint3(false);
        assertThat(left).exists();
    }

    @Test
    void theCommitAtTheEndOfTheInputRemovesEveryStagedFileOfItsJobWhereItPublishes()
            throws Exception {
        Path failedAttempt = staged("k=a", "job-s0-a0-g0123456789abcdef-e1");
        Path laterEpoch = staged("k=b", "job-s1-a1-g0123456789abcdef-e7");
        Path otherJob = staged("k=a", "other-s0-a0-e0");
        Path elsewhere = staged("k=c", "job-s0-a0-e1");

        FormatTable table = SinkTables.table(dir);
        FormatTableCommittable files = SinkTables.stage(table, "job", row(1, "a"), row(2, "b"));
        RecordingRequest request =
                new RecordingRequest(new FormatTableCommittable(files.messages(), 5, true));
        try (FormatTableCommitter committer =
                new FormatTableCommitter(
                        table, false, Map.of(), CommitterMetrics.unregistered(), "job", false)) {
            committer.commit(List.of(request));
        }

        assertThat(SinkTables.rows(table)).containsExactly("a|1", "b|2");
        assertThat(failedAttempt)
                .as("no writer of the job runs after its input ended")
                .doesNotExist();
        assertThat(laterEpoch).doesNotExist();
        assertThat(otherJob).exists();
        assertThat(elsewhere).as("a partition the commit did not publish to").exists();
    }
}
