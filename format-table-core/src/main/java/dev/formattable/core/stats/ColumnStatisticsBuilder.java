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

import dev.formattable.core.options.FormatTableOptions;
import dev.formattable.core.types.DataType;

import org.apache.datasketches.hll.HllSketch;
import org.apache.datasketches.hll.TgtHllType;

/**
 * Accumulates the statistics of one column from its values, one call per row.
 *
 * <p>Values are given in one Java class per type, {@code null} for SQL NULL: BOOLEAN {@code
 * Boolean}, TINYINT {@code Byte}, SMALLINT {@code Short}, INT {@code Integer}, BIGINT {@code Long},
 * FLOAT {@code Float}, DOUBLE {@code Double}, DECIMAL {@code BigDecimal}, CHAR and VARCHAR {@code
 * String}, BINARY and VARBINARY {@code byte[]}, DATE {@code LocalDate}, TIME {@code LocalTime},
 * TIMESTAMP {@code LocalDateTime} and TIMESTAMP_LTZ {@code Instant}. These are the classes of the
 * partition value codec, plus the types a partition cannot have. Nested types have no statistics
 * ({@link #supports}). NaN counts as a distinct value but never becomes min or max.
 *
 * <p>Not thread-safe: one builder per column and per task.
 */
public final class ColumnStatisticsBuilder {

    private final String name;
    private final DataType type;
    private final Class<?> javaClass;
    private final HllSketch sketch;
    private long nullCount;
    private Object min;
    private Object max;
    private long totalWidth;
    private long maxWidth;

    /**
     * @param lgK log2 of the sketch's number of buckets, as {@link
     *     FormatTableOptions#STATISTICS_HLL_LG_K}: 4 to 21
     * @throws IllegalArgumentException for a nested type or an lgK out of range
     */
    public ColumnStatisticsBuilder(String name, DataType type, int lgK) {
        if (!supports(type)) {
            throw new IllegalArgumentException(
                    String.format(
                            "Column '%s' of type %s has no statistics", name, type.typeText()));
        }
        this.name = name;
        this.type = type;
        this.javaClass = ColumnValues.javaClass(type);
        this.sketch = new HllSketch(checkLgK(lgK), TgtHllType.HLL_4);
    }

    /** Whether columns of this type have statistics: every type but the nested ones. */
    public static boolean supports(DataType type) {
        return ColumnValues.supports(type);
    }

    static int checkLgK(int lgK) {
        if (lgK < 4 || lgK > 21) {
            throw new IllegalArgumentException(
                    String.format(
                            "'%s'='%d' must be between 4 and 21",
                            FormatTableOptions.STATISTICS_HLL_LG_K.key(), lgK));
        }
        return lgK;
    }

    /**
     * Adds the value of one row.
     *
     * @throws IllegalArgumentException when the value is not of the column type's Java class
     */
    public ColumnStatisticsBuilder add(Object value) {
        if (value == null) {
            nullCount++;
            return this;
        }
        if (!javaClass.isInstance(value)) {
            throw new IllegalArgumentException(
                    String.format(
                            "Column '%s' of type %s takes %s values, not %s '%s'",
                            name,
                            type.typeText(),
                            javaClass.getSimpleName(),
                            value.getClass().getSimpleName(),
                            value));
        }
        ColumnValues.update(sketch, value);
        int width = ColumnValues.width(type, value);
        totalWidth += width;
        maxWidth = Math.max(maxWidth, width);
        if (ColumnValues.isOrdered(value)) {
            if (min == null || ColumnValues.compare(value, min) < 0) {
                min = copy(value);
            }
            if (max == null || ColumnValues.compare(value, max) > 0) {
                max = copy(value);
            }
        }
        return this;
    }

    private static Object copy(Object value) {
        // A caller may reuse its byte arrays.
        return value instanceof byte[] ? ((byte[]) value).clone() : value;
    }

    /** The statistics of the values added so far; the builder can go on. */
    public ColumnStatistics build() {
        return new ColumnStatistics(
                name, type, sketch.copy(), nullCount, min, max, totalWidth, maxWidth);
    }
}
