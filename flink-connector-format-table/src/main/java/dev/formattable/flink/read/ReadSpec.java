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
import dev.formattable.core.options.FileFormat;
import dev.formattable.core.partition.PartitionLayout;
import dev.formattable.flink.format.line.LineFormat;
import dev.formattable.flink.fs.FlinkFileIO;
import dev.formattable.flink.internal.ParquetColumnReaders;
import dev.formattable.flink.types.FlinkTypes;

import org.apache.flink.annotation.Internal;
import org.apache.flink.connector.file.src.FileSourceSplit;
import org.apache.flink.table.data.columnar.vector.ColumnVector;
import org.apache.flink.table.types.DataType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;

import javax.annotation.Nullable;

import java.io.IOException;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * What a scan reads from each data file and how it completes the rows: the produced columns in
 * order, each taken from the file, from the partition directories or from the file's metadata; the
 * columns the table declares NOT NULL; the limit and the batch size. The SQL source and the
 * DataStream builder both build one ({@link #builder}); the readers ({@link FormatTableBulkFormat})
 * only follow it. Files whose stored types are narrower are widened ({@link TypeWidening}), and
 * lost or corrupt files are skipped as the table's {@code scan.ignore-*} options say.
 */
@Internal
public final class ReadSpec implements Serializable {

    private static final long serialVersionUID = 1L;

    final FormatTable table;

    /** The table's data columns, as the files store them. */
    final RowType dataType;

    /** The rows produced: the projected columns, then the metadata columns. */
    final RowType producedType;

    /** Per produced column: an index into {@link #dataType}, or -1 for a constant of the file. */
    final int[] dataField;

    /** Per produced column: the partition level it is read from, or -1. */
    final int[] partitionLevel;

    /** Per produced column: the metadata column it is, or null. */
    final String[] metadataKey;

    /**
     * A data column read only to count rows, when no produced column comes from the files, or -1.
     */
    final int countingField;

    /** The data columns read from each file, in the order the produced columns name them. */
    private final int[] fileFields;

    /** Produced columns from the files that the table declares NOT NULL. */
    final int[] notNull;

    final long limit;
    final int batchSize;

    private ReadSpec(Builder b, int[] produced) {
        this.table = b.table;
        List<String> keys = table.layout().keys();
        List<RowType.RowField> dataFields = new ArrayList<>();
        for (RowType.RowField f : b.tableType.getFields()) {
            if (!keys.contains(f.getName())) {
                dataFields.add(f);
            }
        }
        this.dataType = new RowType(dataFields);
        LineFormat.check(table.options(), dataType);
        int width = produced.length + b.metadata.size();
        this.dataField = new int[width];
        this.partitionLevel = new int[width];
        this.metadataKey = new String[width];
        List<RowType.RowField> producedFields = new ArrayList<>();
        List<Integer> notNulls = new ArrayList<>();
        boolean anyFromFiles = false;
        for (int i = 0; i < produced.length; i++) {
            RowType.RowField field = b.tableType.getFields().get(produced[i]);
            producedFields.add(field);
            partitionLevel[i] = keys.indexOf(field.getName());
            dataField[i] =
                    partitionLevel[i] >= 0 ? -1 : dataType.getFieldNames().indexOf(field.getName());
            if (dataField[i] >= 0) {
                anyFromFiles = true;
                if (!field.getType().isNullable()) {
                    notNulls.add(i);
                }
            }
        }
        for (int m = 0; m < b.metadata.size(); m++) {
            int i = produced.length + m;
            String key = b.metadata.get(m);
            DataType type = MetadataColumns.METADATA.get(key);
            if (type == null) {
                throw new IllegalArgumentException("Unknown metadata column '" + key + "'");
            }
            producedFields.add(new RowType.RowField(key, type.getLogicalType()));
            dataField[i] = -1;
            partitionLevel[i] = -1;
            metadataKey[i] = key;
        }
        this.producedType = new RowType(producedFields);
        // A query that needs no stored column still needs the files' row counts: read one.
        this.countingField = anyFromFiles || dataType.getFieldCount() == 0 ? -1 : 0;
        List<Integer> read = new ArrayList<>();
        for (int f : dataField) {
            if (f >= 0) {
                read.add(f);
            }
        }
        if (countingField >= 0) {
            read.add(countingField);
        }
        this.fileFields = read.stream().mapToInt(Integer::intValue).toArray();
        if (table.options().format() == FileFormat.PARQUET) {
            for (int f : fileFields) {
                RowType.RowField field = dataType.getFields().get(f);
                ParquetColumnReaders.checkReadable(field.getName(), field.getType());
            }
        }
        this.notNull = notNulls.stream().mapToInt(Integer::intValue).toArray();
        this.limit = b.limit == null ? Long.MAX_VALUE : b.limit;
        this.batchSize = b.batchSize;
    }

    /** Starts a spec for a table whose columns are the fields of {@code tableType}. */
    public static Builder builder(FormatTable table, RowType tableType) {
        return new Builder(table, tableType);
    }

    /** The type of the rows produced. */
    public RowType producedType() {
        return producedType;
    }

    /** Whether the readers stop after a number of rows. */
    boolean limited() {
        return limit != Long.MAX_VALUE;
    }

    /** The data columns read from each file, in the order the produced columns name them. */
    int[] fileFields() {
        return fileFields.clone();
    }

    /**
     * The constant columns of a file's rows, per produced column (null where the file holds the
     * column): partition values from the directories between the file and the table's root, and the
     * file's metadata.
     */
    ColumnVector[] constants(FileSourceSplit split) throws IOException {
        ColumnVector[] vectors = new ColumnVector[dataField.length];
        String[] segments = null;
        PartitionLayout layout = table.layout();
        for (int i = 0; i < vectors.length; i++) {
            if (metadataKey[i] != null) {
                vectors[i] = new ConstantColumnVector(MetadataColumns.value(metadataKey[i], split));
            } else if (partitionLevel[i] >= 0) {
                if (segments == null) {
                    segments = partitionSegments(split);
                }
                int level = partitionLevel[i];
                Optional<Object[]> value = layout.parseDirectoryName(level, segments[level]);
                if (value.isEmpty()) {
                    throw new IOException(
                            "Data file "
                                    + split.path()
                                    + " does not lie in a directory of partition key '"
                                    + layout.keys().get(level)
                                    + "'");
                }
                LogicalType type = FlinkTypes.toFlink(layout.types().get(level));
                vectors[i] = new ConstantColumnVector(FlinkTypes.toInternal(value.get()[0], type));
            }
        }
        return vectors;
    }

    private String[] partitionSegments(FileSourceSplit split) throws IOException {
        Optional<String> named = FormatTableSplit.partitionPathOf(split);
        if (named.isPresent()) {
            return named.get().split("/");
        }
        String relative = FlinkFileIO.fromFlink(split.path()).relativeTo(table.qualifiedLocation());
        String[] segments = relative.split("/");
        if (segments.length <= table.layout().levels()) {
            throw new IOException(
                    "Data file " + split.path() + " does not lie in a partition directory");
        }
        return segments;
    }

    /** Builds a {@link ReadSpec}. */
    public static final class Builder {
        private final FormatTable table;
        private final RowType tableType;
        @Nullable private int[] projection;
        private List<String> metadata = List.of();
        @Nullable private Long limit;
        private int batchSize = 2048;

        private Builder(FormatTable table, RowType tableType) {
            this.table = table;
            this.tableType = tableType;
        }

        /** The columns produced, as indexes into the table's type; all of them by default. */
        public Builder projection(@Nullable int[] projection) {
            this.projection = projection == null ? null : projection.clone();
            return this;
        }

        /** Metadata columns ({@link MetadataColumns#METADATA}) produced after the others. */
        public Builder metadata(List<String> keys) {
            this.metadata = List.copyOf(keys);
            return this;
        }

        /** The most rows the readers produce together; no limit by default. */
        public Builder limit(@Nullable Long limit) {
            this.limit = limit;
            return this;
        }

        /** The rows per batch the file readers decode. */
        public Builder batchSize(int batchSize) {
            this.batchSize = batchSize;
            return this;
        }

        /**
         * The spec.
         *
         * @throws IllegalArgumentException when the projection names a column twice or a metadata
         *     column is unknown
         */
        public ReadSpec build() {
            int[] produced = projection;
            if (produced == null) {
                produced = new int[tableType.getFieldCount()];
                for (int i = 0; i < produced.length; i++) {
                    produced[i] = i;
                }
            }
            Set<Integer> seen = new HashSet<>();
            for (int index : produced) {
                if (!seen.add(index)) {
                    throw new IllegalArgumentException(
                            String.format(
                                    "The projection names column '%s' more than once",
                                    tableType.getFieldNames().get(index)));
                }
            }
            return new ReadSpec(this, produced);
        }
    }
}
