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
import org.apache.flink.table.data.columnar.vector.writable.WritableColumnVector;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.LogicalTypeRoot;
import org.apache.flink.table.types.logical.RowType;

import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.schema.MessageType;

import java.io.IOException;

/**
 * Flink's vectorized parquet column readers for the columns of one requested schema. Flink 1.20
 * builds a reader from the column's type alone; 2.0 also needs the column's field tree.
 */
@Internal
public final class ParquetColumnReaders {

    private final RowType read;
    private final MessageType requested;
    private final boolean utcTimestamps;

    /**
     * Refuses a column that Flink 1.20's parquet readers cannot read: one holding an ARRAY,
     * MULTISET or MAP of ROW, ARRAY, MULTISET or MAP values, at any depth (they read collections of
     * plain values only). Flink 2.0 reads them.
     *
     * @throws IllegalArgumentException naming the column and its type
     */
    public static void checkReadable(String column, LogicalType type) {
        if (holdsCollectionOfNested(type)) {
            throw new IllegalArgumentException(
                    String.format(
                            "Column '%s' of type %s cannot be read from parquet on Flink 1.20: its"
                                    + " parquet reader reads ARRAY, MULTISET and MAP values of"
                                    + " plain types only. Read it on Flink 2.0 or later, or store"
                                    + " the table as orc.",
                            column, type.asSummaryString()));
        }
    }

    private static boolean holdsCollectionOfNested(LogicalType type) {
        switch (type.getTypeRoot()) {
            case ARRAY:
            case MULTISET:
            case MAP:
                for (LogicalType child : type.getChildren()) {
                    LogicalTypeRoot root = child.getTypeRoot();
                    if (root == LogicalTypeRoot.ROW
                            || root == LogicalTypeRoot.ARRAY
                            || root == LogicalTypeRoot.MULTISET
                            || root == LogicalTypeRoot.MAP) {
                        return true;
                    }
                }
                return false;
            case ROW:
                return type.getChildren().stream()
                        .anyMatch(ParquetColumnReaders::holdsCollectionOfNested);
            default:
                return false;
        }
    }

    /** Readers of {@code read}'s columns, which {@code requested} describes in the same order. */
    public ParquetColumnReaders(RowType read, MessageType requested, boolean utcTimestamps) {
        this.read = read;
        this.requested = requested;
        this.utcTimestamps = utcTimestamps;
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
                0);
    }
}
