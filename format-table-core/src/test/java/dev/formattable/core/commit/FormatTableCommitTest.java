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
import dev.formattable.core.fs.Path;
import dev.formattable.core.schema.TableSchema;
import dev.formattable.core.table.CommitMessage;
import dev.formattable.core.table.StagedFileSweep;
import dev.formattable.core.testutils.LinesFormat;
import dev.formattable.core.testutils.LogCapture;
import dev.formattable.core.testutils.TestTables;
import dev.formattable.core.types.DataTypes;
import dev.formattable.core.write.FormatTableWrite;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.attribute.FileTime;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static dev.formattable.core.testutils.TestTables.readAll;
import static dev.formattable.core.testutils.TestTables.sorted;
import static dev.formattable.core.testutils.TestTables.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Append, overwrite in its three modes, replay, truncate, drop partition and refusals. */
class FormatTableCommitTest {

    @TempDir java.nio.file.Path dir;

    private final LocalFileIO io = new LocalFileIO();

    private FormatTable partitioned(Map<String, String> options) throws IOException {
        Files.createDirectories(dir);
        TableSchema schema =
                TestTables.schema(options, "dt", DataTypes.DATE(), "h", DataTypes.INT());
        return TestTables.table(io, dir, schema);
    }

    private static List<Object> p(String date, Integer hour) {
        return Arrays.asList(date == null ? null : LocalDate.parse(date), hour);
    }

    private static String row(String date, Integer hour, String v) {
        return "[" + date + ", " + hour + "]|" + v;
    }

    /** A local file system answers in microseconds: threads would cost more than the calls. */
    @Test
    void aCommitOnALocalDiskRenamesOnTheCallingThreadAndElsewhereOnThreadsOfItsOwn()
            throws IOException {
        for (boolean local : new boolean[] {true, false}) {
            java.util.Set<String> renamingThreads =
                    java.util.concurrent.ConcurrentHashMap.newKeySet();
            LocalFileIO recording =
                    new LocalFileIO() {
                        @Override
                        public boolean isLocal(Path path) {
                            return local;
                        }

                        @Override
                        public void rename(Path source, Path target) throws IOException {
                            renamingThreads.add(Thread.currentThread().getName());
                            super.rename(source, target);
                        }
                    };
            java.nio.file.Path tableDir = dir.resolve("local-" + local);
            Files.createDirectories(tableDir);
            FormatTable table =
                    TestTables.table(
                            recording, tableDir, TestTables.schema(Map.of(), "h", DataTypes.INT()));
            List<CommitMessage> messages = new ArrayList<>();
            for (int h = 0; h < 8; h++) {
                messages.addAll(write(table, Arrays.asList((Object) h), "v" + h));
            }

            table.newCommit().append(messages);

            assertThat(readAll(table)).hasSize(8);
            if (local) {
                assertThat(renamingThreads).containsExactly(Thread.currentThread().getName());
            } else {
                assertThat(renamingThreads)
                        .isNotEmpty()
                        .allMatch(name -> name.startsWith("format-table-io-"));
            }
        }
    }

    @Test
    void appendPublishesAndNothingIsVisibleBefore() throws IOException {
        FormatTable table = partitioned(Map.of());
        List<CommitMessage> messages = write(table, p("2024-01-01", 1), "a", "b");
        assertThat(readAll(table)).isEmpty();

        CommitResult result = table.newCommit().append(messages);

        assertThat(result.publishedFiles()).isEqualTo(1);
        assertThat(result.publishedRows()).isEqualTo(2);
        assertThat(result.publishedPartitions()).isEqualTo(1);
        assertThat(result.publishedBytes())
                .isPositive()
                .isEqualTo(messages.get(0).fileSize())
                .isEqualTo(
                        Files.size(
                                dir.resolve("dt=19723/h=1")
                                        .resolve(messages.get(0).targetPath().name())));
        assertThat(readAll(table))
                .containsExactlyElementsOf(
                        sorted(row("2024-01-01", 1, "a"), row("2024-01-01", 1, "b")));
        assertThat(dir.resolve("dt=19723/h=1")).isDirectory();
        try (Stream<java.nio.file.Path> files = Files.list(dir.resolve("dt=19723/h=1"))) {
            assertThat(files.map(f -> f.getFileName().toString()).collect(Collectors.toList()))
                    .anySatisfy(n -> assertThat(n).matches("data-[0-9a-f-]{36}-0\\.parquet"))
                    .contains("_temporary");
        }
    }

    @Test
    void replayedAppendPublishesNothingTwice() throws IOException {
        FormatTable table = partitioned(Map.of());
        List<CommitMessage> messages = write(table, p("2024-01-01", 1), "a");
        table.newCommit().append(messages);

        CommitResult replay = table.newCommit().append(messages);

        assertThat(replay.publishedFiles()).isZero();
        assertThat(replay.publishedBytes()).isZero();
        assertThat(replay.publishedPartitions()).isZero();
        assertThat(replay.alreadyPublishedFiles()).isEqualTo(1);
        assertThat(readAll(table)).containsExactly(row("2024-01-01", 1, "a"));
    }

    @Test
    void staticOverwriteClearsEverythingBelowThePrefix() throws IOException {
        FormatTable table = partitioned(Map.of());
        List<CommitMessage> old = new ArrayList<>();
        old.addAll(write(table, p("2024-01-01", 1), "old1"));
        old.addAll(write(table, p("2024-01-01", 2), "old2"));
        old.addAll(write(table, p("2024-01-02", 1), "keep"));
        table.newCommit().append(old);

        List<CommitMessage> fresh = write(table, p("2024-01-01", 3), "new");
        CommitResult result = table.newCommit().overwrite(spec("dt", "2024-01-01"), fresh);

        assertThat(result.deletedFiles()).isEqualTo(2);
        assertThat(readAll(table))
                .containsExactlyElementsOf(
                        sorted(row("2024-01-01", 3, "new"), row("2024-01-02", 1, "keep")));
        // Directories stay; only data files go.
        assertThat(dir.resolve("dt=19723/h=1")).isDirectory();
    }

    @Test
    void staticPartitionGoesThroughTheTypedRoundTrip() throws IOException {
        FormatTable table = partitioned(Map.of());
        table.newCommit().append(write(table, p("2024-01-01", 1), "old"));

        // Day count and ISO spelling name the same partition directory.
        table.newCommit().overwrite(spec("dt", "19723"), List.of());

        assertThat(readAll(table)).isEmpty();
    }

    @Test
    void dynamicOverwriteClearsOnlyThePartitionsWritten() throws IOException {
        FormatTable table = partitioned(Map.of());
        List<CommitMessage> old = new ArrayList<>();
        old.addAll(write(table, p("2024-01-01", 1), "old1"));
        old.addAll(write(table, p("2024-01-01", 2), "keep"));
        table.newCommit().append(old);

        table.newCommit().overwrite(Map.of(), write(table, p("2024-01-01", 1), "new"));

        assertThat(readAll(table))
                .containsExactlyElementsOf(
                        sorted(row("2024-01-01", 1, "new"), row("2024-01-01", 2, "keep")));
    }

    @Test
    void overwriteWithoutDynamicModeReplacesTheWholeTable() throws IOException {
        FormatTable table = partitioned(Map.of("dynamic-partition-overwrite", "false"));
        List<CommitMessage> old = new ArrayList<>();
        old.addAll(write(table, p("2024-01-01", 1), "old1"));
        old.addAll(write(table, p("2024-01-02", 2), "old2"));
        table.newCommit().append(old);

        table.newCommit().overwrite(Map.of(), write(table, p("2024-01-03", 1), "new"));

        assertThat(readAll(table)).containsExactly(row("2024-01-03", 1, "new"));
    }

    @Test
    void overwriteWithNothingToPublishStillClears() throws IOException {
        Files.createDirectories(dir);
        FormatTable table = TestTables.table(io, dir, TestTables.schema(Map.of()));
        table.newCommit().append(write(table, List.of(), "old"));

        CommitResult result = table.newCommit().overwrite(Map.of(), List.of());

        assertThat(result.deletedFiles()).isEqualTo(1);
        assertThat(readAll(table)).isEmpty();
    }

    @Test
    void replayedOverwriteKeepsWhatItPublished() throws IOException {
        FormatTable table = partitioned(Map.of());
        table.newCommit().append(write(table, p("2024-01-01", 1), "old"));
        List<CommitMessage> fresh = write(table, p("2024-01-01", 1), "new");
        table.newCommit().overwrite(spec("dt", "2024-01-01"), fresh);

        CommitResult replay = table.newCommit().overwrite(spec("dt", "2024-01-01"), fresh);

        assertThat(replay.deletedFiles()).isZero();
        assertThat(replay.alreadyPublishedFiles()).isEqualTo(1);
        assertThat(readAll(table)).containsExactly(row("2024-01-01", 1, "new"));
    }

    @Test
    void truncateDeletesDataFilesAndKeepsDirectories() throws IOException {
        FormatTable table = partitioned(Map.of());
        table.newCommit().append(write(table, p("2024-01-01", 1), "a"));
        table.newCommit().append(write(table, p(null, null), "b"));

        assertThat(table.maintenance().truncate()).isEqualTo(2);

        assertThat(readAll(table)).isEmpty();
        assertThat(dir.resolve("dt=19723/h=1")).isDirectory();
        assertThat(dir.resolve("dt=__DEFAULT_PARTITION__/h=__DEFAULT_PARTITION__")).isDirectory();
    }

    @Test
    void dropPartitionRemovesTheDirectory() throws IOException {
        FormatTable table = partitioned(Map.of());
        table.newCommit().append(write(table, p("2024-01-01", 1), "a"));
        table.newCommit().append(write(table, p("2024-01-02", 1), "b"));

        assertThat(table.maintenance().dropPartition(spec("dt", "2024-01-01"))).isTrue();

        assertThat(dir.resolve("dt=19723")).doesNotExist();
        assertThat(readAll(table)).containsExactly(row("2024-01-02", 1, "b"));
        assertThat(table.maintenance().dropPartition(spec("dt", "2024-01-01"))).isFalse();
    }

    @Test
    void oneBadMessageRefusesTheWholeCommit() throws IOException {
        FormatTable table = partitioned(Map.of());
        List<CommitMessage> good = write(table, p("2024-01-01", 1), "a");
        CommitMessage m = write(table, p("2024-01-02", 1), "b").get(0);
        // Declares another partition than the one its target sits in.
        LinkedHashMap<String, String> other = new LinkedHashMap<>();
        other.put("dt", "19725");
        other.put("h", "1");
        CommitMessage lying =
                new CommitMessage(m.stagedPath(), m.targetPath(), other, 1, m.fileSize());

        List<CommitMessage> all = new ArrayList<>(good);
        all.add(lying);
        assertThatThrownBy(() -> table.newCommit().append(all))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("nothing was changed")
                .hasMessageContaining(m.targetPath().toString())
                .hasMessageContaining("outside the partition it declares");
        assertThat(readAll(table)).isEmpty();
    }

    @Test
    void refusesPathsOutsideTheTable() throws IOException {
        FormatTable table = partitioned(Map.of());
        CommitMessage m = oneFile(table);
        Path outside = Path.of(dir.getParent().resolve("elsewhere/data-x-0.parquet").toString());
        Path dotted = Path.of(dir + "/dt=19723/h=1/../../../x/data-x-0.parquet");

        java.util.function.Function<Path, List<CommitMessage>> to =
                target -> List.of(new CommitMessage(m.stagedPath(), target, m.partition(), 1, 1));

        assertThatThrownBy(() -> table.newCommit().append(to.apply(outside)))
                .hasMessageContaining("outside the table location");
        assertThatThrownBy(() -> table.newCommit().append(to.apply(dotted)))
                .hasMessageContaining("'.' or '..'");
    }

    @Test
    void refusesAMessageWhoseFilesAreGone() throws IOException {
        FormatTable table = partitioned(Map.of());
        CommitMessage m = oneFile(table);
        Files.delete(local(m.stagedPath()));

        assertThatThrownBy(() -> table.newCommit().append(List.of(m)))
                .hasMessageContaining("does not exist")
                .hasMessageContaining(m.stagedPath().toString());
    }

    @Test
    void aCommitAfterRecoverySkipsAMessageWhoseFilesAreGoneAndPublishesTheRest()
            throws IOException {
        FormatTable table = partitioned(Map.of());
        CommitMessage gone = write(table, p("2024-01-01", 1), "a").get(0);
        CommitMessage kept = write(table, p("2024-01-01", 2), "b").get(0);
        Files.delete(java.nio.file.Path.of(gone.stagedPath().path()));

        CommitResult result;
        try (LogCapture log = LogCapture.of(Publisher.class)) {
            result = table.newCommit().afterRecovery().append(List.of(gone, kept));
            assertThat(log.warnings())
                    .singleElement()
                    .asString()
                    .contains("1 files", gone.targetPath().toString())
                    .doesNotContain(kept.targetPath().toString());
        }

        assertThat(result.vanishedFiles()).isEqualTo(1);
        assertThat(result.publishedFiles()).isEqualTo(1);
        assertThat(result.toString()).contains("1 vanished");
        assertThat(readAll(table)).containsExactly(row("2024-01-01", 2, "b"));
    }

    @Test
    void anOverwriteAfterRecoveryAlsoSkipsVanishedFiles() throws IOException {
        FormatTable table = partitioned(Map.of());
        table.newCommit().append(write(table, p("2024-01-01", 1), "old"));
        CommitMessage gone = write(table, p("2024-01-01", 1), "a").get(0);
        CommitMessage kept = write(table, p("2024-01-01", 1), "b").get(0);
        Files.delete(java.nio.file.Path.of(gone.stagedPath().path()));

        CommitResult result =
                table.newCommit()
                        .afterRecovery()
                        .overwrite(Map.of("dt", "2024-01-01"), List.of(gone, kept));

        assertThat(result.vanishedFiles()).isEqualTo(1);
        assertThat(result.deletedFiles()).isEqualTo(1);
        assertThat(readAll(table)).containsExactly(row("2024-01-01", 1, "b"));
    }

    /** A rename that copies, interrupted after the copy and before the delete of its source. */
    @Test
    void aWholeTargetBesideItsStagedFileIsKeptAndTheStagedFileRemoved() throws IOException {
        OneStagedFile f = oneStagedFile();
        Files.copy(f.staged(), f.target());
        FileTime marked = FileTime.fromMillis(1_000_000_000L);
        Files.setLastModifiedTime(f.target(), marked);
        assertThat(Files.size(f.target())).isEqualTo(f.message().fileSize());

        CommitResult result = f.table().newCommit().append(List.of(f.message()));

        assertThat(result.publishedFiles()).isEqualTo(1);
        assertThat(f.staged()).doesNotExist();
        // The same file as before: the complete copy was kept, not deleted and renamed again.
        assertThat(Files.getLastModifiedTime(f.target())).isEqualTo(marked);
        assertThat(readAll(f.table())).containsExactly(row("2024-01-01", 1, "a"));
    }

    @Test
    void aShorterTargetBesideItsStagedFileIsReplacedByTheStagedFile() throws IOException {
        OneStagedFile f = oneStagedFile();
        byte[] bytes = Files.readAllBytes(f.staged());
        Files.write(f.target(), Arrays.copyOf(bytes, bytes.length / 2));

        f.table().newCommit().append(List.of(f.message()));

        assertThat(f.staged()).doesNotExist();
        assertThat(Files.readAllBytes(f.target())).isEqualTo(bytes);
        assertThat(readAll(f.table())).containsExactly(row("2024-01-01", 1, "a"));
    }

    @Test
    void refusesDuplicateMessages() throws IOException {
        FormatTable table = partitioned(Map.of());
        CommitMessage m = oneFile(table);

        assertThatThrownBy(() -> table.newCommit().append(List.of(m, m)))
                .hasMessageContaining("another message of this commit");
    }

    @Test
    void refusesAMessageOutsideTheStaticPartition() throws IOException {
        FormatTable table = partitioned(Map.of());
        List<CommitMessage> m = write(table, p("2024-01-02", 1), "a");

        assertThatThrownBy(() -> table.newCommit().overwrite(spec("dt", "2024-01-01"), m))
                .hasMessageContaining("outside the static partition dt=19723");
    }

    @Test
    void refusesABadStaticPartition() throws IOException {
        FormatTable table = partitioned(Map.of());

        assertThatThrownBy(() -> table.newCommit().overwrite(spec("h", "1"), List.of()))
                .hasMessageContaining("leading run of the partition keys")
                .hasMessageContaining("'h'");
        assertThatThrownBy(() -> table.newCommit().overwrite(spec("x", "1"), List.of()))
                .hasMessageContaining("'x' is not a partition key");
        assertThatThrownBy(() -> table.newCommit().overwrite(spec("dt", "yesterday"), List.of()))
                .hasMessageContaining("'yesterday' is not a valid DATE value")
                .hasMessageContaining("'dt'");
    }

    @Test
    void abortRemovesStagedFilesOnly() throws IOException {
        FormatTable table = partitioned(Map.of());
        List<CommitMessage> published = write(table, p("2024-01-01", 1), "a");
        table.newCommit().append(published);
        List<CommitMessage> staged = write(table, p("2024-01-01", 1), "b");

        List<CommitMessage> all = new ArrayList<>(published);
        all.addAll(staged);
        table.newCommit().abort(all);

        assertThat(java.nio.file.Path.of(staged.get(0).stagedPath().path())).doesNotExist();
        assertThat(readAll(table)).containsExactly(row("2024-01-01", 1, "a"));
    }

    @Test
    void relativeLocationIsResolvedAgainstTheWorkingDirectory() throws IOException {
        String relative = "target/relative-table-" + java.util.UUID.randomUUID();
        java.nio.file.Path absolute = java.nio.file.Path.of(relative).toAbsolutePath();
        Files.createDirectories(absolute);
        FormatTable table =
                FormatTable.open(
                        io, Path.of(relative), TestTables.schema(Map.of(), "k", DataTypes.INT()));
        CommitMessage m = TestTables.write(table, List.of(1), "a").get(0);
        assertThat(m.targetPath().path()).startsWith(absolute.toString());
        // The same files named relative to the working directory are recognised as inside.
        CommitMessage relativeSpelling =
                new CommitMessage(
                        Path.of(
                                absolute.relativize(local(m.stagedPath()))
                                        .toString()
                                        .replaceFirst("^", relative + "/")),
                        Path.of(relative + "/k=1/" + m.targetPath().name()),
                        m.partition(),
                        m.rowCount(),
                        m.fileSize());

        table.newCommit().append(List.of(relativeSpelling));

        assertThat(readAll(table)).containsExactly("[1]|a");
        assertThat(table.location().toString()).isEqualTo(relative);
    }

    @Test
    void removesStagedFilesByToken() throws IOException {
        FormatTable table = partitioned(Map.of());
        List<CommitMessage> keep;
        List<CommitMessage> orphan;
        try (var write =
                FormatTableWrite.builder(table, LinesFormat.writerFactory())
                        .stagingToken("job-a1")
                        .build()) {
            write.write(p("2024-01-01", 1), "keep");
            keep = write.prepareCommit();
        }
        try (var write =
                FormatTableWrite.builder(table, LinesFormat.writerFactory())
                        .stagingToken("job-a0")
                        .build()) {
            write.write(p("2024-01-01", 1), "orphan");
            write.write(p("2024-01-02", 2), "orphan");
            orphan = write.prepareCommit();
        }
        StagedFileSweep sweep = new StagedFileSweep(io, token -> token.equals("job-a0"));
        int removed = 0;
        for (CommitMessage m : orphan) {
            removed += sweep.sweep(m.targetPath().parent());
        }

        assertThat(removed).isEqualTo(2);
        for (CommitMessage m : orphan) {
            assertThat(local(m.stagedPath())).doesNotExist();
        }
        table.newCommit().append(keep);
        assertThat(readAll(table)).containsExactly(row("2024-01-01", 1, "keep"));
        assertThat(
                        new StagedFileSweep(io, t -> true)
                                .sweep(Path.of(dir.resolve("missing").toString())))
                .isZero();
    }

    private static Map<String, String> spec(String key, String value) {
        LinkedHashMap<String, String> spec = new LinkedHashMap<>();
        spec.put(key, value);
        return spec;
    }

    /** One staged file of row ("2024-01-01", 1, "a"). */
    /**
     * A partitioned table with one file staged, and the local paths of its staged and target names.
     */
    private record OneStagedFile(
            FormatTable table,
            CommitMessage message,
            java.nio.file.Path staged,
            java.nio.file.Path target) {}

    private OneStagedFile oneStagedFile() throws IOException {
        FormatTable table = partitioned(Map.of());
        CommitMessage m = oneFile(table);
        return new OneStagedFile(table, m, local(m.stagedPath()), local(m.targetPath()));
    }

    private CommitMessage oneFile(FormatTable table) throws IOException {
        return write(table, p("2024-01-01", 1), "a").get(0);
    }

    private static java.nio.file.Path local(dev.formattable.core.fs.Path path) {
        return java.nio.file.Path.of(path.path());
    }
}
