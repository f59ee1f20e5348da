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
package dev.formattable.core.scan;

import dev.formattable.core.fs.FileStatus;
import dev.formattable.core.fs.Path;
import dev.formattable.core.partition.BoundPartitionPredicate;
import dev.formattable.core.partition.PartitionPredicate;
import dev.formattable.core.table.FormatTableSpec;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Plans a read of a format table: which data files, in which partitions. A partition predicate
 * prunes the listing itself; a non-positive limit plans nothing. A table whose catalog registers
 * partitions is read from the catalog's partition list, directories being listed for files only. A
 * scan may be planned more than once and shared, since planning leaves it as it was.
 */
public final class FormatTableScan {

    private final FormatTableSpec table;
    private PartitionPredicate partitionFilter;
    private List<Object> partitionPrefix = List.of();
    private Long limit;
    private int parallelism = FileListing.DEFAULT_PARALLELISM;

    public FormatTableScan(FormatTableSpec table) {
        this.table = table;
    }

    /** Reads only partitions the predicate may accept. */
    public FormatTableScan withPartitionFilter(PartitionPredicate predicate) {
        this.partitionFilter = predicate;
        return this;
    }

    /** Reads only below the directory of these leading partition values (typed). */
    public FormatTableScan withPartitionPrefix(List<Object> leadingValues) {
        if (leadingValues.size() > table.layout().levels()) {
            throw new IllegalArgumentException(
                    "More partition values than partition keys "
                            + table.layout().keys()
                            + ": "
                            + leadingValues);
        }
        this.partitionPrefix = new ArrayList<>(leadingValues);
        return this;
    }

    /**
     * A row limit. The table records no row counts, so only a non-positive limit changes the plan
     * (it plans nothing); the reader stops at a positive one.
     */
    public FormatTableScan withLimit(long rows) {
        this.limit = rows;
        return this;
    }

    /** How many directories are listed at once. */
    public FormatTableScan withListingParallelism(int directories) {
        if (directories < 1) {
            throw new IllegalArgumentException(
                    "Listing parallelism must be positive, got " + directories);
        }
        this.parallelism = directories;
        return this;
    }

    /**
     * Lists the table.
     *
     * @throws FileNotFoundException if the table location does not exist
     * @throws IllegalArgumentException if the filter names a non-partition column or a value that
     *     does not fit its column, or a partition directory does not parse
     */
    public ScanPlan plan() throws IOException {
        ListingStats stats = new ListingStats();
        if (limit != null && limit <= 0) {
            return new ScanPlan(List.of(), List.of(), stats);
        }
        FileListing listing =
                new FileListing(table.fileIO(), table.layout(), parallelism, stats)
                        .withRoot(table.qualifiedLocation());
        List<PartitionDiscovery.Node> partitions = discover(listing);
        List<Path> dirs = new ArrayList<>(partitions.size());
        partitions.forEach(p -> dirs.add(p.path));
        Set<Path> withStatistics = ConcurrentHashMap.newKeySet();
        List<List<FileStatus>> files =
                listing.dataFiles(dirs, ScanPlan.STATISTICS_FILE_NAME, withStatistics);
        List<DataSplit> splits = new ArrayList<>();
        List<List<Object>> partitionValues = new ArrayList<>();
        for (int i = 0; i < partitions.size(); i++) {
            List<Object> values = partitions.get(i).values;
            partitionValues.add(values);
            for (FileStatus f : files.get(i)) {
                splits.add(new DataSplit(f.path(), f.length(), f.modificationTime(), values));
            }
        }
        splits.sort(Comparator.comparing(s -> s.path().toString()));
        return new ScanPlan(splits, partitionValues, stats, withStatistics);
    }

    /**
     * Lists the partitions the filter may need without listing their files: a plan whose {@link
     * ScanPlan#splits()} is empty and whose {@link ScanPlan#partitions()} holds the typed values of
     * each partition directory found.
     */
    public ScanPlan listPartitions() throws IOException {
        ListingStats stats = new ListingStats();
        FileListing listing = new FileListing(table.fileIO(), table.layout(), parallelism, stats);
        List<List<Object>> partitionValues = new ArrayList<>();
        for (PartitionDiscovery.Node node : discover(listing)) {
            partitionValues.add(node.values);
        }
        return new ScanPlan(List.of(), partitionValues, stats);
    }

    private List<PartitionDiscovery.Node> discover(FileListing listing) throws IOException {
        BoundPartitionPredicate bound =
                partitionFilter == null ? null : partitionFilter.bind(table.layout());
        Path root = table.qualifiedLocation();
        if (table.partitionRegistry().isPresent() && table.layout().isPartitioned()) {
            return new RegisteredPartitionDiscovery(
                            table.partitionRegistry().get(), table.layout(), bound)
                    .discover(root, partitionPrefix);
        }
        FileStatus rootStatus = listing.statusOrNull(root);
        if (rootStatus == null || !rootStatus.isDirectory()) {
            throw new FileNotFoundException(
                    "The location of the table, " + table.location() + ", is not a directory");
        }
        return new PartitionDiscovery(listing, table.layout(), bound, parallelism)
                .discover(root, partitionPrefix);
    }
}
