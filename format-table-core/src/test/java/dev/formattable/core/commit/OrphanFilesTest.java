package dev.formattable.core.commit;

import dev.formattable.core.FormatTable;
import dev.formattable.core.fs.LocalFileIO;
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
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/** Staged files older than the threshold are found and removed; nothing else is touched. */
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
}
