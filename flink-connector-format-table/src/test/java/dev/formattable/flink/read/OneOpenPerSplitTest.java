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
import dev.formattable.flink.testutils.ConfigurationParses;
import dev.formattable.flink.testutils.CountingFileSystem;
import dev.formattable.flink.testutils.SinkTables;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.connector.file.src.FileSourceSplit;
import org.apache.flink.connector.file.src.reader.BulkFormat;
import org.apache.flink.connector.file.src.util.RecordAndPosition;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.types.logical.BigIntType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.VarCharType;

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
 * A reader opens each split's file once: the footer it reads to find the file's row groups or
 * stripes also tells it the types the file stores (so whether to widen them), it takes the file's
 * length from the split rather than asking the file system, and its read options are built once per
 * reader, so no split parses a Hadoop configuration file.
 */
class OneOpenPerSplitTest {

    private static final int FILES = 6;

    @TempDir Path dir;

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"parquet", "orc"})
    void eachSplitIsOpenedOnceWithoutStatusCallsOrConfigurationParses(String format)
            throws Exception {
        FormatTable table = table(format);
        ReadSpec spec = ReadSpec.builder(table, SinkTables.ROW_TYPE).build();

        List<String> rows = readCounted(table, spec);

        assertThat(rows).hasSize(FILES - 1).allMatch(r -> r.matches("-\\d\\|k\\d"));
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"parquet", "orc"})
    void aWidenedFileIsOpenedOnceToo(String format) throws Exception {
        FormatTable table = table(format);
        // The files store a INT; this table declares it BIGINT.
        RowType wider =
                RowType.of(
                        new LogicalType[] {
                            new BigIntType(), new VarCharType(VarCharType.MAX_LENGTH)
                        },
                        new String[] {"a", "k"});
        ReadSpec spec = ReadSpec.builder(table, wider).build();

        List<String> rows = readCounted(table, spec);

        assertThat(rows).hasSize(FILES - 1).allMatch(r -> r.matches("-\\d\\|k\\d"));
    }

    private FormatTable table(String format) throws IOException {
        FormatTable table =
                SinkTables.table(
                        new FlinkFileIO(),
                        CountingFileSystem.uri(dir),
                        Map.of("file.format", format));
        SinkTables.appendOneRowPerPartition(table, FILES);
        return table;
    }

    /**
     * Reads the first file (Hadoop's security classes read a configuration once per JVM, on the
     * first file opened), then the others, counting what those cost.
     */
    private static List<String> readCounted(FormatTable table, ReadSpec spec) throws Exception {
        List<DataSplit> files = table.newScan().plan().splits();
        assertThat(files).hasSize(FILES);
        FormatTableBulkFormat format = new FormatTableBulkFormat(spec, List.of());
        read(format, files.get(0), spec, new ArrayList<>());

        CountingFileSystem.reset();
        List<String> rows = new ArrayList<>();
        int parses =
                ConfigurationParses.during(
                        () -> {
                            for (DataSplit file : files.subList(1, files.size())) {
                                read(format, file, spec, rows);
                            }
                        });

        assertThat(CountingFileSystem.opens()).as("opens").isEqualTo(FILES - 1);
        assertThat(CountingFileSystem.statuses()).as("status calls").isZero();
        assertThat(parses).as("configuration files parsed").isZero();
        return rows;
    }

    private static void read(
            FormatTableBulkFormat format, DataSplit file, ReadSpec spec, List<String> out)
            throws IOException {
        FileSourceSplit split = SinkTables.split(file);
        boolean wide = spec.producedType().getTypeAt(0) instanceof BigIntType;
        try (BulkFormat.Reader<RowData> reader = format.createReader(new Configuration(), split)) {
            BulkFormat.RecordIterator<RowData> batch;
            while ((batch = reader.readBatch()) != null) {
                RecordAndPosition<RowData> r;
                while ((r = batch.next()) != null) {
                    RowData row = r.getRecord();
                    long a = wide ? row.getLong(0) : row.getInt(0);
                    out.add(a + "|" + row.getString(1));
                }
                batch.releaseBatch();
            }
        }
    }
}
