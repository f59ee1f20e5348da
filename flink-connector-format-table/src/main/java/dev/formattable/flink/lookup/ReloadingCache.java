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
package dev.formattable.flink.lookup;

import org.apache.flink.annotation.Internal;
import org.apache.flink.metrics.Gauge;
import org.apache.flink.metrics.MetricGroup;
import org.apache.flink.table.connector.source.lookup.cache.trigger.CacheReloadTrigger;
import org.apache.flink.table.data.RowData;

import java.io.IOException;
import java.util.Collection;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * A {@link FullCache} in use by one joining subtask: loaded when it starts (a failure there fails
 * the task), then reloaded when its trigger says, on a thread of its own beside the joining thread.
 * Its figures are gauges of the group {@value #METRIC_GROUP}.
 */
@Internal
final class ReloadingCache implements AutoCloseable {

    /** The metric group of a lookup cache's gauges, under the joining operator's. */
    static final String METRIC_GROUP = "formatTableLookup";

    private final FullCache cache;
    private final CacheReloadTrigger trigger;
    private final ExecutorService reloads;

    private ReloadingCache(FullCache cache, CacheReloadTrigger trigger, String table) {
        this.cache = cache;
        this.trigger = trigger;
        this.reloads =
                Executors.newSingleThreadExecutor(
                        r -> {
                            Thread t = new Thread(r, "format-table lookup reload " + table);
                            t.setDaemon(true);
                            return t;
                        });
    }

    /**
     * Registers the cache's gauges, loads it and schedules its reloads.
     *
     * @throws IOException when the first load fails
     */
    static ReloadingCache start(
            FullCache cache, CacheReloadTrigger trigger, MetricGroup metrics, String table)
            throws IOException {
        register(cache, metrics.addGroup(METRIC_GROUP));
        cache.load();
        ReloadingCache started = new ReloadingCache(cache, trigger, table);
        try {
            trigger.open(started.new Reloads());
        } catch (Exception e) {
            started.close();
            throw new IOException("Could not schedule the reloads of format table " + table, e);
        }
        return started;
    }

    private static void register(FullCache cache, MetricGroup group) {
        group.gauge("cachedRows", (Gauge<Long>) cache::rowCount);
        group.gauge("cachedBytes", (Gauge<Long>) cache::bytes);
        group.gauge("loads", (Gauge<Long>) cache::loads);
        group.gauge("failedLoads", (Gauge<Long>) cache::failedLoads);
        group.gauge("lastLoadMillis", (Gauge<Long>) cache::lastLoadMillis);
        group.gauge("lastSuccessfulLoadTime", (Gauge<Long>) cache::lastSuccessTime);
    }

    /** The rows of a key, as last loaded. */
    Collection<RowData> get(RowData key) {
        return cache.get(key);
    }

    /**
     * Stops the reloads, interrupting one under way; never throws, as it runs while a task may be
     * failing or cancelled.
     */
    @Override
    public void close() {
        cache.stop();
        try {
            trigger.close();
        } catch (Exception e) {
            // Closing a trigger only cancels its timer; nothing is left to undo.
        }
        reloads.shutdownNow();
        try {
            reloads.awaitTermination(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** What a trigger sees: processing time, and a reload run on the reload thread. */
    private final class Reloads implements CacheReloadTrigger.Context {
        @Override
        public long currentProcessingTime() {
            return System.currentTimeMillis();
        }

        @Override
        public long currentWatermark() {
            return Long.MIN_VALUE;
        }

        @Override
        public CompletableFuture<Void> triggerReload() {
            return CompletableFuture.runAsync(cache::reload, reloads);
        }
    }
}
