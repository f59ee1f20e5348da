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

import dev.formattable.core.fs.LocalFileIO;
import dev.formattable.core.fs.Path;
import dev.formattable.core.testutils.LogCapture;
import dev.formattable.core.types.DataTypes;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The committed version-1 file is read value by value, and this code still writes it byte for byte:
 * a change to the format breaks this test. Damaged variants and other versions read as no
 * statistics, with one warning each. Run with {@code -Dformattable.regenerate-golden=true} to
 * rewrite the files under {@code src/test/resources/stats} (only for a new format version).
 */
class StatisticsFormatGoldenTest {

    private static final java.nio.file.Path RESOURCES =
            java.nio.file.Path.of("src", "test", "resources", "stats");

    @TempDir java.nio.file.Path dir;

    static byte[] resource(String name) throws IOException {
        try (InputStream in =
                StatisticsFormatGoldenTest.class.getResourceAsStream("/stats/" + name)) {
            assertThat(in).as("resource " + name).isNotNull();
            return in.readAllBytes();
        }
    }

    @Test
    void goldenVersion1IsReadValueByValue() throws IOException {
        byte[] golden;
        if (Boolean.getBoolean("formattable.regenerate-golden")) {
            regenerate();
            // The copy on the class path is from before; read what was just written.
            golden = Files.readAllBytes(RESOURCES.resolve("v1.format-table-stats"));
        } else {
            golden = resource("v1.format-table-stats");
        }
        PartitionStatistics s = readThroughStore(golden).orElseThrow();

        assertThat(s.rowCount()).isEqualTo(100);
        assertThat(s.fingerprint()).isEqualTo(GoldenStatistics.FILES);
        assertThat(s.columns())
                .extracting(ColumnStatistics::name)
                .containsExactly(
                        "id", "name", "price", "day", "flag", "payload", "ts", "score", "nothing");

        ColumnStatistics id = s.column("id").orElseThrow();
        assertThat(id.type()).isEqualTo(DataTypes.INT());
        assertColumn(id, 100, 0, 0, 99, 400, 4);

        ColumnStatistics name = s.column("name").orElseThrow();
        assertThat(name.type()).isEqualTo(DataTypes.VARCHAR(20));
        // n1..n36 (n0 only in rows that are NULL or repeat n0 at 37, 74: rows 37 and 74 are n0).
        assertThat(name.nullCount()).isEqualTo(10);
        assertThat(name.distinctCount()).isEqualTo(37);
        assertThat(name.min()).contains("n0");
        assertThat(name.max()).contains("n9");
        assertThat(name.totalWidth()).isEqualTo(expectedNameWidth());
        assertThat(name.maxWidth()).isEqualTo(3);

        ColumnStatistics price = s.column("price").orElseThrow();
        assertThat(price.type()).isEqualTo(DataTypes.DECIMAL(10, 2));
        assertColumn(price, 100, 0, new BigDecimal("0.00"), new BigDecimal("123.75"), 800, 8);

        assertColumn(
                s.column("day").orElseThrow(),
                30,
                0,
                LocalDate.of(2024, 1, 1),
                LocalDate.of(2024, 1, 30),
                400,
                4);
        assertColumn(s.column("flag").orElseThrow(), 2, 0, false, true, 100, 1);

        ColumnStatistics payload = s.column("payload").orElseThrow();
        assertThat(payload.distinctCount()).isEqualTo(5);
        assertThat(payload.nullCount()).isZero();
        assertThat((byte[]) payload.min().orElseThrow()).isEmpty();
        assertThat((byte[]) payload.max().orElseThrow()).containsExactly(4, 4, 4, 4);
        assertThat(payload.totalWidth()).isEqualTo(20 * (0 + 1 + 2 + 3 + 4));
        assertThat(payload.maxWidth()).isEqualTo(4);

        assertColumn(
                s.column("ts").orElseThrow(),
                100,
                0,
                LocalDateTime.of(2024, 1, 1, 0, 0),
                GoldenStatistics.TS_MAX,
                800,
                8);
        // NaN is one of the 100 distinct values but not the min or max.
        assertColumn(s.column("score").orElseThrow(), 100, 0, 0.0, 24.75, 800, 8);

        ColumnStatistics nothing = s.column("nothing").orElseThrow();
        assertThat(nothing.nullCount()).isEqualTo(100);
        assertThat(nothing.distinctCount()).isZero();
        assertThat(nothing.min()).isEmpty();
        assertThat(nothing.totalWidth()).isZero();

        // The code writes these very bytes today.
        assertThat(new String(StatisticsFormat.encode(GoldenStatistics.sample()), "UTF-8"))
                .isEqualTo(new String(golden, "UTF-8"));
        // A sketch read back may serialize differently (its flags), but it estimates the same.
        assertThat(new String(StatisticsFormat.encode(s), "UTF-8"))
                .startsWith("{\"version\":1,\"length\":");
    }

    private static long expectedNameWidth() {
        long width = 0;
        for (int i = 0; i < 100; i++) {
            if (i % 10 != 0) {
                width += ("n" + (i % 37)).length();
            }
        }
        return width;
    }

    private static void assertColumn(
            ColumnStatistics c,
            long ndv,
            long nulls,
            Object min,
            Object max,
            long totalWidth,
            long maxWidth) {
        assertThat(c.distinctCount()).as(c.name() + " ndv").isEqualTo(ndv);
        assertThat(c.nullCount()).as(c.name() + " nulls").isEqualTo(nulls);
        assertThat(c.min()).as(c.name() + " min").contains(min);
        assertThat(c.max()).as(c.name() + " max").contains(max);
        assertThat(c.totalWidth()).as(c.name() + " total width").isEqualTo(totalWidth);
        assertThat(c.maxWidth()).as(c.name() + " max width").isEqualTo(maxWidth);
    }

    @ParameterizedTest
    @CsvSource({
        "v2-future.format-table-stats, format version 2 is not the version this code reads",
        "v0-older.format-table-stats, format version 0 is not the version this code reads",
        "v1-truncated.format-table-stats, bytes where the header says",
        "v1-corrupt.format-table-stats, checksum does not match",
        "v1-missing-field.format-table-stats, the field 'nullCount' is missing",
        "v1-negative-count.format-table-stats, row count must not be negative",
        "v1-too-many-nulls.format-table-stats, null count 101 > row count 100",
        "v1-wrong-width.format-table-stats, do not fit 100 values of 4 bytes",
        "empty.format-table-stats, it has no header line",
    })
    void anUntrustedFileIsNoStatisticsWithOneWarning(String file, String reason)
            throws IOException {
        byte[] bytes = resource(file);
        try (LogCapture log = LogCapture.of(StatisticsStore.class)) {
            Optional<PartitionStatistics> read = readThroughStore(bytes);

            assertThat(read).isEmpty();
            assertThat(log.warnings()).hasSize(1);
            assertThat(log.warnings().get(0)).contains(StatisticsStore.FILE_NAME).contains(reason);
        }
    }

    private Optional<PartitionStatistics> readThroughStore(byte[] bytes) throws IOException {
        java.nio.file.Path partition = Files.createTempDirectory(dir, "p");
        Files.write(partition.resolve(StatisticsStore.FILE_NAME), bytes);
        return new StatisticsStore(new LocalFileIO()).read(Path.of(partition.toString()));
    }

    private static void regenerate() throws IOException {
        byte[] golden = StatisticsFormat.encode(GoldenStatistics.sample());
        Map<String, byte[]> files =
                Map.of(
                        "v1.format-table-stats", golden,
                        "v2-future.format-table-stats", GoldenStatistics.futureVersion(),
                        "v0-older.format-table-stats", GoldenStatistics.olderVersion(golden),
                        "v1-truncated.format-table-stats", GoldenStatistics.truncated(golden),
                        "v1-corrupt.format-table-stats", GoldenStatistics.corrupt(golden),
                        "v1-missing-field.format-table-stats",
                                GoldenStatistics.missingField(golden),
                        "v1-negative-count.format-table-stats",
                                GoldenStatistics.negativeRowCount(golden),
                        "v1-too-many-nulls.format-table-stats",
                                GoldenStatistics.tooManyNulls(golden),
                        "v1-wrong-width.format-table-stats", GoldenStatistics.wrongWidth(golden),
                        "empty.format-table-stats", new byte[0]);
        Files.createDirectories(RESOURCES);
        for (Map.Entry<String, byte[]> e : files.entrySet()) {
            Files.write(RESOURCES.resolve(e.getKey()), e.getValue());
        }
    }
}
