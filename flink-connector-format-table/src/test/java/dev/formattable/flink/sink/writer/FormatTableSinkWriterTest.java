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
package dev.formattable.flink.sink.writer;

import dev.formattable.core.FormatTable;
import dev.formattable.core.fs.LocalFileIO;
import dev.formattable.core.table.CommitMessage;
import dev.formattable.flink.format.FormatFactories;
import dev.formattable.flink.sink.committable.FormatTableCommittable;
import dev.formattable.flink.testutils.RecordingMetricGroup;
import dev.formattable.flink.testutils.SinkTables;

import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.types.logical.IntType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.VarCharType;
import org.apache.flink.types.RowKind;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The writer against real parquet files: partition routing, grouped input, refusals. */
class FormatTableSinkWriterTest {

    @TempDir java.nio.file.Path dir;

    private FormatTable table() {
        return SinkTables.table(dir);
    }

    private FormatTableSinkWriter writer(boolean grouped) throws IOException {
        return writer(grouped, new RecordingMetricGroup());
    }

    private FormatTableSinkWriter writer(boolean grouped, RecordingMetricGroup metrics)
            throws IOException {
        FormatTable table = table();
        return new FormatTableSinkWriter(
                table,
                FormatFactories.writer(table.options(), RowType.of(new IntType())),
                new int[] {1},
                new LogicalType[] {new VarCharType(VarCharType.MAX_LENGTH)},
                new int[] {0},
                grouped,
                false,
                null,
                null,
                FormatTableSinkWriter.Attempt.fresh("job"),
                metrics);
    }

    private static GenericRowData row(int a, String k) {
        return GenericRowData.of(a, StringData.fromString(k));
    }

    /**
     * Per staged file, its partition directory and whether it is finished. An open parquet file
     * holds just its 4-byte magic; a finished one has its row group and footer too.
     */
    private List<String> staged() throws IOException {
        try (Stream<java.nio.file.Path> files = Files.walk(dir)) {
            return files.filter(p -> p.toString().contains("_temporary") && Files.isRegularFile(p))
                    .map(
                            p -> {
                                try {
                                    return dir.relativize(p).getName(0) + ":" + (Files.size(p) > 4);
                                } catch (IOException e) {
                                    throw new RuntimeException(e);
                                }
                            })
                    .sorted()
                    .collect(Collectors.toList());
        }
    }

    @Test
    void groupedInputFinishesAPartitionsFileWhenTheNextPartitionStarts() throws IOException {
        try (FormatTableSinkWriter writer = writer(true)) {
            writer.write(row(1, "a"), null);
            writer.write(row(2, "b"), null);
            // a's file was finished when b started; b's is still open.
            assertThat(staged()).containsExactly("k=a:true", "k=b:false");
            assertThat(committed(writer.prepareCommit())).hasSize(2);
        }
    }

    /**
     * Input promised grouped that arrives interleaved (two sorted streams read by one writer): once
     * a finished partition comes back, files stay open, so each partition gets one more file at
     * most rather than one per run of rows.
     */
    @Test
    void groupedInputThatIsNotGroupedKeepsFilesOpenOnceAPartitionComesBack() throws IOException {
        try (FormatTableSinkWriter writer = writer(true)) {
            for (int i = 0; i < 10; i++) {
                writer.write(row(i, "a"), null);
                writer.write(row(i, "b"), null);
            }
            List<CommitMessage> messages = committed(writer.prepareCommit());
            // a: one finished file of 1 row, then one file of 9; b: one file of 10.
            assertThat(messages)
                    .extracting(CommitMessage::rowCount)
                    .containsExactlyInAnyOrder(1L, 9L, 10L);
        }
    }

    @Test
    void ungroupedInputKeepsEveryPartitionsFileOpen() throws IOException {
        RecordingMetricGroup metrics = new RecordingMetricGroup();
        try (FormatTableSinkWriter writer = writer(false, metrics)) {
            writer.write(row(1, "a"), null);
            writer.write(row(2, "b"), null);
            writer.write(row(3, "a"), null);
            assertThat(staged()).containsExactly("k=a:false", "k=b:false");
            assertThat(metrics.value(FormatTableSinkWriter.OPEN_FILES)).isEqualTo(2);
            assertThat(metrics.count(FormatTableSinkWriter.FILES_ROLLED)).isZero();
            List<CommitMessage> messages = committed(writer.prepareCommit());
            assertThat(messages)
                    .extracting(CommitMessage::rowCount)
                    .containsExactlyInAnyOrder(2L, 1L);
            assertThat(metrics.value(FormatTableSinkWriter.OPEN_FILES)).isEqualTo(0);
            assertThat(metrics.count(FormatTableSinkWriter.FILES_ROLLED)).isEqualTo(2);
            assertThat(metrics.count(FormatTableSinkWriter.BYTES_WRITTEN))
                    .isPositive()
                    .isEqualTo(messages.stream().mapToLong(CommitMessage::fileSize).sum());
        }
    }

    /** A table on the core's own local FileIO, whose streams are not Flink's. */
    @Test
    void writesThroughAFileIOThatIsNotFlinks() throws IOException {
        FormatTable table = SinkTables.table(new LocalFileIO(), dir, Map.of());
        FormatTableCommittable committable =
                SinkTables.stage(table, "job", row(1, "a"), row(2, "b"), row(3, "a"));
        table.newCommit().append(committable.messages());
        assertThat(SinkTables.rows(table)).containsExactly("a|1", "a|3", "b|2");
    }

    @Test
    void refusesAnythingButInserts() throws IOException {
        try (FormatTableSinkWriter writer = writer(false)) {
            GenericRowData delete = row(1, "a");
            delete.setRowKind(RowKind.DELETE);
            assertThatThrownBy(() -> writer.write(delete, null))
                    .hasMessageContaining("only accepts inserts")
                    .hasMessageContaining("DELETE");
        }
    }

    /**
     * A restore at another parallelism with attempts back at 0 (a JobManager failover under the
     * adaptive scheduler): writer 0 restores old subtask 1's state while the new writer 1, at
     * attempt 0 too, already stages rows in the same partition. Writer 0 removes what old subtask 1
     * staged after the checkpoint, and none of writer 1's files, which its commits publish.
     */
    @Test
    void aWriterRestoringAnotherSubtasksStateKeepsTheFilesOfTheWriterRunningThatSubtaskNow()
            throws IOException {
        FormatTable table = table();
        FormatTableWriterState oldSubtask1;
        try (FormatTableSinkWriter old =
                SinkTables.writer(table, attempt(1, OptionalLong.empty(), List.of()))) {
            old.write(row(1, "a"), null);
            table.newCommit().append(committed(old.prepareCommit()));
            oldSubtask1 = old.snapshotState(5).get(0);
            old.write(row(2, "a"), null);
            old.prepareCommit(); // for checkpoint 6, which never completes
        }
        assertThat(SinkTables.stagedFiles(dir)).hasSize(1);

        try (FormatTableSinkWriter writer1 =
                SinkTables.writer(table, attempt(1, OptionalLong.of(5), List.of()))) {
            writer1.write(row(3, "a"), null);
            List<CommitMessage> handedIn = committed(writer1.prepareCommit());
            writer1.write(row(4, "a"), null); // open while writer 0 starts
            assertThat(SinkTables.stagedFiles(dir)).hasSize(3);

            SinkTables.writer(table, attempt(0, OptionalLong.of(5), List.of(oldSubtask1))).close();

            assertThat(SinkTables.stagedFiles(dir)).as("writer 1's files").hasSize(2);
            table.newCommit().append(handedIn);
            table.newCommit().append(committed(writer1.prepareCommit()));
        }
        assertThat(SinkTables.rows(table)).containsExactly("a|1", "a|3", "a|4");
        assertThat(SinkTables.stagedFiles(dir)).isEmpty();
    }

    private static FormatTableSinkWriter.Attempt attempt(
            int subtask, OptionalLong restoredCheckpoint, List<FormatTableWriterState> restored) {
        return new FormatTableSinkWriter.Attempt("job", subtask, 0, restoredCheckpoint, restored);
    }

    private static List<CommitMessage> committed(java.util.Collection<FormatTableCommittable> c) {
        List<CommitMessage> all = new ArrayList<>();
        c.forEach(x -> all.addAll(x.messages()));
        return all;
    }
}
