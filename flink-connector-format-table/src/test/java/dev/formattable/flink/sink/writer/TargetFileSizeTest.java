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
import dev.formattable.core.fs.Path;
import dev.formattable.core.schema.TableSchema;
import dev.formattable.core.table.CommitMessage;
import dev.formattable.core.types.DataField;
import dev.formattable.core.types.DataTypes;
import dev.formattable.flink.format.FormatFactories;
import dev.formattable.flink.fs.FlinkFileIO;

import org.apache.flink.metrics.groups.UnregisteredMetricsGroup;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.types.logical.BigIntType;
import org.apache.flink.table.types.logical.DoubleType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.VarCharType;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Files roll at {@code target-file-size} for parquet and orc, although neither writes a byte of a
 * row group or stripe before it is full: for parquet the writer counts what parquet buffers, and
 * for orc a small target sets the stripe size to a quarter of it, so stripes reach the file early.
 * Without either, every file here would be one file of all the rows.
 */
class TargetFileSizeTest {

    private static final RowType ROW_TYPE =
            RowType.of(
                    new LogicalType[] {
                        new BigIntType(), new VarCharType(VarCharType.MAX_LENGTH), new DoubleType()
                    },
                    new String[] {"id", "s", "d"});

    @TempDir java.nio.file.Path dir;

    /** Sizes of the files of {@code rows} seeded random rows written with the target. */
    private List<Long> fileSizes(String format, String target, int rows) throws IOException {
        return fileSizes(format, target, rows, false);
    }

    /**
     * With {@code repetitive}, rows like the benchmark's, derived from the id: few distinct values
     * that dictionaries and codecs shrink to a fraction of what parquet reports as buffered.
     */
    private List<Long> fileSizes(String format, String target, int rows, boolean repetitive)
            throws IOException {
        FormatTable table =
                FormatTable.open(
                        new FlinkFileIO(),
                        Path.of(dir.resolve(format).toString()),
                        new TableSchema(
                                List.of(
                                        new DataField(0, "id", DataTypes.BIGINT()),
                                        new DataField(1, "s", DataTypes.STRING()),
                                        new DataField(2, "d", DataTypes.DOUBLE())),
                                List.of(),
                                Map.of("file.format", format, "target-file-size", target)));
        Random random = new Random(42);
        List<CommitMessage> messages;
        try (FormatTableSinkWriter writer =
                new FormatTableSinkWriter(
                        table,
                        FormatFactories.writer(table.options(), ROW_TYPE),
                        new int[0],
                        new LogicalType[0],
                        new int[] {0, 1, 2},
                        false,
                        false,
                        null,
                        null,
                        FormatTableSinkWriter.Attempt.fresh("job"),
                        new UnregisteredMetricsGroup())) {
            for (int i = 0; i < rows && repetitive; i++) {
                writer.write(
                        GenericRowData.of(
                                (long) i,
                                StringData.fromString("v" + (i * 7L % 9973)),
                                (i * 13L % 10000) / 4.0),
                        null);
            }
            for (int i = 0; i < rows && !repetitive; i++) {
                char[] text = new char[20 + random.nextInt(40)];
                for (int c = 0; c < text.length; c++) {
                    text[c] = (char) ('a' + random.nextInt(26));
                }
                writer.write(
                        GenericRowData.of(
                                (long) i,
                                StringData.fromString(new String(text)),
                                random.nextDouble()),
                        null);
            }
            messages = new ArrayList<>(writer.prepareCommit().iterator().next().messages());
        }
        List<Long> sizes = new ArrayList<>();
        for (CommitMessage m : messages) {
            long size = Files.size(java.nio.file.Path.of(m.stagedPath().path()));
            assertThat(size).as("the message's size").isEqualTo(m.fileSize());
            sizes.add(size);
        }
        return sizes;
    }

    @ParameterizedTest(name = "{0}, {1}")
    @CsvSource({"parquet, 1 mb", "orc, 1 mb", "parquet, 256 kb", "orc, 256 kb"})
    void filesRollAtTheTargetSize(String format, String target) throws IOException {
        long targetBytes = target.startsWith("1") ? 1 << 20 : 256 << 10;
        List<Long> sizes = fileSizes(format, target, 200_000);
        assertThat(sizes).as("files of about 8 MiB of data").hasSizeGreaterThan(3);
        // parquet counts what it buffers; orc passes the target by at most a stripe, a quarter.
        long most = format.equals("parquet") ? targetBytes * 105 / 100 : targetBytes * 130 / 100;
        for (long size : sizes.subList(0, sizes.size() - 1)) {
            assertThat(size).as("a full file, of " + sizes).isBetween(targetBytes * 85 / 100, most);
        }
    }

    /**
     * The writers report buffered bytes before encoding and compression; for rows like these
     * parquet once rolled at about half the target. The write learns from its first file what
     * buffered bytes become, so every later file but the last lands near the target.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource({"parquet", "orc"})
    void repetitiveRowsRollAtTheTargetSizeToo(String format) throws IOException {
        long targetBytes = 1 << 20;
        List<Long> sizes = fileSizes(format, "1 mb", 1_500_000, true);
        assertThat(sizes).as("several files").hasSizeGreaterThan(4);
        long most = format.equals("parquet") ? targetBytes * 110 / 100 : targetBytes * 130 / 100;
        for (long size : sizes.subList(1, sizes.size() - 1)) {
            assertThat(size).as("a full file, of " + sizes).isBetween(targetBytes * 85 / 100, most);
        }
    }
}
