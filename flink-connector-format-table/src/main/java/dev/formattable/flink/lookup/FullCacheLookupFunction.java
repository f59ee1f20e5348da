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
import org.apache.flink.table.functions.FunctionContext;
import org.apache.flink.table.functions.LookupFunction;

import java.util.Collection;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * The lookup function of a join on a format table: the table whole in a {@link FullCache}, loaded
 * when the function opens (a failure there fails the task) and reloaded on the table's schedule on
 * a thread of its own, beside the joining thread. A failed reload keeps the rows loaded before.
 */
@Internal
public final class FullCacheLookupFunction extends LookupFunction {

    private static final long serialVersionUID = 1L;

    private final FullTableInputFormat load;
    private final org.apache.flink.table.types.logical.RowType rowType;
    private final int[] keys;
    private final long maxBytes;
    private final String table;
    private final CacheReloadTrigger reloadTrigger;

    private transient FullCache cache;
    private transient ExecutorService reloads;

    public FullCacheLookupFunction(
            FullTableInputFormat load,
            org.apache.flink.table.types.logical.RowType rowType,
            int[] keys,
            long maxBytes,
            String table,
            CacheReloadTrigger reloadTrigger) {
        this.load = load;
        this.rowType = rowType;
        this.keys = keys.clone();
        this.maxBytes = maxBytes;
        this.table = table;
        this.reloadTrigger = reloadTrigger;
    }

    @Override
    public void open(FunctionContext context) throws Exception {
        cache = new FullCache(load, rowType, keys, maxBytes, table);
        register(context.getMetricGroup().addGroup("formatTableLookup"));
        cache.load();
        reloads =
                Executors.newSingleThreadExecutor(
                        r -> {
                            Thread t = new Thread(r, "format-table lookup reload " + table);
                            t.setDaemon(true);
                            return t;
                        });
        reloadTrigger.open(
                new CacheReloadTrigger.Context() {
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
                });
    }

    private void register(MetricGroup group) {
        group.gauge("cachedRows", (Gauge<Long>) () -> cache.rowCount());
        group.gauge("cachedBytes", (Gauge<Long>) () -> cache.bytes());
        group.gauge("loads", (Gauge<Long>) () -> cache.loads());
        group.gauge("failedLoads", (Gauge<Long>) () -> cache.failedLoads());
        group.gauge("lastLoadMillis", (Gauge<Long>) () -> cache.lastLoadMillis());
        group.gauge("lastSuccessfulLoadTime", (Gauge<Long>) () -> cache.lastSuccessTime());
    }

    @Override
    public Collection<RowData> lookup(RowData keyRow) {
        return cache.get(keyRow);
    }

    /** Stops the reloads; never throws, as it runs while a task may be failing. */
    @Override
    public void close() {
        try {
            reloadTrigger.close();
        } catch (Exception e) {
            // Closing a trigger only cancels its timer.
        }
        if (reloads != null) {
            reloads.shutdownNow();
            try {
                reloads.awaitTermination(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
