package dev.formattable.flink.source.reader;

import org.apache.flink.api.connector.source.SourceSplit;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.connector.base.source.reader.fetcher.SingleThreadFetcherManager;
import org.apache.flink.connector.base.source.reader.fetcher.SplitFetcher;
import org.apache.flink.connector.base.source.reader.splitreader.SplitReader;

import java.lang.ref.WeakReference;
import java.util.ArrayList;
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
 * this manager tells every fetcher it created that may still run not to wait for its records (they
 * were either processed or are dropped with the reader), so the fetcher ends at once.
 *
 * <p>Fetchers are remembered weakly when they are created: one that ended is no longer referenced
 * by its thread and is forgotten, so a long streaming job does not accumulate them, and nothing is
 * done while the reader polls.
 */
final class ShuttingFetcherManager<E, SplitT extends SourceSplit>
        extends SingleThreadFetcherManager<E, SplitT> {

    private final List<WeakReference<SplitFetcher<E, SplitT>>> created = new ArrayList<>();

    ShuttingFetcherManager(Supplier<SplitReader<E, SplitT>> splitReaders, Configuration config) {
        super(splitReaders, config);
    }

    @Override
    protected synchronized SplitFetcher<E, SplitT> createSplitFetcher() {
        SplitFetcher<E, SplitT> fetcher = super.createSplitFetcher();
        created.removeIf(ref -> ref.get() == null);
        created.add(new WeakReference<>(fetcher));
        return fetcher;
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
        super.close(timeoutMs);
    }

    /** The fetchers created whose threads may still run, for tests. */
    synchronized int fetchersAlive() {
        created.removeIf(ref -> ref.get() == null);
        return created.size();
    }
}
