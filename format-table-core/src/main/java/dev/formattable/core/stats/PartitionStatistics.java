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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The statistics of one partition (or of an unpartitioned table): its row count, the statistics of
 * each column, and the fingerprint of the data files they were computed from.
 *
 * <p>Immutable, and consistent by construction: a null count above the row count, a width that does
 * not fit the column type, or a negative count is refused, so a damaged file read back is refused
 * too.
 */
public final class PartitionStatistics {

    private final long rowCount;
    private final Fingerprint fingerprint;
    private final Map<String, ColumnStatistics> columns;

    /**
     * @throws IllegalArgumentException when the values are inconsistent
     */
    public PartitionStatistics(
            long rowCount, Fingerprint fingerprint, Collection<ColumnStatistics> columns) {
        if (rowCount < 0) {
            throw new IllegalArgumentException("The row count must not be negative: " + rowCount);
        }
        this.rowCount = rowCount;
        this.fingerprint = fingerprint;
        LinkedHashMap<String, ColumnStatistics> map = new LinkedHashMap<>();
        for (ColumnStatistics c : columns) {
            check(rowCount, c);
            if (map.put(c.name(), c) != null) {
                throw new IllegalArgumentException(
                        String.format("Column '%s' has statistics twice", c.name()));
            }
        }
        this.columns = Collections.unmodifiableMap(map);
    }

    private static void check(long rowCount, ColumnStatistics c) {
        if (c.nullCount() > rowCount) {
            throw inconsistent(c, "null count " + c.nullCount() + " > row count " + rowCount);
        }
        long values = rowCount - c.nullCount();
        int fixed = ColumnValues.fixedWidth(c.type());
        if (fixed >= 0) {
            long expectedMax = values > 0 ? fixed : 0;
            if (c.maxWidth() != expectedMax || c.totalWidth() != values * fixed) {
                throw inconsistent(
                        c,
                        String.format(
                                "widths (total %d, max %d) do not fit %d values of %d bytes",
                                c.totalWidth(), c.maxWidth(), values, fixed));
            }
        } else if (c.maxWidth() > c.totalWidth()
                || (values == 0 && c.totalWidth() != 0)
                // No value is wider than the widest (in double: the product may pass a long).
                || (double) values * c.maxWidth() < c.totalWidth()) {
            throw inconsistent(
                    c,
                    String.format(
                            "widths (total %d, max %d) do not fit %d values",
                            c.totalWidth(), c.maxWidth(), values));
        }
        if (values == 0 && c.min().isPresent()) {
            throw inconsistent(c, "a min and max without non-null values");
        }
    }

    private static IllegalArgumentException inconsistent(ColumnStatistics c, String why) {
        return new IllegalArgumentException(
                String.format("Statistics of column '%s' are inconsistent: %s", c.name(), why));
    }

    public long rowCount() {
        return rowCount;
    }

    public Fingerprint fingerprint() {
        return fingerprint;
    }

    /** The columns, in the order they were given. */
    public List<ColumnStatistics> columns() {
        return new ArrayList<>(columns.values());
    }

    public Optional<ColumnStatistics> column(String name) {
        return Optional.ofNullable(columns.get(name));
    }

    /**
     * The statistics of the rows of both, computed from disjoint files: what an incremental update
     * does with the statistics of the files a partition gained.
     *
     * @throws IllegalArgumentException when the columns differ (name, type or set) or a file is in
     *     both fingerprints
     */
    public PartitionStatistics merge(PartitionStatistics other) {
        if (!columns.keySet().equals(other.columns.keySet())) {
            throw new IllegalArgumentException(
                    String.format(
                            "Cannot merge statistics of columns %s with columns %s",
                            columns.keySet(), other.columns.keySet()));
        }
        List<ColumnStatistics> merged = new ArrayList<>();
        for (ColumnStatistics c : columns.values()) {
            merged.add(c.merge(other.columns.get(c.name())));
        }
        return new PartitionStatistics(
                Math.addExact(rowCount, other.rowCount),
                fingerprint.union(other.fingerprint),
                merged);
    }

    /** These statistics in the stored format, for shipping them between processes. */
    public byte[] toBytes() {
        return StatisticsFormat.encode(this);
    }

    /**
     * Statistics from {@link #toBytes()}.
     *
     * @throws IllegalArgumentException when the bytes are not statistics this version reads
     */
    public static PartitionStatistics fromBytes(byte[] bytes) {
        try {
            return StatisticsFormat.decode(bytes);
        } catch (StatisticsFormat.UnreadableException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
    }

    @Override
    public String toString() {
        return "rows=" + rowCount + " files=" + fingerprint.size() + " " + columns.values();
    }
}
