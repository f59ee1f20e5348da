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
package dev.formattable.core.commit;

import dev.formattable.core.FormatTable;
import dev.formattable.core.fs.LocalFileIO;
import dev.formattable.core.table.CommitMessage;
import dev.formattable.core.testutils.TestTables;
import dev.formattable.core.types.DataTypes;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Staged files, commit records, commit spools and the leftovers failed attempts write into
 * partition directories are removed once older than the threshold; nothing else is touched.
 */
class OrphanFilesTest {

    @TempDir java.nio.file.Path dir;

    private FormatTable table(String... partitionKeys) throws IOException {
        Files.createDirectories(dir);
        return partitionKeys.length == 0
                ? TestTables.table(new LocalFileIO(), dir, TestTables.schema(Map.of()))
                : TestTables.table(
                        new LocalFileIO(),
                        dir,
                        TestTables.schema(Map.of(), partitionKeys[0], DataTypes.INT()));
    }

    private static java.nio.file.Path staged(CommitMessage m) {
        return java.nio.file.Path.of(m.stagedPath().path());
    }

    private static void age(CommitMessage m, Duration age) throws IOException {
        Files.setLastModifiedTime(staged(m), FileTime.from(Instant.now().minus(age)));
    }

    private static List<String> paths(List<OrphanFiles.Orphan> orphans) {
        return orphans.stream()
                .map(o -> o.file().path().toString())
                .sorted()
                .collect(Collectors.toList());
    }

    @Test
    void removesStagedFilesOlderThanTheThresholdAndNothingElse() throws IOException {
        FormatTable table = table("k");
        List<CommitMessage> published = TestTables.write(table, List.of(1), "published");
        table.newCommit().append(published);
        CommitMessage old1 = TestTables.write(table, List.of(1), "old").get(0);
        CommitMessage old2 = TestTables.write(table, List.of(2), "old").get(0);
        CommitMessage young = TestTables.write(table, List.of(2), "young").get(0);
        age(old1, Duration.ofDays(4));
        age(old2, Duration.ofDays(10));
        age(young, Duration.ofDays(2));

        // A dry run reports, and removes nothing.
        List<OrphanFiles.Orphan> wouldRemove = new OrphanFiles(table).dryRun(true).run();
        assertThat(paths(wouldRemove))
                .containsExactlyElementsOf(
                        List.of(old1, old2).stream()
                                .map(m -> table.fileIO().qualify(m.stagedPath()).toString())
                                .sorted()
                                .collect(Collectors.toList()));
        assertThat(wouldRemove).noneMatch(OrphanFiles.Orphan::removed);
        assertThat(staged(old1)).exists();

        List<OrphanFiles.Orphan> removed = new OrphanFiles(table).run();

        assertThat(removed).hasSize(2).allMatch(OrphanFiles.Orphan::removed);
        assertThat(staged(old1)).doesNotExist();
        assertThat(staged(old2)).doesNotExist();
        assertThat(staged(young)).exists();
        assertThat(TestTables.readAll(table)).containsExactly("[1]|published");
        // The young file can still be published.
        table.newCommit().append(List.of(young));
        assertThat(TestTables.readAll(table)).containsExactly("[1]|published", "[2]|young");
    }

    @Test
    void aThresholdOfNowTakesEveryStagedFileOfAnUnpartitionedTable() throws IOException {
        FormatTable table = table();
        CommitMessage m = TestTables.write(table, List.of(), "a").get(0);
        age(m, Duration.ofSeconds(5));

        assertThat(new OrphanFiles(table).run()).isEmpty();
        assertThat(new OrphanFiles(table).olderThan(Instant.now()).run()).hasSize(1);
        assertThat(staged(m)).doesNotExist();
    }

    @Test
    void aTableWithoutADirectoryHasNoOrphans() throws IOException {
        FormatTable table = table("k");
        Files.delete(dir);
        assertThat(new OrphanFiles(table).run()).isEmpty();
    }

    /** Creates a file of a few bytes, last modified {@code age} ago. */
    private static java.nio.file.Path leftover(java.nio.file.Path path, Duration age)
            throws IOException {
        Files.createDirectories(path.getParent());
        Files.writeString(path, "left");
        Files.setLastModifiedTime(path, FileTime.from(Instant.now().minus(age)));
        return path;
    }

    /** How Flink's local and Hadoop recoverable writers name a file they have not published. */
    private static String inProgressNameOf(String target) {
        return "." + target + ".inprogress." + UUID.randomUUID();
    }

    @Test
    void removesOldLeftoversOfFailedAttemptsInPartitionDirectoriesAndNothingElse()
            throws IOException {
        FormatTable table = table("k");
        List<CommitMessage> published = TestTables.write(table, List.of(1), "published");
        table.newCommit().append(published);
        java.nio.file.Path partition = dir.resolve("k=1");
        java.nio.file.Path dataFile = partition.resolve(published.get(0).targetPath().name());
        Files.setLastModifiedTime(dataFile, FileTime.from(Instant.now().minus(Duration.ofDays(9))));
        Duration old = Duration.ofDays(4);
        Duration young = Duration.ofDays(2);
        // A recoverable writer's unpublished files, and statistics never renamed into place.
        java.nio.file.Path oldInProgress =
                leftover(partition.resolve(inProgressNameOf("data-a-0.orc")), old);
        java.nio.file.Path youngInProgress =
                leftover(partition.resolve(inProgressNameOf("data-a-1.orc")), young);
        java.nio.file.Path oldInProgressElsewhere =
                leftover(dir.resolve("k=2").resolve(inProgressNameOf("data-b-0.orc")), old);
        java.nio.file.Path oldStatistics =
                leftover(
                        partition.resolve(".format-table-stats." + UUID.randomUUID() + ".tmp"),
                        old);
        // Hidden files of the same age that no failed attempt of ours leaves.
        java.nio.file.Path statistics = leftover(partition.resolve(".format-table-stats"), old);
        java.nio.file.Path otherInProgress = leftover(partition.resolve(".part-0.inprogress"), old);
        java.nio.file.Path otherHidden = leftover(partition.resolve(".keep"), old);

        List<OrphanFiles.Orphan> removed = new OrphanFiles(table).run();

        assertThat(removed)
                .extracting(o -> o.file().path().name())
                .containsExactlyInAnyOrder(
                        oldInProgress.getFileName().toString(),
                        oldInProgressElsewhere.getFileName().toString(),
                        oldStatistics.getFileName().toString());
        assertThat(removed).allMatch(OrphanFiles.Orphan::removed);
        assertThat(oldInProgress).doesNotExist();
        assertThat(oldInProgressElsewhere).doesNotExist();
        assertThat(oldStatistics).doesNotExist();
        assertThat(List.of(youngInProgress, statistics, otherInProgress, otherHidden, dataFile))
                .allSatisfy(p -> assertThat(p).exists());
        assertThat(TestTables.readAll(table)).containsExactly("[1]|published");
    }

    @Test
    void removesOldLeftoversInTheRootOfAnUnpartitionedTable() throws IOException {
        FormatTable table = table();
        java.nio.file.Path inProgress =
                leftover(dir.resolve(inProgressNameOf("data-a-0.csv")), Duration.ofDays(4));
        java.nio.file.Path spool =
                leftover(
                        dir.resolve("_temporary/.commit-spool.1a2b3c4d.s0.a0"), Duration.ofDays(4));

        assertThat(new OrphanFiles(table).run()).hasSize(2).allMatch(OrphanFiles.Orphan::removed);

        assertThat(inProgress).doesNotExist();
        assertThat(spool).doesNotExist();
    }

    @Test
    void removesOldCommitSpoolsAndRecordsInTheTableStagingDirectory() throws IOException {
        FormatTable table = table("k");
        java.nio.file.Path staging = dir.resolve("_temporary");
        java.nio.file.Path oldSpool =
                leftover(
                        staging.resolve(LeftoverNames.COMMIT_SPOOL_PREFIX + "1a2b3c4d.s0.a0"),
                        Duration.ofDays(4));
        java.nio.file.Path youngSpool =
                leftover(
                        staging.resolve(LeftoverNames.COMMIT_SPOOL_PREFIX + "1a2b3c4d.s1.a0"),
                        Duration.ofDays(2));
        java.nio.file.Path oldRecord =
                leftover(
                        staging.resolve(".commit.job-sink-end" + CommitJournal.SUFFIX),
                        Duration.ofDays(4));
        java.nio.file.Path oldRecordBeingWritten =
                leftover(
                        staging.resolve(
                                ".commit.job-sink-end"
                                        + CommitJournal.SUFFIX
                                        + "."
                                        + UUID.randomUUID()
                                        + ".writing"),
                        Duration.ofDays(4));

        List<OrphanFiles.Orphan> wouldRemove = new OrphanFiles(table).dryRun(true).run();
        assertThat(wouldRemove).hasSize(3).noneMatch(OrphanFiles.Orphan::removed);
        assertThat(oldSpool).exists();

        assertThat(new OrphanFiles(table).run()).hasSize(3).allMatch(OrphanFiles.Orphan::removed);

        assertThat(oldSpool).doesNotExist();
        assertThat(oldRecord).doesNotExist();
        assertThat(oldRecordBeingWritten).doesNotExist();
        assertThat(youngSpool).exists();
    }
}
