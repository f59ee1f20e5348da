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
package dev.formattable.flink.format;

import dev.formattable.core.write.SizeReporting;

import org.apache.flink.api.common.serialization.BulkWriter;
import org.apache.flink.core.fs.FSDataOutputStream;
import org.apache.flink.formats.parquet.row.ParquetRowDataBuilder;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.types.logical.RowType;

import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.io.DelegatingPositionOutputStream;
import org.apache.parquet.io.OutputFile;
import org.apache.parquet.io.PositionOutputStream;

import java.io.IOException;

/**
 * Flink's parquet writer of {@code RowData} (flink-parquet's {@code ParquetRowDataBuilder}), in a
 * bulk writer that also reports what parquet buffers for the current row group, so a file rolls at
 * {@code target-file-size} rather than only when a row group is flushed.
 */
final class ParquetRowDataWriterFactory implements BulkWriter.Factory<RowData> {

    private static final long serialVersionUID = 1L;

    private final ParquetRowDataBuilder.FlinkParquetBuilder builder;

    ParquetRowDataWriterFactory(RowType rowType, Configuration conf, boolean utcTimestamp) {
        this.builder = new ParquetRowDataBuilder.FlinkParquetBuilder(rowType, conf, utcTimestamp);
    }

    @Override
    public BulkWriter<RowData> create(FSDataOutputStream out) throws IOException {
        return new Writer(builder.createWriter(new StreamFile(out)), out);
    }

    /** Parquet's writer over the stream, with the size of what it buffers. */
    private static final class Writer implements BulkWriter<RowData>, SizeReporting {
        private final ParquetWriter<RowData> writer;
        private final FSDataOutputStream out;

        Writer(ParquetWriter<RowData> writer, FSDataOutputStream out) {
            this.writer = writer;
            this.out = out;
        }

        @Override
        public void addElement(RowData row) throws IOException {
            writer.write(row);
        }

        /** A row group cannot be written part way; parquet writes it when it is full. */
        @Override
        public void flush() {}

        @Override
        public void finish() throws IOException {
            writer.close();
        }

        @Override
        public long bufferedBytes() {
            try {
                // The bytes written and those buffered for the open row group.
                return Math.max(0, writer.getDataSize() - out.getPos());
            } catch (IOException e) {
                return 0; // a position the stream cannot give: roll on row groups only
            }
        }
    }

    /**
     * The one stream a bulk writer gets, as parquet's output file. Closing parquet's stream only
     * flushes it: the caller of the bulk writer closes the file.
     */
    private static final class StreamFile implements OutputFile {
        private final FSDataOutputStream out;

        StreamFile(FSDataOutputStream out) {
            this.out = out;
        }

        @Override
        public PositionOutputStream create(long blockSizeHint) {
            return new DelegatingPositionOutputStream(out) {
                @Override
                public long getPos() throws IOException {
                    return out.getPos();
                }

                @Override
                public void close() throws IOException {
                    out.flush();
                }
            };
        }

        @Override
        public PositionOutputStream createOrOverwrite(long blockSizeHint) {
            return create(blockSizeHint);
        }

        @Override
        public boolean supportsBlockSize() {
            return false;
        }

        @Override
        public long defaultBlockSize() {
            return 0;
        }
    }
}
