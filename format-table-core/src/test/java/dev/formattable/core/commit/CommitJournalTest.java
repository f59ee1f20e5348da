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
import dev.formattable.core.fs.FaultInjectingFileIO;
import dev.formattable.core.fs.FileStatus;
import dev.formattable.core.fs.LocalFileIO;
import dev.formattable.core.fs.Path;
import dev.formattable.core.table.CommitMessage;
import dev.formattable.core.testutils.TestTables;
import dev.formattable.core.types.DataTypes;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static dev.formattable.core.testutils.TestTables.readAll;
import static dev.formattable.core.testutils.TestTables.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A commit with an id publishes one set of files however often it is tried: a try after one that
 * died part way (nothing taken back, as when its process is killed) publishes what the first try
 * recorded, not the new files it is handed, and removes those.
 */
class CommitJournalTest {

    private static final String ID = "job-sink-end";

    @TempDir java.nio.file.Path dir;

    private FormatTable table(FaultInjectingFileIO io) throws IOException {
        Files.createDirectories(dir);
        return TestTables.table(io, dir, TestTables.schema(Map.of(), "p", DataTypes.INT()));
    }

    /** The same rows written twice, as a writer and its rerun write them: different files. */
    private static List<CommitMessage> rows(FormatTable table) throws IOException {
        List<CommitMessage> messages = new ArrayList<>();
        for (int p = 0; p < 4; p++) {
            messages.addAll(write(table, List.of(p), "r" + p));
        }
        return messages;
    }

    private static List<String> expected() {
        return List.of("[0]|r0", "[1]|r1", "[2]|r2", "[3]|r3");
    }

    private List<String> stagingContents() throws IOException {
        try (Stream<java.nio.file.Path> files = Files.walk(dir)) {
            return files.filter(Files::isRegularFile)
                    .filter(f -> f.getParent().getFileName().toString().equals("_temporary"))
                    .map(f -> dir.relativize(f).toString())
                    .sorted()
                    .collect(Collectors.toList());
        }
    }

    /** After {@code renames} successful renames, every call fails: the process is gone. */
    private static final class DyingFileIO extends FaultInjectingFileIO {
        private static final long serialVersionUID = 1L;
        private int renamesLeft;
        private boolean dead;

        DyingFileIO() {
            super(new LocalFileIO());
            this.renamesLeft = Integer.MAX_VALUE;
        }

        void dieAfterRenames(int renames) {
            renamesLeft = renames;
        }

        void revive() {
            dead = false;
            renamesLeft = Integer.MAX_VALUE;
        }

        private synchronized void alive() throws IOException {
            if (dead) {
                throw new IOException("gone");
            }
        }

        @Override
        public void rename(Path source, Path target) throws IOException {
            synchronized (this) {
                alive();
                if (renamesLeft-- <= 0) {
                    dead = true;
                    throw new IOException("gone");
                }
            }
            super.rename(source, target);
        }

        @Override
        public boolean delete(Path path, boolean recursive) throws IOException {
            alive();
            return super.delete(path, recursive);
        }

        @Override
        public boolean exists(Path path) throws IOException {
            alive();
            return super.exists(path);
        }

        @Override
        public FileStatus getStatus(Path path) throws IOException {
            alive();
            return super.getStatus(path);
        }
    }

    @Test
    void aTryAfterOneThatDiedPublishesWhatTheFirstRecorded() throws IOException {
        DyingFileIO io = new DyingFileIO();
        FormatTable table = table(io);
        List<CommitMessage> first = rows(table);
        // One rename records the journal, two publish data files; then the process dies.
        io.dieAfterRenames(3);
        assertThatThrownBy(
                        () -> table.newCommit().withParallelism(1).withCommitId(ID).append(first))
                .isInstanceOf(IOException.class);
        io.revive();
        assertThat(readAll(table)).as("published by the first try").hasSize(2);
        assertThat(table.newCommit().isRecorded(ID)).isTrue();

        // The rerun's writers wrote the same rows again, into new files.
        List<CommitMessage> rerun = rows(table);
        CommitResult result = table.newCommit().afterRecovery().withCommitId(ID).append(rerun);

        assertThat(readAll(table)).as("every row once").isEqualTo(expected());
        assertThat(result.alreadyPublishedFiles()).isEqualTo(2);
        assertThat(result.publishedFiles()).isEqualTo(2);
        assertThat(stagingContents()).as("rerun files removed").isEqualTo(recordAndMarker());
        assertThat(table.newCommit().isRecorded(ID)).isTrue();
        table.newCommit().forgetCommit(ID);
        assertThat(stagingContents()).isEmpty();
        assertThat(table.newCommit().isRecorded(ID)).isFalse();
    }

    private static List<String> recordAndMarker() {
        return List.of(
                "_temporary/.commit." + ID + ".journal", "_temporary/.commit." + ID + ".published");
    }

    /**
     * A commit that published, followed by a failure of what came after it (a partition commit
     * policy), and a rerun whose writers wrote the same rows into new files: the rerun publishes
     * nothing and removes its files.
     */
    @Test
    void aTryAfterOneThatPublishedPublishesNothing() throws IOException {
        FormatTable table = table(new FaultInjectingFileIO(new LocalFileIO()));
        table.newCommit().withCommitId(ID).append(rows(table));
        assertThat(readAll(table)).isEqualTo(expected());

        CommitResult result = table.newCommit().withCommitId(ID).append(rows(table));

        assertThat(readAll(table)).as("every row once").isEqualTo(expected());
        assertThat(result.publishedFiles()).isZero();
        assertThat(result.alreadyPublishedFiles()).isEqualTo(4);
        assertThat(stagingContents()).as("rerun files removed").isEqualTo(recordAndMarker());
    }

    /** An overwrite tried again after it published deletes nothing written since. */
    @Test
    void anOverwriteTriedAgainAfterItPublishedReplacesNothing() throws IOException {
        FormatTable table = table(new FaultInjectingFileIO(new LocalFileIO()));
        table.newCommit().append(write(table, List.of(0), "old0"));
        table.newCommit().withCommitId(ID).overwrite(Map.of(), rows(table));
        table.newCommit().append(write(table, List.of(0), "later"));

        CommitResult result = table.newCommit().withCommitId(ID).overwrite(Map.of(), rows(table));

        List<String> rows = new ArrayList<>(expected());
        rows.add("[0]|later");
        rows.sort(null);
        List<String> read = new ArrayList<>(readAll(table));
        read.sort(null);
        assertThat(read).isEqualTo(rows);
        assertThat(result.deletedFiles()).isZero();
        assertThat(stagingContents()).isEqualTo(recordAndMarker());
    }

    @Test
    void aForgottenCommitIsAFirstCommitAgain() throws IOException {
        FormatTable table = table(new FaultInjectingFileIO(new LocalFileIO()));
        table.newCommit().withCommitId(ID).append(rows(table));
        table.newCommit().forgetCommit(ID);

        table.newCommit().withCommitId(ID).append(rows(table));

        assertThat(readAll(table)).hasSize(2 * expected().size());
    }

    /** Without an id the same story publishes the rows twice: what the id is for. */
    @Test
    void withoutAnIdTheSameStoryPublishesRowsTwice() throws IOException {
        DyingFileIO io = new DyingFileIO();
        FormatTable table = table(io);
        List<CommitMessage> first = rows(table);
        io.dieAfterRenames(2);
        assertThatThrownBy(() -> table.newCommit().withParallelism(1).append(first))
                .isInstanceOf(IOException.class);
        io.revive();
        table.newCommit().afterRecovery().append(rows(table));
        assertThat(readAll(table)).hasSize(expected().size() + 2);
    }

    @Test
    void anOverwriteTriedAgainPublishesWhatTheFirstRecorded() throws IOException {
        DyingFileIO io = new DyingFileIO();
        FormatTable table = table(io);
        table.newCommit().append(write(table, List.of(0), "old0"));
        table.newCommit().append(write(table, List.of(1), "old1"));
        List<CommitMessage> first = rows(table);
        io.dieAfterRenames(2);
        assertThatThrownBy(
                        () ->
                                table.newCommit()
                                        .withParallelism(1)
                                        .withCommitId(ID)
                                        .overwrite(Map.of(), first))
                .isInstanceOf(IOException.class);
        io.revive();

        table.newCommit().afterRecovery().withCommitId(ID).overwrite(Map.of(), rows(table));

        assertThat(readAll(table)).isEqualTo(expected());
        assertThat(stagingContents()).isEqualTo(recordAndMarker());
    }

    /** A first try of the commit that fails (and is taken back) on its k-th rename. */
    private static void failFirstTryOnRename(
            FaultInjectingFileIO io, FormatTable table, List<CommitMessage> messages, int k) {
        io.failOn(FaultInjectingFileIO.Op.RENAME, k);
        assertThatThrownBy(
                        () ->
                                table.newCommit()
                                        .withParallelism(1)
                                        .withCommitId(ID)
                                        .append(messages))
                .isInstanceOf(IOException.class);
    }

    @Test
    void aFailedTryKeepsTheRecordAndTheNextPublishesIt() throws IOException {
        FaultInjectingFileIO io = new FaultInjectingFileIO(new LocalFileIO());
        FormatTable table = table(io);
        List<CommitMessage> messages = rows(table);
        failFirstTryOnRename(io, table, messages, 3);
        assertThat(readAll(table)).as("taken back").isEmpty();
        assertThat(table.newCommit().isRecorded(ID)).isTrue();

        table.newCommit().withCommitId(ID).append(messages);
        assertThat(readAll(table)).isEqualTo(expected());
        assertThat(stagingContents()).isEqualTo(recordAndMarker());
    }

    @Test
    void aCommitWithNothingToPublishRecordsNothing() throws IOException {
        FaultInjectingFileIO io = new FaultInjectingFileIO(new LocalFileIO());
        FormatTable table = table(io);
        table.newCommit().withCommitId(ID).append(List.of());
        assertThat(io.calls(FaultInjectingFileIO.Op.WRITE)).isZero();
        assertThat(stagingContents()).isEmpty();
    }

    @Test
    void refusesAnIdThatIsNotAName() throws IOException {
        FormatTable table = table(new FaultInjectingFileIO(new LocalFileIO()));
        assertThatThrownBy(() -> table.newCommit().withCommitId("a/../b"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Commit id 'a/../b' must be 1 to 200 letters, digits, '-' or '_'");
        assertThatThrownBy(() -> table.newCommit().withCommitId(""))
                .hasMessageContaining("Commit id ''");
    }

    @Test
    void aRecordOfAnUnknownVersionNamesBothVersions() throws IOException {
        FormatTable table = table(new FaultInjectingFileIO(new LocalFileIO()));
        java.nio.file.Path record = dir.resolve("_temporary/.commit." + ID + ".journal");
        Files.createDirectories(record.getParent());
        try (DataOutputStream out = new DataOutputStream(Files.newOutputStream(record))) {
            out.writeInt(0x4654434A);
            out.writeInt(9);
        }
        List<CommitMessage> messages = rows(table);
        assertThatThrownBy(() -> table.newCommit().withCommitId(ID).append(messages))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("version 9")
                .hasMessageContaining("up to 1")
                .hasMessageContaining(record.getFileName().toString());
        assertThat(readAll(table)).as("nothing published").isEmpty();

        Files.write(record, new byte[] {1, 2, 3});
        assertThatThrownBy(() -> table.newCommit().withCommitId(ID).append(messages))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("Corrupt commit journal");
    }

    @Test
    void orphanFileRemovalRemovesTheRecordOfACommitThatNeverSucceeded() throws IOException {
        FaultInjectingFileIO io = new FaultInjectingFileIO(new LocalFileIO());
        FormatTable table = table(io);
        List<CommitMessage> messages = rows(table);
        failFirstTryOnRename(io, table, messages, 2);

        List<OrphanFiles.Orphan> removed =
                new OrphanFiles(table).olderThan(Instant.now().plusSeconds(60)).run();
        assertThat(removed)
                .extracting(o -> o.file().path().name())
                .contains(".commit." + ID + ".journal")
                .hasSize(messages.size() + 1);
        assertThat(stagingContents()).isEmpty();
    }
}
