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
