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
package dev.formattable.e2e.testutils;

import dev.formattable.core.FormatTable;
import dev.formattable.core.fs.FileIO;
import dev.formattable.core.fs.Path;
import dev.formattable.core.schema.TableSchema;
import dev.formattable.core.table.CommitMessage;
import dev.formattable.core.types.DataField;
import dev.formattable.core.types.DataTypes;
import dev.formattable.core.write.FormatTableWrite;
import dev.formattable.core.write.FormatWriter;
import dev.formattable.core.write.FormatWriterFactory;
import dev.formattable.flink.format.FormatFactories;
import dev.formattable.flink.fs.FlinkOutputStreams;

import org.apache.flink.api.common.serialization.BulkWriter;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.types.logical.IntType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.VarCharType;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Drives the core write and commit protocol directly, with real parquet files, on any {@link
 * FileIO}: the table {@code (id INT, name STRING, p INT) PARTITIONED BY (p)}.
 */
public final class CoreWrites {

    /** The same table in SQL, for reading it back. */
    public static final String SQL_COLUMNS = "id INT, name STRING, p INT";

    private static final RowType DATA_TYPE =
            RowType.of(
                    new LogicalType[] {new IntType(), VarCharType.STRING_TYPE},
                    new String[] {"id", "name"});

    private CoreWrites() {}

    public static FormatTable open(FileIO fileIO, String location) {
        return open(fileIO, location, Map.of());
    }

    /** The table with these options besides its format. */
    public static FormatTable open(FileIO fileIO, String location, Map<String, String> options) {
        Map<String, String> all = new java.util.HashMap<>(options);
        all.put("type", "format-table");
        all.put("file.format", "parquet");
        TableSchema schema =
                new TableSchema(
                        List.of(
                                new DataField(0, "id", DataTypes.INT()),
                                new DataField(1, "name", DataTypes.STRING()),
                                new DataField(2, "p", DataTypes.INT())),
                        List.of("p"),
                        all);
        return FormatTable.open(fileIO, Path.of(location), schema);
    }

    /** A row {@code (id, name, p)}: ids from {@code firstId}, {@code p = id % partitions}. */
    public static List<Object[]> rows(long seed, int firstId, int n, int partitions) {
        Random random = new Random(seed);
        List<Object[]> rows = new ArrayList<>();
        for (int id = firstId; id < firstId + n; id++) {
            rows.add(new Object[] {id, "name-" + random.nextInt(1_000_000), id % partitions});
        }
        return rows;
    }

    /** The rows as Flink prints them, sorted. */
    public static List<String> printed(List<Object[]> rows) {
        List<String> printed = new ArrayList<>();
        for (Object[] r : rows) {
            printed.add("+I[" + r[0] + ", " + r[1] + ", " + r[2] + "]");
        }
        printed.sort(null);
        return printed;
    }

    /** Writes the rows, one staged file per partition, and returns the prepared messages. */
    public static List<CommitMessage> write(FormatTable table, List<Object[]> rows)
            throws IOException {
        try (FormatTableWrite<RowData> write = writeRows(table, rows)) {
            return write.prepareCommit();
        }
    }

    /**
     * Writes the rows and closes the write without preparing a commit: what a failed writer does
     * with the files it has open.
     */
    public static void writeAndDrop(FormatTable table, List<Object[]> rows) throws IOException {
        writeRows(table, rows).close();
    }

    private static FormatTableWrite<RowData> writeRows(FormatTable table, List<Object[]> rows)
            throws IOException {
        FormatWriterFactory<RowData> files =
                parquet(FormatFactories.writer(table.options(), DATA_TYPE));
        FormatTableWrite<RowData> write = table.newWrite(files);
        try {
            for (Object[] r : rows) {
                write.write(
                        List.of(r[2]),
                        GenericRowData.of(r[0], StringData.fromString((String) r[1])));
            }
        } catch (IOException | RuntimeException e) {
            write.close();
            throw e;
        }
        return write;
    }

    /** Flink's bulk writer over the core's stream, whichever FileIO opened it. */
    private static FormatWriterFactory<RowData> parquet(BulkWriter.Factory<RowData> bulk) {
        return out -> {
            BulkWriter<RowData> writer = bulk.create(FlinkOutputStreams.toFlink(out));
            return new FormatWriter<>() {
                @Override
                public void add(RowData row) throws IOException {
                    writer.addElement(row);
                }

                @Override
                public void finish() throws IOException {
                    writer.finish();
                }
            };
        };
    }
}
