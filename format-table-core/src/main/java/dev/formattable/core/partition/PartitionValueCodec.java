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
package dev.formattable.core.partition;

import dev.formattable.core.types.DataType;
import dev.formattable.core.types.TypeRoot;

import java.io.Serializable;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;

/**
 * Reads partition values from text into their column types and renders them back.
 *
 * <p>Values are held as {@code Boolean}, {@code Byte}, {@code Short}, {@code Integer}, {@code
 * Long}, {@code Float}, {@code Double}, {@code BigDecimal} (at the column's scale), {@code String},
 * {@code LocalDate} and {@code LocalDateTime}; {@code null} is the NULL partition. NULL and blank
 * text render as the default partition name, and that name reads back as NULL.
 */
public final class PartitionValueCodec implements Serializable {

    private static final long serialVersionUID = 1L;

    private final String defaultName;
    private final boolean legacyName;
    private final boolean minimalFraction;

    /** A codec naming timestamps with as many fractional digits as their precision. */
    public PartitionValueCodec(String defaultName, boolean legacyName) {
        this(defaultName, legacyName, false);
    }

    /**
     * @param minimalFraction name a timestamp without trailing fractional zeros (and without a
     *     fraction at a whole second), as Hive and Spark do; otherwise with at least as many
     *     fractional digits as its precision, as Paimon does
     */
    public PartitionValueCodec(String defaultName, boolean legacyName, boolean minimalFraction) {
        this.defaultName = defaultName;
        this.legacyName = legacyName;
        this.minimalFraction = minimalFraction;
    }

    public String defaultName() {
        return defaultName;
    }

    /** Whether a column of this type can be a partition column. */
    public static boolean supports(DataType type) {
        switch (type.root()) {
            case BOOLEAN:
            case TINYINT:
            case SMALLINT:
            case INT:
            case BIGINT:
            case FLOAT:
            case DOUBLE:
            case DECIMAL:
            case CHAR:
            case VARCHAR:
            case DATE:
            case TIMESTAMP:
                return true;
            default:
                return false;
        }
    }

    /**
     * Reads text (already unescaped) into the column's type. The default name and blank text read
     * as NULL. A DATE reads from its day count or from {@code yyyy-MM-dd}.
     *
     * @throws IllegalArgumentException naming the column, its type and the text
     */
    public Object parse(String column, DataType type, String text) {
        if (text == null || text.isBlank() || text.equals(defaultName)) {
            return null;
        }
        try {
            return parseNonNull(type, text);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException(
                    String.format(
                            "'%s' is not a valid %s value for partition column '%s'",
                            text, type.typeText(), column),
                    e);
        }
    }

    private static Object parseNonNull(DataType type, String text) {
        String t = text.trim();
        switch (type.root()) {
            case BOOLEAN:
                {
                    String b = t.toLowerCase(Locale.ROOT);
                    if (!b.equals("true") && !b.equals("false")) {
                        throw new IllegalArgumentException("not a boolean");
                    }
                    return Boolean.valueOf(b);
                }
            case TINYINT:
                return Byte.valueOf(t);
            case SMALLINT:
                return Short.valueOf(t);
            case INT:
                return Integer.valueOf(t);
            case BIGINT:
                return Long.valueOf(t);
            case FLOAT:
                return Float.valueOf(t);
            case DOUBLE:
                return Double.valueOf(t);
            case DECIMAL:
                return toDecimal(type, new BigDecimal(t));
            case CHAR:
            case VARCHAR:
                return text;
            case DATE:
                if (t.matches("-?\\d+")) {
                    return LocalDate.ofEpochDay(Long.parseLong(t));
                }
                return LocalDate.parse(t);
            case TIMESTAMP:
                return checkPrecision(type, parseTimestamp(t));
            default:
                throw new IllegalArgumentException(
                        "type " + type.typeText() + " cannot be a partition column");
        }
    }

    private static LocalDateTime parseTimestamp(String t) {
        String iso = t.length() > 10 && t.charAt(10) == ' ' ? t.replaceFirst(" ", "T") : t;
        try {
            return LocalDateTime.parse(iso);
        } catch (DateTimeParseException e) {
            return LocalDate.parse(t).atStartOfDay();
        }
    }

    private static LocalDateTime checkPrecision(DataType type, LocalDateTime value) {
        int nanos = value.getNano();
        long unit = (long) Math.pow(10, 9 - type.precision());
        if (nanos % unit != 0) {
            throw new IllegalArgumentException(
                    "more fractional digits than " + type.typeText() + " holds");
        }
        return value;
    }

    private static BigDecimal toDecimal(DataType type, BigDecimal value) {
        BigDecimal scaled;
        try {
            scaled = value.setScale(type.scale());
        } catch (ArithmeticException e) {
            throw new IllegalArgumentException("more fractional digits than " + type.typeText());
        }
        if (scaled.precision() > type.precision()) {
            throw new IllegalArgumentException("more digits than " + type.typeText());
        }
        return scaled;
    }

    /**
     * Converts a value given by a caller (a predicate literal, a static partition) into the
     * column's value class. Text is parsed; numbers convert when they fit exactly.
     */
    public Object coerce(String column, DataType type, Object value) {
        if (value == null) {
            return null;
        }
        if (value instanceof String) {
            return parse(column, type, (String) value);
        }
        try {
            switch (type.root()) {
                case TINYINT:
                    return integral(value).byteValueExact();
                case SMALLINT:
                    return integral(value).shortValueExact();
                case INT:
                    return integral(value).intValueExact();
                case BIGINT:
                    return integral(value).longValueExact();
                case FLOAT:
                    return ((Number) value).floatValue();
                case DOUBLE:
                    return ((Number) value).doubleValue();
                case DECIMAL:
                    return toDecimal(type, new BigDecimal(value.toString()));
                case TIMESTAMP:
                    return checkPrecision(type, (LocalDateTime) value);
                case BOOLEAN:
                    return (Boolean) value;
                case DATE:
                    return (LocalDate) value;
                default:
                    return parse(column, type, value.toString());
            }
        } catch (RuntimeException e) {
            throw new IllegalArgumentException(
                    String.format(
                            "%s '%s' is not a valid %s value for partition column '%s'",
                            value.getClass().getSimpleName(), value, type.typeText(), column),
                    e);
        }
    }

    private static BigInteger integral(Object value) {
        if (value instanceof Byte
                || value instanceof Short
                || value instanceof Integer
                || value instanceof Long) {
            return BigInteger.valueOf(((Number) value).longValue());
        }
        if (value instanceof BigDecimal) {
            return ((BigDecimal) value).toBigIntegerExact();
        }
        if (value instanceof BigInteger) {
            return (BigInteger) value;
        }
        throw new ClassCastException(value.getClass().getName() + " is not an integer");
    }

    /** The text (not yet escaped) that names a value: the default name for NULL and blanks. */
    public String render(DataType type, Object value) {
        if (value == null) {
            return defaultName;
        }
        String text = renderNonNull(type, value);
        return text.isBlank() ? defaultName : text;
    }

    private String renderNonNull(DataType type, Object value) {
        switch (type.root()) {
            case DATE:
                {
                    LocalDate date = (LocalDate) value;
                    return legacyName ? String.valueOf(date.toEpochDay()) : date.toString();
                }
            case TIMESTAMP:
                {
                    LocalDateTime ts = (LocalDateTime) value;
                    return legacyName
                            ? ts.toString()
                            : formatTimestamp(ts, minimalFraction ? 0 : type.precision());
                }
            case DECIMAL:
                return ((BigDecimal) value).toPlainString();
            default:
                return value.toString();
        }
    }

    /** {@code yyyy-MM-dd HH:mm:ss} and at least {@code precision} fractional digits. */
    private static String formatTimestamp(LocalDateTime ts, int precision) {
        StringBuilder sb = new StringBuilder(ts.toLocalDate().toString()).append(' ');
        sb.append(String.format("%02d:%02d:%02d", ts.getHour(), ts.getMinute(), ts.getSecond()));
        String fraction = String.format("%09d", ts.getNano());
        int end = fraction.length();
        while (end > precision && fraction.charAt(end - 1) == '0') {
            end--;
        }
        if (end > 0) {
            sb.append('.').append(fraction, 0, end);
        }
        return sb.toString();
    }

    /**
     * Every text under which a directory may hold this value: the rendering of this table first,
     * then the other spelling a reader accepts (a DATE's day count or ISO form, a TIMESTAMP's
     * legacy or formatted form).
     */
    public List<String> spellings(DataType type, Object value) {
        LinkedHashSet<String> result = new LinkedHashSet<>();
        result.add(render(type, value));
        if (value != null && (type.root() == TypeRoot.DATE || type.root() == TypeRoot.TIMESTAMP)) {
            result.add(new PartitionValueCodec(defaultName, !legacyName).render(type, value));
            if (type.root() == TypeRoot.TIMESTAMP) {
                result.add(formatTimestamp((LocalDateTime) value, type.precision()));
                result.add(formatTimestamp((LocalDateTime) value, 0));
            }
        }
        return new ArrayList<>(result);
    }
}
