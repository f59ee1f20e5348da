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

import org.apache.flink.annotation.Internal;
import org.apache.flink.api.connector.source.SourceSplit;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.connector.base.source.reader.fetcher.SingleThreadFetcherManager;
import org.apache.flink.connector.base.source.reader.fetcher.SplitFetcher;
import org.apache.flink.connector.base.source.reader.splitreader.SplitReader;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.lang.ref.WeakReference;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * Flink's single-thread fetcher manager, except that a fetcher with nothing left to read is kept
 * until the manager closes, and then stopped with every fetcher it created, rather than stopped at
 * once and replaced by a new fetcher for the next split.
 *
 * <p>Why: replacing fetchers loses wake-ups in Flink 2.3's element queue. A fetcher woken while it
 * waited for room in the full queue (as adding a split wakes it) leaves its wait condition in the
 * queue's list of waiting putters; once that fetcher was stopped, the queue's next signal for room
 * could go to its stale condition instead of to the new fetcher, which then waited for room in an
 * empty queue while the reader waited for data, and the source hung. With one fetcher, a stale
 * condition is its own and the signal reaches it. It also avoids FLINK-40660, where a fetcher
 * stopped for being idle could lose its last, empty batch and wait for it forever.
 *
 * <p>Relies on Flink's {@code @Internal} fetcher classes and on the manager's {@code fetchers} map
 * (checked with Flink 1.20 and 2.3; the lost wake-up is 2.x's, and on 1.20 the manager only keeps
 * its one fetcher). Fetchers are remembered weakly when they are created, so one that ended is
 * forgotten, and nothing is done while the reader polls beyond asking whether the fetchers are
 * idle.
 */
@Internal
public final class ShuttingFetcherManager<E, SplitT extends SourceSplit>
        extends SingleThreadFetcherManager<E, SplitT> {

    private static final Logger LOG = LoggerFactory.getLogger(ShuttingFetcherManager.class);

    private final List<WeakReference<SplitFetcher<E, SplitT>>> created = new ArrayList<>();

    public ShuttingFetcherManager(
            Supplier<SplitReader<E, SplitT>> splitReaders, Configuration config) {
        super(splitReaders, config);
    }

    @Override
    protected synchronized SplitFetcher<E, SplitT> createSplitFetcher() {
        SplitFetcher<E, SplitT> fetcher = super.createSplitFetcher();
        created.removeIf(ref -> ref.get() == null);
        created.add(new WeakReference<>(fetcher));
        return fetcher;
    }

    /**
     * Whether every fetcher has finished its work (as Flink's manager answers), without stopping
     * the idle ones: the next split goes to the same fetcher, and {@link #close} stops it.
     */
    @Override
    public boolean maybeShutdownFinishedFetchers() {
        for (SplitFetcher<E, SplitT> fetcher : fetchers.values()) {
            if (!isIdle(fetcher)) {
                return false;
            }
        }
        return true;
    }

    /** Flink's own idleness of a fetcher, which it does not make public. */
    private static boolean isIdle(SplitFetcher<?, ?> fetcher) {
        try {
            return (boolean) IS_IDLE.invoke(fetcher);
        } catch (IllegalAccessException | InvocationTargetException e) {
            throw new IllegalStateException("Cannot ask a split fetcher whether it is idle", e);
        }
    }

    private static final Method IS_IDLE = isIdleMethod();

    private static Method isIdleMethod() {
        try {
            Method m = SplitFetcher.class.getDeclaredMethod("isIdle");
            m.setAccessible(true);
            return m;
        } catch (NoSuchMethodException e) {
            throw new IllegalStateException(
                    "Flink's SplitFetcher has no isIdle(); this connector needs Flink 2.3", e);
        }
    }

    @Override
    public synchronized void close(long timeoutMs) throws Exception {
        // Those still running are shut down by Flink's close as well; a second shutdown is a no-op.
        for (WeakReference<SplitFetcher<E, SplitT>> ref : created) {
            SplitFetcher<E, SplitT> fetcher = ref.get();
            if (fetcher != null) {
                fetcher.shutdown();
            }
        }
        created.clear();
        try {
            super.close(timeoutMs);
        } catch (InterruptedException e) {
            // A cancelled task's clean-up: every fetcher was told to stop, and the interrupt stays
            // set for the task, rather than failing a clean-up Flink must not see fail.
            Thread.currentThread().interrupt();
            LOG.info(
                    "Interrupted while waiting for the split fetchers to stop; they were told to stop");
        }
    }

    /** The fetchers created whose threads may still run, for tests. */
    synchronized int fetchersAlive() {
        created.removeIf(ref -> ref.get() == null);
        return created.size();
    }
}
