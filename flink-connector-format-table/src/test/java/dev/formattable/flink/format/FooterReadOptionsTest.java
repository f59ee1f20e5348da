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
package dev.formattable.flink.format;

import dev.formattable.core.FormatTable;
import dev.formattable.core.scan.DataSplit;
import dev.formattable.flink.fs.FlinkFileIO;
import dev.formattable.flink.stats.Footers;
import dev.formattable.flink.testutils.ConfigurationParses;
import dev.formattable.flink.testutils.SinkTables;

import org.apache.flink.table.data.RowData;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Reading many footers parses no Hadoop configuration file, where parquet's {@code
 * ParquetFileReader.open(InputFile)} made a {@code Configuration(true)} per file (forty lookups of
 * the default files for twenty files).
 */
class FooterReadOptionsTest {

    private static final int FILES = 20;

    @TempDir java.nio.file.Path dir;

    /**
     * A table of {@code FILES + 1} one-row files, of which the first has been read once: Hadoop's
     * security classes read a configuration once per JVM, on the first file opened.
     */
    private static List<DataSplit> filesAfterAFirstRead(FormatTable table) throws IOException {
        RowData[] rows = new RowData[FILES + 1];
        for (int i = 0; i < rows.length; i++) {
            rows[i] = SinkTables.row(i, "k" + i);
        }
        table.newCommit().append(SinkTables.stage(table, "job", rows).messages());
        List<DataSplit> files = new ArrayList<>(table.newScan().plan().splits());
        assertThat(files).hasSize(FILES + 1);
        Footers.totalRows(table, List.of(files.remove(0)));
        return files;
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"parquet", "orc"})
    void footersOfManyFilesParseNoConfigurationFile(String format) throws Exception {
        FormatTable table = SinkTables.table(new FlinkFileIO(), dir, Map.of("file.format", format));
        List<DataSplit> files = filesAfterAFirstRead(table);

        int parses =
                ConfigurationParses.during(
                        () -> assertThat(Footers.totalRows(table, files)).isEqualTo(FILES));

        assertThat(parses).isZero();
    }
}
