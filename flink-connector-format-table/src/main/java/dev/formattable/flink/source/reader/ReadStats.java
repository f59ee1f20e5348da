package dev.formattable.flink.source.reader;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Rows produced by the file readers of this JVM, per table location: a diagnostic that shows how
 * much the readers' own filters saved. Skipped files are reported as Flink metrics instead ({@link
 * dev.formattable.flink.source.FormatTableSource#LOST_FILES_SKIPPED}).
 */
public final class ReadStats {

    private static final Map<String, AtomicLong> ROWS = new ConcurrentHashMap<>();

    private ReadStats() {}

    /** The counter of rows the file readers of a table location produced. */
    static AtomicLong rowsCounter(String location) {
        return ROWS.computeIfAbsent(location, l -> new AtomicLong());
    }

    /**
     * Rows the parquet and orc readers of a table location produced so far, before Flink's own
     * filters: fewer than the table holds when row groups or stripes were skipped.
     */
    public static long rowsRead(String location) {
        AtomicLong n = ROWS.get(location);
        return n == null ? 0 : n.get();
    }
}
