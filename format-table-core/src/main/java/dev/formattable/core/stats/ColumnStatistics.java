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
import org.apache.datasketches.hll.TgtHllType;
import org.apache.datasketches.hll.Union;

import java.util.Objects;
import java.util.Optional;

/**
 * The statistics of one column over some rows: a distinct-count sketch, the null count, the least
 * and greatest value and the widths of the non-null values. Two of them over disjoint rows merge
 * into the statistics of all their rows, so partitions are computed once and combined later.
 *
 * <p>Immutable. Min and max are held in the Java class {@link ColumnStatisticsBuilder} documents;
 * they are empty when no non-null value (other than NaN) was seen.
 */
public final class ColumnStatistics {

    private final String name;
    private final DataType type;
    private final HllSketch sketch;
    private final long nullCount;
    private final Object min;
    private final Object max;
    private final long totalWidth;
    private final long maxWidth;

    ColumnStatistics(
            String name,
            DataType type,
            HllSketch sketch,
            long nullCount,
            Object min,
            Object max,
            long totalWidth,
            long maxWidth) {
        this.name = Objects.requireNonNull(name);
        this.type = Objects.requireNonNull(type);
        this.sketch = Objects.requireNonNull(sketch);
        this.nullCount = nullCount;
        this.min = min;
        this.max = max;
        this.totalWidth = totalWidth;
        this.maxWidth = maxWidth;
        if (nullCount < 0 || totalWidth < 0 || maxWidth < 0) {
            throw new IllegalArgumentException(
                    String.format(
                            "Column '%s': counts must not be negative (nulls %d, total width %d,"
                                    + " max width %d)",
                            name, nullCount, totalWidth, maxWidth));
        }
        if ((min == null) != (max == null)) {
            throw new IllegalArgumentException(
                    String.format("Column '%s': min and max are both set or both absent", name));
        }
        if (min != null && ColumnValues.compare(min, max) > 0) {
            throw new IllegalArgumentException(
                    String.format(
                            "Column '%s': min '%s' is greater than max '%s'",
                            name, ColumnValues.toText(min), ColumnValues.toText(max)));
        }
    }

    public String name() {
        return name;
    }

    public DataType type() {
        return type;
    }

    /** A copy of the sketch, for estimates and bounds of its own. */
    public HllSketch sketch() {
        return sketch.copy();
    }

    /** The estimated number of distinct non-null values. */
    public long distinctCount() {
        return Math.round(sketch.getEstimate());
    }

    public long nullCount() {
        return nullCount;
    }

    public Optional<Object> min() {
        return Optional.ofNullable(min);
    }

    public Optional<Object> max() {
        return Optional.ofNullable(max);
    }

    /** The sum of the widths of the non-null values, in bytes. */
    public long totalWidth() {
        return totalWidth;
    }

    /** The width of the widest non-null value, in bytes; 0 when there is none. */
    public long maxWidth() {
        return maxWidth;
    }

    /**
     * The statistics of the rows of both: sketches united, counts and widths added, the lesser min
     * and the greater max.
     *
     * @throws IllegalArgumentException when the columns differ in name or type
     */
    public ColumnStatistics merge(ColumnStatistics other) {
        if (!name.equals(other.name) || !type.equals(other.type)) {
            throw new IllegalArgumentException(
                    String.format(
                            "Cannot merge statistics of column '%s' %s with column '%s' %s",
                            name, type.typeText(), other.name, other.type.typeText()));
        }
        return new ColumnStatistics(
                name,
                type,
                union(sketch, other.sketch),
                nullCount + other.nullCount,
                pick(min, other.min, true),
                pick(max, other.max, false),
                totalWidth + other.totalWidth,
                Math.max(maxWidth, other.maxWidth));
    }

    /** Sketches of different lgK unite at the smaller one, the precision both can give. */
    static HllSketch union(HllSketch a, HllSketch b) {
        Union union = new Union(Math.max(a.getLgConfigK(), b.getLgConfigK()));
        union.update(a);
        union.update(b);
        return union.getResult(TgtHllType.HLL_4);
    }

    private static Object pick(Object a, Object b, boolean least) {
        if (a == null) {
            return b;
        }
        if (b == null) {
            return a;
        }
        int c = ColumnValues.compare(a, b);
        return (least ? c <= 0 : c >= 0) ? a : b;
    }

    @Override
    public String toString() {
        return String.format(
                "%s %s: ndv~%d nulls=%d min=%s max=%s width total=%d max=%d",
                name,
                type.typeText(),
                distinctCount(),
                nullCount,
                min == null ? null : ColumnValues.toText(min),
                max == null ? null : ColumnValues.toText(max),
                totalWidth,
                maxWidth);
    }
}
