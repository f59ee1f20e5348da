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
package dev.formattable.flink.internal;

import org.apache.flink.api.connector.source.SourceSplit;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.connector.base.source.reader.RecordsBySplits;
import org.apache.flink.connector.base.source.reader.RecordsWithSplitIds;
import org.apache.flink.connector.base.source.reader.SourceReaderOptions;
import org.apache.flink.connector.base.source.reader.splitreader.SplitReader;
import org.apache.flink.connector.base.source.reader.splitreader.SplitsChange;

import org.junit.jupiter.api.Test;

import java.util.ArrayDeque;
import java.util.List;
import java.util.Queue;
import java.util.Set;
import java.util.function.BooleanSupplier;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The fetcher manager with Flink's own fetcher: a fetcher that has finished its splits is kept and
 * takes the next split (a stopped fetcher could leave a stale wait condition in the element queue,
 * which then swallowed the signal meant for its successor), and closing the manager ends it.
 */
class ShuttingFetcherManagerTest {

    @Test
    void anIdleFetcherIsKeptForTheNextSplitAndEndedByClose() throws Exception {
        Configuration config = new Configuration();
        config.set(SourceReaderOptions.ELEMENT_QUEUE_CAPACITY, 1);
        OneRecordSplitReader splitReader = new OneRecordSplitReader();
        ShuttingFetcherManager<String, Split> manager =
                new ShuttingFetcherManager<>(() -> splitReader, config);
        Set<Thread> before = Thread.getAllStackTraces().keySet();

        manager.addSplits(List.of(new Split("s1")));
        assertThat(take(manager)).containsExactly("row of s1");
        // Its split done, the fetcher is idle: finished, as Flink's manager would say, but kept.
        awaitTrue("the fetcher idle", manager::maybeShutdownFinishedFetchers);
        assertThat(manager.fetchersAlive()).isEqualTo(1);

        manager.addSplits(List.of(new Split("s2")));
        assertThat(take(manager)).containsExactly("row of s2");
        List<Thread> fetchers = newFetcherThreads(before);
        assertThat(fetchers).as("one fetcher thread for both splits").hasSize(1);

        manager.close(1_000);

        assertThat(splitReader.closed).as("split reader closed").isTrue();
        fetchers.get(0).join(30_000);
        assertThat(fetchers.get(0).isAlive()).as("fetcher thread alive").isFalse();
        assertThat(manager.fetchersAlive()).isZero();
    }

    /** The records of the next batch that has any, its batch recycled. */
    private static List<String> take(ShuttingFetcherManager<String, Split> manager)
            throws InterruptedException {
        List<String> records = new java.util.ArrayList<>();
        awaitTrue(
                "a batch with records",
                () -> {
                    RecordsWithSplitIds<String> batch = manager.getQueue().poll();
                    if (batch == null) {
                        return false;
                    }
                    while (batch.nextSplit() != null) {
                        String r;
                        while ((r = batch.nextRecordFromSplit()) != null) {
                            records.add(r);
                        }
                    }
                    batch.recycle();
                    return !records.isEmpty();
                });
        return records;
    }

    private static List<Thread> newFetcherThreads(Set<Thread> before) {
        String name = "Source Data Fetcher for " + Thread.currentThread().getName();
        List<Thread> found = new java.util.ArrayList<>();
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            if (!before.contains(t) && t.getName().equals(name)) {
                found.add(t);
            }
        }
        return found;
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
