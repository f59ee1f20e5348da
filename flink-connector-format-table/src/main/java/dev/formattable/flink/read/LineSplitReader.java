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

import dev.formattable.core.line.LineReader;
import dev.formattable.flink.format.line.LineDecoder;

import org.apache.flink.connector.file.src.FileSourceSplit;
import org.apache.flink.connector.file.src.reader.BulkFormat;
import org.apache.flink.connector.file.src.util.ArrayResultIterator;
import org.apache.flink.connector.file.src.util.CheckpointedPosition;
import org.apache.flink.metrics.Counter;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.columnar.vector.ColumnVector;

import javax.annotation.Nullable;

import java.io.IOException;

/**
 * Reads the rows of a line format's split: the records of its byte range ({@link LineReader}), each
 * decoded into the columns read and completed with the split's constants, in produced order (as
 * {@link ProducedColumns} arranges a columnar batch). A position is the number of rows produced
 * from the split's start, so a restored reader reads the range again and skips them.
 */
final class LineSplitReader implements BulkFormat.Reader<RowData> {

    private final FileSourceSplit split;
    private final LineReader lines;
    private final LineDecoder decoder;
    private final String malformedOption;
    private final int batchSize;
    @Nullable private final Counter dropped;

    /** Per produced column: its constant value's holder, or null where the line gives it. */
    private final ColumnVector[] constants;

    private final int width;
    private long produced;
    private long lineNumber;

    LineSplitReader(
            FileSourceSplit split,
            LineReader lines,
            LineDecoder decoder,
            long linesBefore,
            String malformedOption,
            ColumnVector[] constants,
            int decodedWidth,
            int batchSize,
            @Nullable Counter dropped,
            long skip)
            throws IOException {
        this.split = split;
        this.lines = lines;
        this.decoder = decoder;
        this.malformedOption = malformedOption;
        this.constants = constants;
        this.batchSize = batchSize;
        this.dropped = dropped;
        int fromLines = 0;
        for (ColumnVector c : constants) {
            if (c == null) {
                fromLines++;
            }
        }
        // A column decoded only to count rows comes last.
        this.width = constants.length + Math.max(0, decodedWidth - fromLines);
        // Lines already taken from the reader (a header), for the line numbers in messages.
        this.lineNumber = linesBefore;
        for (long i = 0; i < skip; i++) {
            if (nextRow() == null) {
                break;
            }
        }
    }

    @Nullable
    @Override
    public BulkFormat.RecordIterator<RowData> readBatch() throws IOException {
        RowData[] rows = new RowData[batchSize];
        int n = 0;
        long before = produced;
        RowData row;
        while (n < batchSize && (row = nextRow()) != null) {
            rows[n++] = row;
        }
        if (n == 0) {
            return null;
        }
        ArrayResultIterator<RowData> batch = new ArrayResultIterator<>();
        batch.set(rows, n, CheckpointedPosition.NO_OFFSET, before);
        return batch;
    }

    @Nullable
    private RowData nextRow() throws IOException {
        while (true) {
            byte[] line = lines.next();
            if (line == null) {
                return null;
            }
            lineNumber++;
            RowData decoded;
            try {
                decoded = decoder.decode(line, lines.length());
            } catch (LineDecoder.MalformedLineException e) {
                throw new IOException(
                        String.format(
                                "Cannot read %s of data file %s under %s: %s",
                                where(), split.path(), malformedOption, e.getMessage()),
                        e);
            }
            if (decoded == null) {
                if (dropped != null) {
                    dropped.inc();
                }
                continue;
            }
            produced++;
            return arrange(decoded);
        }
    }

    private String where() {
        if (split.offset() == 0) {
            return "line " + lineNumber;
        }
        return String.format(
                "the line at byte %d (line %d of the range from byte %d)",
                lines.recordStart(), lineNumber, split.offset());
    }

    private RowData arrange(RowData decoded) {
        GenericRowData row = new GenericRowData(width);
        GenericRowData from = (GenericRowData) decoded;
        int next = 0;
        for (int i = 0; i < constants.length; i++) {
            row.setField(
                    i,
                    constants[i] != null
                            ? ((ConstantColumnVector) constants[i]).value()
                            : from.getField(next++));
        }
        if (width > constants.length) {
            row.setField(constants.length, from.getField(next));
        }
        return row;
    }

    @Override
    public void close() throws IOException {
        lines.close();
    }
}
