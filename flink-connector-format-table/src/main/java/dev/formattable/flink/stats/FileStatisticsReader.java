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
package dev.formattable.flink.stats;

import dev.formattable.core.FormatTable;
import dev.formattable.core.scan.DataSplit;
import dev.formattable.core.stats.Fingerprint;
import dev.formattable.core.stats.PartitionStatistics;
import dev.formattable.core.stats.PartitionStatisticsBuilder;
import dev.formattable.core.stats.StatisticsPlanner;
import dev.formattable.core.types.DataField;
import dev.formattable.flink.read.FormatTableBulkFormat;
import dev.formattable.flink.read.FormatTableSplit;
import dev.formattable.flink.read.ReadSpec;
import dev.formattable.flink.types.FlinkTypes;

import org.apache.flink.annotation.Internal;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.connector.file.src.FileSourceSplit;
import org.apache.flink.connector.file.src.reader.BulkFormat;
import org.apache.flink.connector.file.src.util.RecordAndPosition;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.conversion.DataStructureConverter;
import org.apache.flink.table.data.conversion.DataStructureConverters;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.utils.TypeConversions;

import java.io.IOException;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads the statistics of single data files: only the columns that have statistics, through the
 * same format a scan of the table uses (so type widening and added columns read alike), each value
 * converted to the Java class the statistics builders take. Serializable, built lazily on the
 * worker that uses it.
 */
@Internal
public final class FileStatisticsReader implements Serializable {

    private static final long serialVersionUID = 1L;
    private static final int BATCH_SIZE = 2048;

    private final FormatTable table;
    private transient StatisticsPlanner planner;
    private transient FormatTableBulkFormat format;
    private transient List<RowData.FieldGetter> getters;
    private transient List<DataStructureConverter<Object, Object>> converters;

    public FileStatisticsReader(FormatTable table) {
        this.table = table;
    }

    public StatisticsPlanner planner() {
        if (planner == null) {
            planner = new StatisticsPlanner(table);
        }
        return planner;
    }

    /** The statistics of one file, as covering exactly that file. */
    public PartitionStatistics read(DataSplit file) throws IOException {
        open();
        PartitionStatisticsBuilder builder = planner().newBuilder();
        FileSourceSplit split = FormatTableSplit.of("statistics", file, 0, file.fileSize(), table);
        Object[] values = new Object[getters.size()];
        BulkFormat.Reader<RowData> reader = format.createReader(new Configuration(), split);
        try {
            BulkFormat.RecordIterator<RowData> batch;
            while ((batch = reader.readBatch()) != null) {
                RecordAndPosition<RowData> record;
                while ((record = batch.next()) != null) {
                    RowData row = record.getRecord();
                    for (int i = 0; i < values.length; i++) {
                        Object internal = getters.get(i).getFieldOrNull(row);
                        values[i] =
                                internal == null ? null : converters.get(i).toExternal(internal);
                    }
                    builder.add(values);
                }
                batch.releaseBatch();
            }
        } finally {
            reader.close();
        }
        return builder.build(Fingerprint.ofSplits(file.path().parent(), List.of(file)));
    }

    @SuppressWarnings("unchecked")
    private void open() {
        if (format != null) {
            return;
        }
        List<RowType.RowField> fields = new ArrayList<>();
        for (DataField f : table.schema().fields()) {
            fields.add(new RowType.RowField(f.name(), FlinkTypes.toFlink(f.type())));
        }
        RowType tableType = new RowType(fields);
        List<DataField> columns = planner().columns();
        int[] projection = new int[columns.size()];
        getters = new ArrayList<>();
        converters = new ArrayList<>();
        for (int i = 0; i < columns.size(); i++) {
            projection[i] = tableType.getFieldNames().indexOf(columns.get(i).name());
            LogicalType type = tableType.getTypeAt(projection[i]);
            getters.add(RowData.createFieldGetter(type, i));
            DataStructureConverter<Object, Object> converter =
                    (DataStructureConverter<Object, Object>)
                            DataStructureConverters.getConverter(
                                    TypeConversions.fromLogicalToDataType(type));
            converter.open(FileStatisticsReader.class.getClassLoader());
            converters.add(converter);
        }
        format =
                new FormatTableBulkFormat(
                        ReadSpec.builder(table, tableType)
                                .projection(projection)
                                .batchSize(BATCH_SIZE)
                                .build(),
                        List.of());
    }
}
