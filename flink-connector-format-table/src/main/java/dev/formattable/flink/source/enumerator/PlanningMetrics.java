package dev.formattable.flink.source.enumerator;

import org.apache.flink.metrics.Counter;
import org.apache.flink.metrics.MetricGroup;

/**
 * What the split enumerator's plans cost, as counters in the metric group of the source's
 * coordinator (on the JobManager): directory listings, status look-ups and splits handed out. A
 * bounded SQL scan whose files the client already listed reports no listing here.
 */
public final class PlanningMetrics {

    /** Directory listings the enumerator made. */
    public static final String LISTINGS = "numDirectoryListings";

    /** File status look-ups the enumerator made. */
    public static final String STATUS_CALLS = "numStatusCalls";

    /** Splits the enumerator planned. */
    public static final String SPLITS = "numSplitsPlanned";

    private final Counter listings;
    private final Counter statusCalls;
    private final Counter splits;

    public PlanningMetrics(MetricGroup group) {
        this.listings = group.counter(LISTINGS);
        this.statusCalls = group.counter(STATUS_CALLS);
        this.splits = group.counter(SPLITS);
    }

    void planned(int listCalls, int statuses, int splitCount) {
        listings.inc(listCalls);
        statusCalls.inc(statuses);
        splits.inc(splitCount);
    }
}
