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

import java.util.List;
import java.util.Set;

/** The result of planning a scan: the splits, and what planning cost in file system calls. */
public final class ScanPlan {

    /** The name of a partition's statistics file, which the listing notes where it sees one. */
    public static final String STATISTICS_FILE_NAME = ".format-table-stats";

    private final List<DataSplit> splits;
    private final List<List<Object>> partitions;
    private final ListingStats stats;
    private final Set<dev.formattable.core.fs.Path> withStatistics;

    ScanPlan(List<DataSplit> splits, List<List<Object>> partitions, ListingStats stats) {
        this(splits, partitions, stats, Set.of());
    }

    ScanPlan(
            List<DataSplit> splits,
            List<List<Object>> partitions,
            ListingStats stats,
            Set<dev.formattable.core.fs.Path> withStatistics) {
        this.splits = List.copyOf(splits);
        this.partitions = List.copyOf(partitions);
        this.stats = stats;
        this.withStatistics = Set.copyOf(withStatistics);
    }

    /**
     * Whether the listing saw a statistics file ({@value #STATISTICS_FILE_NAME}) in the partition
     * directory of these splits: only those are worth opening.
     */
    public boolean holdsStatistics(dev.formattable.core.fs.Path partitionDirectory) {
        return withStatistics.contains(partitionDirectory);
    }

    /** The data files to read, sorted by path. */
    public List<DataSplit> splits() {
        return splits;
    }

    /** The partitions that survived pruning, including those holding no data file. */
    public List<List<Object>> partitions() {
        return partitions;
    }

    /** The number of directory listings planning made. */
    public int listCalls() {
        return stats.listCalls();
    }

    /** The number of status look-ups planning made. */
    public int statusCalls() {
        return stats.statusCalls();
    }
}
