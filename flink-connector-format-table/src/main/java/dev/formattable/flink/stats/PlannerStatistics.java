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

import dev.formattable.core.FormatTable;
import dev.formattable.core.fs.Path;
import dev.formattable.core.partition.PartitionPredicate;
import dev.formattable.core.scan.DataSplit;
import dev.formattable.core.scan.FormatTableScan;
import dev.formattable.core.scan.ScanPlan;
import dev.formattable.core.stats.ColumnStatistics;
import dev.formattable.core.stats.Fingerprint;
import dev.formattable.core.stats.PartitionStatistics;
import dev.formattable.core.stats.StatisticsStore;
import dev.formattable.core.stats.TableStatistics;
import dev.formattable.core.utils.Parallel;

import org.apache.flink.annotation.Internal;
import org.apache.flink.table.plan.stats.ColumnStats;
import org.apache.flink.table.plan.stats.TableStats;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import javax.annotation.Nullable;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.sql.Date;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Planner statistics of the partitions a query reads: the row count, and per column the null count,
 * minimum and maximum. A partition whose stored statistics ({@link StatisticsStore}) cover exactly
 * its current files contributes those; any other partition contributes what its files' footers say.
 * Distinct counts of data columns come from the union of the stored sketches, so only when every
 * partition read has current stored statistics. Partition columns are exact, from the directory
 * names, with their number of distinct values.
 */
@Internal
public final class PlannerStatistics {

    private static final Logger LOG = LoggerFactory.getLogger(PlannerStatistics.class);

    private PlannerStatistics() {}

    /** The files of the partitions the predicate accepts: the plan statistics are made from. */
    public static ScanPlan plan(FormatTable table, @Nullable PartitionPredicate filter)
            throws IOException {
        FormatTableScan scan = table.newScan();
        if (filter != null) {
            scan.withPartitionFilter(filter);
        }
        return scan.plan();
    }

    /** The statistics of the planned files; unknown when a file is unreadable. */
    public static TableStats of(FormatTable table, RowType tableType, ScanPlan plan) {
        try {
            return compute(table, tableType, plan);
        } catch (IOException | UncheckedIOException e) {
            // Statistics are advice: the read itself will name an unreadable file. Anything else
            // is a bug and must not pass as "unknown".
            LOG.warn("No statistics for format table {}: {}", table.location(), e.toString());
            return TableStats.UNKNOWN;
        }
    }

    private static TableStats compute(FormatTable table, RowType tableType, ScanPlan plan)
            throws IOException {
        Map<Path, List<DataSplit>> byPartition = new LinkedHashMap<>();
        for (DataSplit file : plan.splits()) {
            byPartition.computeIfAbsent(file.path().parent(), d -> new ArrayList<>()).add(file);
        }
        StatisticsStore store = new StatisticsStore(table.fileIO());
        // Only the partitions whose listing showed a statistics file, read in parallel.
        List<Map.Entry<Path, List<DataSplit>>> partitions = new ArrayList<>(byPartition.entrySet());
        List<Optional<PartitionStatistics>> read =
                Parallel.map(
                        partitions,
                        Footers.PARALLELISM,
                        p ->
                                plan.holdsStatistics(p.getKey())
                                        ? store.readCurrent(
                                                p.getKey(),
                                                Fingerprint.ofSplits(p.getKey(), p.getValue()))
                                        : Optional.empty());
        List<PartitionStatistics> stored = new ArrayList<>();
        List<List<Object>> storedValues = new ArrayList<>();
        List<DataSplit> footerFiles = new ArrayList<>();
        for (int i = 0; i < partitions.size(); i++) {
            Map.Entry<Path, List<DataSplit>> p = partitions.get(i);
            Optional<PartitionStatistics> current = read.get(i);
            if (current.isPresent()) {
                stored.add(current.get());
                storedValues.add(p.getValue().get(0).partitionValues());
            } else {
                footerFiles.addAll(p.getValue());
            }
        }
        if (!footerFiles.isEmpty() && table.options().format().lineBased()) {
            // No footers to count rows with; reading every line to plan is not worth it. The
            // statistics job's stored statistics serve these formats.
            return TableStats.UNKNOWN;
        }
        List<FileFooter> footers = Footers.read(table, footerFiles);
        long rows = 0;
        for (PartitionStatistics p : stored) {
            rows += p.rowCount();
        }
        for (FileFooter footer : footers) {
            rows += footer.rows();
        }
        // Distinct counts only from sketches that cover every row read.
        TableStatistics sketches =
                footerFiles.isEmpty() && !stored.isEmpty() ? TableStatistics.merge(stored) : null;
        List<String> keys = table.layout().keys();
        Map<String, ColumnStats> columns = new HashMap<>();
        for (RowType.RowField field : tableType.getFields()) {
            String name = field.getName();
            int level = keys.indexOf(name);
            ColumnStats stats;
            if (level >= 0) {
                List<Object> values = new ArrayList<>();
                List<Long> counts = new ArrayList<>();
                for (int i = 0; i < stored.size(); i++) {
                    values.add(storedValues.get(i).get(level));
                    counts.add(stored.get(i).rowCount());
                }
                for (int i = 0; i < footerFiles.size(); i++) {
                    values.add(footerFiles.get(i).partitionValues().get(level));
                    counts.add(footers.get(i).rows());
                }
                stats = partitionColumn(field.getType(), values, counts);
            } else {
                Optional<ColumnStatistics> sketch =
                        sketches == null ? Optional.empty() : sketches.column(name);
                stats =
                        columnStats(
                                dataColumn(name, stored, footers),
                                field.getType(),
                                sketch.map(ColumnStatistics::distinctCount).orElse(null),
                                sketch.isEmpty() ? null : sketches.averageWidth(name).orElse(null),
                                sketch.map(c -> (int) c.maxWidth()).orElse(null));
            }
            if (stats != null) {
                columns.put(name, stats);
            }
        }
        return new TableStats(rows, columns);
    }

    /** The table's columns that its files store. */
    private static RowType dataType(FormatTable table, RowType tableType) {
        List<RowType.RowField> fields = new ArrayList<>();
        for (RowType.RowField f : tableType.getFields()) {
            if (!table.layout().keys().contains(f.getName())) {
                fields.add(f);
            }
        }
        return new RowType(fields);
    }

    private static ColumnStats partitionColumn(
            LogicalType type, List<Object> values, List<Long> rows) {
        ColumnSummary summary = new ColumnSummary();
        Set<Object> distinct = new HashSet<>();
        for (int i = 0; i < values.size(); i++) {
            Object value = normalise(values.get(i));
            if (value == null) {
                summary.add(rows.get(i), 0, null, null);
            } else {
                distinct.add(value);
                summary.add(0, rows.get(i), value, value);
            }
        }
        return columnStats(summary, type, (long) distinct.size(), null, null);
    }

    private static ColumnSummary dataColumn(
            String name, List<PartitionStatistics> stored, List<FileFooter> footers) {
        ColumnSummary summary = new ColumnSummary();
        for (PartitionStatistics p : stored) {
            Optional<ColumnStatistics> c = p.column(name);
            if (c.isEmpty()) {
                summary.add(-1, p.rowCount(), null, null); // nothing known of this column
            } else {
                long nulls = c.get().nullCount();
                summary.add(
                        nulls,
                        p.rowCount() - nulls,
                        normalise(c.get().min().orElse(null)),
                        normalise(c.get().max().orElse(null)));
            }
        }
        for (FileFooter footer : footers) {
            ColumnSummary column = footer.column(name);
            if (column == null) {
                summary.add(footer.rows(), 0, null, null); // a column added after the file
            } else {
                summary.add(column);
            }
        }
        return summary;
    }

    @Nullable
    private static ColumnStats columnStats(
            ColumnSummary summary,
            LogicalType type,
            @Nullable Long ndv,
            @Nullable Double avgLen,
            @Nullable Integer maxLen) {
        Comparable<?> min = forPlanner(summary.min(), type);
        Comparable<?> max = forPlanner(summary.max(), type);
        boolean bounded = min != null && max != null;
        Long nulls = summary.nulls() < 0 ? null : summary.nulls();
        if (nulls == null && !bounded && ndv == null) {
            return null;
        }
        return ColumnStats.Builder.builder()
                .setNdv(ndv)
                .setAvgLen(avgLen)
                .setMaxLen(maxLen)
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
                return value instanceof LocalDate ? Date.valueOf((LocalDate) value) : null;
            default:
                return null;
        }
    }
}
