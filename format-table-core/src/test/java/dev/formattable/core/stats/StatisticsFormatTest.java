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

import dev.formattable.core.types.DataType;
import dev.formattable.core.types.DataTypes;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Every supported type survives the file format; no damage gets past the decoder. */
class StatisticsFormatTest {

    private static ColumnStatistics column(DataType type, Object... values) {
        ColumnStatisticsBuilder b = new ColumnStatisticsBuilder(type.typeText(), type, 12);
        Arrays.stream(values).forEach(b::add);
        return b.add(null).build();
    }

    @Test
    void everyTypeRoundTripsWithItsMinAndMax() throws Exception {
        List<ColumnStatistics> columns =
                List.of(
                        column(DataTypes.BOOLEAN(), false, true),
                        column(DataTypes.TINYINT(), (byte) -128, (byte) 127),
                        column(DataTypes.SMALLINT(), (short) -1, (short) 300),
                        column(DataTypes.INT(), Integer.MIN_VALUE, Integer.MAX_VALUE),
                        column(DataTypes.BIGINT(), Long.MIN_VALUE, Long.MAX_VALUE),
                        column(DataTypes.FLOAT(), Float.NEGATIVE_INFINITY, 0.1f),
                        column(DataTypes.DOUBLE(), -0.0, 1e300),
                        column(
                                DataTypes.DECIMAL(38, 10),
                                new BigDecimal("-1E-10"),
                                new BigDecimal("12345678901234567890.5")),
                        column(DataTypes.CHAR(3), "a b", "\u00e9t\u00e9"),
                        column(DataTypes.STRING(), "\"quoted\"\n", "\uD83D\uDE00"),
                        column(DataTypes.BINARY(2), new byte[] {0, 1}, new byte[] {-1, -1}),
                        column(DataTypes.VARBINARY(10), new byte[0], new byte[] {5}),
                        column(
                                DataTypes.DATE(),
                                LocalDate.of(-5, 1, 1),
                                LocalDate.of(9999, 12, 31)),
                        column(
                                DataTypes.TIME(3),
                                LocalTime.MIDNIGHT,
                                LocalTime.of(23, 59, 59, 999_000_000)),
                        column(
                                DataTypes.TIMESTAMP(9),
                                LocalDateTime.of(1900, 1, 1, 0, 0),
                                LocalDateTime.of(2100, 1, 1, 1, 2, 3, 123_456_789)),
                        column(
                                DataTypes.TIMESTAMP_LTZ(6),
                                Instant.ofEpochSecond(-1, 5_000),
                                Instant.ofEpochSecond(4_000_000_000L)));
        PartitionStatistics written = new PartitionStatistics(3, Fingerprint.empty(), columns);

        PartitionStatistics read = StatisticsFormat.decode(StatisticsFormat.encode(written));

        for (ColumnStatistics w : written.columns()) {
            ColumnStatistics r = read.column(w.name()).orElseThrow();
            assertThat(r.type()).as(w.name()).isEqualTo(w.type());
            assertThat(r.min().map(ColumnValues::toText))
                    .as(w.name())
                    .isEqualTo(w.min().map(ColumnValues::toText));
            assertThat(r.max().map(ColumnValues::toText))
                    .as(w.name())
                    .isEqualTo(w.max().map(ColumnValues::toText));
            assertThat(r.min().orElseThrow().getClass())
                    .isEqualTo(w.min().orElseThrow().getClass());
            assertThat(r.distinctCount()).as(w.name()).isEqualTo(2);
            assertThat(r.nullCount()).isEqualTo(1);
            assertThat(r.totalWidth()).isEqualTo(w.totalWidth());
        }
    }

    @Test
    void everyTruncationAndEveryFlippedByteIsRefused() throws IOException {
        byte[] golden = StatisticsFormatGoldenTest.resource("v1.format-table-stats");

        for (int length = 0; length < golden.length; length++) {
            byte[] cut = Arrays.copyOf(golden, length);
            assertThatThrownBy(() -> StatisticsFormat.decode(cut))
                    .as("truncated to %d bytes", length)
                    .isInstanceOf(StatisticsFormat.UnreadableException.class);
        }
        for (int i = 0; i < golden.length; i++) {
            byte[] flipped = golden.clone();
            flipped[i] ^= 0x01;
            int at = i;
            assertThatThrownBy(() -> StatisticsFormat.decode(flipped))
                    .as("byte %d flipped", at)
                    .isInstanceOf(StatisticsFormat.UnreadableException.class);
        }
    }

    @Test
    void randomBytesAreRefused() {
        SplittableRandom random = new SplittableRandom(3);
        List<byte[]> inputs = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            byte[] b = new byte[random.nextInt(1, 300)];
            random.nextBytes(b);
            inputs.add(b);
        }
        // A valid header over a body of garbage: the checksum matches, the JSON does not parse.
        inputs.add(GoldenStatistics.withValidHeader(1, "{\"rowCount\": 1, \"files\": \u0000"));
        inputs.add(GoldenStatistics.withValidHeader(1, "[]"));
        inputs.add(
                GoldenStatistics.withValidHeader(
                        1,
                        "{\"rowCount\":1,\"files\":[],\"columns\":[{\"name\":\"c\",\"type\":\"INT\",\"nullCount\":0,\"min\":\"1\",\"max\":\"1\",\"totalWidth\":4,\"maxWidth\":4,\"hll\":\"AAAA\"}]}"));
        for (byte[] input : inputs) {
            assertThatThrownBy(() -> StatisticsFormat.decode(input))
                    .isInstanceOf(StatisticsFormat.UnreadableException.class);
        }
    }
}
