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
package dev.formattable.core.stats;

import dev.formattable.core.stats.Fingerprint.FileEntry;
import dev.formattable.core.types.DataType;
import dev.formattable.core.types.DataTypes;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Locale;
import java.util.zip.CRC32;

/**
 * The statistics behind the golden version-1 files, from 100 rows whose values are easy to check by
 * hand, and the damaged variants derived from the golden bytes.
 */
final class GoldenStatistics {

    static final Fingerprint FILES =
            Fingerprint.of(
                    List.of(
                            new FileEntry("data-1.parquet", 1234, 1_700_000_000_000L),
                            new FileEntry("data-2.parquet", 567, 1_700_000_100_000L)));

    private GoldenStatistics() {}

    /**
     * Row i (0 to 99): id INT = i; name VARCHAR = "n" + (i % 37), NULL when i % 10 == 0; price
     * DECIMAL(10, 2) = i * 1.25; day DATE = 2024-01-01 + (i % 30) days; flag BOOLEAN = i % 3 == 0;
     * payload BYTES = i % 5 bytes of value i % 5; ts TIMESTAMP(6) = 2024-01-01T00:00 + i
     * microseconds; score DOUBLE = NaN when i == 7, else i / 4.0; nothing STRING = NULL.
     */
    static PartitionStatistics sample() {
        ColumnStatisticsBuilder id = builder("id", DataTypes.INT());
        ColumnStatisticsBuilder name = builder("name", DataTypes.VARCHAR(20));
        ColumnStatisticsBuilder price = builder("price", DataTypes.DECIMAL(10, 2));
        ColumnStatisticsBuilder day = builder("day", DataTypes.DATE());
        ColumnStatisticsBuilder flag = builder("flag", DataTypes.BOOLEAN());
        ColumnStatisticsBuilder payload = builder("payload", DataTypes.BYTES());
        ColumnStatisticsBuilder ts = builder("ts", DataTypes.TIMESTAMP(6));
        ColumnStatisticsBuilder score = builder("score", DataTypes.DOUBLE());
        ColumnStatisticsBuilder nothing = builder("nothing", DataTypes.STRING());
        LocalDate start = LocalDate.of(2024, 1, 1);
        for (int i = 0; i < 100; i++) {
            id.add(i);
            name.add(i % 10 == 0 ? null : "n" + (i % 37));
            price.add(new BigDecimal(i).multiply(new BigDecimal("1.25")));
            day.add(start.plusDays(i % 30));
            flag.add(i % 3 == 0);
            byte[] bytes = new byte[i % 5];
            java.util.Arrays.fill(bytes, (byte) (i % 5));
            payload.add(bytes);
            ts.add(start.atStartOfDay().plusNanos(i * 1000L));
            score.add(i == 7 ? Double.NaN : i / 4.0);
            nothing.add(null);
        }
        return new PartitionStatistics(
                100,
                FILES,
                List.of(
                        id.build(),
                        name.build(),
                        price.build(),
                        day.build(),
                        flag.build(),
                        payload.build(),
                        ts.build(),
                        score.build(),
                        nothing.build()));
    }

    private static ColumnStatisticsBuilder builder(String name, DataType type) {
        return new ColumnStatisticsBuilder(name, type, 12);
    }

    static final LocalDateTime TS_MAX = LocalDateTime.of(2024, 1, 1, 0, 0).plusNanos(99_000);

    // ---- damaged variants, derived from the golden bytes ----

    static String header(byte[] file) {
        String text = new String(file, StandardCharsets.UTF_8);
        return text.substring(0, text.indexOf('\n') + 1);
    }

    static String body(byte[] file) {
        String text = new String(file, StandardCharsets.UTF_8);
        return text.substring(text.indexOf('\n') + 1);
    }

    /** A file with this header version and body, length and checksum right for the body. */
    static byte[] withValidHeader(int version, String body) {
        byte[] b = body.getBytes(StandardCharsets.UTF_8);
        CRC32 crc = new CRC32();
        crc.update(b);
        String header =
                String.format(
                        Locale.ROOT,
                        "{\"version\":%d,\"length\":%d,\"crc32\":\"%08x\"}\n",
                        version,
                        b.length,
                        crc.getValue());
        return (header + body).getBytes(StandardCharsets.UTF_8);
    }

    static byte[] truncated(byte[] golden) {
        return java.util.Arrays.copyOf(golden, golden.length * 2 / 3);
    }

    /** Three bytes in the middle of the body changed, the header left as it was. */
    static byte[] corrupt(byte[] golden) {
        byte[] damaged = golden.clone();
        int middle = header(golden).length() + body(golden).length() / 2;
        for (int i = middle; i < middle + 3; i++) {
            damaged[i] = (byte) (damaged[i] ^ 0x01);
        }
        return damaged;
    }

    /** The first column's null count removed, with a checksum that matches. */
    static byte[] missingField(byte[] golden) {
        String body = body(golden).replaceFirst("\\n\\s*\"nullCount\" : 0,", "");
        return withValidHeader(1, body);
    }

    static byte[] negativeRowCount(byte[] golden) {
        return withValidHeader(
                1, body(golden).replace("\"rowCount\" : 100,", "\"rowCount\" : -5,"));
    }

    /** A null count greater than the row count. */
    static byte[] tooManyNulls(byte[] golden) {
        return withValidHeader(
                1, body(golden).replaceFirst("\"nullCount\" : 10,", "\"nullCount\" : 101,"));
    }

    /** An INT column that claims values of 5 bytes. */
    static byte[] wrongWidth(byte[] golden) {
        return withValidHeader(
                1, body(golden).replaceFirst("\"maxWidth\" : 4,", "\"maxWidth\" : 5,"));
    }

    /** What a later version might write: a header of version 2 over another body. */
    static byte[] futureVersion() {
        return withValidHeader(2, "{\"rows\":{\"count\":100},\"sketches\":\"zstd:...\"}\n");
    }

    /** Version 0 never existed; it stands for any version older than this code reads. */
    static byte[] olderVersion(byte[] golden) {
        return withValidHeader(0, body(golden));
    }
}
