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
package dev.formattable.flink.stats;

import dev.formattable.core.FormatTable;
import dev.formattable.core.fs.FaultInjectingFileIO;
import dev.formattable.core.fs.FaultInjectingFileIO.Op;
import dev.formattable.core.partition.PartitionPredicate;
import dev.formattable.flink.fs.FlinkFileIO;
import dev.formattable.flink.testutils.SinkTables;

import org.apache.flink.table.data.RowData;
import org.apache.flink.table.plan.stats.TableStats;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The planner's statistics open a partition's statistics file only where the listing saw one:
 * before, every pruned partition was tried, one after another, failing on most.
 */
class PlannerStatisticsTest {

    private static final int PARTITIONS = 20;

    @TempDir java.nio.file.Path dir;

    @Test
    void opensOnlyTheStatisticsFilesTheListingSaw() throws Exception {
        FaultInjectingFileIO io = new FaultInjectingFileIO(new FlinkFileIO());
        FormatTable table = SinkTables.table(io, dir, Map.of());
        RowData[] rows = new RowData[PARTITIONS];
        for (int i = 0; i < PARTITIONS; i++) {
            rows[i] = SinkTables.row(i, "k" + i);
        }
        table.newCommit().append(SinkTables.stage(table, "job", rows).messages());
        assertThat(LocalStatistics.run(table, PartitionPredicate.in("k", List.of("k0", "k1")), 2))
                .hasSize(2);

        int before = io.calls(Op.READ);
        TableStats stats =
                PlannerStatistics.of(
                        table, SinkTables.ROW_TYPE, PlannerStatistics.plan(table, null));
        int opened = io.calls(Op.READ) - before;

        assertThat(stats.getRowCount()).isEqualTo(PARTITIONS);
        // Two statistics files, and the footers of the other 18 partitions' files.
        assertThat(opened).isEqualTo(2 + (PARTITIONS - 2));
    }

    @Test
    void anUnreadableFileMakesTheStatisticsUnknown() throws Exception {
        FaultInjectingFileIO io = new FaultInjectingFileIO(new FlinkFileIO());
        FormatTable table = tableOfTwoPartitions(io);

        io.failOn(Op.READ, 1);
        TableStats stats =
                PlannerStatistics.of(
                        table, SinkTables.ROW_TYPE, PlannerStatistics.plan(table, null));

        assertThat(stats).isSameAs(TableStats.UNKNOWN);
    }

    /** Statistics are advice, but a failure that is not I/O is a bug, and must surface. */
    @Test
    void anUncheckedFailureIsNotPassedOffAsUnknownStatistics() throws Exception {
        FaultInjectingFileIO io = new FaultInjectingFileIO(new FlinkFileIO());
        FormatTable table = tableOfTwoPartitions(io);
        var plan = PlannerStatistics.plan(table, null);

        io.failUncheckedOn(Op.READ, 1);

        assertThatThrownBy(() -> PlannerStatistics.of(table, SinkTables.ROW_TYPE, plan))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("Injected unchecked failure of READ call 1");
    }

    private FormatTable tableOfTwoPartitions(FaultInjectingFileIO io) throws Exception {
        FormatTable table = SinkTables.table(io, dir, Map.of());
        table.newCommit()
                .append(
                        SinkTables.stage(
                                        table,
                                        "job",
                                        SinkTables.row(1, "a"),
                                        SinkTables.row(2, "b"))
                                .messages());
        return table;
    }

    /** Files that are not what their names say are unreadable, not bugs: statistics unknown. */
    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.CsvSource({
        "parquet,short",
        "parquet,random",
        "orc,short",
        "orc,random",
        "parquet,truncated",
        "orc,truncated"
    })
    void aCorruptFileMakesTheStatisticsUnknown(String format, String damage) throws Exception {
        FormatTable table = SinkTables.table(new FlinkFileIO(), dir, Map.of("file.format", format));
        table.newCommit().append(SinkTables.stage(table, "job", SinkTables.row(1, "a")).messages());
        java.nio.file.Path file;
        try (var files = java.nio.file.Files.walk(dir.resolve("k=a"))) {
            file =
                    files.filter(f -> f.getFileName().toString().startsWith("data-"))
                            .findFirst()
                            .orElseThrow();
        }
        byte[] bytes = java.nio.file.Files.readAllBytes(file);
        switch (damage) {
            case "short":
                bytes = "not a data file".getBytes(java.nio.charset.StandardCharsets.UTF_8);
                break;
            case "random":
                new java.util.Random(7).nextBytes(bytes);
                break;
            default:
                bytes = java.util.Arrays.copyOf(bytes, bytes.length - 9);
        }
        java.nio.file.Files.write(file, bytes);

        TableStats stats =
                PlannerStatistics.of(
                        table, SinkTables.ROW_TYPE, PlannerStatistics.plan(table, null));

        assertThat(stats).isSameAs(TableStats.UNKNOWN);
    }
}
