package dev.formattable.flink.source.reader;

import org.apache.flink.api.connector.source.SourceSplit;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.connector.base.source.reader.fetcher.SingleThreadFetcherManager;
import org.apache.flink.connector.base.source.reader.fetcher.SplitFetcher;
import org.apache.flink.connector.base.source.reader.splitreader.SplitReader;

import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.function.Supplier;

/**
 * Flink's single-thread fetcher manager, which also stops the fetchers it let go for being idle
 * when it closes.
 *
 * <p>A fetcher stopped for being idle waits, before it closes its split reader and ends, until the
 * records it emitted were processed; it learns that from an empty batch it puts last into the
 * element queue. In Flink 2.0 to 2.3 that batch is dropped when the queue is full and the fetcher's
 * wake-up flag is still set from an earlier wake-up (FLINK-40660), and the fetcher waits forever.
 * Flink's manager no longer knows the fetcher, so its close waits for the fetcher's thread until
 * {@code source.reader.close.timeout} (30 s by default) and leaves the thread behind. At close,
 * this manager tells each fetcher it let go not to wait for its records (they were either processed
 * or are dropped with the reader), so the fetcher ends at once.
 *
 * <p>Fetchers are remembered weakly: one that ended is no longer referenced by its thread and is
 * forgotten, so a long streaming job does not accumulate them.
 */
final class ShuttingFetcherManager<E, SplitT extends SourceSplit>
        extends SingleThreadFetcherManager<E, SplitT> {

    private final List<WeakReference<SplitFetcher<E, SplitT>>> letGo = new ArrayList<>();

    ShuttingFetcherManager(Supplier<SplitReader<E, SplitT>> splitReaders, Configuration config) {
        super(splitReaders, config);
    }

    @Override
    public boolean maybeShutdownFinishedFetchers() {
        if (fetchers.isEmpty()) {
            return true;
        }
        List<SplitFetcher<E, SplitT>> before = new ArrayList<>(fetchers.values());
        boolean allShutDown = super.maybeShutdownFinishedFetchers();
        for (SplitFetcher<E, SplitT> fetcher : before) {
            if (!fetchers.containsKey(fetcher.fetcherId())) {
                remember(fetcher);
            }
        }
        return allShutDown;
    }

    private synchronized void remember(SplitFetcher<E, SplitT> fetcher) {
        letGo.removeIf(ref -> ref.get() == null);
        letGo.add(new WeakReference<>(fetcher));
    }

    @Override
    public void close(long timeoutMs) throws Exception {
        synchronized (this) {
            for (Iterator<WeakReference<SplitFetcher<E, SplitT>>> it = letGo.iterator();
                    it.hasNext(); ) {
                SplitFetcher<E, SplitT> fetcher = it.next().get();
                it.remove();
                if (fetcher != null) {
                    fetcher.shutdown();
                }
            }
        }
        super.close(timeoutMs);
    }

    /** The fetchers let go for being idle whose threads may still run, for tests. */
    synchronized int fetchersLetGo() {
        letGo.removeIf(ref -> ref.get() == null);
        return letGo.size();
    }
}
