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
import dev.formattable.core.fs.FaultInjectingFileIO.Op;
import dev.formattable.core.fs.UploadingLocalFileIO;
import dev.formattable.core.table.CommitMessage;
import dev.formattable.core.testutils.TestTables;
import dev.formattable.core.types.DataTypes;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.file.Files;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * The commit protocol for files written as uploads to their targets (an object store's multipart
 * uploads), on a local stand-in ({@link UploadingLocalFileIO}) with faults injected at every
 * completion, checked and unchecked. A completed upload cannot be taken back: a failed append keeps
 * what it completed, says so, and committing again completes the rest, every row once.
 */
class UploadCommitTest {

    private static final int NEW_FILES = 6;

    @TempDir java.nio.file.Path dir;

    private UploadingLocalFileIO uploads;
    private FaultInjectingFileIO io;
    private FormatTable table;
    private List<String> oldRows;

    private void setUp() throws IOException {
        uploads = new UploadingLocalFileIO(dir.resolve("store-uploads"));
        io = new FaultInjectingFileIO(uploads);
        table =
                TestTables.table(
                        io,
                        dir.resolve("t"),
                        TestTables.schema(Map.of(), "dt", DataTypes.INT(), "h", DataTypes.INT()));
        List<CommitMessage> old = new ArrayList<>();
        old.addAll(TestTables.write(table, List.of(1, 1), "old-1-1"));
        old.addAll(TestTables.write(table, List.of(2, 1), "old-2-1"));
        table.newCommit().append(old);
        oldRows = TestTables.readAll(table);
    }

    /** Six one-row files: three in dt=1 (h=1..3), three in dt=3. */
    private List<CommitMessage> newFiles() throws IOException {
        return TestTables.sixNewFiles(table);
    }

    private List<String> allRows() {
        List<String> rows = new ArrayList<>(oldRows);
        rows.addAll(TestTables.sixNewRows());
        rows.sort(null);
        return rows;
    }

    @Test
    void filesAreUploadsInvisibleUntilCompletedAndNothingIsStaged() throws IOException {
        setUp();
        List<CommitMessage> messages = newFiles();

        assertThat(messages).allMatch(CommitMessage::isUpload);
        assertThat(TestTables.readAll(table)).isEqualTo(oldRows);
        assertThat(uploads.openUploads()).isEqualTo(NEW_FILES);
        assertThat(Files.exists(dir.resolve("t/dt=1/h=1/_temporary"))).isFalse();

        CommitResult result = table.newCommit().append(messages);

        assertThat(result.publishedFiles()).isEqualTo(NEW_FILES);
        assertThat(io.calls(Op.RENAME)).as("renames through the table's file system").isZero();
        assertThat(uploads.openUploads()).isZero();
        assertThat(TestTables.readAll(table)).isEqualTo(allRows());
    }

    enum Fault {
        CHECKED,
        UNCHECKED,
        ERROR
    }

    static Stream<Arguments> completionFaults() {
        Stream.Builder<Arguments> b = Stream.builder();
        for (Fault fault : Fault.values()) {
            for (int k = 1; k <= NEW_FILES; k++) {
                b.add(Arguments.of(fault, k));
            }
        }
        return b.build();
    }

    @ParameterizedTest(name = "{0} failure of completion #{1}")
    @MethodSource("completionFaults")
    void anAppendFailingAtAnyCompletionKeepsWhatItPublishedAndCompletesWhenRetried(
            Fault fault, int k) throws IOException {
        setUp();
        List<CommitMessage> messages = newFiles();
        switch (fault) {
            case CHECKED:
                io.failOn(Op.COMPLETE, k);
                break;
            case UNCHECKED:
                io.failUncheckedOn(Op.COMPLETE, k);
                break;
            default:
                io.errorOn(Op.COMPLETE, k);
        }

        Throwable thrown =
                catchThrowable(() -> table.newCommit().withParallelism(1).append(messages));
        io.heal();

        String said =
                "the "
                        + (k - 1)
                        + " files it published stay published (a completed upload cannot be"
                        + " taken back) and the rest are not visible. Committing the same messages"
                        + " again completes it.";
        if (fault == Fault.ERROR) {
            assertThat(thrown).isInstanceOf(FaultInjectingFileIO.InjectedError.class);
            assertThat(thrown.getSuppressed())
                    .singleElement()
                    .satisfies(s -> assertThat(s).hasMessageContaining(said));
        } else {
            assertThat(thrown).isInstanceOf(IOException.class).hasMessageContaining(said);
        }
        assertThat(TestTables.readAll(table)).hasSize(oldRows.size() + k - 1);
        assertThat(uploads.openUploads()).isEqualTo(NEW_FILES - (k - 1));

        CommitResult retried = table.newCommit().append(messages);

        assertThat(retried.alreadyPublishedFiles()).isEqualTo(k - 1);
        assertThat(retried.publishedFiles()).isEqualTo(NEW_FILES - (k - 1));
        assertThat(TestTables.readAll(table)).isEqualTo(allRows());
        assertThat(uploads.openUploads()).isZero();
    }

    @ParameterizedTest(name = "failure of completion #{0}")
    @ValueSource(ints = {1, 2, 3})
    void anOverwriteFailingAtAnyCompletionIsCompletedByRunningItAgain(int k) throws IOException {
        setUp();
        List<CommitMessage> messages = newFiles();
        io.failOn(Op.COMPLETE, k);

        assertThatThrownBy(
                        () ->
                                table.newCommit()
                                        .withParallelism(1)
                                        .overwrite(Map.of("dt", "1"), messages.subList(0, 3)))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("Overwrite failed publishing")
                .hasMessageContaining("Committing the same messages again completes it");
        io.heal();

        table.newCommit().overwrite(Map.of("dt", "1"), messages.subList(0, 3));
        List<String> expected = new ArrayList<>(TestTables.sorted("[2, 1]|old-2-1"));
        for (int i = 0; i < 3; i++) {
            expected.add("[1, " + (1 + i) + "]|new-" + i);
        }
        expected.sort(null);
        assertThat(TestTables.readAll(table)).isEqualTo(expected);
        table.newCommit().abort(messages.subList(3, NEW_FILES));
        assertThat(uploads.openUploads()).isZero();
    }

    @Test
    void aReplayAfterCompletionRecognisesEveryFile() throws IOException {
        setUp();
        List<CommitMessage> messages = newFiles();
        table.newCommit().append(messages);

        CommitResult replay = table.newCommit().afterRecovery().append(messages);

        assertThat(replay.alreadyPublishedFiles()).isEqualTo(NEW_FILES);
        assertThat(replay.publishedFiles()).isZero();
        assertThat(TestTables.readAll(table)).isEqualTo(allRows());
    }

    @Test
    void aVanishedUploadIsSkippedAfterRecoveryAndNamedOtherwise() throws IOException {
        setUp();
        List<CommitMessage> messages = newFiles();
        table.newCommit().abort(messages.subList(0, 2));

        assertThatThrownBy(() -> table.newCommit().append(messages))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("the store no longer knows their uploads")
                .hasMessageContaining(messages.get(0).targetPath().toString())
                .hasMessageContaining(messages.get(1).targetPath().toString())
                .hasMessageContaining("The other 4 files of the commit were published");

        CommitResult recovered = table.newCommit().afterRecovery().append(messages);
        assertThat(recovered.vanishedFiles()).isEqualTo(2);
        assertThat(recovered.alreadyPublishedFiles()).isEqualTo(4);
    }

    @Test
    void aWriteClosedBeforePreparingAndAnAbortLeaveNoUpload() throws IOException {
        setUp();
        try (var write =
                table.newWrite(dev.formattable.core.testutils.LinesFormat.writerFactory())) {
            write.write(List.of(1, 1), "dropped");
            assertThat(uploads.openUploads()).isEqualTo(1);
        }
        assertThat(uploads.openUploads()).isZero();

        try (var write =
                table.newWrite(dev.formattable.core.testutils.LinesFormat.writerFactory())) {
            write.write(List.of(1, 1), "prepared, then abandoned");
            write.prepareCommit();
            write.abort();
        }
        assertThat(uploads.openUploads()).isZero();
        assertThat(TestTables.readAll(table)).isEqualTo(oldRows);
    }

    @Test
    void orphanFilesAbortsUploadsOlderThanItsThreshold() throws IOException {
        setUp();
        newFiles();

        OrphanFiles young = new OrphanFiles(table).olderThan(Instant.now().minusSeconds(3600));
        young.run();
        OrphanFiles old = new OrphanFiles(table).olderThan(Instant.now().plusSeconds(60));
        old.run();

        assertThat(young.uploads()).isEmpty();
        assertThat(old.uploads()).hasSize(NEW_FILES).allMatch(OrphanFiles.OrphanUpload::aborted);
        assertThat(uploads.openUploads()).isZero();
        assertThat(TestTables.readAll(table)).isEqualTo(oldRows);
    }

    @Test
    void withoutMultipartUploadFilesAreStagedAndRenamed() throws IOException {
        uploads = new UploadingLocalFileIO(dir.resolve("store-uploads"));
        io = new FaultInjectingFileIO(uploads);
        table =
                TestTables.table(
                        io,
                        dir.resolve("staged"),
                        TestTables.schema(
                                Map.of("write.multipart-upload", "false"), "dt", DataTypes.INT()));

        List<CommitMessage> messages = TestTables.write(table, List.of(1), "a");
        table.newCommit().append(messages);

        assertThat(messages).noneMatch(CommitMessage::isUpload);
        assertThat(io.calls(Op.RENAME)).isEqualTo(1);
        assertThat(uploads.openUploads()).isZero();
        assertThat(TestTables.readAll(table)).containsExactly("[1]|a");
    }
}
