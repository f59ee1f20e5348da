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
package dev.formattable.flink.catalog;

import dev.formattable.core.FormatTable;
import dev.formattable.core.fs.FaultInjectingFileIO;
import dev.formattable.core.fs.FaultInjectingFileIO.Op;
import dev.formattable.flink.fs.FlinkFileIO;
import dev.formattable.flink.testutils.SinkTables;

import org.apache.flink.table.catalog.CatalogPartitionSpec;
import org.apache.flink.table.catalog.ObjectPath;
import org.apache.flink.table.data.RowData;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Flink's planner asks for a query's partitions' table statistics and then their column statistics,
 * with the same list: the two requests share one listing of the partitions, and no other request
 * shares it.
 */
class CatalogStatisticsAccessTest {

    private static final int PARTITIONS = 10;

    @TempDir java.nio.file.Path dir;

    @Test
    void theColumnStatisticsOfTheSamePartitionsReuseTheTableStatisticsListing() throws Exception {
        FaultInjectingFileIO io = new FaultInjectingFileIO(new FlinkFileIO());
        FormatTable table = SinkTables.table(io, dir, Map.of());
        RowData[] rows = new RowData[PARTITIONS];
        List<CatalogPartitionSpec> specs = new ArrayList<>();
        for (int i = 0; i < PARTITIONS; i++) {
            rows[i] = SinkTables.row(i, "k" + i);
            specs.add(new CatalogPartitionSpec(Map.of("k", "k" + i)));
        }
        table.newCommit().append(SinkTables.stage(table, "job", rows).messages());
        ObjectPath path = new ObjectPath("db", "t");
        CatalogStatisticsAccess access = new CatalogStatisticsAccess(p -> table);

        int before = io.calls(Op.LIST);
        assertThat(access.partitionStatistics(path, specs)).hasSize(PARTITIONS);
        int first = io.calls(Op.LIST) - before;
        assertThat(access.partitionColumnStatistics(path, specs)).hasSize(PARTITIONS);
        int second = io.calls(Op.LIST) - before - first;

        assertThat(first).isPositive();
        assertThat(second).as("listings of the twin request").isZero();

        // Used once: the next request for the same list lists again.
        int beforeAgain = io.calls(Op.LIST);
        access.partitionColumnStatistics(path, specs);
        assertThat(io.calls(Op.LIST) - beforeAgain).isEqualTo(first);

        // An equal list of a later request is another query's: never served from it.
        access.partitionStatistics(path, specs);
        int beforeEqual = io.calls(Op.LIST);
        access.partitionColumnStatistics(path, new ArrayList<>(specs));
        assertThat(io.calls(Op.LIST) - beforeEqual).isEqualTo(first);
    }
}
