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
package dev.formattable.flink.internal;

import org.apache.flink.annotation.Internal;
import org.apache.flink.formats.parquet.vector.ParquetSplitReaderUtil;
import org.apache.flink.formats.parquet.vector.reader.ColumnReader;
import org.apache.flink.formats.parquet.vector.type.ParquetField;
import org.apache.flink.table.data.columnar.vector.writable.WritableColumnVector;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;

import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.io.ColumnIOFactory;
import org.apache.parquet.schema.MessageType;

import java.io.IOException;
import java.util.List;

/**
 * Flink's vectorized parquet column readers for the columns of one requested schema. Flink 2.0
 * builds a reader from the column's field tree (its repetition and definition levels), computed
 * once per schema here; Flink 1.20 builds it from the column's type alone.
 */
@Internal
public final class ParquetColumnReaders {

    private final RowType read;
    private final MessageType requested;
    private final boolean utcTimestamps;
    private final List<ParquetField> fields;

    /** Flink 2 reads every column type from parquet; Flink 1.20 does not. */
    public static void checkReadable(String column, LogicalType type) {}

    /** Readers of {@code read}'s columns, which {@code requested} describes in the same order. */
    public ParquetColumnReaders(RowType read, MessageType requested, boolean utcTimestamps) {
        this.read = read;
        this.requested = requested;
        this.utcTimestamps = utcTimestamps;
        this.fields =
                ParquetSplitReaderUtil.buildFieldsList(
                        read.getFields(),
                        read.getFieldNames(),
                        new ColumnIOFactory().getColumnIO(requested));
    }

    /** A reader of column {@code i} in the row group whose pages are {@code pages}. */
    @SuppressWarnings("unchecked")
    public ColumnReader<WritableColumnVector> create(int i, PageReadStore pages)
            throws IOException {
        return ParquetSplitReaderUtil.createColumnReader(
                utcTimestamps,
                read.getTypeAt(i),
                requested.getType(i),
                requested.getColumns(),
                pages,
                fields.get(i),
                0);
    }
}
