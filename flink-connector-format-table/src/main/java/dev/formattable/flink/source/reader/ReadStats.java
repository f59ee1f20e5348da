package dev.formattable.flink.source.reader;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Data files skipped by readers of this JVM, per table location: lost or corrupt files that the
 * table's {@code scan.ignore-*} options allowed to skip. For diagnostics and tests.
 */
public final class ReadStats {

    private static final Map<String, AtomicLong> SKIPPED = new ConcurrentHashMap<>();

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

    static void countSkipped(String location) {
        SKIPPED.computeIfAbsent(location, l -> new AtomicLong()).incrementAndGet();
    }

    /** Files skipped so far for a table location (as the table was given). */
    public static long skippedFiles(String location) {
        AtomicLong n = SKIPPED.get(location);
        return n == null ? 0 : n.get();
    }
}
