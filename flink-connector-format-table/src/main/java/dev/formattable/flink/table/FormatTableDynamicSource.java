package dev.formattable.flink.table;

import dev.formattable.core.FormatTable;
import dev.formattable.core.partition.PartitionPredicate;
import dev.formattable.flink.source.FormatTableSource;
import dev.formattable.flink.source.reader.MetadataColumns;

import org.apache.flink.table.connector.ChangelogMode;
import org.apache.flink.table.connector.source.DynamicTableSource;
import org.apache.flink.table.connector.source.ScanTableSource;
import org.apache.flink.table.connector.source.SourceProvider;
import org.apache.flink.table.connector.source.abilities.SupportsAggregatePushDown;
import org.apache.flink.table.connector.source.abilities.SupportsFilterPushDown;
import org.apache.flink.table.connector.source.abilities.SupportsLimitPushDown;
import org.apache.flink.table.connector.source.abilities.SupportsPartitionPushDown;
import org.apache.flink.table.connector.source.abilities.SupportsProjectionPushDown;
import org.apache.flink.table.connector.source.abilities.SupportsReadingMetadata;
import org.apache.flink.table.connector.source.abilities.SupportsStatisticReport;
import org.apache.flink.table.expressions.AggregateExpression;
import org.apache.flink.table.expressions.ResolvedExpression;
import org.apache.flink.table.plan.stats.TableStats;
import org.apache.flink.table.types.DataType;
import org.apache.flink.table.types.logical.RowType;

import javax.annotation.Nullable;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The SQL scan of a format table. Partition filters and partitions pushed down become a core
 * partition predicate, which prunes the directory listing itself; projections and limits reach the
 * reader.
 */
public final class FormatTableDynamicSource
        implements ScanTableSource,
                SupportsProjectionPushDown,
                SupportsFilterPushDown,
                SupportsPartitionPushDown,
                SupportsLimitPushDown,
                SupportsAggregatePushDown,
                SupportsStatisticReport,
                SupportsReadingMetadata {

    private final FormatTable table;
    private final RowType tableType;
    private final long splitSize;
    private final int batchSize;
    @Nullable private final Duration monitorInterval;
    private int[] projection;
    private final List<PartitionPredicate> filters = new ArrayList<>();
    private List<Map<String, String>> partitions;
    private Long limit;
    private List<String> metadataKeys = List.of();
    private final List<ResolvedExpression> dataFilters = new ArrayList<>();

    /** Set when a global COUNT(*) was pushed down: the type of its one-row result. */
    private DataType countType;

    public FormatTableDynamicSource(
            FormatTable table, RowType tableType, long splitSize, int batchSize) {
        this(table, tableType, splitSize, batchSize, null);
    }

    /** A scan that is continuous, listing the table at every {@code monitorInterval}, if set. */
    public FormatTableDynamicSource(
            FormatTable table,
            RowType tableType,
            long splitSize,
            int batchSize,
            @Nullable Duration monitorInterval) {
        this.table = table;
        this.tableType = tableType;
        this.splitSize = splitSize;
        this.batchSize = batchSize;
        this.monitorInterval = monitorInterval;
    }

    @Override
    public ChangelogMode getChangelogMode() {
        return ChangelogMode.insertOnly();
    }

    @Override
    public ScanRuntimeProvider getScanRuntimeProvider(ScanContext context) {
        if (countType != null) {
            return FooterCount.provider(table, predicate(), context, countType);
        }
        return SourceProvider.of(
                FormatTableSource.create(
                        table,
                        tableType,
                        projection,
                        predicate(),
                        limit,
                        splitSize,
                        batchSize,
                        monitorInterval,
                        metadataKeys,
                        dataFilters));
    }

    /** The partition filters and pushed-down partitions, as one predicate (or null). */
    PartitionPredicate predicate() {
        List<PartitionPredicate> all = new ArrayList<>(filters);
        if (partitions != null && partitions.stream().noneMatch(Map::isEmpty)) {
            all.add(pushedPartitions());
        }
        if (all.isEmpty()) {
            return null;
        }
        return all.size() == 1 ? all.get(0) : PartitionPredicate.and(all);
    }

    /**
     * The partitions the planner handed back, the default partition's name read as null: a set of
     * them when each names every key (one lookup per directory, none for an empty list), else the
     * OR of their equalities.
     */
    private PartitionPredicate pushedPartitions() {
        List<Map<String, String>> named = new ArrayList<>();
        for (Map<String, String> partition : partitions) {
            Map<String, String> values = new LinkedHashMap<>();
            partition.forEach(
                    (k, v) ->
                            values.put(
                                    k,
                                    v == null || v.equals(table.layout().defaultName())
                                            ? null
                                            : v));
            named.add(values);
        }
        int keys = table.layout().keys().size();
        if (named.stream().allMatch(p -> p.size() == keys)) {
            return PartitionPredicate.partitions(named);
        }
        List<PartitionPredicate> any = new ArrayList<>();
        for (Map<String, String> partition : named) {
            List<PartitionPredicate> equalities = new ArrayList<>();
            partition.forEach(
                    (k, v) ->
                            equalities.add(
                                    v == null
                                            ? PartitionPredicate.isNull(k)
                                            : PartitionPredicate.equal(k, v)));
            any.add(PartitionPredicate.and(equalities));
        }
        return PartitionPredicate.or(any);
    }

    @Override
    public boolean supportsNestedProjection() {
        return false;
    }

    @Override
    public void applyProjection(int[][] projectedFields, DataType producedDataType) {
        int[] top = new int[projectedFields.length];
        for (int i = 0; i < projectedFields.length; i++) {
            top[i] = projectedFields[i][0];
        }
        this.projection = top;
    }

    @Override
    public Result applyFilters(List<ResolvedExpression> expressions) {
        PartitionFilterConverter converter = new PartitionFilterConverter(table.layout().keys());
        List<ResolvedExpression> accepted = new ArrayList<>();
        List<ResolvedExpression> remaining = new ArrayList<>();
        for (ResolvedExpression e : expressions) {
            Optional<PartitionPredicate> p = converter.convert(e);
            if (p.isPresent()) {
                filters.add(p.get());
                accepted.add(e);
            } else {
                // Also used by the readers to skip row groups and stripes; Flink filters rows.
                dataFilters.add(e);
                remaining.add(e);
            }
        }
        return Result.of(accepted, remaining);
    }

    /**
     * The partition directories of the table (their files are not listed). The planner prunes them
     * and hands back the survivors through {@link #applyPartitions}, which the scan then turns into
     * path prefixes. Values are given in the form Flink parses: a DATE as yyyy-MM-dd.
     */
    @Override
    public Optional<List<Map<String, String>>> listPartitions() {
        if (!table.layout().isPartitioned()) {
            return Optional.empty();
        }
        try {
            return Optional.of(PartitionSpecs.list(table));
        } catch (IOException e) {
            throw new UncheckedIOException(
                    "Cannot list the partitions of format table " + table.location(), e);
        }
    }

    @Override
    public void applyPartitions(List<Map<String, String>> remainingPartitions) {
        List<Map<String, String>> ordered = new ArrayList<>();
        for (Map<String, String> p : remainingPartitions) {
            Map<String, String> inKeyOrder = new LinkedHashMap<>();
            for (String key : table.layout().keys()) {
                if (p.containsKey(key)) {
                    inKeyOrder.put(key, p.get(key));
                }
            }
            ordered.add(inKeyOrder);
        }
        this.partitions = ordered;
    }

    @Override
    public void applyLimit(long rows) {
        // A continuous scan has no end to stop at: Flink applies the limit on the rows instead.
        if (monitorInterval != null) {
            return;
        }
        this.limit = rows;
    }

    /**
     * Accepts a global {@code COUNT(*)} (or {@code COUNT(1)}), answered from file footers;
     * partition filters pushed before still apply. Anything else (grouping, other aggregates,
     * DISTINCT, FILTER) is left to Flink. Flink 2.3 offers aggregates to batch scans only, with no
     * option to enable.
     */
    @Override
    public boolean applyAggregates(
            List<int[]> groupingSets,
            List<AggregateExpression> aggregateExpressions,
            DataType producedDataType) {
        if (monitorInterval != null
                || !FooterCount.isGlobalCountStar(groupingSets, aggregateExpressions)) {
            return false;
        }
        this.countType = producedDataType;
        return true;
    }

    /**
     * The row count of the partitions that survive pruning, from the footers of their files (read
     * in parallel, cached per file). Flink asks for it in batch mode when the catalog has none and
     * {@code table.optimizer.source.report-statistics-enabled} is true (the default).
     */
    @Override
    public TableStats reportStatistics() {
        return PlannerStatistics.of(table, tableType, predicate());
    }

    @Override
    public Map<String, DataType> listReadableMetadata() {
        return MetadataColumns.METADATA;
    }

    @Override
    public void applyReadableMetadata(List<String> metadataKeys, DataType producedDataType) {
        this.metadataKeys = List.copyOf(metadataKeys);
    }

    @Override
    public DynamicTableSource copy() {
        FormatTableDynamicSource copy =
                new FormatTableDynamicSource(
                        table, tableType, splitSize, batchSize, monitorInterval);
        copy.projection = projection == null ? null : projection.clone();
        copy.filters.addAll(filters);
        copy.partitions = partitions == null ? null : new ArrayList<>(partitions);
        copy.limit = limit;
        copy.countType = countType;
        copy.metadataKeys = metadataKeys;
        copy.dataFilters.addAll(dataFilters);
        return copy;
    }

    @Override
    public String asSummaryString() {
        return "format-table(" + table.location() + ")";
    }
}
