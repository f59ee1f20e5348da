package dev.formattable.core.scan;

import java.util.concurrent.atomic.AtomicInteger;

/** Counts the file system calls of one planning or clearing run. */
public final class ListingStats {

    private final AtomicInteger listCalls = new AtomicInteger();
    private final AtomicInteger statusCalls = new AtomicInteger();

    void countList() {
        listCalls.incrementAndGet();
    }

    void countStatus() {
        statusCalls.incrementAndGet();
    }

    public int listCalls() {
        return listCalls.get();
    }

    public int statusCalls() {
        return statusCalls.get();
    }
}
