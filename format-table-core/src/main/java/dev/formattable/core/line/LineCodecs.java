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
package dev.formattable.core.line;

import dev.formattable.core.options.LineCompression;

import com.github.luben.zstd.ZstdInputStream;
import com.github.luben.zstd.ZstdOutputStream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.compress.BZip2Codec;
import org.apache.hadoop.io.compress.CompressionCodec;
import org.apache.hadoop.io.compress.DeflateCodec;
import org.apache.hadoop.io.compress.GzipCodec;
import org.apache.hadoop.io.compress.Lz4Codec;
import org.apache.hadoop.io.compress.SnappyCodec;
import org.apache.hadoop.util.ReflectionUtils;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;

/**
 * The streams of the line formats' compressions, with the codecs Paimon uses: Hadoop's, so gzip and
 * bzip2 are the standard formats, deflate is zlib's and snappy and lz4 are Hadoop's block framing.
 * Hadoop's zstd codec needs Hadoop's native library, so zstd is written and read with zstd-jni,
 * whose frames are the standard ones Hadoop's codec also reads.
 */
public final class LineCodecs {

    private LineCodecs() {}

    /**
     * A stream compressing into {@code out}. Closing it writes the compression's end and leaves
     * {@code out} open.
     */
    public static OutputStream compress(OutputStream out, LineCompression compression)
            throws IOException {
        OutputStream kept = new KeepOpen(out);
        switch (compression) {
            case NONE:
                return kept;
            case ZSTD:
                return new ZstdOutputStream(kept);
            default:
                return codec(compression).createOutputStream(kept);
        }
    }

    /** A stream decompressing {@code in}; closing it closes {@code in}. */
    public static InputStream decompress(InputStream in, LineCompression compression)
            throws IOException {
        switch (compression) {
            case NONE:
                return in;
            case ZSTD:
                return new ZstdInputStream(in);
            default:
                return codec(compression).createInputStream(in);
        }
    }

    private static CompressionCodec codec(LineCompression compression) {
        Class<? extends CompressionCodec> type;
        switch (compression) {
            case GZIP:
                type = GzipCodec.class;
                break;
            case BZIP2:
                type = BZip2Codec.class;
                break;
            case DEFLATE:
                type = DeflateCodec.class;
                break;
            case SNAPPY:
                type = SnappyCodec.class;
                break;
            case LZ4:
                type = Lz4Codec.class;
                break;
            default:
                throw new IllegalArgumentException("No Hadoop codec for " + compression);
        }
        // No configuration files: the codecs' defaults, the same on every machine.
        return ReflectionUtils.newInstance(type, new Configuration(false));
    }

    /** Leaves the stream below open when closed, so a codec's close only ends its stream. */
    private static final class KeepOpen extends FilterOutputStream {
        KeepOpen(OutputStream out) {
            super(out);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            out.write(b, off, len);
        }

        @Override
        public void close() throws IOException {
            out.flush();
        }
    }
}
