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
package dev.formattable.flink.format.orc;

import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.types.DataType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.types.Row;

import org.apache.orc.Reader;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static dev.formattable.flink.format.orc.OrcTestFiles.openWithOrcCore;
import static dev.formattable.flink.format.orc.OrcTestFiles.readWithFlink;
import static dev.formattable.flink.format.orc.OrcTestFiles.toInternal;
import static dev.formattable.flink.format.orc.OrcTestFiles.write;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Readers match the columns of our files by name, because the writer names ORC fields after the
 * table's columns: orc-core's schema evolution (used by flink-orc) reorders columns, and gives NULL
 * for a requested column the file does not have.
 */
class OrcSchemaEvolutionTest {

    private static final int ROWS = 2500;

    /** The file's layout: columns in an order of their own, and a struct with its own order. */
    private static final DataType FILE_TYPE =
            DataTypes.ROW(
                    DataTypes.FIELD("c", DataTypes.STRING()),
                    DataTypes.FIELD("a", DataTypes.INT()),
                    DataTypes.FIELD(
                            "s",
                            DataTypes.ROW(
                                    DataTypes.FIELD("y", DataTypes.STRING()),
                                    DataTypes.FIELD("x", DataTypes.BIGINT()))),
                    DataTypes.FIELD("b", DataTypes.DECIMAL(38, 10)));

    @TempDir Path dir;

    private Path file;
    private List<Row> written;

    @BeforeEach
    void writeFile() throws IOException {
        Random random = new Random(424242L);
        written = new ArrayList<>();
        for (int i = 0; i < ROWS; i++) {
            written.add(
                    Row.of(
                            random.nextInt(8) == 0 ? null : OrcTestData.randomText(random, 12),
                            i,
                            random.nextInt(8) == 0
                                    ? null
                                    : Row.of(
                                            OrcTestData.randomText(random, 5),
                                            random.nextInt(5) == 0 ? null : random.nextLong()),
                            random.nextInt(8) == 0
                                    ? null
                                    : OrcTestData.randomDecimal(random, 38, 10)));
        }
        file = dir.resolve("evolution.orc");
        write(
                file,
                new OrcRowDataWriterFactory((RowType) FILE_TYPE.getLogicalType(), "zstd", Map.of()),
                toInternal(FILE_TYPE, written));

        try (Reader reader = openWithOrcCore(file)) {
            assertThat(reader.getSchema().getFieldNames()).containsExactly("c", "a", "s", "b");
            assertThat(reader.getSchema().getChildren().get(2).getFieldNames())
                    .containsExactly("y", "x");
        }
    }

    @Test
    void columnsRequestedInAnotherOrderAreMatchedByName() throws IOException {
        DataType table =
                DataTypes.ROW(
                        DataTypes.FIELD("a", DataTypes.INT()),
                        DataTypes.FIELD("b", DataTypes.DECIMAL(38, 10)),
                        DataTypes.FIELD("c", DataTypes.STRING()),
                        DataTypes.FIELD(
                                "s",
                                DataTypes.ROW(
                                        DataTypes.FIELD("x", DataTypes.BIGINT()),
                                        DataTypes.FIELD("y", DataTypes.STRING()))));

        long read =
                readWithFlink(
                        file,
                        table,
                        new int[] {0, 1, 2, 3},
                        300,
                        (index, row) -> {
                            Row source = written.get(index.intValue());
                            Row struct = (Row) source.getField(2);
                            Row expected =
                                    Row.of(
                                            source.getField(1),
                                            source.getField(3),
                                            source.getField(0),
                                            struct == null
                                                    ? null
                                                    : Row.of(
                                                            struct.getField(1),
                                                            struct.getField(0)));
                            assertThat(row).as("row %d", index).isEqualTo(expected);
                        });
        assertThat(read).isEqualTo(ROWS);
    }

    @Test
    void aSelectionOfColumnsIsMatchedByName() throws IOException {
        DataType table =
                DataTypes.ROW(
                        DataTypes.FIELD("a", DataTypes.INT()),
                        DataTypes.FIELD("b", DataTypes.DECIMAL(38, 10)),
                        DataTypes.FIELD("c", DataTypes.STRING()));

        long read =
                readWithFlink(
                        file,
                        table,
                        new int[] {2, 0},
                        300,
                        (index, row) -> {
                            Row source = written.get(index.intValue());
                            assertThat(row)
                                    .as("row %d", index)
                                    .isEqualTo(Row.of(source.getField(0), source.getField(1)));
                        });
        assertThat(read).isEqualTo(ROWS);
    }

    @Test
    void aRequestedColumnTheFileDoesNotHaveReadsAsNull() throws IOException {
        DataType table =
                DataTypes.ROW(
                        DataTypes.FIELD("added_first", DataTypes.BIGINT()),
                        DataTypes.FIELD("a", DataTypes.INT()),
                        DataTypes.FIELD("added_text", DataTypes.STRING()),
                        DataTypes.FIELD("b", DataTypes.DECIMAL(38, 10)),
                        DataTypes.FIELD(
                                "added_row",
                                DataTypes.ROW(DataTypes.FIELD("n", DataTypes.DOUBLE()))));

        long read =
                readWithFlink(
                        file,
                        table,
                        new int[] {0, 1, 2, 3, 4},
                        300,
                        (index, row) -> {
                            Row source = written.get(index.intValue());
                            assertThat(row)
                                    .as("row %d", index)
                                    .isEqualTo(
                                            Row.of(
                                                    null,
                                                    source.getField(1),
                                                    null,
                                                    (BigDecimal) source.getField(3),
                                                    null));
                        });
        assertThat(read).isEqualTo(ROWS);
    }
}
