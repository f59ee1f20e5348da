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
package dev.formattable.flink.testutils;

import dev.formattable.core.FormatTable;
import dev.formattable.core.stats.PartitionReport;
import dev.formattable.core.stats.StatisticsStore;
import dev.formattable.flink.stats.LocalStatistics;
import dev.formattable.flink.tables.FormatTables;

import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.catalog.CatalogTable;
import org.apache.flink.table.catalog.ObjectPath;
import org.apache.flink.table.types.logical.RowType;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/** Puts statistics files into a table made with {@code 'connector'='format-table'}. */
public final class StatisticsFiles {

    private StatisticsFiles() {}

    /**
     * Computes the statistics of every partition of a table of the session's current catalog, and
     * checks that the files are there.
     */
    public static void compute(TableEnvironment env, String tableName) throws Exception {
        CatalogTable table =
                (CatalogTable)
                        env.getCatalog(env.getCurrentCatalog())
                                .orElseThrow()
                                .getTable(new ObjectPath(env.getCurrentDatabase(), tableName));
        Map<String, String> options = new HashMap<>(table.getOptions());
        String path = options.remove("path");
        options.remove("connector");
        RowType rowType =
                (RowType)
                        env.from(tableName)
                                .getResolvedSchema()
                                .toPhysicalRowDataType()
                                .getLogicalType();
        FormatTable formatTable =
                FormatTables.open(path, rowType, table.getPartitionKeys(), options);
        List<PartitionReport> reports = LocalStatistics.run(formatTable, null, 2);
        assertThat(reports).isNotEmpty().allMatch(r -> r.outcome().equals("recomputed"));
        assertThat(count(Path.of(java.net.URI.create(formatTable.qualifiedLocation().toString()))))
                .isEqualTo(reports.size());
    }

    private static long count(Path dir) throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(f -> f.getFileName().toString().equals(StatisticsStore.FILE_NAME))
                    .count();
        }
    }
}
