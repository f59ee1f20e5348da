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
package dev.formattable.flink.table;

import dev.formattable.core.FormatTable;
import dev.formattable.core.partition.PartitionPredicate;
import dev.formattable.core.scan.ScanPlan;
import dev.formattable.flink.internal.LookupShuffle;
import dev.formattable.flink.lookup.FormatTableLookup;
import dev.formattable.flink.lookup.FullCacheLookupFunction;
import dev.formattable.flink.lookup.LookupSettings;
import dev.formattable.flink.read.MetadataColumns;
import dev.formattable.flink.read.ReadSpec;
import dev.formattable.flink.source.FormatTableSource;
import dev.formattable.flink.source.enumerator.ScanSpec;
import dev.formattable.flink.stats.FooterCount;
import dev.formattable.flink.stats.PlannerStatistics;

import org.apache.flink.annotation.Internal;
import org.apache.flink.table.connector.ChangelogMode;
import org.apache.flink.table.connector.source.DynamicTableSource;
import org.apache.flink.table.connector.source.LookupTableSource;
import org.apache.flink.table.connector.source.ScanTableSource;
import org.apache.flink.table.connector.source.SourceProvider;
import org.apache.flink.table.connector.source.abilities.SupportsAggregatePushDown;
import org.apache.flink.table.connector.source.abilities.SupportsFilterPushDown;
import org.apache.flink.table.connector.source.abilities.SupportsLimitPushDown;
import org.apache.flink.table.connector.source.abilities.SupportsProjectionPushDown;
import org.apache.flink.table.connector.source.abilities.SupportsReadingMetadata;
import org.apache.flink.table.connector.source.abilities.SupportsStatisticReport;
import org.apache.flink.table.connector.source.lookup.LookupFunctionProvider;
import org.apache.flink.table.expressions.AggregateExpression;
import org.apache.flink.table.expressions.ResolvedExpression;
import org.apache.flink.table.plan.stats.TableStats;
import org.apache.flink.table.types.DataType;
import org.apache.flink.table.types.logical.RowType;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import javax.annotation.Nullable;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The SQL scan of a format table. Filters on partition columns are taken through filter push-down
 * and become a core partition predicate, which prunes the directory listing itself: the scan lists
 * the partitions a query keeps, never the whole table (the planner's partition push-down would list
 * every partition directory before pruning). Projections and limits reach the reader.
 *
 * <p>When Flink asks for statistics (batch), the files of the surviving partitions are listed once
 * for them, and that listing is handed to the split enumerator, which then lists nothing again.
 */
@Internal
public class FormatTableDynamicSource
        implements ScanTableSource,
                LookupTableSource,
                LookupShuffle,
                SupportsProjectionPushDown,
                SupportsFilterPushDown,
                SupportsLimitPushDown,
                SupportsAggregatePushDown,
                SupportsStatisticReport,
                SupportsReadingMetadata {

    private static final Logger LOG = LoggerFactory.getLogger(FormatTableDynamicSource.class);

    final FormatTable table;
    final RowType tableType;
    final long splitSize;
    final int batchSize;
    @Nullable final Duration monitorInterval;
    private int[] projection;
    private final List<PartitionPredicate> filters = new ArrayList<>();

    /** Partitions the planner handed back ({@link CatalogTableSource}), or null. */
    @Nullable private List<Map<String, String>> partitions;

    private Long limit;
    private List<String> metadataKeys = List.of();
    private final List<ResolvedExpression> dataFilters = new ArrayList<>();

    /** Set when a global COUNT(*) was pushed down: the type of its one-row result. */
    private DataType countType;

    /** The plan made for statistics, shared by this source's copies. */
    private PlanHandover planned = new PlanHandover();

    /** How a lookup join on this table caches it. */
    LookupSettings lookup = LookupSettings.of(Map.of());

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
        PartitionPredicate predicate = predicate();
        // A continuous scan lists again at every interval; a bounded one reuses a plan made here.
        ScanPlan plan = monitorInterval == null ? planned.planFor(pushed()) : null;
        if (countType != null) {
            return FooterCount.provider(table, predicate, plan, context, countType);
        }
        ScanSpec scan =
                ScanSpec.builder(table)
                        .partitionFilter(predicate)
                        .limit(limit)
                        .splitSize(splitSize)
                        .planned(plan == null ? null : plan.splits())
                        .monitorContinuously(monitorInterval)
                        .build();
        ReadSpec read =
                ReadSpec.builder(table, tableType)
                        .projection(projection)
                        .metadata(metadataKeys)
                        .limit(limit)
                        .batchSize(batchSize)
                        .build();
        return SourceProvider.of(FormatTableSource.create(scan, read, dataFilters));
    }

    /**
     * A lookup join caches the whole table (its surviving partitions and projected columns) in each
     * joining subtask, and loads it again on the table's reload schedule, planning anew each time
     * so that files committed since are seen. Filters on data columns reach the readers too. With
     * the {@code 'shuffle'='true'} hint (Flink 2.0 on) each subtask keeps only its keys' rows.
     */
    @Override
    public LookupRuntimeProvider getLookupRuntimeProvider(LookupContext context) {
        String name = table.location().toString();
        ScanSpec scan =
                ScanSpec.builder(table).partitionFilter(predicate()).splitSize(splitSize).build();
        ReadSpec read =
                ReadSpec.builder(table, tableType)
                        .projection(projection)
                        .metadata(metadataKeys)
                        .batchSize(batchSize)
                        .build();
        int[][] keyPaths = context.getKeys();
        int[] keys = new int[keyPaths.length];
        for (int i = 0; i < keys.length; i++) {
            keys[i] = keyPaths[i][0];
        }
        FormatTableLookup cached =
                FormatTableLookup.of(scan, read, dataFilters, keys, lookup, name);
        return LookupFunctionProvider.of(
                new FullCacheLookupFunction(cached, LookupShuffle.routed(context)));
    }

    /** Sets how a lookup join on this table caches it. */
    FormatTableDynamicSource withLookup(LookupSettings settings) {
        this.lookup = settings;
        return this;
    }

    /** The partition filters and pushed-down partitions, as one predicate (or null). */
    PartitionPredicate predicate() {
        List<PartitionPredicate> all = new ArrayList<>(filters);
        if (partitions != null && partitions.stream().noneMatch(Map::isEmpty)) {
            all.add(PushedPartitions.predicate(table, partitions));
        }
        if (all.isEmpty()) {
            return null;
        }
        return all.size() == 1 ? all.get(0) : PartitionPredicate.and(all);
    }

    /** What a plan is made for: the partition filters and partitions pushed so far. */
    private List<Object> pushed() {
        List<Object> pushed = new ArrayList<>(filters);
        pushed.add(partitions == null ? List.of() : partitions);
        return pushed;
    }

    /** Reads only these partitions (of the table's keys, in any order). */
    void pushPartitions(List<Map<String, String>> remaining) {
        this.partitions = PushedPartitions.inKeyOrder(table, remaining);
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
     * option to enable. Files of the line formats have no footer: Flink counts the rows it reads.
     */
    @Override
    public boolean applyAggregates(
            List<int[]> groupingSets,
            List<AggregateExpression> aggregateExpressions,
            DataType producedDataType) {
        if (monitorInterval != null
                || table.options().format().lineBased()
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
        ScanPlan plan;
        try {
            plan = PlannerStatistics.plan(table, predicate());
        } catch (IOException | RuntimeException e) {
            // Statistics are advice: the scan itself will report what is wrong.
            LOG.warn("No statistics for format table {}: {}", table.location(), e.toString());
            return TableStats.UNKNOWN;
        }
        TableStats stats = PlannerStatistics.of(table, tableType, plan);
        planned.offer(pushed(), plan);
        return stats;
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
        FormatTableDynamicSource copy = blank();
        copy.partitions = partitions; // shared, never changed: plans are matched by it
        copy.projection = projection == null ? null : projection.clone();
        copy.filters.addAll(filters);
        copy.planned = planned;
        copy.limit = limit;
        copy.countType = countType;
        copy.metadataKeys = metadataKeys;
        copy.dataFilters.addAll(dataFilters);
        return copy;
    }

    /** A source like this one with nothing pushed down. */
    FormatTableDynamicSource blank() {
        return new FormatTableDynamicSource(table, tableType, splitSize, batchSize, monitorInterval)
                .withLookup(lookup);
    }

    @Override
    public String asSummaryString() {
        return "format-table(" + table.location() + ")";
    }
}
