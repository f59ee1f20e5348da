package dev.formattable.core.stats;

import java.io.Serializable;

/**
 * What a statistics run did with one partition.
 *
 * @param partition the partition as {@code k1=v1/k2=v2}, empty for an unpartitioned table
 * @param outcome {@code recomputed}, {@code added files}, {@code reused}, or {@code skipped: <why>}
 * @param filesRead the data files read for it
 * @param rowCount the partition's row count in its statistics now (-1 when skipped)
 */
public record PartitionReport(String partition, String outcome, int filesRead, long rowCount)
        implements Serializable {

    public static final String RECOMPUTED = "recomputed";
    public static final String ADDED_FILES = "added files";
    public static final String REUSED = "reused";
}
