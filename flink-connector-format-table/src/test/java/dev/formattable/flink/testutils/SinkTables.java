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
import dev.formattable.core.fs.FileIO;
import dev.formattable.core.fs.Path;
import dev.formattable.core.scan.DataSplit;
import dev.formattable.core.schema.TableSchema;
import dev.formattable.core.table.CommitMessage;
import dev.formattable.core.types.DataField;
import dev.formattable.core.types.DataTypes;
import dev.formattable.flink.format.FormatFactories;
import dev.formattable.flink.fs.FlinkFileIO;
import dev.formattable.flink.read.FormatTableBulkFormat;
import dev.formattable.flink.read.ReadSpec;
import dev.formattable.flink.sink.FormatTableSink;
import dev.formattable.flink.sink.committable.FormatTableCommittable;
import dev.formattable.flink.sink.writer.FormatTableSinkWriter;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.connector.file.src.FileSourceSplit;
import org.apache.flink.connector.file.src.reader.BulkFormat;
import org.apache.flink.connector.file.src.util.RecordAndPosition;
import org.apache.flink.metrics.groups.UnregisteredMetricsGroup;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.runtime.typeutils.InternalTypeInfo;
import org.apache.flink.table.types.logical.IntType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.VarCharType;

import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * A parquet table {@code (a INT, k STRING) PARTITIONED BY (k)} for sink tests: its sink and writer,
 * and what is on disk, read back for real (rows through Flink's parquet reader, files by name).
 */
public final class SinkTables {

    /** The rows the sink receives: {@code a INT, k STRING}. */
    public static final RowType ROW_TYPE =
            RowType.of(
                    new LogicalType[] {new IntType(), new VarCharType(VarCharType.MAX_LENGTH)},
                    new String[] {"a", "k"});

    /** What the data files hold: {@code a INT}; {@code k} lives in the directory names. */
    private static final RowType DATA_TYPE =
            RowType.of(new LogicalType[] {new IntType()}, new String[] {"a"});

    private SinkTables() {}

    public static FormatTable table(
            FileIO io, java.nio.file.Path dir, Map<String, String> options) {
        return table(io, dir.toString(), options);
    }

    /** The table at {@code location}, a path or a URI such as {@code countingfile:///dir}. */
    public static FormatTable table(FileIO io, String location, Map<String, String> options) {
        return FormatTable.open(
                io,
                Path.of(location),
                new TableSchema(
                        List.of(
                                new DataField(0, "a", DataTypes.INT()),
                                new DataField(1, "k", DataTypes.STRING())),
                        List.of("k"),
                        options));
    }

    public static FormatTable table(java.nio.file.Path dir) {
        return table(new FlinkFileIO(), dir, Map.of());
    }

    /** A sink over the table that overwrites every partition it writes to, or appends. */
    public static FormatTableSink sink(FormatTable table, boolean overwrite) {
        FormatTableSink.Builder sink = FormatTableSink.builder(table, ROW_TYPE);
        return overwrite ? sink.overwrite(Map.of()).build() : sink.build();
    }

    /** An appending sink over the table. */
    public static FormatTableSink sink(FormatTable table) {
        return FormatTableSink.builder(table, ROW_TYPE).build();
    }

    public static GenericRowData row(int a, String k) {
        return GenericRowData.of(a, StringData.fromString(k));
    }

    /** A sink writer as the sink builds it, for the given attempt. */
    public static FormatTableSinkWriter writer(
            FormatTable table, FormatTableSinkWriter.Attempt attempt) throws IOException {
        return new FormatTableSinkWriter(
                table,
                FormatFactories.writer(table.options(), DATA_TYPE),
                new int[] {1},
                new LogicalType[] {new VarCharType(VarCharType.MAX_LENGTH)},
                new int[] {0},
                false,
                false,
                null,
                null,
                attempt,
                new UnregisteredMetricsGroup());
    }

    /** Writes the rows with a fresh writer and returns its one committable of staged files. */
    public static FormatTableCommittable stage(FormatTable table, String job, RowData... rows)
            throws IOException {
        try (FormatTableSinkWriter writer =
                writer(table, FormatTableSinkWriter.Attempt.fresh(job))) {
            for (RowData row : rows) {
                writer.write(row, null);
            }
            return single(writer.prepareCommit());
        }
    }

    public static FormatTableCommittable single(Collection<FormatTableCommittable> committables) {
        if (committables.size() != 1) {
            throw new AssertionError("Expected one committable, got " + committables);
        }
        return committables.iterator().next();
    }

    /** A split of the whole of a planned file. */
    public static FileSourceSplit split(DataSplit file) {
        return new FileSourceSplit(
                file.path().name(),
                FlinkFileIO.toFlink(file.path()),
                0,
                file.fileSize(),
                file.modificationTime(),
                file.fileSize());
    }

    /** Every row of the table as {@code k|a}, sorted, read from its data files. */
    public static List<String> rows(FormatTable table) throws IOException {
        BulkFormat<RowData, FileSourceSplit> format =
                new FormatTableBulkFormat(
                        ReadSpec.builder(table, ROW_TYPE).batchSize(16).build(), List.of());
        List<String> rows = new ArrayList<>();
        for (DataSplit split : table.newScan().plan().splits()) {
            try (BulkFormat.Reader<RowData> reader =
                    format.createReader(new Configuration(), split(split))) {
                BulkFormat.RecordIterator<RowData> batch;
                while ((batch = reader.readBatch()) != null) {
                    RecordAndPosition<RowData> record;
                    while ((record = batch.next()) != null) {
                        RowData row = record.getRecord();
                        rows.add(row.getString(1) + "|" + row.getInt(0));
                    }
                    batch.releaseBatch();
                }
            }
        }
        rows.sort(null);
        return rows;
    }

    /** The data files a scan plans, as paths relative to the table, sorted. */
    public static List<String> dataFiles(FormatTable table) throws IOException {
        return table.newScan().plan().splits().stream()
                .map(s -> s.path().relativeTo(table.qualifiedLocation()))
                .sorted()
                .collect(Collectors.toList());
    }

    /** The targets of the messages, as paths relative to the table, sorted. */
    public static List<String> targets(FormatTable table, Collection<CommitMessage> messages) {
        return messages.stream()
                .map(m -> m.targetPath().relativeTo(table.qualifiedLocation()))
                .sorted()
                .collect(Collectors.toList());
    }

    /** The staged paths of the messages, as paths relative to the table, sorted. */
    public static List<String> stagedPaths(FormatTable table, Collection<CommitMessage> messages) {
        return messages.stream()
                .map(m -> m.stagedPath().relativeTo(table.qualifiedLocation()))
                .sorted()
                .collect(Collectors.toList());
    }

    /** Every file under a {@code _temporary} directory, relative to {@code dir}, sorted. */
    public static List<String> stagedFiles(java.nio.file.Path dir) throws IOException {
        try (Stream<java.nio.file.Path> files = Files.walk(dir)) {
            return files.filter(Files::isRegularFile)
                    .filter(p -> p.getParent().getFileName().toString().equals("_temporary"))
                    .map(p -> dir.relativize(p).toString())
                    .sorted()
                    .collect(Collectors.toList());
        }
    }

    /**
     * Publishes one row in each of the partitions {@code k0} to {@code k<n-1>}: rows an overwrite
     * replaces.
     */
    public static void appendOneRowPerPartition(FormatTable table, int partitions)
            throws IOException {
        List<RowData> old = new ArrayList<>();
        for (int i = 0; i < partitions; i++) {
            old.add(row(-1 - i, "k" + i));
        }
        table.newCommit().append(stage(table, "earlier", old.toArray(new RowData[0])).messages());
    }

    /** The rows {@code 0 .. rows-1} of partition {@code k<id % partitions>}, a batch source. */
    public static DataStream<RowData> sequence(
            StreamExecutionEnvironment env, int rows, int partitions) {
        return env.fromSequence(0, rows - 1)
                .map(
                        id ->
                                (RowData)
                                        GenericRowData.of(
                                                (int) (long) id,
                                                StringData.fromString("k" + id % partitions)))
                .returns(InternalTypeInfo.of(ROW_TYPE));
    }

    /** What {@link #rows} reads back after {@link #sequence} was written once. */
    public static List<String> sequenceRows(int rows, int partitions) {
        List<String> expected = new ArrayList<>();
        for (int id = 0; id < rows; id++) {
            expected.add("k" + id % partitions + "|" + id);
        }
        expected.sort(null);
        return expected;
    }

    /** The messages of all committables, in order. */
    public static List<CommitMessage> messages(Collection<FormatTableCommittable> committables) {
        List<CommitMessage> all = new ArrayList<>();
        committables.forEach(c -> all.addAll(c.messages()));
        return all;
    }
}
