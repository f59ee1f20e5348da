package dev.formattable.flink.source.reader;

import org.apache.flink.api.connector.source.SourceSplit;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.connector.base.source.reader.RecordsBySplits;
import org.apache.flink.connector.base.source.reader.RecordsWithSplitIds;
import org.apache.flink.connector.base.source.reader.SourceReaderOptions;
import org.apache.flink.connector.base.source.reader.splitreader.SplitReader;
import org.apache.flink.connector.base.source.reader.splitreader.SplitsChange;

import org.junit.jupiter.api.Test;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.List;
import java.util.Queue;
import java.util.Set;
import java.util.function.BooleanSupplier;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * FLINK-40660 reproduced step by step with Flink's own fetcher: a fetcher stopped for being idle
 * loses the empty batch it puts last (the element queue is full and a wake-up flag is left over),
 * and waits for that batch forever. Closing the manager still ends it and closes its split reader.
 */
class ShuttingFetcherManagerTest {

    @Test
    void closeEndsAFetcherThatLostItsLastBatch() throws Exception {
        Configuration config = new Configuration();
        config.set(SourceReaderOptions.ELEMENT_QUEUE_CAPACITY, 1);
        OneRecordSplitReader splitReader = new OneRecordSplitReader();
        ShuttingFetcherManager<String, Split> manager =
                new ShuttingFetcherManager<>(() -> splitReader, config);

        Set<Thread> before = Thread.getAllStackTraces().keySet();
        manager.addSplits(List.of(new Split("s1")));
        // The fetcher's one batch fills the queue, which nobody reads yet.
        awaitTrue("the batch in the queue", () -> manager.getQueue().size() == 1);
        // A wake-up flag left over from an earlier wake-up.
        manager.getQueue().wakeUpPuttingThread(0);
        // The split is done: the fetcher is idle and stopped; its last batch finds the queue full.
        awaitTrue("the idle fetcher let go", manager::maybeShutdownFinishedFetchers);
        Thread fetcher = awaitStuckFetcher(before);
        assertThat(manager.fetchersAlive()).isEqualTo(1);
        // The reader processes what was queued; the lost batch never comes.
        manager.getQueue().poll().recycle();

        manager.close(1_000);

        assertThat(splitReader.closed).as("split reader closed").isTrue();
        fetcher.join(30_000);
        assertThat(fetcher.isAlive()).as("fetcher thread alive").isFalse();
        assertThat(manager.fetchersAlive()).isZero();
    }

    /** The new fetcher thread, once it waits for its records to be processed. */
    private static Thread awaitStuckFetcher(Set<Thread> before) throws InterruptedException {
        String name = "Source Data Fetcher for " + Thread.currentThread().getName();
        Thread[] found = new Thread[1];
        awaitTrue(
                "the fetcher waiting for its lost batch",
                () -> {
                    for (Thread t : Thread.getAllStackTraces().keySet()) {
                        if (!before.contains(t) && t.getName().equals(name) && waitsOnLatch(t)) {
                            found[0] = t;
                            return true;
                        }
                    }
                    return false;
                });
        return found[0];
    }

    private static boolean waitsOnLatch(Thread t) {
        return t.getState() == Thread.State.WAITING
                && Arrays.stream(t.getStackTrace())
                        .anyMatch(
                                f ->
                                        f.getClassName().endsWith("CountDownLatch")
                                                && f.getMethodName().equals("await"));
    }

    private static void awaitTrue(String what, BooleanSupplier condition)
            throws InterruptedException {
        long deadline = System.nanoTime() + 30_000_000_000L;
        while (!condition.getAsBoolean()) {
            assertThat(System.nanoTime()).as("waiting for " + what).isLessThan(deadline);
            Thread.sleep(5);
        }
    }

    private static final class Split implements SourceSplit {
        private final String id;

        Split(String id) {
            this.id = id;
        }

        @Override
        public String splitId() {
            return id;
        }
    }

    /** Emits one record of each split and finishes it. */
    private static final class OneRecordSplitReader implements SplitReader<String, Split> {
        private final Queue<Split> splits = new ArrayDeque<>();
        volatile boolean closed;

        @Override
        public RecordsWithSplitIds<String> fetch() {
            RecordsBySplits.Builder<String> records = new RecordsBySplits.Builder<>();
            Split split = splits.poll();
            if (split != null) {
                records.add(split.splitId(), "row of " + split.splitId());
                records.addFinishedSplit(split.splitId());
            }
            return records.build();
        }

        @Override
        public void handleSplitsChanges(SplitsChange<Split> change) {
            splits.addAll(change.splits());
        }

        @Override
        public void wakeUp() {}

        @Override
        public void close() {
            closed = true;
        }
    }
}
