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
import dev.formattable.core.fs.Path;
import dev.formattable.core.schema.TableSchema;
import dev.formattable.core.types.DataField;
import dev.formattable.core.types.DataTypes;
import dev.formattable.flink.fs.FlinkFileIO;
import dev.formattable.flink.testutils.RecordingMetricGroup;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.connector.file.src.FileSourceSplit;
import org.apache.flink.table.types.logical.IntType;
import org.apache.flink.table.types.logical.RowType;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.IOException;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Lost and corrupt files: skipped when the table says so, otherwise named in the error. */
class SkippedFilesTest {

    @TempDir java.nio.file.Path dir;

    private final RecordingMetricGroup metrics = new RecordingMetricGroup();
    private final ReadCounters counters = ReadCounters.register(metrics);

    private FormatTableBulkFormat format(String fileFormat, Map<String, String> options) {
        java.util.Map<String, String> all = new java.util.HashMap<>(options);
        all.put("file.format", fileFormat);
        FormatTable table =
                FormatTable.open(
                        new FlinkFileIO(),
                        Path.of(dir.toString()),
                        new TableSchema(
                                List.of(new DataField(0, "a", DataTypes.INT())), List.of(), all));
        RowType type = RowType.of(new IntType());
        return new FormatTableBulkFormat(
                        ReadSpec.builder(table, type).batchSize(16).build(), List.of())
                .counting(counters);
    }

    private FileSourceSplit split(java.nio.file.Path file, long size) {
        return new FileSourceSplit(
                "0", new org.apache.flink.core.fs.Path(file.toUri()), 0, size, 0, size);
    }

    @ParameterizedTest
    @CsvSource({"parquet", "orc"})
    void aLostFile(String fileFormat) throws IOException {
        java.nio.file.Path gone = dir.resolve("data-gone." + fileFormat);

        assertThatThrownBy(
                        () ->
                                format(fileFormat, Map.of())
                                        .createReader(new Configuration(), split(gone, 100)))
                .isInstanceOf(IOException.class)
                .hasMessageContaining(gone.toString());
        assertThat(
                        format(fileFormat, Map.of("scan.ignore-lost-files", "true"))
                                .createReader(new Configuration(), split(gone, 100))
                                .readBatch())
                .isNull();
        assertThat(metrics.count(ReadCounters.LOST_FILES_SKIPPED)).isEqualTo(1);
        assertThat(metrics.count(ReadCounters.CORRUPT_FILES_SKIPPED)).isZero();
        // A lost file is not a corrupt one: the other option does not skip it.
        assertThatThrownBy(
                        () ->
                                format(fileFormat, Map.of("scan.ignore-corrupt-files", "true"))
                                        .createReader(new Configuration(), split(gone, 100)))
                .hasMessageContaining(gone.toString());
    }

    @ParameterizedTest
    @CsvSource({"parquet", "orc"})
    void aCorruptFile(String fileFormat) throws IOException {
        java.nio.file.Path bad = dir.resolve("data-bad." + fileFormat);
        Files.writeString(bad, "not a data file at all, and long enough to hold a footer");
        long size = Files.size(bad);

        assertThatThrownBy(
                        () ->
                                format(fileFormat, Map.of())
                                        .createReader(new Configuration(), split(bad, size)))
                .hasMessageContaining(bad.toString());
        assertThat(
                        format(fileFormat, Map.of("scan.ignore-corrupt-files", "true"))
                                .createReader(new Configuration(), split(bad, size))
                                .readBatch())
                .isNull();
        assertThat(metrics.count(ReadCounters.CORRUPT_FILES_SKIPPED)).isEqualTo(1);
        assertThat(metrics.count(ReadCounters.LOST_FILES_SKIPPED)).isZero();
        assertThatThrownBy(
                        () ->
                                format(fileFormat, Map.of("scan.ignore-lost-files", "true"))
                                        .createReader(new Configuration(), split(bad, size)))
                .hasMessageContaining(bad.toString());
    }
}
