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
package dev.formattable.core.testutils;

import dev.formattable.core.FormatTable;
import dev.formattable.core.fs.FileIO;
import dev.formattable.core.fs.Path;
import dev.formattable.core.scan.DataSplit;
import dev.formattable.core.schema.TableSchema;
import dev.formattable.core.table.CommitMessage;
import dev.formattable.core.types.DataField;
import dev.formattable.core.types.DataType;
import dev.formattable.core.write.FormatTableWrite;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** Builds small tables for tests and reads them back as sorted text rows. */
public final class TestTables {

    private TestTables() {}

    /**
     * A schema with a STRING column {@code v} and the given partition columns, e.g. {@code
     * schema(Map.of(), "dt", DataTypes.DATE(), "h", DataTypes.INT())}.
     */
    public static TableSchema schema(Map<String, String> options, Object... partitionColumns) {
        List<DataField> fields = new ArrayList<>();
        List<String> keys = new ArrayList<>();
        for (int i = 0; i < partitionColumns.length; i += 2) {
            String name = (String) partitionColumns[i];
            fields.add(new DataField(fields.size(), name, (DataType) partitionColumns[i + 1]));
            keys.add(name);
        }
        fields.add(
                new DataField(fields.size(), "v", dev.formattable.core.types.DataTypes.STRING()));
        Map<String, String> all = new HashMap<>(options);
        all.putIfAbsent("type", "format-table");
        return new TableSchema(fields, keys, all);
    }

    public static FormatTable table(FileIO io, java.nio.file.Path dir, TableSchema schema) {
        return FormatTable.open(io, Path.of(dir.toString()), schema);
    }

    /** Writes each record to its partition and returns the prepared messages. */
    public static List<CommitMessage> writeRoundRobin(
            FormatTable table, List<List<Object>> partitions, String... records)
            throws IOException {
        try (FormatTableWrite<String> write = table.newWrite(LinesFormat.writerFactory())) {
            for (int i = 0; i < records.length; i++) {
                write.write(partitions.get(i % partitions.size()), records[i]);
            }
            return write.prepareCommit();
        }
    }

    public static List<CommitMessage> write(
            FormatTable table, List<Object> partition, String... records) throws IOException {
        return writeRoundRobin(table, List.of(partition), records);
    }

    /**
     * Six one-row files of a table partitioned by (dt INT, h INT): three in dt=1 (h=1..3), three in
     * dt=3; the rows are {@code new-0} to {@code new-5}.
     */
    public static List<CommitMessage> sixNewFiles(FormatTable table) throws IOException {
        List<CommitMessage> messages = new java.util.ArrayList<>();
        for (int i = 0; i < 6; i++) {
            messages.addAll(write(table, List.of(i < 3 ? 1 : 3, 1 + i % 3), "new-" + i));
        }
        return messages;
    }

    /** The rows of {@link #sixNewFiles}, as {@link #readAll} prints them. */
    public static List<String> sixNewRows() {
        List<String> rows = new java.util.ArrayList<>();
        for (int i = 0; i < 6; i++) {
            rows.add("[" + (i < 3 ? 1 : 3) + ", " + (1 + i % 3) + "]|new-" + i);
        }
        return rows;
    }

    /** Every row as {@code partitionValues|record}, sorted. */
    public static List<String> readAll(FormatTable table) throws IOException {
        List<String> rows = new ArrayList<>();
        for (DataSplit split : table.newScan().plan().splits()) {
            for (String line : LinesFormat.read(table.fileIO(), split.path())) {
                rows.add(split.partitionValues() + "|" + line);
            }
        }
        rows.sort(null);
        return rows;
    }

    public static List<String> sorted(String... rows) {
        return Arrays.stream(rows).sorted().collect(Collectors.toList());
    }
}
