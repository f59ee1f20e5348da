package dev.formattable.flink.table;

import dev.formattable.core.partition.PartitionPredicate;
import dev.formattable.core.scan.ScanPlan;

import javax.annotation.Nullable;

import java.util.List;

/**
 * The plan a SQL scan made in the client for the planner's statistics, kept for the split
 * enumerator of the same bounded scan so the table is listed once per query. It is handed over only
 * while the scan's partition filters are those it was made for (the same predicates: a later
 * push-down makes a new plan necessary), and only up to {@link #MAX_FILES} files, past which the
 * splits would weigh down the job graph and the enumerator lists again instead.
 */
final class PlanHandover {

    /** The most files a plan handed to the enumerator may hold. */
    static final int MAX_FILES = 20_000;

    @Nullable private List<PartitionPredicate> madeFor;
    @Nullable private ScanPlan plan;

    /** Keeps the plan made under these partition filters. */
    void offer(List<PartitionPredicate> filters, ScanPlan plan) {
        this.madeFor = List.copyOf(filters);
        this.plan = plan;
    }

    /** The plan made under exactly these filters, or null to plan at the enumerator. */
    @Nullable
    ScanPlan planFor(List<PartitionPredicate> filters) {
        if (plan == null || plan.splits().size() > MAX_FILES || !sameFilters(filters)) {
            return null;
        }
        return plan;
    }

    /** The same predicate objects in the same order: copies of a source share them. */
    private boolean sameFilters(List<PartitionPredicate> filters) {
        if (madeFor.size() != filters.size()) {
            return false;
        }
        for (int i = 0; i < filters.size(); i++) {
            if (madeFor.get(i) != filters.get(i)) {
                return false;
            }
        }
        return true;
    }
}
