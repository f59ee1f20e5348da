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

import org.apache.flink.api.common.serialization.BulkWriter;
import org.apache.flink.connector.file.src.FileSourceSplit;
import org.apache.flink.connector.file.src.reader.BulkFormat;
import org.apache.flink.connector.file.src.util.RecordAndPosition;
import org.apache.flink.core.fs.FSDataOutputStream;
import org.apache.flink.core.fs.FileSystem;
import org.apache.flink.core.fs.local.LocalFileSystem;
import org.apache.flink.orc.OrcColumnarRowInputFormat;
import org.apache.flink.orc.shim.OrcShim;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.conversion.RowRowConverter;
import org.apache.flink.table.runtime.typeutils.InternalTypeInfo;
import org.apache.flink.table.types.DataType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.types.Row;

import org.apache.hadoop.conf.Configuration;
import org.apache.orc.OrcFile;
import org.apache.orc.Reader;

import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.BiConsumer;

/** Writing ORC files through Flink's file system and reading them with orc-core and flink-orc. */
final class OrcTestFiles {

    private OrcTestFiles() {}

    /** Flink's path of a local file. */
    static org.apache.flink.core.fs.Path flinkPath(java.nio.file.Path file) {
        return new org.apache.flink.core.fs.Path(file.toUri());
    }

    /** Internal rows of external ones, through Flink's own converter for the row type. */
    static List<RowData> toInternal(DataType rowType, List<Row> rows) {
        RowRowConverter converter = RowRowConverter.create(rowType);
        converter.open(OrcTestFiles.class.getClassLoader());
        List<RowData> internal = new ArrayList<>(rows.size());
        for (Row row : rows) {
            internal.add(converter.toInternal(row));
        }
        return internal;
    }

    /**
     * Writes the rows into a new local file, as a Flink sink would: create, write, finish, close.
     */
    static void write(java.nio.file.Path file, OrcRowDataWriterFactory factory, List<RowData> rows)
            throws IOException {
        FileSystem fs = LocalFileSystem.getSharedInstance();
        try (FSDataOutputStream out =
                fs.create(flinkPath(file), FileSystem.WriteMode.NO_OVERWRITE)) {
            BulkWriter<RowData> writer = factory.create(out);
            for (RowData row : rows) {
                writer.addElement(row);
            }
            writer.finish();
        }
    }

    /** Opens the file with orc-core's own reader. */
    static Reader openWithOrcCore(java.nio.file.Path file) throws IOException {
        return OrcFile.createReader(
                new org.apache.hadoop.fs.Path(file.toUri()),
                OrcFile.readerOptions(new Configuration()));
    }

    /**
     * Reads the file with flink-orc's {@link OrcColumnarRowInputFormat} through its {@link
     * BulkFormat} reader on one split covering the whole file, as the table's columns {@code
     * tableType}, of which {@code selectedFields} are returned. Each row goes to {@code sink} with
     * its index, converted to an external {@link Row} right away (the reader reuses its batches).
     *
     * @return the number of rows read
     */
    static long readWithFlink(
            java.nio.file.Path file,
            DataType tableType,
            int[] selectedFields,
            int batchSize,
            BiConsumer<Long, Row> sink)
            throws IOException {
        RowType logicalType = (RowType) tableType.getLogicalType();
        OrcColumnarRowInputFormat<?, FileSourceSplit> format =
                OrcColumnarRowInputFormat.createPartitionedFormat(
                        OrcShim.defaultShim(),
                        new Configuration(),
                        logicalType,
                        Collections.emptyList(),
                        null,
                        selectedFields,
                        Collections.emptyList(),
                        batchSize,
                        InternalTypeInfo::of);

        List<DataType> fields = tableType.getChildren();
        List<String> names = logicalType.getFieldNames();
        DataTypes.Field[] selected = new DataTypes.Field[selectedFields.length];
        for (int i = 0; i < selectedFields.length; i++) {
            selected[i] =
                    DataTypes.FIELD(names.get(selectedFields[i]), fields.get(selectedFields[i]));
        }
        RowRowConverter converter = RowRowConverter.create(DataTypes.ROW(selected));
        converter.open(OrcTestFiles.class.getClassLoader());

        long size = Files.size(file);
        FileSourceSplit split = new FileSourceSplit("0", flinkPath(file), 0, size, 0, size);
        long count = 0;
        try (BulkFormat.Reader<RowData> reader =
                format.createReader(new org.apache.flink.configuration.Configuration(), split)) {
            BulkFormat.RecordIterator<RowData> batch;
            while ((batch = reader.readBatch()) != null) {
                RecordAndPosition<RowData> record;
                while ((record = batch.next()) != null) {
                    sink.accept(count++, converter.toExternal(record.getRecord()));
                }
                batch.releaseBatch();
            }
        }
        return count;
    }
}
