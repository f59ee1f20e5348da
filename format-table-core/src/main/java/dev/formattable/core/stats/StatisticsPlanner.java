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

import dev.formattable.core.FormatTable;
import dev.formattable.core.commit.PartitionRegistrations;
import dev.formattable.core.fs.Path;
import dev.formattable.core.metastore.BasicStatistics;
import dev.formattable.core.metastore.PartitionRegistry;
import dev.formattable.core.partition.PartitionPredicate;
import dev.formattable.core.scan.DataSplit;
import dev.formattable.core.scan.FormatTableScan;
import dev.formattable.core.types.DataField;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Plans and finishes an incremental statistics run. {@link #plan} compares each partition's stored
 * statistics with the files it has now and decides what to read ({@link StatisticsTask}); an engine
 * reads those files into a {@link PartitionStatisticsBuilder} per partition; {@link #finish} stores
 * the result, merged with the stored statistics when files were only added.
 */
public final class StatisticsPlanner {

    private final FormatTable table;
    private final StatisticsStore store;
    private final List<DataField> columns;
    private final int lgK;

    public StatisticsPlanner(FormatTable table) {
        this.table = table;
        this.store = new StatisticsStore(table.fileIO());
        this.columns = columns(table);
        this.lgK = table.options().statisticsHllLgK();
    }

    /** The columns that have statistics: the data columns of a type with statistics. */
    public static List<DataField> columns(FormatTable table) {
        Set<String> keys = Set.copyOf(table.layout().keys());
        List<DataField> result = new ArrayList<>();
        for (DataField f : table.schema().fields()) {
            if (!keys.contains(f.name()) && ColumnStatisticsBuilder.supports(f.type())) {
                result.add(f);
            }
        }
        return result;
    }

    public List<DataField> columns() {
        return columns;
    }

    public int lgK() {
        return lgK;
    }

    /**
     * One task per non-empty partition the filter accepts ({@code null}: every partition).
     *
     * @throws IOException when the table cannot be listed
     */
    public List<StatisticsTask> plan(PartitionPredicate filter) throws IOException {
        FormatTableScan scan = table.newScan();
        if (filter != null) {
            scan.withPartitionFilter(filter);
        }
        Map<Path, List<DataSplit>> byPartition = new LinkedHashMap<>();
        for (DataSplit file : scan.plan().splits()) {
            byPartition.computeIfAbsent(file.path().parent(), d -> new ArrayList<>()).add(file);
        }
        List<StatisticsTask> tasks = new ArrayList<>(byPartition.size());
        for (Map.Entry<Path, List<DataSplit>> p : byPartition.entrySet()) {
            tasks.add(task(p.getKey(), p.getValue()));
        }
        return tasks;
    }

    private StatisticsTask task(Path dir, List<DataSplit> files) {
        String name = partitionName(dir, files.get(0).partitionValues());
        Optional<PartitionStatistics> stored = store.read(dir);
        if (stored.isEmpty() || !sameColumns(stored.get())) {
            return new StatisticsTask(
                    dir, name, StatisticsTask.Action.RECOMPUTE, files, Fingerprint.empty(), -1);
        }
        Fingerprint base = stored.get().fingerprint();
        long rows = stored.get().rowCount();
        Fingerprint.Change change = base.changesTo(Fingerprint.ofSplits(dir, files));
        switch (change.kind()) {
            case UNCHANGED:
                return new StatisticsTask(
                        dir, name, StatisticsTask.Action.REUSE, List.of(), base, rows);
            case ONLY_ADDED:
                Set<String> added =
                        change.added().stream()
                                .map(Fingerprint.FileEntry::name)
                                .collect(Collectors.toSet());
                List<DataSplit> toRead = new ArrayList<>();
                for (DataSplit f : files) {
                    if (added.contains(f.path().relativeTo(dir))) {
                        toRead.add(f);
                    }
                }
                return new StatisticsTask(
                        dir, name, StatisticsTask.Action.ADD_FILES, toRead, base, rows);
            default:
                return new StatisticsTask(
                        dir, name, StatisticsTask.Action.RECOMPUTE, files, Fingerprint.empty(), -1);
        }
    }

    /**
     * The name a partition is reported by: its directory relative to the table's, or, for a
     * partition a catalog keeps at another directory, the one the layout would give it.
     */
    private String partitionName(Path dir, List<Object> values) {
        Path root = table.qualifiedLocation();
        if (dir.equals(root)) {
            return "";
        }
        return table.layout().isDirectoryOf(root, dir, values)
                ? dir.relativeTo(root)
                : table.layout().relativePath(values);
    }

    /** Whether stored statistics are of the columns and the sketch size this run computes. */
    private boolean sameColumns(PartitionStatistics stored) {
        List<ColumnStatistics> have = stored.columns();
        if (have.size() != columns.size()) {
            return false;
        }
        for (int i = 0; i < have.size(); i++) {
            ColumnStatistics c = have.get(i);
            DataField f = columns.get(i);
            if (!c.name().equals(f.name())
                    || !c.type().equals(f.type())
                    || c.sketch().getLgConfigK() != lgK) {
                return false;
            }
        }
        return true;
    }

    /** A fresh builder for the files of one task. */
    public PartitionStatisticsBuilder newBuilder() {
        return new PartitionStatisticsBuilder(columns, lgK);
    }

    /**
     * Records the stored statistics of the reported partitions with the table's partition registry,
     * where its catalog keeps partitions (a Hive Metastore keeps them as partition parameters, for
     * other engines' planners; an unpartitioned table's as its own). Partitions a report skipped
     * are left out.
     *
     * @param tasks the plan the reports are of, which knows each partition's directory
     * @throws IOException when the registry cannot record them
     */
    public void recordInRegistry(List<StatisticsTask> tasks, List<PartitionReport> reports)
            throws IOException {
        Optional<PartitionRegistry> registry = table.partitionRegistry();
        if (registry.isEmpty()) {
            return;
        }
        Map<String, Path> dirs = new HashMap<>();
        tasks.forEach(t -> dirs.put(t.partition(), t.directory()));
        Map<Map<String, String>, BasicStatistics> statistics = new LinkedHashMap<>();
        for (PartitionReport report : reports) {
            Path dir = dirs.get(report.partition());
            if (dir == null
                    || report.rowCount() < 0
                    || report.partition().isEmpty() == table.layout().isPartitioned()) {
                continue;
            }
            String[] names =
                    report.partition().isEmpty() ? new String[0] : report.partition().split("/");
            List<Object> values = new ArrayList<>(names.length);
            for (int level = 0; level < names.length; level++) {
                values.add(table.layout().parseDirectoryName(level, names[level]).orElseThrow()[0]);
            }
            Optional<PartitionStatistics> stored = store.read(dir);
            if (stored.isPresent()) {
                Fingerprint files = stored.get().fingerprint();
                long bytes = 0;
                for (Fingerprint.FileEntry f : files.files()) {
                    bytes += f.size();
                }
                statistics.put(
                        PartitionRegistrations.spec(table.layout(), values),
                        new BasicStatistics(stored.get().rowCount(), files.size(), bytes));
            }
        }
        if (!statistics.isEmpty()) {
            registry.get().recordStatistics(statistics);
        }
    }

    /** The fingerprint of the files a task reads. */
    public static Fingerprint fingerprintOf(StatisticsTask task) {
        return Fingerprint.ofSplits(task.directory(), task.files());
    }

    /**
     * Stores what was computed for a task's files and says what was done. Files only added are
     * merged into the stored statistics, unless those changed since planning (another run): then
     * nothing is written and the report says so.
     *
     * @throws IOException when the statistics cannot be written
     */
    public PartitionReport finish(StatisticsTask task, PartitionStatistics computed)
            throws IOException {
        int read = task.files().size();
        switch (task.action()) {
            case REUSE:
                return new PartitionReport(
                        task.partition(), PartitionReport.REUSED, 0, task.storedRows());
            case ADD_FILES:
                Optional<PartitionStatistics> stored = store.read(task.directory());
                if (stored.isEmpty() || !stored.get().fingerprint().equals(task.base())) {
                    return new PartitionReport(
                            task.partition(),
                            "skipped: its statistics changed while this run read its new files;"
                                    + " run again",
                            read,
                            -1);
                }
                PartitionStatistics merged = stored.get().merge(computed);
                store.write(task.directory(), merged);
                return new PartitionReport(
                        task.partition(), PartitionReport.ADDED_FILES, read, merged.rowCount());
            default:
                store.write(task.directory(), computed);
                return new PartitionReport(
                        task.partition(), PartitionReport.RECOMPUTED, read, computed.rowCount());
        }
    }
}
