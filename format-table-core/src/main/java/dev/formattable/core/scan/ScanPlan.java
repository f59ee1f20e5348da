package dev.formattable.core.scan;

import java.util.List;

/** The result of planning a scan: the splits, and what planning cost in file system calls. */
public final class ScanPlan {

    private final List<DataSplit> splits;
    private final List<List<Object>> partitions;
    private final ListingStats stats;

    ScanPlan(List<DataSplit> splits, List<List<Object>> partitions, ListingStats stats) {
        this.splits = List.copyOf(splits);
        this.partitions = List.copyOf(partitions);
        this.stats = stats;
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
