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
import dev.formattable.core.fs.LocalFileIO;
import dev.formattable.core.scan.DataSplit;
import dev.formattable.core.table.CommitMessage;
import dev.formattable.core.testutils.TestTables;
import dev.formattable.core.types.DataTypes;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * Faults at every step of a commit: the k-th rename, the k-th delete, the k-th existence check, and
 * a rename that took effect but whose response was lost. After each, the table holds exactly the
 * old rows (append) or the documented state (overwrite), a scan sees no staged file, and committing
 * the same messages again ends in the new state.
 */
class CommitFaultInjectionTest {

    private static final int NEW_FILES = 6;

    @TempDir java.nio.file.Path dir;

    private FaultInjectingFileIO io;
    private FormatTable table;
    private List<String> oldRows;

    private void setUp(Map<String, String> options) throws IOException {
        io = new FaultInjectingFileIO(new LocalFileIO());
        table =
                TestTables.table(
                        io,
                        dir,
                        TestTables.schema(options, "dt", DataTypes.INT(), "h", DataTypes.INT()));
        List<CommitMessage> old = new ArrayList<>();
        old.addAll(TestTables.write(table, List.of(1, 1), "old-1-1a", "old-1-1b"));
        old.addAll(TestTables.write(table, List.of(1, 2), "old-1-2"));
        old.addAll(TestTables.write(table, List.of(2, 1), "old-2-1"));
        table.newCommit().append(old);
        oldRows = TestTables.readAll(table);
    }

    /** Six one-row files: three in dt=1 (h=1..3), three in dt=3. */
    private List<CommitMessage> newFiles() throws IOException {
        return TestTables.sixNewFiles(table);
    }

    private static List<String> newRows() {
        return TestTables.sixNewRows();
    }

    private void assertNoStagedFileVisible() throws IOException {
        for (DataSplit split : table.newScan().plan().splits()) {
            assertThat(split.path().toString()).doesNotContain("_temporary");
            assertThat(split.path().name()).startsWith("data-");
        }
    }

    private List<String> rows() throws IOException {
        return TestTables.readAll(table);
    }

    static Stream<Arguments> appendFaults() {
        return Stream.of(Op.RENAME, Op.EXISTS)
                .flatMap(
                        op ->
                                IntStream.rangeClosed(1, NEW_FILES * (op == Op.EXISTS ? 2 : 1))
                                        .mapToObj(k -> Arguments.of(op, k)));
    }

    @ParameterizedTest(name = "fail {0} #{1}")
    @MethodSource("appendFaults")
    void appendFailingAtAnyStepLeavesTheOldRows(Op op, int k) throws IOException {
        setUp(Map.of());
        List<CommitMessage> messages = newFiles();
        io.failOn(op, k);

        assertThatThrownBy(() -> table.newCommit().withParallelism(1).append(messages))
                .isInstanceOf(IOException.class)
                .hasStackTraceContaining("Injected failure of " + op);
        io.heal();

        assertThat(rows()).isEqualTo(oldRows);
        assertNoStagedFileVisible();
        table.newCommit().append(messages);
        assertThat(rows()).containsExactlyInAnyOrderElementsOf(concat(oldRows, newRows()));
    }

    @ParameterizedTest(name = "lost response of rename #{0}")
    @ValueSource(ints = {1, 2, 3, 4, 5, 6})
    void appendWhoseRenameTookEffectButFailedLeavesTheOldRows(int k) throws IOException {
        setUp(Map.of());
        List<CommitMessage> messages = newFiles();
        io.loseRenameResponse(k);

        assertThatThrownBy(() -> table.newCommit().withParallelism(1).append(messages))
                .hasMessageContaining("taken back")
                .hasMessageContaining(messages.get(k - 1).targetPath().toString())
                .rootCause()
                .hasMessageContaining("Injected lost response of rename")
                .hasMessageEndingWith(
                        messages.get(k - 1).stagedPath()
                                + " -> "
                                + messages.get(k - 1).targetPath());
        io.heal();

        assertThat(rows()).isEqualTo(oldRows);
        assertNoStagedFileVisible();
        table.newCommit().append(messages);
        assertThat(rows()).containsExactlyInAnyOrderElementsOf(concat(oldRows, newRows()));
    }

    /** What a file system call throws, besides an {@link IOException}. */
    enum Unchecked {
        RUNTIME_EXCEPTION,
        ERROR
    }

    static Stream<Arguments> uncheckedFaults() {
        Stream.Builder<Arguments> b = Stream.builder();
        for (Unchecked kind : Unchecked.values()) {
            for (int parallelism : new int[] {1, 4}) {
                for (int k = 1; k <= NEW_FILES; k++) {
                    b.add(Arguments.of(kind, parallelism, k));
                }
            }
        }
        return b.build();
    }

    /**
     * An unchecked exception or an error of the file system (an SDK's own exception, an
     * out-of-memory) at the k-th rename: the commit still waits for the other renames, takes back
     * what they published, and throws. An exception comes as the cause of an IOException that says
     * the table is as it was; an error is thrown as it is, with that message attached.
     */
    @ParameterizedTest(name = "{0}, parallelism {1}, rename #{2}")
    @MethodSource("uncheckedFaults")
    void anUncheckedFailureAtAnyRenameIsTakenBackToo(Unchecked kind, int parallelism, int k)
            throws IOException {
        setUp(Map.of());
        List<CommitMessage> messages = newFiles();
        if (kind == Unchecked.ERROR) {
            io.errorOn(Op.RENAME, k);
        } else {
            io.failUncheckedOn(Op.RENAME, k);
        }

        Throwable thrown =
                catchThrowable(
                        () -> table.newCommit().withParallelism(parallelism).append(messages));
        io.heal();

        if (kind == Unchecked.ERROR) {
            assertThat(thrown).isInstanceOf(FaultInjectingFileIO.InjectedError.class);
            assertThat(thrown.getSuppressed())
                    .singleElement()
                    .satisfies(s -> assertThat(s).hasMessageContaining("taken back"));
        } else {
            assertThat(thrown)
                    .isInstanceOf(IOException.class)
                    .hasMessageContaining("taken back")
                    .rootCause()
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("Injected unchecked failure of RENAME");
        }
        assertThat(rows()).isEqualTo(oldRows);
        assertNoStagedFileVisible();
        table.newCommit().append(messages);
        assertThat(rows()).containsExactlyInAnyOrderElementsOf(concat(oldRows, newRows()));
    }

    /**
     * A commit whose thread is interrupted (a job cancelled during a long commit) while one rename
     * hangs on the store: it neither returns nor takes back before that rename has ended, then puts
     * back every file published, and throws with the thread's interrupt flag set. Nothing of the
     * append stays visible, and committing again publishes every row once.
     */
    @org.junit.jupiter.api.Test
    void anInterruptedAppendWaitsForItsRenamesAndTakesThemBack() throws Exception {
        setUp(Map.of());
        List<CommitMessage> messages = newFiles();
        FaultInjectingFileIO.Gate gate = io.blockOn(Op.RENAME, 2);
        AtomicReference<Throwable> thrown = new AtomicReference<>();
        AtomicBoolean heldCallEndedFirst = new AtomicBoolean();
        AtomicBoolean interruptFlag = new AtomicBoolean();
        Thread committer =
                new Thread(
                        () -> {
                            try {
                                table.newCommit().withParallelism(4).append(messages);
                            } catch (Throwable t) {
                                heldCallEndedFirst.set(gate.ended());
                                interruptFlag.set(Thread.currentThread().isInterrupted());
                                thrown.set(t);
                            }
                        });
        committer.start();
        gate.awaitEntered();
        committer.interrupt();
        // Room for a commit that did not wait to return while the rename is still held.
        committer.join(500);
        gate.open();
        committer.join();

        assertThat(thrown.get())
                .isInstanceOf(InterruptedIOException.class)
                .hasMessageContaining("taken back");
        assertThat(heldCallEndedFirst)
                .as("the held rename ended before the commit returned")
                .isTrue();
        assertThat(interruptFlag).as("the interrupt flag is set again").isTrue();
        assertThat(rows()).isEqualTo(oldRows);
        assertNoStagedFileVisible();
        table.newCommit().append(messages);
        assertThat(rows()).containsExactlyInAnyOrderElementsOf(concat(oldRows, newRows()));
    }

    /**
     * An overwrite of dt=1 runs while this append publishes: it lists what it replaces after the
     * append's first file is published and deletes it. The append must not report success for rows
     * that are gone; it names the removed file, and the rest of it stays published.
     */
    @org.junit.jupiter.api.Test
    void anAppendWhosePublishedFileAnOverwriteRemovedFailsNamingIt() throws IOException {
        setUp(Map.of());
        List<CommitMessage> messages = newFiles();
        // The concurrent overwrite deletes what it listed: the first file.
        io.deleteAfterRename(2, messages.get(0).targetPath());

        assertThatThrownBy(() -> table.newCommit().withParallelism(1).append(messages))
                .isInstanceOf(CommitConflictException.class)
                .hasMessageContaining("1 of them were removed while it ran")
                .hasMessageContaining(messages.get(0).targetPath().toString());

        List<String> expected = new ArrayList<>(oldRows);
        expected.addAll(newRows().subList(1, NEW_FILES));
        assertThat(rows()).containsExactlyInAnyOrderElementsOf(expected);
    }

    /**
     * The same check in a partition that already holds 10,000 files: its cost follows the commit
     * (one existence check per published file), not the directory (no listing), and it still names
     * the file an overwrite removed.
     */
    @org.junit.jupiter.api.Test
    void theCheckCostsWhatTheCommitPublishedNotWhatTheDirectoryHolds() throws IOException {
        setUp(Map.of());
        List<CommitMessage> messages = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            messages.addAll(TestTables.write(table, List.of(5, 5), "many-" + i));
        }
        java.nio.file.Path partition = dir.resolve("dt=5").resolve("h=5");
        for (int i = 0; i < 10_000; i++) {
            // Hidden, so no scan reads them; a listing would return them all.
            java.nio.file.Files.createFile(partition.resolve("_existing-" + i));
        }
        io.resetCounts();
        io.deleteAfterRename(4, messages.get(3).targetPath());

        assertThatThrownBy(() -> table.newCommit().withParallelism(1).append(messages))
                .isInstanceOf(CommitConflictException.class)
                .hasMessageContaining("1 of them were removed while it ran")
                .hasMessageContaining(messages.get(3).targetPath().toString());
        // Two existence checks per file before publishing, one after.
        assertThat(io.calls(Op.LIST)).isZero();
        assertThat(io.calls(Op.STATUS)).isZero();
        assertThat(io.calls(Op.EXISTS)).isEqualTo(3 * messages.size());
    }

    /**
     * The third rename takes effect but reports failure, and then renaming the first file back
     * fails too. That file is the only copy of its rows: it stays published and the error names it,
     * and committing the same messages again publishes the rest, each row exactly once.
     */
    @org.junit.jupiter.api.Test
    void aFileThatCannotBeTakenBackStaysPublishedAndIsNamed() throws IOException {
        setUp(Map.of());
        List<CommitMessage> messages = newFiles();
        io.loseRenameResponse(3).failOn(Op.RENAME, 4);

        assertThatThrownBy(() -> table.newCommit().withParallelism(1).append(messages))
                .hasMessageContaining("could not be taken back")
                .hasMessageContaining(messages.get(0).targetPath().toString());
        io.heal();

        assertThat(rows())
                .containsExactlyInAnyOrderElementsOf(concat(oldRows, newRows().subList(0, 1)));
        assertNoStagedFileVisible();
        table.newCommit().append(messages);
        assertThat(rows()).containsExactlyInAnyOrderElementsOf(concat(oldRows, newRows()));
    }

    @ParameterizedTest(name = "parallel, fail rename #{0}")
    @ValueSource(ints = {1, 3, 6})
    void parallelAppendFailingLeavesTheOldRows(int k) throws IOException {
        setUp(Map.of());
        List<CommitMessage> messages = newFiles();
        io.failOn(Op.RENAME, k);

        assertThatThrownBy(() -> table.newCommit().withParallelism(4).append(messages))
                .isInstanceOf(IOException.class);
        io.heal();

        assertThat(rows()).isEqualTo(oldRows);
        table.newCommit().append(messages);
        assertThat(rows()).containsExactlyInAnyOrderElementsOf(concat(oldRows, newRows()));
    }

    /**
     * Static overwrite of dt=1, which holds two old files (h=1 and h=2) and receives three new
     * ones. A failed delete leaves the partition with the old files not yet deleted and none of the
     * new; a failed publish leaves it with the new files published so far and none of the old.
     * Other partitions are never touched, and a replay completes the overwrite.
     */
    @ParameterizedTest(name = "fail {0} #{1}")
    @MethodSource("overwriteFaults")
    void overwriteFailingAtAnyStepLeavesTheDocumentedState(Op op, int k) throws IOException {
        setUp(Map.of());
        List<CommitMessage> messages = newFiles().subList(0, 3);
        List<String> expectedNew = newRows().subList(0, 3);
        io.failOn(op, k);

        assertThatThrownBy(
                        () ->
                                table.newCommit()
                                        .withParallelism(1)
                                        .overwrite(Map.of("dt", "1"), messages))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("Committing the same messages again completes it");
        io.heal();

        List<String> rows = rows();
        assertThat(rows).contains("[2, 1]|old-2-1");
        List<String> inDt1 = new ArrayList<>(rows);
        inDt1.remove("[2, 1]|old-2-1");
        if (op == Op.DELETE) {
            // Deleted in listing order; nothing new is visible yet.
            assertThat(inDt1).isSubsetOf(oldRows).doesNotContainAnyElementsOf(expectedNew);
            assertThat(oldRows.size() - 1 - inDt1.size()).isLessThan(3);
        } else {
            assertThat(inDt1).containsExactlyInAnyOrderElementsOf(expectedNew.subList(0, k - 1));
        }
        assertNoStagedFileVisible();

        table.newCommit().overwrite(Map.of("dt", "1"), messages);
        assertThat(rows())
                .containsExactlyInAnyOrderElementsOf(
                        concat(List.of("[2, 1]|old-2-1"), expectedNew));
    }

    static Stream<Arguments> overwriteFaults() {
        // dt=1 holds 2 old files (h=1 has two rows in one file, h=2 one); 3 new files.
        return Stream.concat(
                IntStream.rangeClosed(1, 2).mapToObj(k -> Arguments.of(Op.DELETE, k)),
                IntStream.rangeClosed(1, 3).mapToObj(k -> Arguments.of(Op.RENAME, k)));
    }

    @ParameterizedTest(name = "lost response of rename #{0}")
    @ValueSource(ints = {1, 2, 3})
    void overwriteWhoseRenameTookEffectKeepsWhatItPublished(int k) throws IOException {
        setUp(Map.of());
        List<CommitMessage> messages = newFiles().subList(0, 3);
        List<String> expectedNew = newRows().subList(0, 3);
        io.loseRenameResponse(k);

        assertThatThrownBy(
                        () ->
                                table.newCommit()
                                        .withParallelism(1)
                                        .overwrite(Map.of("dt", "1"), messages))
                .hasMessageContaining("part of the new files are published");
        io.heal();

        List<String> rows = rows();
        rows.remove("[2, 1]|old-2-1");
        assertThat(rows).containsExactlyInAnyOrderElementsOf(expectedNew.subList(0, k));
        table.newCommit().overwrite(Map.of("dt", "1"), messages);
        assertThat(rows())
                .containsExactlyInAnyOrderElementsOf(
                        concat(List.of("[2, 1]|old-2-1"), expectedNew));
    }

    private static List<String> concat(List<String> a, List<String> b) {
        List<String> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }
}
