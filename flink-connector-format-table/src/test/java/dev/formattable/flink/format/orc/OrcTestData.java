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
package dev.formattable.flink.format.orc;

import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.types.DataType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.types.Row;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * A table with a column of every type the ORC writer supports, and seeded random rows for it (nulls
 * at every level, nested types, extreme values).
 */
final class OrcTestData {

    private OrcTestData() {}

    /**
     * One column.
     *
     * @param flinkReadType the type to request from flink-orc's reader, which only knows {@code
     *     BYTES} for binary data and cannot read {@code TIMESTAMP_LTZ} or {@code TIME} at all
     *     (null)
     */
    record Column(
            String name,
            DataType type,
            DataType flinkReadType,
            Function<Random, Object> generator) {}

    static final DataType ELEMENT =
            DataTypes.ROW(
                    DataTypes.FIELD("x", DataTypes.INT()),
                    DataTypes.FIELD("y", DataTypes.STRING()),
                    DataTypes.FIELD("z", DataTypes.ARRAY(DataTypes.BIGINT())));

    static final DataType INNER =
            DataTypes.ROW(
                    DataTypes.FIELD("p", DataTypes.DATE()),
                    DataTypes.FIELD("q", DataTypes.DECIMAL(38, 10)));

    static final DataType NESTED =
            DataTypes.ROW(
                    DataTypes.FIELD("a", DataTypes.DOUBLE()),
                    DataTypes.FIELD("inner", INNER),
                    DataTypes.FIELD("tags", DataTypes.ARRAY(DataTypes.STRING())));

    static final List<Column> COLUMNS =
            List.of(
                    column("id", DataTypes.INT().notNull(), r -> 0), // replaced by the row index
                    column("b", DataTypes.BOOLEAN(), Random::nextBoolean),
                    column("ti", DataTypes.TINYINT(), r -> (byte) r.nextInt()),
                    column("si", DataTypes.SMALLINT(), r -> (short) r.nextInt()),
                    column("i", DataTypes.INT(), Random::nextInt),
                    column("bi", DataTypes.BIGINT(), Random::nextLong),
                    column("f", DataTypes.FLOAT(), OrcTestData::randomFloat),
                    column("d", DataTypes.DOUBLE(), OrcTestData::randomDouble),
                    column("dec10_2", DataTypes.DECIMAL(10, 2), r -> randomDecimal(r, 10, 2)),
                    column("dec18_4", DataTypes.DECIMAL(18, 4), r -> randomDecimal(r, 18, 4)),
                    column("dec38_10", DataTypes.DECIMAL(38, 10), r -> randomDecimal(r, 38, 10)),
                    column("ch", DataTypes.CHAR(5), r -> randomBmp(r, 5)),
                    column("vc", DataTypes.VARCHAR(20), r -> randomBmp(r, r.nextInt(21))),
                    column("MixedCase_Str", DataTypes.STRING(), r -> randomText(r, 40)),
                    new Column(
                            "bin", DataTypes.BINARY(4), DataTypes.BYTES(), r -> randomBytes(r, 4)),
                    new Column(
                            "vbin",
                            DataTypes.VARBINARY(10),
                            DataTypes.BYTES(),
                            r -> randomBytes(r, r.nextInt(11))),
                    column("bytes", DataTypes.BYTES(), r -> randomBytes(r, r.nextInt(50))),
                    column("dt", DataTypes.DATE(), OrcTestData::randomDate),
                    column("ts3", DataTypes.TIMESTAMP(3), r -> randomDateTime(r, 1_000_000)),
                    column("ts9", DataTypes.TIMESTAMP(9), r -> randomDateTime(r, 1)),
                    new Column("ltz", DataTypes.TIMESTAMP_LTZ(6), null, OrcTestData::randomInstant),
                    new Column("tm", DataTypes.TIME(3), null, OrcTestData::randomTime),
                    column("arr", DataTypes.ARRAY(ELEMENT), OrcTestData::randomElements),
                    column(
                            "m",
                            DataTypes.MAP(DataTypes.STRING(), DataTypes.INT()),
                            OrcTestData::randomMap),
                    column("nested", NESTED, OrcTestData::randomNested));

    private static Column column(String name, DataType type, Function<Random, Object> generator) {
        return new Column(name, type, type, generator);
    }

    static List<String> names() {
        return COLUMNS.stream().map(Column::name).collect(Collectors.toList());
    }

    /** The table's type, as written. */
    static DataType dataType() {
        return DataTypes.ROW(
                COLUMNS.stream()
                        .map(c -> DataTypes.FIELD(c.name(), c.type()))
                        .toArray(DataTypes.Field[]::new));
    }

    static RowType rowType() {
        return (RowType) dataType().getLogicalType();
    }

    /** The columns flink-orc can read, as it can read them. */
    static DataType flinkReadableType() {
        return DataTypes.ROW(
                COLUMNS.stream()
                        .filter(c -> c.flinkReadType() != null)
                        .map(c -> DataTypes.FIELD(c.name(), c.flinkReadType()))
                        .toArray(DataTypes.Field[]::new));
    }

    /** The positions (in {@link #COLUMNS}) of the columns flink-orc can read. */
    static int[] flinkReadablePositions() {
        return java.util.stream.IntStream.range(0, COLUMNS.size())
                .filter(i -> COLUMNS.get(i).flinkReadType() != null)
                .toArray();
    }

    static int position(String name) {
        return names().indexOf(name);
    }

    /** A row holding only some columns of a full row. */
    static Row project(Row row, int[] positions) {
        Row projected = new Row(positions.length);
        for (int i = 0; i < positions.length; i++) {
            projected.setField(i, row.getField(positions[i]));
        }
        return projected;
    }

    /**
     * Two rows of extreme values and one of nulls, then random rows; the first field is the row's
     * index.
     */
    static List<Row> rows(long seed, int count) {
        List<Row> rows = new ArrayList<>(count);
        rows.add(lowRow());
        rows.add(highRow());
        Row nulls = new Row(COLUMNS.size());
        nulls.setField(0, 2);
        rows.add(nulls);
        Random random = new Random(seed);
        for (int index = rows.size(); index < count; index++) {
            Row row = new Row(COLUMNS.size());
            row.setField(0, index);
            for (int c = 1; c < COLUMNS.size(); c++) {
                row.setField(c, orNull(random, COLUMNS.get(c).generator()));
            }
            rows.add(row);
        }
        return rows;
    }

    private static Row lowRow() {
        return Row.of(
                0,
                false,
                Byte.MIN_VALUE,
                Short.MIN_VALUE,
                Integer.MIN_VALUE,
                Long.MIN_VALUE,
                -0.0f,
                Double.NEGATIVE_INFINITY,
                new BigDecimal("-99999999.99"),
                new BigDecimal("-99999999999999.9999"),
                new BigDecimal("-9999999999999999999999999999.9999999999"),
                "ab中éZ",
                "",
                "😀 emoji and tab\t",
                new byte[] {0, -1, 127, -128},
                new byte[0],
                new byte[0],
                LocalDate.of(1, 1, 1), // day -719162
                LocalDateTime.parse("1900-01-01T00:00:00.001"),
                // Before the epoch with nanoseconds: a negative second and a positive nano part.
                LocalDateTime.parse("1969-12-31T23:59:58.000000001"),
                Instant.parse("1969-12-31T23:59:58.000001Z"),
                LocalTime.MIDNIGHT,
                new Row[0],
                new HashMap<String, Integer>(),
                Row.of(null, Row.of(null, null), new String[0]));
    }

    private static Row highRow() {
        Map<String, Integer> map = new HashMap<>();
        map.put("", Integer.MAX_VALUE);
        map.put("null value", null);
        return Row.of(
                1,
                true,
                Byte.MAX_VALUE,
                Short.MAX_VALUE,
                Integer.MAX_VALUE,
                Long.MAX_VALUE,
                Float.NaN,
                Double.MAX_VALUE,
                new BigDecimal("99999999.99"),
                new BigDecimal("99999999999999.9999"),
                new BigDecimal("9999999999999999999999999999.9999999999"),
                "  ab5", // leading blanks stay; ORC's reader drops trailing ones of a CHAR
                "twenty characters 20",
                "",
                new byte[] {1, 2, 3, 4},
                new byte[] {9, 8, 7, 6, 5, 4, 3, 2, 1, 0},
                new byte[] {42},
                LocalDate.of(9999, 12, 31),
                LocalDateTime.parse("2100-01-01T00:00:00"),
                LocalDateTime.parse("9999-12-31T23:59:59.999999999"),
                Instant.parse("9999-12-31T23:59:59.999999Z"),
                LocalTime.parse("23:59:59.999"),
                new Row[] {null, Row.of(null, null, null), Row.of(7, "x", new Long[] {null, 1L})},
                map,
                Row.of(
                        Double.NaN,
                        Row.of(LocalDate.of(-1, 6, 15), new BigDecimal("0.0000000001")),
                        new String[] {null, "", "t"}));
    }

    private static Object orNull(Random random, Function<Random, Object> generator) {
        return random.nextInt(10) == 0 ? null : generator.apply(random);
    }

    private static float randomFloat(Random r) {
        switch (r.nextInt(20)) {
            case 0:
                return Float.NaN;
            case 1:
                return Float.NEGATIVE_INFINITY;
            case 2:
                return -0.0f;
            case 3:
                return Float.MIN_VALUE;
            default:
                return (r.nextFloat() - 0.5f) * (float) Math.pow(10, r.nextInt(30) - 10);
        }
    }

    private static double randomDouble(Random r) {
        switch (r.nextInt(20)) {
            case 0:
                return Double.NaN;
            case 1:
                return Double.POSITIVE_INFINITY;
            case 2:
                return -Double.MIN_VALUE;
            default:
                return (r.nextDouble() - 0.5) * Math.pow(10, r.nextInt(200) - 100);
        }
    }

    /** Up to {@code precision} digits, of which {@code scale} after the point, either sign. */
    static BigDecimal randomDecimal(Random r, int precision, int scale) {
        BigInteger bound = BigInteger.TEN.pow(1 + r.nextInt(precision));
        BigInteger unscaled = new BigInteger(bound.bitLength() + 8, r).mod(bound);
        return new BigDecimal(r.nextBoolean() ? unscaled : unscaled.negate(), scale);
    }

    /** Exactly {@code length} characters of the basic multilingual plane, none a space. */
    static String randomBmp(Random r, int length) {
        StringBuilder text = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            switch (r.nextInt(4)) {
                case 0:
                    text.append((char) ('a' + r.nextInt(26)));
                    break;
                case 1:
                    text.append((char) ('À' + r.nextInt(64))); // two UTF-8 bytes
                    break;
                case 2:
                    text.append((char) ('一' + r.nextInt(20_000))); // three UTF-8 bytes
                    break;
                default:
                    text.append((char) ('0' + r.nextInt(10)));
            }
        }
        return text.toString();
    }

    /** Any text: up to {@code maxCodePoints} code points, some outside the BMP, some blanks. */
    static String randomText(Random r, int maxCodePoints) {
        int length = r.nextInt(maxCodePoints + 1);
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < length; i++) {
            switch (r.nextInt(5)) {
                case 0:
                    text.appendCodePoint(0x1F600 + r.nextInt(80)); // four UTF-8 bytes
                    break;
                case 1:
                    text.append(' ');
                    break;
                default:
                    text.append(randomBmp(r, 1));
            }
        }
        return text.toString();
    }

    static byte[] randomBytes(Random r, int length) {
        byte[] bytes = new byte[length];
        r.nextBytes(bytes);
        return bytes;
    }

    /** Any day from 0001-01-01 to 9999-12-31: most are before the epoch (negative). */
    static LocalDate randomDate(Random r) {
        long first = LocalDate.of(1, 1, 1).toEpochDay();
        long last = LocalDate.of(9999, 12, 31).toEpochDay();
        return LocalDate.ofEpochDay(first + (long) (r.nextDouble() * (last - first + 1)));
    }

    /**
     * A time from 1900 to 2100 (about a third before the epoch), the nanoseconds a multiple of
     * {@code nanoStep}.
     */
    static LocalDateTime randomDateTime(Random r, int nanoStep) {
        long first = LocalDateTime.parse("1900-01-01T00:00:00").toEpochSecond(ZoneOffset.UTC);
        long last = LocalDateTime.parse("2100-01-01T00:00:00").toEpochSecond(ZoneOffset.UTC);
        long second = first + (long) (r.nextDouble() * (last - first));
        int nanos = r.nextInt(1_000_000_000 / nanoStep) * nanoStep;
        return LocalDateTime.ofEpochSecond(second, nanos, ZoneOffset.UTC);
    }

    static Instant randomInstant(Random r) {
        return randomDateTime(r, 1_000).toInstant(ZoneOffset.UTC);
    }

    static LocalTime randomTime(Random r) {
        return LocalTime.ofNanoOfDay(r.nextInt(86_400_000) * 1_000_000L);
    }

    private static Row[] randomElements(Random r) {
        Row[] elements = new Row[r.nextInt(5)];
        for (int i = 0; i < elements.length; i++) {
            if (r.nextInt(8) != 0) {
                Long[] z = null;
                if (r.nextInt(6) != 0) {
                    z = new Long[r.nextInt(4)];
                    for (int k = 0; k < z.length; k++) {
                        z[k] = r.nextInt(7) == 0 ? null : r.nextLong();
                    }
                }
                elements[i] =
                        Row.of(
                                r.nextInt(6) == 0 ? null : r.nextInt(),
                                r.nextInt(6) == 0 ? null : randomText(r, 8),
                                z);
            }
        }
        return elements;
    }

    private static Map<String, Integer> randomMap(Random r) {
        Map<String, Integer> map = new HashMap<>();
        int size = r.nextInt(5);
        for (int i = 0; i < size; i++) {
            map.put("k" + r.nextInt(100), r.nextInt(6) == 0 ? null : r.nextInt());
        }
        return map;
    }

    private static Row randomNested(Random r) {
        Row inner =
                r.nextInt(6) == 0
                        ? null
                        : Row.of(
                                r.nextInt(6) == 0 ? null : randomDate(r),
                                r.nextInt(6) == 0 ? null : randomDecimal(r, 38, 10));
        String[] tags = null;
        if (r.nextInt(6) != 0) {
            tags = new String[r.nextInt(4)];
            for (int i = 0; i < tags.length; i++) {
                tags[i] = r.nextInt(5) == 0 ? null : randomText(r, 6);
            }
        }
        return Row.of(r.nextInt(6) == 0 ? null : r.nextDouble(), inner, tags);
    }
}
