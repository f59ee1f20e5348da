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

import dev.formattable.core.types.DataField;

import java.util.ArrayList;
import java.util.List;

/**
 * Accumulates the statistics of the rows of some files, one {@link ColumnStatisticsBuilder} per
 * column. Not thread-safe.
 */
public final class PartitionStatisticsBuilder {

    private final List<ColumnStatisticsBuilder> columns;
    private long rows;

    /**
     * @param columns the columns with statistics ({@link StatisticsPlanner#columns}), in the order
     *     of the values given to {@link #add}
     */
    public PartitionStatisticsBuilder(List<DataField> columns, int lgK) {
        this.columns = new ArrayList<>(columns.size());
        for (DataField f : columns) {
            this.columns.add(new ColumnStatisticsBuilder(f.name(), f.type(), lgK));
        }
    }

    /**
     * Adds one row: one value per column, in the Java classes {@link ColumnStatisticsBuilder}
     * takes.
     */
    public void add(Object[] values) {
        if (values.length != columns.size()) {
            throw new IllegalArgumentException(
                    "Expected " + columns.size() + " values, got " + values.length);
        }
        for (int i = 0; i < values.length; i++) {
            columns.get(i).add(values[i]);
        }
        rows++;
    }

    public long rowCount() {
        return rows;
    }

    /** The statistics of the rows added, as covering the given files. */
    public PartitionStatistics build(Fingerprint files) {
        List<ColumnStatistics> built = new ArrayList<>(columns.size());
        for (ColumnStatisticsBuilder c : columns) {
            built.add(c.build());
        }
        return new PartitionStatistics(rows, files, built);
    }
}
