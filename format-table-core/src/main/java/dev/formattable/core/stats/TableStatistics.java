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

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The statistics of a whole table (or of the partitions a query keeps), merged from those of its
 * partitions: row counts and null counts add up, min and max combine, and the distinct count is the
 * estimate of the union of the partitions' sketches, never their sum nor their maximum, since one
 * value can appear in many partitions.
 *
 * <p>A column has table statistics only when every partition has statistics for it with one type;
 * with any partition missing it, its counts would be too small.
 */
public final class TableStatistics {

    private final long rowCount;
    private final int partitionCount;
    private final Map<String, ColumnStatistics> columns;

    private TableStatistics(
            long rowCount, int partitionCount, Map<String, ColumnStatistics> columns) {
        this.rowCount = rowCount;
        this.partitionCount = partitionCount;
        this.columns = Collections.unmodifiableMap(columns);
    }

    /** Merges the statistics of partitions, each computed from its own files. */
    public static TableStatistics merge(Collection<PartitionStatistics> partitions) {
        long rows = 0;
        LinkedHashMap<String, ColumnStatistics> merged = null;
        for (PartitionStatistics p : partitions) {
            rows = Math.addExact(rows, p.rowCount());
            if (merged == null) {
                merged = new LinkedHashMap<>();
                for (ColumnStatistics c : p.columns()) {
                    merged.put(c.name(), c);
                }
                continue;
            }
            Iterator<Map.Entry<String, ColumnStatistics>> it = merged.entrySet().iterator();
            while (it.hasNext()) {
                Map.Entry<String, ColumnStatistics> e = it.next();
                Optional<ColumnStatistics> other = p.column(e.getKey());
                if (other.isEmpty() || !other.get().type().equals(e.getValue().type())) {
                    it.remove();
                } else {
                    e.setValue(e.getValue().merge(other.get()));
                }
            }
        }
        return new TableStatistics(
                rows, partitions.size(), merged == null ? new LinkedHashMap<>() : merged);
    }

    public long rowCount() {
        return rowCount;
    }

    /** How many partitions were merged. */
    public int partitionCount() {
        return partitionCount;
    }

    /** The merged columns: distinct count, null count, min, max and widths over all rows. */
    public List<ColumnStatistics> columns() {
        return new ArrayList<>(columns.values());
    }

    public Optional<ColumnStatistics> column(String name) {
        return Optional.ofNullable(columns.get(name));
    }

    /** The average width of the column's non-null values, in bytes, when it has any. */
    public Optional<Double> averageWidth(String name) {
        ColumnStatistics c = columns.get(name);
        if (c == null || rowCount - c.nullCount() <= 0) {
            return Optional.empty();
        }
        return Optional.of((double) c.totalWidth() / (rowCount - c.nullCount()));
    }

    @Override
    public String toString() {
        return "rows=" + rowCount + " partitions=" + partitionCount + " " + columns.values();
    }
}
