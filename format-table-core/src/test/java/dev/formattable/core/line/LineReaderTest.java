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

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.ByteArrayInputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Records cut from whole files and from byte ranges of them. */
class LineReaderTest {

    private static List<String> read(
            byte[] file, long start, long end, byte[] delimiter, LineReader.CsvQuoting quoting)
            throws IOException {
        ByteArrayInputStream in = new ByteArrayInputStream(file);
        in.skip(start);
        List<String> records = new ArrayList<>();
        try (LineReader reader = new LineReader(in, start, end, delimiter, quoting)) {
            byte[] r;
            while ((r = reader.next()) != null) {
                records.add(new String(r, 0, reader.length(), StandardCharsets.UTF_8));
            }
        }
        return records;
    }

    private static List<String> readInRanges(
            byte[] file, int rangeSize, byte[] delimiter, LineReader.CsvQuoting quoting)
            throws IOException {
        List<String> all = new ArrayList<>();
        for (long start = 0; start < file.length; start += rangeSize) {
            long end = Math.min(file.length, start + rangeSize);
            all.addAll(read(file, start, end, delimiter, quoting));
        }
        return all;
    }

    @ParameterizedTest(name = "ranges of {0} bytes")
    @ValueSource(ints = {1, 2, 3, 7, 64, 1000, 70_000})
    void everyLineIsReadOnceWhateverTheRangesAndLineBreaks(int rangeSize) throws IOException {
        Random random = new Random(rangeSize);
        List<String> lines = new ArrayList<>();
        StringBuilder file = new StringBuilder();
        String[] breaks = {"\n", "\r\n", "\r"};
        for (int i = 0; i < 3000; i++) {
            String line = i % 17 == 0 ? "" : "line-" + i + "-é".repeat(random.nextInt(4));
            lines.add(line);
            // After a '\r', a '\n' would join it: an empty line ends with '\r\n'.
            file.append(line).append(line.isEmpty() ? "\r\n" : breaks[random.nextInt(3)]);
        }
        byte[] bytes = file.toString().getBytes(StandardCharsets.UTF_8);

        assertThat(readInRanges(bytes, rangeSize, null, null)).isEqualTo(lines);
    }

    @Test
    void aDelimiterOfSeveralBytesIsMatchedExactly() throws IOException {
        byte[] delimiter = LineReader.delimiterBytes("|#|");
        String file = "a|b|#|c\n|#|#|#||#|d";

        assertThat(read(file.getBytes(StandardCharsets.UTF_8), 0, Long.MAX_VALUE, delimiter, null))
                .containsExactly("a|b", "c\n", "#", "", "d");
        assertThatThrownBy(() -> read(file.getBytes(StandardCharsets.UTF_8), 3, 9, delimiter, null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("A file whose records end with '|#|' is read whole, not from byte 3");
    }

    @Test
    void aQuotedCsvValueKeepsItsLineBreaks() throws IOException {
        LineReader.CsvQuoting csv = LineReader.CsvQuoting.of(',', '"', '\\');
        String file =
                "1,\"two\nlines\",x\r\n"
                        + "2,\"a \"\"quoted\"\"\r\nword\",y\n"
                        + "3,\"escaped \\\" quote\nand break\",z\n"
                        + "4,inch\"es,\"\"\n"
                        + "5,back\\\\slash\n";

        assertThat(read(file.getBytes(StandardCharsets.UTF_8), 0, Long.MAX_VALUE, null, csv))
                .containsExactly(
                        "1,\"two\nlines\",x",
                        "2,\"a \"\"quoted\"\"\r\nword\",y",
                        "3,\"escaped \\\" quote\nand break\",z",
                        "4,inch\"es,\"\"",
                        "5,back\\\\slash");
    }

    /**
     * The stream handing out one to three bytes per read puts a buffer's end at every place of a
     * record: inside quotes, after an escape, between a {@code \r} and its {@code \n}.
     */
    @Test
    void recordsCrossingTheEndsOfReadsAreWhole() throws IOException {
        LineReader.CsvQuoting csv = LineReader.CsvQuoting.of(',', '"', '\\');
        String file =
                "1,\"two\nlines\",x\r\n"
                        + "2,\"a \"\"quoted\"\"\r\nword\",y\r"
                        + "3,\"escaped \\\" quote\nand break\",z\n"
                        + "4,un\\\nquoted break\r\n"
                        + "5,back\\\\slash";
        List<String> expected =
                List.of(
                        "1,\"two\nlines\",x",
                        "2,\"a \"\"quoted\"\"\r\nword\",y",
                        "3,\"escaped \\\" quote\nand break\",z",
                        "4,un\\\nquoted break",
                        "5,back\\\\slash");
        byte[] bytes = file.getBytes(StandardCharsets.UTF_8);
        for (int seed = 0; seed < 20; seed++) {
            Random random = new Random(seed);
            InputStream trickle =
                    new FilterInputStream(new ByteArrayInputStream(bytes)) {
                        @Override
                        public int read(byte[] b, int off, int len) throws IOException {
                            return super.read(b, off, Math.min(len, 1 + random.nextInt(3)));
                        }
                    };
            List<String> records = new ArrayList<>();
            try (LineReader reader = new LineReader(trickle, 0, Long.MAX_VALUE, null, csv)) {
                byte[] r;
                while ((r = reader.next()) != null) {
                    records.add(new String(r, 0, reader.length(), StandardCharsets.UTF_8));
                }
            }
            assertThat(records).as("seed %d", seed).isEqualTo(expected);
        }
    }

    @Test
    void aByteOrderMarkAndAMissingLastBreakAreHandled() throws IOException {
        byte[] bom = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};
        byte[] text = "a\nb".getBytes(StandardCharsets.UTF_8);
        byte[] file = new byte[bom.length + text.length];
        System.arraycopy(bom, 0, file, 0, 3);
        System.arraycopy(text, 0, file, 3, text.length);

        assertThat(read(file, 0, Long.MAX_VALUE, null, null)).containsExactly("a", "b");
        assertThat(read(new byte[0], 0, Long.MAX_VALUE, null, null)).isEmpty();
        assertThat(read("\n".getBytes(StandardCharsets.UTF_8), 0, Long.MAX_VALUE, null, null))
                .containsExactly("");
    }

    @Test
    void aRangeReadsTheRecordStartingAtItsEndAndTheNextSkipsIt() throws IOException {
        byte[] file = "aa\nbb\ncc\n".getBytes(StandardCharsets.UTF_8);

        // "bb" starts at 3, the end of the first range.
        assertThat(read(file, 0, 3, null, null)).containsExactly("aa", "bb");
        assertThat(read(file, 3, 9, null, null)).containsExactly("cc");
    }
}
