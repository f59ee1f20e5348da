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
}
