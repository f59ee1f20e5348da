package dev.formattable.flink.source;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What the latest plan of each table location cost in file system calls. Planning runs where the
 * split enumerator runs (the JobManager); this record is there for diagnostics and tests.
 */
public final class ScanStats {

    /** Calls made by one plan. */
    public static final class Entry {
        public final int listCalls;
        public final int statusCalls;
        public final int splits;

        Entry(int listCalls, int statusCalls, int splits) {
            this.listCalls = listCalls;
            this.statusCalls = statusCalls;
            this.splits = splits;
        }
    }

    private static final Map<String, Entry> LATEST = new ConcurrentHashMap<>();

    private ScanStats() {}

    public static void record(String location, int listCalls, int statusCalls, int splits) {
        LATEST.put(location, new Entry(listCalls, statusCalls, splits));
    }

    /** The latest plan of a location (as the table was given), or null. */
    public static Entry latest(String location) {
        return LATEST.get(location);
    }
}
