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
package dev.formattable.flink.stats;

import org.apache.flink.annotation.Internal;

import javax.annotation.Nullable;

/**
 * The null count, value count and bounds of one column over some rows, built up by adding row
 * groups, stripes, files or partitions. A negative null count is unknown; the bounds are unknown
 * once rows holding values came without usable bounds, or with bounds of another kind.
 */
@Internal
public final class ColumnSummary {

    private long nulls;
    private long values;
    @Nullable private Comparable<Object> min;
    @Nullable private Comparable<Object> max;
    private boolean boundsKnown = true;

    /** Adds rows with the given null count (negative: unknown) and bounds of the values. */
    @SuppressWarnings("unchecked")
    public void add(long moreNulls, long moreValues, @Nullable Object lo, @Nullable Object hi) {
        nulls = nulls < 0 || moreNulls < 0 ? -1 : nulls + moreNulls;
        values += moreValues;
        if (moreValues == 0 || !boundsKnown) {
            return;
        }
        if (lo == null || hi == null || (min != null && min.getClass() != lo.getClass())) {
            boundsKnown = false;
            min = null;
            max = null;
            return;
        }
        if (min == null || min.compareTo(lo) > 0) {
            min = (Comparable<Object>) lo;
        }
        if (max == null || max.compareTo(hi) < 0) {
            max = (Comparable<Object>) hi;
        }
    }

    /** Adds everything another summary holds. */
    public void add(ColumnSummary other) {
        if (!other.boundsKnown && other.values > 0) {
            add(other.nulls, other.values, null, null);
        } else {
            add(other.nulls, other.values, other.min, other.max);
        }
    }

    /** The null count, or -1 when some part of it is unknown. */
    public long nulls() {
        return nulls;
    }

    /** The smallest value, or null when unknown or there are no values. */
    @Nullable
    public Object min() {
        return min;
    }

    /** The largest value, or null when unknown or there are no values. */
    @Nullable
    public Object max() {
        return max;
    }
}
