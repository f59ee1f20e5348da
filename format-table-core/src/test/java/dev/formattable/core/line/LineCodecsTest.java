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
import dev.formattable.core.table.DataFilePathFactory;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Arrays;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/** Each compression of the line formats, through the codecs Paimon uses. */
class LineCodecsTest {

    @ParameterizedTest
    @EnumSource(LineCompression.class)
    void whatIsCompressedDecompressesAndTheStreamBelowStaysOpen(LineCompression compression)
            throws IOException {
        byte[] data = new byte[300_000];
        Random random = new Random(7);
        for (int i = 0; i < data.length; i++) {
            data[i] = (byte) ('a' + random.nextInt(6));
        }
        ClosedCheck target = new ClosedCheck();
        try (OutputStream out = LineCodecs.compress(target, compression)) {
            out.write(data, 0, 1000);
            out.write(data, 1000, data.length - 1000);
        }
        assertThat(target.closed).isFalse();
        byte[] written = target.toByteArray();

        byte[] read;
        try (InputStream in =
                LineCodecs.decompress(new ByteArrayInputStream(written), compression)) {
            read = in.readAllBytes();
        }
        assertThat(read).isEqualTo(data);
        if (compression != LineCompression.NONE) {
            assertThat(written.length).isLessThan(data.length);
        }
    }

    @Test
    void theStandardFormatsStartAsTheirOwnToolsExpect() throws IOException {
        assertThat(head(LineCompression.GZIP)).startsWith((byte) 0x1f, (byte) 0x8b);
        assertThat(head(LineCompression.BZIP2)).startsWith((byte) 'B', (byte) 'Z', (byte) 'h');
        // zlib, as Hadoop's deflate codec and Paimon write it.
        assertThat(head(LineCompression.DEFLATE)).startsWith((byte) 0x78);
        assertThat(head(LineCompression.ZSTD))
                .startsWith((byte) 0x28, (byte) 0xb5, (byte) 0x2f, (byte) 0xfd);
    }

    @Test
    void aFileIsNamedAndFoundByItsCompression() {
        for (LineCompression c : LineCompression.values()) {
            String name = "data-1-0.csv" + (c.suffix().isEmpty() ? "" : "." + c.suffix());
            assertThat(LineCompression.ofFileName(name)).isEqualTo(c);
        }
        assertThat(LineCompression.ofFileName("part-0000")).isEqualTo(LineCompression.NONE);
        // A staged file, as compaction reads it before it is published: by its target's name.
        assertThat(
                        DataFilePathFactory.targetNameOfStaged(
                                ".data-1-0.csv.gz.job-0-0-3.0b1e2c6a-5d1f-4c8e-9a7b-1c2d3e4f5a6b.tmp"))
                .hasValue("data-1-0.csv.gz");
        assertThat(DataFilePathFactory.targetNameOfStaged("data-1-0.csv.gz")).isEmpty();
        assertThat(LineCompression.ofFileName("data.json.unknown")).isEqualTo(LineCompression.NONE);
    }

    private static byte[] head(LineCompression compression) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (OutputStream c = LineCodecs.compress(out, compression)) {
            c.write("some text\n".getBytes(java.nio.charset.StandardCharsets.UTF_8));
        }
        return Arrays.copyOf(out.toByteArray(), 4);
    }

    private static final class ClosedCheck extends ByteArrayOutputStream {
        boolean closed;

        @Override
        public void close() {
            closed = true;
        }
    }
}
