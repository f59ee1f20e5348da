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
package dev.formattable.flink.catalog;

import dev.formattable.core.FormatTable;
import dev.formattable.core.fs.Path;
import dev.formattable.core.partition.PartitionPredicate;
import dev.formattable.core.partition.PartitionSpecText;
import dev.formattable.core.scan.DataSplit;
import dev.formattable.core.stats.ColumnStatistics;
import dev.formattable.core.stats.Fingerprint;
import dev.formattable.core.stats.PartitionStatistics;
import dev.formattable.core.stats.StatisticsStore;
import dev.formattable.core.stats.TableStatistics;
import dev.formattable.flink.stats.LocalStatistics;

import org.apache.flink.table.catalog.CatalogPartitionSpec;
import org.apache.flink.table.catalog.ObjectPath;
import org.apache.flink.table.catalog.exceptions.CatalogException;
import org.apache.flink.table.catalog.exceptions.TableNotExistException;
import org.apache.flink.table.catalog.stats.CatalogColumnStatistics;
import org.apache.flink.table.catalog.stats.CatalogColumnStatisticsDataBase;
import org.apache.flink.table.catalog.stats.CatalogTableStatistics;

import javax.annotation.Nullable;

import java.io.IOException;
import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The statistics side of the catalog. What it answers comes from the statistics files under each
 * partition ({@link StatisticsStore}), and only when they cover the partition's current files.
 * Storing statistics (what {@code ANALYZE TABLE} asks for) computes them anew from the files, on a
 * few threads in this process; Flink's own figures are not kept, because they hold no sketches to
 * unite. {@code CALL <catalog>.sys.compute_statistics} runs the same as a Flink job.
 */
final class CatalogStatisticsAccess {

    /** Opens the format table behind a table of the catalog. */
    @FunctionalInterface
    interface TableOpener {
        FormatTable open(ObjectPath path) throws TableNotExistException;
    }

    private final TableOpener tables;

    // Flink's planner asks for the table statistics of a query's partitions and, right after, for
    // their column statistics, handing both requests the same list: the second takes what the
    // first read. Keyed by that list's identity, which no other request shares, so a later query
    // never gets what an earlier one read.
    @Nullable private LastRead last;

    private record LastRead(
            ObjectPath path,
            WeakReference<List<CatalogPartitionSpec>> specs,
            List<PartitionStatistics> statistics) {}

    CatalogStatisticsAccess(TableOpener tables) {
        this.tables = tables;
    }

    /** What the table-statistics request with this very list read, once; otherwise null. */
    @Nullable
    private synchronized List<PartitionStatistics> takeLastRead(
            ObjectPath path, List<CatalogPartitionSpec> specs) {
        LastRead read = last;
        last = null;
        return read != null && read.specs().get() == specs && read.path().equals(path)
                ? read.statistics()
                : null;
    }

    private synchronized void keepLastRead(
            ObjectPath path, List<CatalogPartitionSpec> specs, List<PartitionStatistics> stats) {
        last = new LastRead(path, new WeakReference<>(specs), stats);
    }

    private FormatTable openTable(ObjectPath path) throws TableNotExistException {
        return tables.open(path);
    }

    // ------------------------------------------------------------------ reading

    /**
     * An unpartitioned table's statistics. A partitioned table has none here: Flink asks for table
     * statistics in every plan, and the source reports them for the partitions a query reads.
     */
    CatalogTableStatistics tableStatistics(ObjectPath path) throws TableNotExistException {
        return unpartitioned(path)
                .map(CatalogStatistics::table)
                .orElse(CatalogTableStatistics.UNKNOWN);
    }

    CatalogColumnStatistics tableColumnStatistics(ObjectPath path) throws TableNotExistException {
        return unpartitioned(path)
                .map(s -> CatalogStatistics.of(CatalogStatistics.dataColumns(s, null)))
                .orElse(CatalogColumnStatistics.UNKNOWN);
    }

    private Optional<PartitionStatistics> unpartitioned(ObjectPath path)
            throws TableNotExistException {
        FormatTable table = openTable(path);
        if (table.layout().isPartitioned()) {
            return Optional.empty();
        }
        return io(() -> current(table, null), path);
    }

    List<CatalogTableStatistics> partitionStatistics(
            ObjectPath path, List<CatalogPartitionSpec> specs) {
        List<PartitionStatistics> stats = partitions(openQuietly(path), path, specs);
        keepLastRead(path, specs, stats);
        List<CatalogTableStatistics> result = new ArrayList<>();
        for (PartitionStatistics s : stats) {
            result.add(s == null ? CatalogTableStatistics.UNKNOWN : CatalogStatistics.table(s));
        }
        return result;
    }

    /**
     * Column statistics of each partition. Flink's planner unites partitions' distinct counts by
     * taking the largest (of a partition column: the sum), so in a request for several partitions
     * each data column's distinct count is that of the union of all their sketches, and a partition
     * column's distinct values count once, in the first partition that has them: Flink's
     * combination then gives the true figures.
     */
    List<CatalogColumnStatistics> partitionColumnStatistics(
            ObjectPath path, List<CatalogPartitionSpec> specs) {
        FormatTable table = openQuietly(path);
        List<PartitionStatistics> stats = takeLastRead(path, specs);
        if (stats == null) {
            stats = partitions(table, path, specs);
        }
        Map<String, Long> union = null;
        if (!stats.isEmpty() && !stats.contains(null)) {
            union = new HashMap<>();
            for (ColumnStatistics c : TableStatistics.merge(stats).columns()) {
                union.put(c.name(), c.distinctCount());
            }
        }
        List<String> keys = table.layout().keys();
        List<Set<Object>> seen = new ArrayList<>();
        keys.forEach(k -> seen.add(new HashSet<>()));
        List<CatalogColumnStatistics> result = new ArrayList<>();
        for (int i = 0; i < specs.size(); i++) {
            PartitionStatistics s = stats.get(i);
            if (s == null) {
                result.add(CatalogColumnStatistics.UNKNOWN);
                continue;
            }
            Map<String, CatalogColumnStatisticsDataBase> columns =
                    CatalogStatistics.dataColumns(s, union);
            List<Object> values = CatalogPartitions.values(table, specs.get(i));
            for (int k = 0; k < keys.size(); k++) {
                Object v = values.get(k);
                long ndv = v != null && seen.get(k).add(v) ? 1 : 0;
                CatalogColumnStatisticsDataBase data =
                        CatalogStatistics.partitionColumn(
                                table.layout().types().get(k), v, s.rowCount(), ndv);
                if (data != null) {
                    columns.put(keys.get(k), data);
                }
            }
            result.add(CatalogStatistics.of(columns));
        }
        return result;
    }

    /** The current statistics of each partition, null where there are none. */
    private static List<PartitionStatistics> partitions(
            FormatTable table, ObjectPath path, List<CatalogPartitionSpec> specs) {
        if (specs.isEmpty()) {
            return new ArrayList<>();
        }
        // One scan for all the partitions asked for, not one per partition.
        List<PartitionPredicate> filters = new ArrayList<>();
        for (CatalogPartitionSpec spec : specs) {
            filters.add(PartitionSpecText.of(table.layout(), spec.getPartitionSpec()));
        }
        Map<List<Object>, List<DataSplit>> byPartition =
                io(() -> filesByPartition(table, PartitionPredicate.or(filters)), path);
        StatisticsStore store = new StatisticsStore(table.fileIO());
        List<PartitionStatistics> result = new ArrayList<>();
        for (CatalogPartitionSpec spec : specs) {
            List<Object> values = CatalogPartitions.values(table, spec);
            List<DataSplit> files = byPartition.get(values);
            if (files == null) {
                result.add(null);
                continue;
            }
            Path dir = files.get(0).path().parent();
            result.add(store.readCurrent(dir, Fingerprint.ofSplits(dir, files)).orElse(null));
        }
        return result;
    }

    private static Map<List<Object>, List<DataSplit>> filesByPartition(
            FormatTable table, PartitionPredicate filter) throws IOException {
        Map<List<Object>, List<DataSplit>> byPartition = new HashMap<>();
        for (DataSplit f : table.newScan().withPartitionFilter(filter).plan().splits()) {
            byPartition.computeIfAbsent(f.partitionValues(), v -> new ArrayList<>()).add(f);
        }
        return byPartition;
    }

    private static Optional<PartitionStatistics> current(
            FormatTable table, @Nullable PartitionPredicate filter) throws IOException {
        var scan = table.newScan();
        if (filter != null) {
            scan.withPartitionFilter(filter);
        }
        List<DataSplit> splits = scan.plan().splits();
        if (splits.isEmpty()) {
            return Optional.empty();
        }
        Path dir = splits.get(0).path().parent();
        return new StatisticsStore(table.fileIO())
                .readCurrent(dir, Fingerprint.ofSplits(dir, splits));
    }

    // ------------------------------------------------------------------ storing (ANALYZE TABLE)

    /** Computes a table's statistics anew (ANALYZE TABLE); Flink's own figures are not kept. */
    void computeTable(ObjectPath path, boolean ignoreIfNotExists) throws TableNotExistException {
        compute(path, null, ignoreIfNotExists);
    }

    /** Computes a partition's statistics anew. */
    void computePartition(ObjectPath path, CatalogPartitionSpec spec) {
        try {
            compute(path, spec, false);
        } catch (TableNotExistException e) {
            throw new CatalogException(e.getMessage(), e);
        }
    }

    private void compute(
            ObjectPath path, @Nullable CatalogPartitionSpec spec, boolean ignoreIfNotExists)
            throws TableNotExistException {
        FormatTable table;
        try {
            table = openTable(path);
        } catch (TableNotExistException e) {
            if (ignoreIfNotExists) {
                return;
            }
            throw e;
        }
        PartitionPredicate filter =
                spec == null ? null : PartitionSpecText.of(table.layout(), spec.getPartitionSpec());
        int threads = Math.max(1, Runtime.getRuntime().availableProcessors());
        io(() -> LocalStatistics.run(table, filter, threads), path);
    }

    // ------------------------------------------------------------------ helpers

    private FormatTable openQuietly(ObjectPath path) {
        try {
            return openTable(path);
        } catch (TableNotExistException e) {
            throw new CatalogException(e.getMessage(), e);
        }
    }

    private static <T> T io(CatalogIo.IoCall<T> call, ObjectPath path) {
        return CatalogIo.call(call, "serve the statistics of table " + path.getFullName());
    }
}
