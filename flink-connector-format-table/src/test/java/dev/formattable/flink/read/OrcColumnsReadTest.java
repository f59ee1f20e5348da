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
import dev.formattable.core.scan.DataSplit;
import dev.formattable.core.schema.TableSchema;
import dev.formattable.core.types.DataField;
import dev.formattable.core.types.DataTypes;
import dev.formattable.flink.fs.FlinkFileIO;
import dev.formattable.flink.testutils.SinkTables;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.connector.file.src.reader.BulkFormat;
import org.apache.flink.connector.file.src.util.RecordAndPosition;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.types.logical.BigIntType;
import org.apache.flink.table.types.logical.IntType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.VarCharType;

import org.apache.hadoop.hive.ql.exec.vector.BytesColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.LongColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.VectorizedRowBatch;
import org.apache.orc.OrcFile;
import org.apache.orc.TypeDescription;
import org.apache.orc.Writer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An orc reader asks orc for the columns it reads alone when orc matches them by name, and for the
 * whole table where orc matches by position (files with orc's positional names, {@code _col0} ...,
 * as Hive wrote before HIVE-4243: Flink's own orc format reads those as NULLs) or where the file
 * lacks a column: each file reads back the same values.
 */
class OrcColumnsReadTest {

    private static final RowType TABLE =
            RowType.of(
                    new LogicalType[] {
                        new IntType(),
                        new VarCharType(VarCharType.MAX_LENGTH),
                        new BigIntType(),
                        new VarCharType(VarCharType.MAX_LENGTH)
                    },
                    new String[] {"a", "b", "c", "k"});

    @TempDir java.nio.file.Path dir;

    @Test
    void projectedColumnsReadTheSameFromEveryKindOfFile() throws IOException {
        write("k=named", "struct<a:int,b:string,c:bigint>", 3);
        write("k=positional", "struct<_col0:int,_col1:string,_col2:bigint>", 3);
        write("k=missing", "struct<b:string,a:int>", 2);
        FormatTable table =
                FormatTable.open(
                        new FlinkFileIO(),
                        Path.of(dir.toString()),
                        new TableSchema(
                                List.of(
                                        new DataField(0, "a", DataTypes.INT()),
                                        new DataField(1, "b", DataTypes.STRING()),
                                        new DataField(2, "c", DataTypes.BIGINT()),
                                        new DataField(3, "k", DataTypes.STRING())),
                                List.of("k"),
                                Map.of("file.format", "orc")));
        ReadSpec spec = ReadSpec.builder(table, TABLE).projection(new int[] {2, 0, 3}).build();
        FormatTableBulkFormat format = new FormatTableBulkFormat(spec, List.of());

        List<String> rows = new ArrayList<>();
        for (DataSplit file : table.newScan().plan().splits()) {
            try (BulkFormat.Reader<RowData> reader =
                    format.createReader(new Configuration(), SinkTables.split(file))) {
                BulkFormat.RecordIterator<RowData> batch;
                while ((batch = reader.readBatch()) != null) {
                    RecordAndPosition<RowData> r;
                    while ((r = batch.next()) != null) {
                        RowData row = r.getRecord();
                        rows.add(
                                row.getString(2)
                                        + ": c="
                                        + (row.isNullAt(0) ? "null" : row.getLong(0))
                                        + " a="
                                        + row.getInt(1));
                    }
                    batch.releaseBatch();
                }
            }
        }

        assertThat(rows)
                .containsExactlyInAnyOrder(
                        "named: c=100 a=1",
                        "named: c=200 a=2",
                        "positional: c=100 a=1",
                        "positional: c=200 a=2",
                        "missing: c=null a=1",
                        "missing: c=null a=2");
    }

    /**
     * Two rows ({@code a} = 1, 2, {@code b} = "x1", "x2", {@code c} = 100, 200) written by orc-core
     * under {@code schema}, whose first {@code columns} fields are those values by position, or by
     * name where the schema names them.
     */
    private void write(String partition, String schema, int columns) throws IOException {
        TypeDescription type = TypeDescription.fromString(schema);
        java.nio.file.Path file = Files.createDirectories(dir.resolve(partition)).resolve("f.orc");
        try (Writer writer =
                OrcFile.createWriter(
                        new org.apache.hadoop.fs.Path(file.toUri()),
                        OrcFile.writerOptions(new org.apache.hadoop.conf.Configuration())
                                .setSchema(type))) {
            VectorizedRowBatch batch = type.createRowBatch();
            for (int row = 0; row < 2; row++) {
                for (int col = 0; col < columns; col++) {
                    String name = type.getFieldNames().get(col);
                    String column = name.startsWith("_col") ? "abc".substring(col, col + 1) : name;
                    if (column.equals("b")) {
                        byte[] text = ("x" + (row + 1)).getBytes(StandardCharsets.UTF_8);
                        ((BytesColumnVector) batch.cols[col]).setRef(row, text, 0, text.length);
                    } else {
                        long value = column.equals("a") ? row + 1 : 100L * (row + 1);
                        ((LongColumnVector) batch.cols[col]).vector[row] = value;
                    }
                }
            }
            batch.size = 2;
            writer.addRowBatch(batch);
        }
    }
}
