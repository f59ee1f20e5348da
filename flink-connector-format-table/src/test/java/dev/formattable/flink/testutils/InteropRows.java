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
package dev.formattable.flink.testutils;

import org.apache.flink.types.Row;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Collectors;

/**
 * Seeded random rows over eight columns of common types, with NULLs in every column, for interop
 * tests with other engines. The last two columns, {@code dt DATE} and {@code h INT}, are the
 * partition keys of partitioned cases.
 */
public final class InteropRows {

    /** The columns, in Flink SQL. Partition columns come last. */
    public static final String COLUMNS =
            "id INT, name STRING, big BIGINT, score DOUBLE, amount DECIMAL(10, 2),"
                    + " ts TIMESTAMP(3), dt DATE, h INT";

    /** The first day of the rows: 19723 days after the epoch. */
    public static final LocalDate FIRST_DAY = LocalDate.of(2024, 1, 1);

    private static final int ROWS = 60;
    private static final DateTimeFormatter TS =
            DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSS");

    private InteropRows() {}

    /**
     * Random rows. The first rows pin the partitions that assertions name: both keys NULL, and the
     * first day with a NULL hour.
     */
    public static List<Row> random(Random random) {
        List<Row> rows = new ArrayList<>(ROWS);
        for (int id = 0; id < ROWS; id++) {
            LocalDate dt =
                    id == 0 || random.nextInt(6) == 0
                            ? null
                            : FIRST_DAY.plusDays(id == 1 ? 0 : random.nextInt(3));
            Integer h = id <= 1 || random.nextInt(6) == 0 ? null : random.nextInt(3);
            rows.add(
                    Row.of(
                            id,
                            random.nextInt(8) == 0 ? null : name(random),
                            random.nextInt(8) == 0 ? null : random.nextLong(),
                            random.nextInt(8) == 0 ? null : (random.nextInt(80_001) - 40_000) / 8.0,
                            random.nextInt(8) == 0
                                    ? null
                                    : BigDecimal.valueOf(random.nextInt(2_000_001) - 1_000_000, 2),
                            random.nextInt(8) == 0
                                    ? null
                                    : FIRST_DAY
                                            .atStartOfDay()
                                            .plusSeconds(random.nextInt(30 * 24 * 3600))
                                            .plusNanos(random.nextInt(1000) * 1_000_000L),
                            dt,
                            h));
        }
        return rows;
    }

    private static String name(Random random) {
        StringBuilder name = new StringBuilder();
        int length = 1 + random.nextInt(10);
        for (int i = 0; i < length; i++) {
            name.append((char) ('a' + random.nextInt(26)));
        }
        return name.toString();
    }

    /** The rows as a SQL VALUES list, every value typed, NULLs included. */
    public static String sqlValues(List<Row> rows) {
        return rows.stream().map(InteropRows::sqlRow).collect(Collectors.joining(", "));
    }

    private static String sqlRow(Row r) {
        LocalDateTime ts = (LocalDateTime) r.getField(5);
        return "("
                + r.getField(0)
                + ", "
                + literal(r.getField(1), "'%s'", "STRING")
                + ", "
                + literal(r.getField(2), "CAST(%s AS BIGINT)", "BIGINT")
                + ", "
                + literal(r.getField(3), "CAST(%s AS DOUBLE)", "DOUBLE")
                + ", "
                + literal(r.getField(4), "CAST(%s AS DECIMAL(10, 2))", "DECIMAL(10, 2)")
                + ", "
                + literal(ts == null ? null : TS.format(ts), "TIMESTAMP '%s'", "TIMESTAMP(3)")
                + ", "
                + literal(r.getField(6), "DATE '%s'", "DATE")
                + ", "
                + literal(r.getField(7), "%s", "INT")
                + ")";
    }

    private static String literal(Object value, String pattern, String type) {
        return value == null ? "CAST(NULL AS " + type + ")" : String.format(pattern, value);
    }
}
