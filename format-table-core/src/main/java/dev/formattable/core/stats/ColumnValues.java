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

import org.apache.datasketches.hll.HllSketch;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.Base64;

/**
 * What statistics need to know of a column type: the Java class of its values, their width, their
 * order, how they feed a sketch and how a min or max is written as text.
 *
 * <p>One Java class per type: BOOLEAN {@code Boolean}, TINYINT {@code Byte}, SMALLINT {@code
 * Short}, INT {@code Integer}, BIGINT {@code Long}, FLOAT {@code Float}, DOUBLE {@code Double},
 * DECIMAL {@code BigDecimal}, CHAR/VARCHAR {@code String}, BINARY/VARBINARY {@code byte[]}, DATE
 * {@code LocalDate}, TIME {@code LocalTime}, TIMESTAMP {@code LocalDateTime} and TIMESTAMP_LTZ
 * {@code Instant}. Nested types (ARRAY, MAP, MULTISET, ROW) have no statistics.
 */
final class ColumnValues {

    /** Fed to a sketch for an empty string or binary, which the sketch would otherwise drop. */
    private static final long EMPTY_VALUE_HASH_INPUT = 0x5eed_e3b7_7c0f_f1e1L;

    private ColumnValues() {}

    static boolean supports(DataType type) {
        return javaClass(type) != null;
    }

    static Class<?> javaClass(DataType type) {
        switch (type.root()) {
            case BOOLEAN:
                return Boolean.class;
            case TINYINT:
                return Byte.class;
            case SMALLINT:
                return Short.class;
            case INT:
                return Integer.class;
            case BIGINT:
                return Long.class;
            case FLOAT:
                return Float.class;
            case DOUBLE:
                return Double.class;
            case DECIMAL:
                return BigDecimal.class;
            case CHAR:
            case VARCHAR:
                return String.class;
            case BINARY:
            case VARBINARY:
                return byte[].class;
            case DATE:
                return LocalDate.class;
            case TIME:
                return LocalTime.class;
            case TIMESTAMP:
                return LocalDateTime.class;
            case TIMESTAMP_LTZ:
                return Instant.class;
            default:
                return null;
        }
    }

    /** The width of every value of a fixed-width type, or -1 when widths vary (text, binary). */
    static int fixedWidth(DataType type) {
        switch (type.root()) {
            case BOOLEAN:
            case TINYINT:
                return 1;
            case SMALLINT:
                return 2;
            case INT:
            case FLOAT:
            case DATE:
            case TIME:
                return 4;
            case BIGINT:
            case DOUBLE:
            case TIMESTAMP:
            case TIMESTAMP_LTZ:
                return 8;
            case DECIMAL:
                // What parquet and orc need at most for the unscaled value.
                return type.precision() <= 18 ? 8 : 16;
            default:
                return -1;
        }
    }

    /** Bytes of one non-null value: UTF-8 bytes of text, length of binary, else fixed. */
    static int width(DataType type, Object value) {
        if (value instanceof String) {
            return utf8Length((String) value);
        }
        if (value instanceof byte[]) {
            return ((byte[]) value).length;
        }
        return fixedWidth(type);
    }

    /** Whether a value takes part in min and max: NaN has no place in the order. */
    static boolean isOrdered(Object value) {
        if (value instanceof Double) {
            return !((Double) value).isNaN();
        }
        if (value instanceof Float) {
            return !((Float) value).isNaN();
        }
        return true;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    static int compare(Object a, Object b) {
        if (a instanceof byte[]) {
            return Arrays.compareUnsigned((byte[]) a, (byte[]) b);
        }
        if (a instanceof String) {
            // Code point order, which is the order of the UTF-8 bytes.
            return compareCodePoints((String) a, (String) b);
        }
        return ((Comparable) a).compareTo(b);
    }

    private static int compareCodePoints(String a, String b) {
        int i = 0;
        int j = 0;
        while (i < a.length() && j < b.length()) {
            int ca = a.codePointAt(i);
            int cb = b.codePointAt(j);
            if (ca != cb) {
                return Integer.compare(ca, cb);
            }
            i += Character.charCount(ca);
            j += Character.charCount(cb);
        }
        return Boolean.compare(i < a.length(), j < b.length());
    }

    /**
     * Feeds one non-null value to a sketch. Equal values give equal input whichever partition they
     * are in; a DECIMAL is fed without trailing zeros so that 1.0 and 1.00 count once.
     */
    static void update(HllSketch sketch, Object value) {
        if (value instanceof Boolean) {
            sketch.update((Boolean) value ? 1L : 0L);
        } else if (value instanceof Float) {
            sketch.update((double) (Float) value);
        } else if (value instanceof Double) {
            sketch.update((Double) value);
        } else if (value instanceof Number && !(value instanceof BigDecimal)) {
            sketch.update(((Number) value).longValue());
        } else if (value instanceof BigDecimal) {
            update(sketch, ((BigDecimal) value).stripTrailingZeros().toPlainString());
        } else if (value instanceof String) {
            String s = (String) value;
            if (s.isEmpty()) {
                sketch.update(EMPTY_VALUE_HASH_INPUT);
            } else {
                sketch.update(s.getBytes(StandardCharsets.UTF_8));
            }
        } else if (value instanceof byte[]) {
            byte[] b = (byte[]) value;
            if (b.length == 0) {
                sketch.update(EMPTY_VALUE_HASH_INPUT);
            } else {
                sketch.update(b);
            }
        } else if (value instanceof LocalDate) {
            sketch.update(((LocalDate) value).toEpochDay());
        } else if (value instanceof LocalTime) {
            sketch.update(((LocalTime) value).toNanoOfDay());
        } else if (value instanceof LocalDateTime) {
            LocalDateTime t = (LocalDateTime) value;
            sketch.update(new long[] {t.toEpochSecond(ZoneOffset.UTC), t.getNano()});
        } else if (value instanceof Instant) {
            Instant t = (Instant) value;
            sketch.update(new long[] {t.getEpochSecond(), t.getNano()});
        } else {
            throw new IllegalArgumentException("No statistics for a value of " + value.getClass());
        }
    }

    /** The text a min or max is stored as. */
    static String toText(Object value) {
        if (value instanceof byte[]) {
            return Base64.getEncoder().encodeToString((byte[]) value);
        }
        if (value instanceof BigDecimal) {
            return ((BigDecimal) value).toPlainString();
        }
        // ISO-8601 for the date and time types; Java's shortest round-tripping text for floats.
        return value.toString();
    }

    /**
     * Reads a stored min or max back into the type's Java class.
     *
     * @throws RuntimeException when the text is not a value of the type
     */
    static Object fromText(DataType type, String text) {
        switch (type.root()) {
            case BOOLEAN:
                if (!text.equals("true") && !text.equals("false")) {
                    throw new IllegalArgumentException("not a BOOLEAN: " + text);
                }
                return Boolean.valueOf(text);
            case TINYINT:
                return Byte.valueOf(text);
            case SMALLINT:
                return Short.valueOf(text);
            case INT:
                return Integer.valueOf(text);
            case BIGINT:
                return Long.valueOf(text);
            case FLOAT:
                return Float.valueOf(text);
            case DOUBLE:
                return Double.valueOf(text);
            case DECIMAL:
                return new BigDecimal(text);
            case CHAR:
            case VARCHAR:
                return text;
            case BINARY:
            case VARBINARY:
                return Base64.getDecoder().decode(text);
            case DATE:
                return LocalDate.parse(text);
            case TIME:
                return LocalTime.parse(text);
            case TIMESTAMP:
                return LocalDateTime.parse(text);
            case TIMESTAMP_LTZ:
                return Instant.parse(text);
            default:
                throw new IllegalArgumentException("no statistics for type " + type.typeText());
        }
    }

    private static int utf8Length(String s) {
        int bytes = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < 0x80) {
                bytes += 1;
            } else if (c < 0x800) {
                bytes += 2;
            } else if (Character.isHighSurrogate(c)
                    && i + 1 < s.length()
                    && Character.isLowSurrogate(s.charAt(i + 1))) {
                bytes += 4;
                i++;
            } else {
                bytes += 3;
            }
        }
        return bytes;
    }
}
