package dev.formattable.flink.table;

import dev.formattable.core.FormatTable;
import dev.formattable.core.partition.PartitionPredicate;
import dev.formattable.core.scan.DataSplit;
import dev.formattable.core.scan.FormatTableScan;
import dev.formattable.flink.format.ColumnSummary;
import dev.formattable.flink.format.FileFooter;
import dev.formattable.flink.format.Footers;

import org.apache.flink.table.plan.stats.ColumnStats;
import org.apache.flink.table.plan.stats.TableStats;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import javax.annotation.Nullable;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Planner statistics of the partitions a query reads, from the footers of their files: the row
 * count, and per column the null count, minimum and maximum. Partition columns are exact, from the
 * directory names, with their number of distinct values.
 */
final class FooterStatistics {

    private static final Logger LOG = LoggerFactory.getLogger(FooterStatistics.class);

    private FooterStatistics() {}

    /**
     * The statistics of the partitions the predicate accepts; unknown when a file is unreadable.
     */
    static TableStats of(
            FormatTable table, RowType tableType, @Nullable PartitionPredicate filter) {
        try {
            FormatTableScan scan = table.newScan();
            if (filter != null) {
                scan.withPartitionFilter(filter);
            }
            List<DataSplit> files = scan.plan().splits();
            return of(table, tableType, files, Footers.read(table, files));
        } catch (Exception e) {
            // Statistics are advice: the read itself will name an unreadable file.
            LOG.warn("No statistics for format table {}: {}", table.location(), e.toString());
            return TableStats.UNKNOWN;
        }
    }

    private static TableStats of(
            FormatTable table, RowType tableType, List<DataSplit> files, List<FileFooter> footers) {
        long rows = 0;
        for (FileFooter footer : footers) {
            rows += footer.rows();
        }
        List<String> keys = table.layout().keys();
        Map<String, ColumnStats> columns = new HashMap<>();
        for (RowType.RowField field : tableType.getFields()) {
            int level = keys.indexOf(field.getName());
            ColumnStats stats =
                    level >= 0
                            ? partitionColumn(level, field.getType(), files, footers)
                            : dataColumn(field.getName(), field.getType(), footers);
            if (stats != null) {
                columns.put(field.getName(), stats);
            }
        }
        return new TableStats(rows, columns);
    }

    private static ColumnStats partitionColumn(
            int level, LogicalType type, List<DataSplit> files, List<FileFooter> footers) {
        ColumnSummary summary = new ColumnSummary();
        Set<Object> distinct = new HashSet<>();
        for (int i = 0; i < files.size(); i++) {
            Object value = normalise(files.get(i).partitionValues().get(level));
            long rows = footers.get(i).rows();
            if (value == null) {
                summary.add(rows, 0, null, null);
            } else {
                distinct.add(value);
                summary.add(0, rows, value, value);
            }
        }
        return columnStats(summary, type, (long) distinct.size());
    }

    private static ColumnStats dataColumn(String name, LogicalType type, List<FileFooter> footers) {
        ColumnSummary summary = new ColumnSummary();
        for (FileFooter footer : footers) {
            ColumnSummary column = footer.column(name);
            if (column == null) {
                summary.add(footer.rows(), 0, null, null); // a column added after the file
            } else {
                summary.add(column);
            }
        }
        return columnStats(summary, type, null);
    }

    @Nullable
    private static ColumnStats columnStats(
            ColumnSummary summary, LogicalType type, @Nullable Long ndv) {
        Comparable<?> min = forPlanner(summary.min(), type);
        Comparable<?> max = forPlanner(summary.max(), type);
        boolean bounded = min != null && max != null;
        Long nulls = summary.nulls() < 0 ? null : summary.nulls();
        if (nulls == null && !bounded && ndv == null) {
            return null;
        }
        return ColumnStats.Builder.builder()
                .setNdv(ndv)
                .setNullCount(nulls)
                .setMin(bounded ? min : null)
                .setMax(bounded ? max : null)
                .build();
    }

    /** A partition value in the normalised form of {@link FileFooter}. */
    @Nullable
    private static Object normalise(@Nullable Object value) {
        if (value instanceof Byte || value instanceof Short || value instanceof Integer) {
            return ((Number) value).longValue();
        }
        if (value instanceof Float) {
            return ((Float) value).doubleValue();
        }
        return value;
    }

    /**
     * A bound in the class Flink's planner uses for the column's type, as its catalog statistics
     * do: {@code Long} for integers, {@code Double} for approximate and decimal numbers, {@code
     * java.sql.Date} for dates; null (no bound) for anything else or a value of another kind.
     */
    @Nullable
    private static Comparable<?> forPlanner(@Nullable Object value, LogicalType type) {
        if (value == null) {
            return null;
        }
        switch (type.getTypeRoot()) {
            case TINYINT:
            case SMALLINT:
            case INTEGER:
            case BIGINT:
                return value instanceof Long ? (Long) value : null;
            case FLOAT:
            case DOUBLE:
                return value instanceof Double ? (Double) value : null;
            case DECIMAL:
                if (value instanceof BigDecimal) {
                    return ((BigDecimal) value).doubleValue();
                }
                return value instanceof Long ? ((Long) value).doubleValue() : null;
            case DATE:
                return value instanceof LocalDate ? java.sql.Date.valueOf((LocalDate) value) : null;
            default:
                return null;
        }
    }
}
