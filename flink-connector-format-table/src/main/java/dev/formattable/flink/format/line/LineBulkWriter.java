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
package dev.formattable.flink.format.line;

import dev.formattable.core.line.LineCodecs;
import dev.formattable.core.options.LineCompression;
import dev.formattable.core.write.SizeReporting;

import org.apache.flink.annotation.Internal;
import org.apache.flink.api.common.serialization.BulkWriter;
import org.apache.flink.table.data.RowData;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/**
 * Writes rows as lines: each row's line then the line delimiter, through the file's compression,
 * and for csv with {@code csv.include-header} the column names first, as Paimon writes them. The
 * bytes buffered before the compression count towards the file's size.
 */
@Internal
public final class LineBulkWriter implements BulkWriter<RowData>, SizeReporting {

    private static final int BUFFER = 64 * 1024;

    private final LineEncoder encoder;
    private final byte[] delimiter;
    private final LineBreaks breaks;
    private final OutputStream compressed;
    private final Buffer out;

    private LineBulkWriter(LineFormat format, LineCompression compression, OutputStream target)
            throws IOException {
        this.encoder = format.encoder();
        this.delimiter = format.lineDelimiterBytes();
        this.breaks = LineBreaks.of(format);
        this.compressed = LineCodecs.compress(target, compression);
        this.out = new Buffer(compressed);
        if (format.header()) {
            out.write(
                    String.join(
                                    String.valueOf(format.fieldDelimiter),
                                    format.dataType.getFieldNames())
                            .getBytes(StandardCharsets.UTF_8));
            out.write(delimiter);
        }
    }

    /** A factory of writers of this format, compressed as given. */
    public static BulkWriter.Factory<RowData> factory(
            LineFormat format, LineCompression compression) {
        return stream -> new LineBulkWriter(format, compression, stream);
    }

    @Override
    public void addElement(RowData row) throws IOException {
        byte[] line = encoder.encode(row);
        if (breaks != null) {
            breaks.check(line);
        }
        out.write(line);
        out.write(delimiter);
    }

    @Override
    public void flush() throws IOException {
        out.flush();
    }

    /** Writes what is buffered and the compression's end; leaves the file's stream open. */
    @Override
    public void finish() throws IOException {
        out.flush();
        compressed.close();
    }

    @Override
    public long bufferedBytes() {
        return out.buffered();
    }

    /** A buffer that tells how much it holds. */
    private static final class Buffer extends BufferedOutputStream {
        Buffer(OutputStream out) {
            super(out, BUFFER);
        }

        int buffered() {
            return count;
        }
    }
}
