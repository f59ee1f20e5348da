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
package dev.formattable.flink.read;

import dev.formattable.core.FormatTable;
import dev.formattable.core.scan.DataSplit;
import dev.formattable.flink.fs.FlinkFileIO;
import dev.formattable.flink.testutils.RecordingMetricGroup;
import dev.formattable.flink.testutils.SinkTables;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.connector.file.src.FileSourceSplit;
import org.apache.flink.connector.file.src.reader.BulkFormat;
import org.apache.flink.connector.file.src.util.RecordAndPosition;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.columnar.ColumnarRowData;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The readers hand out Flink's columnar rows in the order the query asks for, partition and
 * metadata columns included, and count the rows they decode per batch.
 */
class ProducedRowsTest {

    @TempDir Path dir;

    private final RecordingMetricGroup metrics = new RecordingMetricGroup();

    /** Reads every file of the table; each row as its string form and its class. */
    private List<String> read(FormatTable table, ReadSpec spec, List<Class<?>> classes)
            throws IOException {
        BulkFormat<RowData, FileSourceSplit> format =
                new FormatTableBulkFormat(spec, List.of()).counting(ReadCounters.register(metrics));
        List<String> out = new ArrayList<>();
        for (DataSplit file : table.newScan().plan().splits()) {
            FileSourceSplit split = SinkTables.split(file);
            try (BulkFormat.Reader<RowData> reader =
                    format.createReader(new Configuration(), split)) {
                BulkFormat.RecordIterator<RowData> batch;
                while ((batch = reader.readBatch()) != null) {
                    RecordAndPosition<RowData> r;
                    while ((r = batch.next()) != null) {
                        RowData row = r.getRecord();
                        classes.add(row.getClass());
                        out.add(
                                row.getArity()
                                        + ":"
                                        + row.getString(0)
                                        + "|"
                                        + (row.getArity() > 1 ? row.getInt(1) : "")
                                        + (row.getArity() > 2 ? "|" + row.getString(2) : ""));
                    }
                    batch.releaseBatch();
                }
            }
        }
        out.sort(null);
        return out;
    }

    @ParameterizedTest
    @ValueSource(strings = {"parquet", "orc"})
    void partitionAndMetadataColumnsAreColumnsOfTheBatch(String format) throws IOException {
        FormatTable table = SinkTables.table(new FlinkFileIO(), dir, Map.of("file.format", format));
        SinkTables.appendOneRowPerPartition(table, 3);
        ReadSpec spec =
                ReadSpec.builder(table, SinkTables.ROW_TYPE)
                        .projection(new int[] {1, 0})
                        .metadata(List.of("file.name"))
                        .build();
        List<Class<?>> classes = new ArrayList<>();
        List<String> got = read(table, spec, classes);

        assertThat(got).hasSize(3);
        for (int i = 0; i < 3; i++) {
            assertThat(got.get(i)).startsWith("3:k" + i + "|" + (-1 - i) + "|data-");
            assertThat(got.get(i)).endsWith("." + format);
        }
        assertThat(classes).containsOnly(ColumnarRowData.class);
        assertThat(metrics.count(ReadCounters.ROWS_READ)).isEqualTo(3);
    }

    @ParameterizedTest
    @ValueSource(strings = {"parquet", "orc"})
    void aScanOfPartitionColumnsOnlyStillCountsTheFilesRows(String format) throws IOException {
        FormatTable table = SinkTables.table(new FlinkFileIO(), dir, Map.of("file.format", format));
        SinkTables.appendOneRowPerPartition(table, 2);
        ReadSpec spec =
                ReadSpec.builder(table, SinkTables.ROW_TYPE).projection(new int[] {1}).build();

        assertThat(read(table, spec, new ArrayList<>())).containsExactly("1:k0|", "1:k1|");
        assertThat(metrics.count(ReadCounters.ROWS_READ)).isEqualTo(2);
        assertThat(metrics.count(ReadCounters.SPLITS_READ)).isEqualTo(2);
        assertThat(metrics.count(ReadCounters.FILES_READ)).isEqualTo(2);
    }
}
