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

import dev.formattable.core.line.LineCodecs;
import dev.formattable.core.line.LineReader;
import dev.formattable.core.options.FileFormat;
import dev.formattable.core.options.LineCompression;
import dev.formattable.core.options.LineFormatOptions;
import dev.formattable.core.options.TableOptions;
import dev.formattable.core.table.DataFilePathFactory;
import dev.formattable.flink.format.line.LineDecoder;
import dev.formattable.flink.format.line.LineFormat;

import org.apache.flink.connector.file.src.FileSourceSplit;
import org.apache.flink.connector.file.src.reader.BulkFormat;
import org.apache.flink.core.fs.FSDataInputStream;
import org.apache.flink.metrics.Counter;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.types.logical.LogicalType;

import javax.annotation.Nullable;

import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.Map;

/**
 * A file of a line format, opened for one split; compressed files (by their names' suffix) are read
 * whole, from their first byte.
 */
final class OpenLineFile implements FileReaders.OpenFile {
    private final LineFormat format;
    private final ReadSpec spec;
    private final FSDataInputStream in;
    @Nullable private final Counter dropped;

    OpenLineFile(FileSourceSplit split, LineFormat format, ReadSpec spec, @Nullable Counter dropped)
            throws IOException {
        this.format = format;
        this.spec = spec;
        this.dropped = dropped;
        this.in = split.path().getFileSystem().open(split.path());
    }

    @Override
    public Map<String, LogicalType> columnTypes() {
        // The lines carry no types: values are read at the table's.
        return Map.of();
    }

    @Override
    public BulkFormat.Reader<RowData> reader(SplitRead request) throws IOException {
        FileSourceSplit split = request.split();
        // A staged file (compaction reads them before they are published) by its target's name.
        String name = split.path().getName();
        LineCompression compression =
                LineCompression.ofFileName(
                        DataFilePathFactory.targetNameOfStaged(name).orElse(name));
        byte[] delimiter = format.readDelimiter();
        long start = split.offset();
        long end =
                start + split.length() >= split.fileSize()
                        ? Long.MAX_VALUE
                        : start + split.length();
        InputStream stream;
        if (compression == LineCompression.NONE) {
            in.seek(start);
            stream = in;
        } else {
            if (start != 0) {
                throw new IOException(
                        String.format(
                                "Data file %s is compressed (%s) and cannot be read from byte"
                                        + " %d",
                                split.path(), compression.optionValue(), start));
            }
            stream = LineCodecs.decompress(in, compression);
            end = Long.MAX_VALUE;
        }
        long skip =
                request.restore()
                        ? split.getReaderPosition().orElseThrow().getRecordsAfterOffset()
                        : 0;
        LineReader lines = new LineReader(stream, start, end, delimiter, format.quoting());
        try {
            LineDecoder decoder = format.decoder(spec.fileFields());
            if (format.header()) {
                // The range at the file's start reads the header; the others look it up.
                List<String> header = start == 0 ? header(lines, split) : header(split, delimiter);
                if (header != null) {
                    decoder = format.decoder(spec.fileFields(), header);
                }
            }
            return new LineSplitReader(
                    split,
                    lines,
                    decoder,
                    start == 0 && format.header() ? 1 : 0,
                    malformedOption(),
                    request.constants(),
                    spec.fileFields().length,
                    spec.batchSize,
                    dropped,
                    skip);
        } catch (IOException | RuntimeException e) {
            lines.close();
            throw e;
        }
    }

    /**
     * The names the first line holds, consumed from {@code lines}; null for an empty file or a line
     * that is not csv.
     */
    @Nullable
    private List<String> header(LineReader lines, FileSourceSplit split) throws IOException {
        byte[] line = lines.next();
        if (line == null) {
            return null;
        }
        try {
            return format.headerNames(line, lines.length());
        } catch (IOException | RuntimeException e) {
            // Not a line of names: skipped as Paimon skips it, the columns read by position.
            return null;
        }
    }

    /** The header of a split's file read from the file's start, for a range that starts later. */
    @Nullable
    private List<String> header(FileSourceSplit split, byte[] delimiter) throws IOException {
        try (LineReader first =
                new LineReader(
                        split.path().getFileSystem().open(split.path()),
                        0,
                        0,
                        delimiter,
                        format.quoting())) {
            return header(first, split);
        }
    }

    private String malformedOption() {
        TableOptions o = spec.table.options();
        return format.format() == FileFormat.JSON
                ? String.format(
                        "'%s'='%s'",
                        o.options().keyInUse(LineFormatOptions.JSON_IGNORE_PARSE_ERRORS),
                        o.get(LineFormatOptions.JSON_IGNORE_PARSE_ERRORS))
                : String.format(
                        "'%s'='%s'",
                        o.options().keyInUse(LineFormatOptions.CSV_MODE),
                        o.get(LineFormatOptions.CSV_MODE));
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
