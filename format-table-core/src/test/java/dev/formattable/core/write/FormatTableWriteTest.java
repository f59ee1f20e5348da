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
package dev.formattable.core.write;

import dev.formattable.core.FormatTable;
import dev.formattable.core.fs.LocalFileIO;
import dev.formattable.core.table.CommitMessage;
import dev.formattable.core.table.DataFilePathFactory;
import dev.formattable.core.testutils.LinesFormat;
import dev.formattable.core.testutils.TestTables;
import dev.formattable.core.types.DataTypes;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Staging, naming, rolling, abort and close of a write. */
class FormatTableWriteTest {

    @TempDir java.nio.file.Path dir;

    private final LocalFileIO io = new LocalFileIO();

    private FormatTable table(Map<String, String> options, Object... partitionColumns) {
        return TestTables.table(io, dir, TestTables.schema(options, partitionColumns));
    }

    private List<String> stagedFiles() throws IOException {
        try (Stream<java.nio.file.Path> walk = Files.walk(dir)) {
            return walk.filter(Files::isRegularFile)
                    .filter(p -> p.getParent().getFileName().toString().equals("_temporary"))
                    .map(p -> dir.relativize(p).toString())
                    .collect(Collectors.toList());
        }
    }

    @Test
    void stagesUnderAHiddenNameBesideTheTarget() throws IOException {
        FormatTable table = table(Map.of(), "k", DataTypes.STRING());
        List<CommitMessage> messages;
        try (FormatTableWrite<String> write = table.newWrite(LinesFormat.writerFactory())) {
            write.write(List.of("a b"), "x");
            messages = write.prepareCommit();
        }

        CommitMessage m = messages.get(0);
        assertThat(m.targetPath().toString())
                .matches(dir + "/k=a b/data-[0-9a-f-]{36}-0\\.parquet");
        assertThat(m.stagedPath().parent().toString()).isEqualTo(dir + "/k=a b/_temporary");
        assertThat(m.stagedPath().name()).startsWith("." + m.targetPath().name() + ".");
        assertThat(m.partition()).containsExactly(Map.entry("k", "a b"));
        assertThat(m.rowCount()).isEqualTo(1);
        assertThat(m.fileSize()).isEqualTo(2);
        assertThat(LinesFormat.read(io, m.stagedPath())).containsExactly("x");
        assertThat(Files.exists(java.nio.file.Path.of(m.targetPath().path()))).isFalse();
    }

    @Test
    void namesFilesWithPrefixAndCompressionSuffix() throws IOException {
        FormatTable table =
                table(
                        Map.of(
                                "file.format", "orc",
                                "data-file.prefix", "part-",
                                "file.suffix.include.compression", "true"));
        List<CommitMessage> messages = TestTables.write(table, List.of(), "x");

        assertThat(messages.get(0).targetPath().name()).matches("part-[0-9a-f-]{36}-0\\.zst\\.orc");
    }

    @Test
    void rollsAtTheRowTarget() throws IOException {
        FormatTable table = table(Map.of("target-file-row-num", "2"));
        List<CommitMessage> messages = TestTables.write(table, List.of(), "a", "b", "c", "d", "e");

        assertThat(messages).extracting(CommitMessage::rowCount).containsExactly(2L, 2L, 1L);
        assertThat(messages)
                .extracting(m -> m.targetPath().name().replaceAll(".*-(\\d+)\\.parquet", "$1"))
                .containsExactly("0", "1", "2");
    }

    @Test
    void tellsOfEachFileAsItIsFinishedNotOnlyAtPrepare() throws IOException {
        FormatTable table = table(Map.of("target-file-row-num", "2"));
        List<CommitMessage> told = new java.util.ArrayList<>();
        try (FormatTableWrite<String> write =
                FormatTableWrite.builder(table, LinesFormat.writerFactory())
                        .onFileFinished(told::add)
                        .build()) {
            write.write(List.of(), "a");
            assertThat(told).isEmpty();
            write.write(List.of(), "b");
            assertThat(told).extracting(CommitMessage::rowCount).containsExactly(2L);
            write.write(List.of(), "c");

            List<CommitMessage> prepared = write.prepareCommit();

            assertThat(told).containsExactlyElementsOf(prepared);
        }
    }

    @Test
    void rollsAtTheSizeTarget() throws IOException {
        FormatTable table = table(Map.of("target-file-size", "10 b"));
        // Each record is 6 bytes with its newline: the second one reaches the target.
        List<CommitMessage> messages =
                TestTables.write(table, List.of(), "aaaaa", "bbbbb", "ccccc");

        assertThat(messages).extracting(CommitMessage::rowCount).containsExactly(2L, 1L);
        assertThat(messages).extracting(CommitMessage::fileSize).containsExactly(12L, 6L);
    }

    @Test
    void rollsByTimeOpenAndInactiveFiles() throws IOException {
        FormatTable table = table(Map.of(), "k", DataTypes.INT());
        long[] now = {0};
        try (FormatTableWrite<String> write =
                FormatTableWrite.builder(table, LinesFormat.writerFactory())
                        .rollByTime(100, 30, () -> now[0])
                        .build()) {
            write.write(List.of(1), "a");
            write.write(List.of(2), "b");
            now[0] = 20;
            write.write(List.of(1), "c");
            // Partition 2 was last written at 0: inactive at 30, finished by the next record.
            now[0] = 40;
            write.write(List.of(1), "d");
            // Partition 1's file has been open since 0: the record at 100 rolls it.
            now[0] = 60;
            write.write(List.of(1), "e");
            now[0] = 85;
            write.write(List.of(1), "f");
            now[0] = 100;
            write.write(List.of(1), "g");
            write.write(List.of(1), "h");
            List<CommitMessage> messages = write.prepareCommit();

            assertThat(messages)
                    .extracting(m -> m.partition().get("k") + ":" + m.rowCount())
                    .containsExactly("2:1", "1:6", "1:1");
            table.newCommit().append(messages);
        }
        assertThat(TestTables.readAll(table))
                .containsExactly(
                        "[1]|a", "[1]|c", "[1]|d", "[1]|e", "[1]|f", "[1]|g", "[1]|h", "[2]|b");
    }

    @Test
    void aCheckFinishesTimedOutFilesWithoutARecord() throws IOException {
        FormatTable table = table(Map.of(), "k", DataTypes.INT());
        long[] now = {0};
        try (FormatTableWrite<String> untimed = table.newWrite(LinesFormat.writerFactory())) {
            untimed.write(List.of(1), "a");
            untimed.finishTimedOut();
            assertThat(untimed.openFiles()).as("nothing rolls by time unless asked").isOne();
        }
        try (FormatTableWrite<String> write =
                FormatTableWrite.builder(table, LinesFormat.writerFactory())
                        .rollByTime(100, 30, () -> now[0])
                        .build()) {
            write.write(List.of(1), "a");
            now[0] = 20;
            write.write(List.of(2), "b");
            now[0] = 35;
            write.finishTimedOut();
            // Partition 1 was idle for 35, partition 2 for 15.
            assertThat(write.openFiles()).isEqualTo(1);
            // Partition 3 opens at 90 and is written every 20: never idle for 30.
            for (String row : new String[] {"c", "d", "e", "f", "g"}) {
                now[0] += row.equals("c") ? 55 : 20;
                write.write(List.of(3), row);
            }
            // Partition 2 went with the record at 90 (idle since 20).
            assertThat(write.openFiles()).isEqualTo(1);
            now[0] = 189;
            write.finishTimedOut();
            assertThat(write.openFiles()).isEqualTo(1);
            // Idle for 25 only, but open since 90: the rollover interval finishes it.
            now[0] = 195;
            write.finishTimedOut();
            assertThat(write.openFiles()).isZero();
            List<CommitMessage> messages = write.prepareCommit();

            assertThat(messages)
                    .extracting(m -> m.partition().get("k") + ":" + m.rowCount())
                    .containsExactly("1:1", "2:1", "3:5");
            table.newCommit().append(messages);
        }
        assertThat(TestTables.readAll(table))
                .containsExactly("[1]|a", "[2]|b", "[3]|c", "[3]|d", "[3]|e", "[3]|f", "[3]|g");
    }

    @Test
    void keepsOneFilePerPartitionAndGoesOnAfterPrepare() throws IOException {
        FormatTable table = table(Map.of(), "k", DataTypes.INT());
        try (FormatTableWrite<String> write = table.newWrite(LinesFormat.writerFactory())) {
            write.write(List.of(1), "a");
            write.write(List.of(2), "b");
            write.write(List.of(1), "c");
            List<CommitMessage> first = write.prepareCommit();
            assertThat(first).hasSize(2);
            write.write(List.of(1), "d");
            List<CommitMessage> second = write.prepareCommit();
            assertThat(second)
                    .singleElement()
                    .satisfies(m -> assertThat(m.rowCount()).isEqualTo(1));
            table.newCommit().append(first);
            table.newCommit().append(second);
        }
        assertThat(TestTables.readAll(table)).containsExactly("[1]|a", "[1]|c", "[1]|d", "[2]|b");
    }

    @Test
    void nullAndBlankValuesGoToTheDefaultPartition() throws IOException {
        FormatTable table = table(Map.of(), "k", DataTypes.STRING());
        List<CommitMessage> messages =
                TestTables.writeRoundRobin(
                        table, List.of(Arrays.asList((Object) null), List.of(" ")), "a", "b");
        table.newCommit().append(messages);

        assertThat(dir.resolve("k=__DEFAULT_PARTITION__")).isDirectory();
        assertThat(TestTables.readAll(table)).containsExactly("[null]|a", "[null]|b");
        assertThat(messages.get(0).partition()).containsEntry("k", null);
    }

    @Test
    void closeRemovesWhatWasNeverPrepared() throws IOException {
        FormatTable table = table(Map.of("target-file-row-num", "1"), "k", DataTypes.INT());
        FormatTableWrite<String> write = table.newWrite(LinesFormat.writerFactory());
        write.write(List.of(1), "finished file");
        write.write(List.of(2), "x");
        assertThat(stagedFiles()).hasSize(2);

        write.close();

        assertThat(stagedFiles()).isEmpty();
        assertThatThrownBy(() -> write.write(List.of(1), "y")).hasMessageContaining("closed");
    }

    @Test
    void abortRemovesPreparedFilesToo() throws IOException {
        FormatTable table = table(Map.of(), "k", DataTypes.INT());
        FormatTableWrite<String> write = table.newWrite(LinesFormat.writerFactory());
        write.write(List.of(1), "a");
        write.prepareCommit();
        write.write(List.of(2), "b");

        write.abort();

        assertThat(stagedFiles()).isEmpty();
        assertThat(TestTables.readAll(table)).isEmpty();
    }

    /**
     * A streaming writer runs for days: thousands of checkpoint cycles over many partitions. What
     * it keeps must not grow with them (it once kept every message it ever handed out, and every
     * partition it ever wrote).
     */
    @Test
    void whatAWriteRetainsStaysBoundedOverThousandsOfCycles() throws IOException {
        FormatTable table = table(Map.of(), "k", DataTypes.INT());
        FormatTableWrite<String> write = table.newWrite(LinesFormat.writerFactory());
        int partitionsPerCycle = 2;
        int maxRetained = 0;
        for (int cycle = 0; cycle < 2_000; cycle++) {
            for (int p = 0; p < partitionsPerCycle; p++) {
                // Every cycle writes partitions no earlier cycle wrote.
                write.write(List.of(cycle * partitionsPerCycle + p), "row");
            }
            List<CommitMessage> messages = write.prepareCommit();
            assertThat(messages).hasSize(partitionsPerCycle);
            maxRetained = Math.max(maxRetained, write.retainedEntries());
        }
        // The last cycle's messages (for abort), nothing else.
        assertThat(maxRetained).isEqualTo(partitionsPerCycle);
        write.close();
    }

    @Test
    void abortRemovesTheLastPreparedFilesAndLeavesEarlierOnesToTheirCommit() throws IOException {
        FormatTable table = table(Map.of(), "k", DataTypes.INT());
        FormatTableWrite<String> write = table.newWrite(LinesFormat.writerFactory());
        write.write(List.of(1), "a");
        List<CommitMessage> first = write.prepareCommit();
        write.write(List.of(2), "b");
        write.prepareCommit();
        write.write(List.of(3), "c");

        write.abort();

        // Only the first prepared file is still staged: its commit may still publish it.
        assertThat(stagedFiles()).hasSize(1);
        table.newCommit().append(first);
        assertThat(TestTables.readAll(table)).containsExactly("[1]|a");
    }

    @Test
    void refusesValuesThatWouldHideTheirDirectory() {
        FormatTable table =
                table(
                        Map.of("format-table.partition-path-only-value", "true"),
                        "k",
                        DataTypes.STRING());

        assertThatThrownBy(() -> TestTables.write(table, List.of("_x"), "a"))
                .hasMessageContaining("'_x'")
                .hasMessageContaining("'k'")
                .hasMessageContaining("format-table.partition-path-only-value");
        assertThatThrownBy(() -> TestTables.write(table, List.of(".."), "a"))
                .hasMessageContaining("cannot name a directory");
    }

    @Test
    void keepsAtMostMaxOpenFilesOpen() throws IOException {
        FormatTable table = table(Map.of("write.max-open-files", "2"), "k", DataTypes.INT());
        List<CommitMessage> messages;
        try (FormatTableWrite<String> write = table.newWrite(LinesFormat.writerFactory())) {
            write.write(List.of(1), "a");
            write.write(List.of(2), "b");
            write.write(List.of(1), "c"); // 1 is now the most recently written
            write.write(List.of(3), "d"); // finishes 2, the least recently written
            assertThat(write.openFiles()).isEqualTo(2);
            write.write(List.of(2), "e"); // a new file for 2; finishes 1
            assertThat(write.openFiles()).isEqualTo(2);
            messages = write.prepareCommit();
        }
        assertThat(messages)
                .extracting(m -> m.partition().get("k") + ":" + m.rowCount())
                .containsExactlyInAnyOrder("2:1", "1:2", "3:1", "2:1");
        table.newCommit().append(messages);
        assertThat(TestTables.readAll(table))
                .containsExactly("[1]|a", "[1]|c", "[2]|b", "[2]|e", "[3]|d");
    }

    @Test
    void stagedNamesCarryTheStagingToken() throws IOException {
        FormatTable table = table(Map.of("file.suffix.include.compression", "true"));
        try (FormatTableWrite<String> write =
                FormatTableWrite.builder(table, LinesFormat.writerFactory())
                        .stagingToken("job1-s0-a0-e0")
                        .build()) {
            write.write(List.of(), "a");
            write.setStagingToken("job1-s0-a0-e7");
            write.prepareCommit();
            write.write(List.of(), "b");
            List<CommitMessage> second = write.prepareCommit();
            assertThat(DataFilePathFactory.stagingTokenOf(second.get(0).stagedPath().name()))
                    .contains("job1-s0-a0-e7");
        }
        assertThat(DataFilePathFactory.stagingTokenOf("data-x-0.parquet")).isEmpty();
        assertThatThrownBy(
                        () ->
                                FormatTableWrite.builder(table, LinesFormat.writerFactory())
                                        .stagingToken("a.b")
                                        .build())
                .hasMessageContaining("'a.b'");
    }

    @Test
    void refusesTheWrongNumberOfPartitionValues() {
        FormatTable table = table(Map.of(), "k", DataTypes.INT());

        assertThatThrownBy(() -> TestTables.write(table, List.of(), "a"))
                .hasMessageContaining("Expected 1 partition values for [k]");
    }
}
