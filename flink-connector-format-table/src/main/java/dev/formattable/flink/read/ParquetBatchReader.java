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

import dev.formattable.flink.internal.ParquetColumnReaders;

import org.apache.flink.connector.file.src.reader.BulkFormat;
import org.apache.flink.connector.file.src.util.CheckpointedPosition;
import org.apache.flink.connector.file.src.util.MutableRecordAndPosition;
import org.apache.flink.connector.file.src.util.Pool;
import org.apache.flink.connector.file.src.util.RecordAndPosition;
import org.apache.flink.formats.parquet.utils.ParquetSchemaConverter;
import org.apache.flink.formats.parquet.vector.ParquetDecimalVector;
import org.apache.flink.formats.parquet.vector.ParquetSplitReaderUtil;
import org.apache.flink.formats.parquet.vector.reader.ColumnReader;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.columnar.ColumnarRowData;
import org.apache.flink.table.data.columnar.vector.ColumnVector;
import org.apache.flink.table.data.columnar.vector.VectorizedColumnBatch;
import org.apache.flink.table.data.columnar.vector.writable.WritableColumnVector;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.LogicalTypeRoot;
import org.apache.flink.table.types.logical.RowType;

import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.Type;
import org.apache.parquet.schema.Types;

import javax.annotation.Nullable;

import java.io.IOException;
import java.util.List;

/**
 * The rows of one parquet split, decoded by Flink's vectorized column readers from a {@link
 * ParquetFileReader} that is already open: the footer that reader read is the only one read for the
 * split. Flink's own {@code ParquetVectorizedInputFormat} opens the file after asking for its
 * status, and builds parquet's read options from a new Hadoop configuration, parsing Hadoop's
 * configuration files for every split; the columns, readers and vectors here are Flink's.
 *
 * <p>Batches hold the decoded columns and the split's constant columns in produced order ({@link
 * ProducedColumns}), and are as large as the split's rows need, up to the batch size.
 */
final class ParquetBatchReader implements BulkFormat.Reader<RowData> {

    private final ParquetFileReader file;
    private final List<BlockMetaData> blocks;
    private final boolean[] keep;
    private final MessageType requested;
    private final LogicalType[] types;
    private final boolean[] missing;
    private final ParquetColumnReaders columnReaders;
    private final long totalRows;
    private final Pool<Batch> pool;

    @Nullable private ColumnReader<WritableColumnVector>[] readers;
    private int nextBlock;
    private long returned;
    private long loaded;
    private long toSkip;

    /**
     * Reads {@code read}'s columns of the open {@code file} (whose footer limits it to the split's
     * row groups), each at the type given, a column the file lacks as NULLs; of the file's row
     * groups, those {@code keep} says.
     */
    ParquetBatchReader(
            ParquetFileReader file,
            boolean[] keep,
            RowType read,
            ColumnVector[] constants,
            int batchSize,
            int batches,
            boolean utcTimestamps,
            Configuration conf) {
        this.file = file;
        this.blocks = file.getRowGroups();
        this.keep = keep.clone();
        this.types = read.getChildren().toArray(new LogicalType[0]);
        MessageType fileSchema = file.getFooter().getFileMetaData().getSchema();
        this.missing = new boolean[types.length];
        Type[] requestedTypes = new Type[types.length];
        for (int i = 0; i < types.length; i++) {
            String name = read.getFieldNames().get(i);
            if (fileSchema.containsField(name)) {
                requestedTypes[i] = fileSchema.getType(name);
            } else {
                // NULLs of the column's type; a NOT NULL column is refused by the caller.
                missing[i] = true;
                requestedTypes[i] =
                        ParquetSchemaConverter.convertToParquetType(
                                name, types[i].copy(true), conf);
            }
        }
        this.requested = Types.buildMessage().addFields(requestedTypes).named("format-table");
        file.setRequestedSchema(requested);
        long rows = 0;
        for (int b = 0; b < blocks.size(); b++) {
            rows += keep[b] ? blocks.get(b).getRowCount() : 0;
        }
        this.totalRows = rows;
        this.columnReaders = new ParquetColumnReaders(read, requested, utcTimestamps);
        int capacity = (int) Math.max(1, Math.min(batchSize, totalRows));
        this.pool = new Pool<>(batches);
        for (int i = 0; i < batches; i++) {
            pool.add(new Batch(capacity, constants, pool.recycler()));
        }
    }

    /** Skips the first {@code rows} rows of the split, as a restored reader must. */
    void skip(long rows) {
        long left = rows;
        for (; nextBlock < blocks.size(); nextBlock++) {
            long blockRows = blocks.get(nextBlock).getRowCount();
            if (keep[nextBlock]) {
                if (blockRows > left) {
                    break;
                }
                returned += blockRows;
                loaded += blockRows;
                left -= blockRows;
            }
            file.skipNextRowGroup();
        }
        toSkip = left;
    }

    @Nullable
    @Override
    public BulkFormat.RecordIterator<RowData> readBatch() throws IOException {
        Batch batch;
        try {
            batch = pool.pollEntry();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("Interrupted while waiting for a free batch", e);
        }
        long before = returned;
        if (!fill(batch)) {
            batch.recycle();
            return null;
        }
        batch.start(before);
        while (toSkip > 0 && batch.next() != null) {
            toSkip--;
        }
        return batch;
    }

    private boolean fill(Batch batch) throws IOException {
        for (WritableColumnVector v : batch.writable) {
            v.reset();
        }
        batch.columns.setNumRows(0);
        if (returned >= totalRows) {
            return false;
        }
        if (returned == loaded) {
            nextRowGroup();
        }
        int rows = (int) Math.min(batch.capacity, loaded - returned);
        for (int i = 0; i < readers.length; i++) {
            if (readers[i] == null) {
                batch.writable[i].fillWithNulls();
            } else {
                readers[i].readToVector(rows, batch.writable[i]);
            }
        }
        returned += rows;
        batch.columns.setNumRows(rows);
        return true;
    }

    private void nextRowGroup() throws IOException {
        for (; nextBlock < blocks.size() && !keep[nextBlock]; nextBlock++) {
            file.skipNextRowGroup();
        }
        nextBlock++;
        PageReadStore pages = file.readNextRowGroup();
        if (pages == null) {
            throw new IOException(
                    "Expected " + totalRows + " rows but the row groups ended after " + returned);
        }
        readers = newReaderArray(types.length);
        for (int i = 0; i < types.length; i++) {
            if (!missing[i]) {
                readers[i] = columnReaders.create(i, pages);
            }
        }
        loaded += pages.getRowCount();
    }

    @SuppressWarnings("unchecked")
    private static ColumnReader<WritableColumnVector>[] newReaderArray(int length) {
        return new ColumnReader[length];
    }

    @Override
    public void close() throws IOException {
        file.close();
    }

    /** Vectors to decode into, the batch that reads them in produced order, and its iterator. */
    private final class Batch implements BulkFormat.RecordIterator<RowData> {
        final int capacity;
        final WritableColumnVector[] writable;
        final VectorizedColumnBatch columns;
        private final ColumnarRowData row;
        private final MutableRecordAndPosition<RowData> position = new MutableRecordAndPosition<>();
        private final Pool.Recycler<Batch> recycler;
        private int next;

        Batch(int capacity, ColumnVector[] constants, Pool.Recycler<Batch> recycler) {
            this.capacity = capacity;
            this.recycler = recycler;
            List<Type> requestedTypes = requested.getFields();
            this.writable = new WritableColumnVector[types.length];
            ColumnVector[] readable = new ColumnVector[types.length];
            for (int i = 0; i < types.length; i++) {
                writable[i] =
                        ParquetSplitReaderUtil.createWritableColumnVector(
                                capacity,
                                types[i],
                                requestedTypes.get(i),
                                requested.getColumns(),
                                0);
                readable[i] =
                        types[i].getTypeRoot() == LogicalTypeRoot.DECIMAL
                                ? new ParquetDecimalVector(writable[i])
                                : writable[i];
            }
            this.columns = new VectorizedColumnBatch(ProducedColumns.arrange(readable, constants));
            this.row = new ColumnarRowData(columns);
        }

        /**
         * Starts handing out this batch's rows, the first being row {@code before} of the split.
         */
        void start(long before) {
            next = 0;
            position.set(null, CheckpointedPosition.NO_OFFSET, before);
        }

        @Nullable
        @Override
        public RecordAndPosition<RowData> next() {
            if (next >= columns.getNumRows()) {
                return null;
            }
            row.setRowId(next++);
            position.setNext(row);
            return position;
        }

        @Override
        public void releaseBatch() {
            recycle();
        }

        void recycle() {
            recycler.recycle(this);
        }
    }
}
