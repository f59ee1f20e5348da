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
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.ConfigOptions;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.MemorySize;
import org.apache.flink.configuration.ReadableConfig;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.connector.source.lookup.LookupOptions;
import org.apache.flink.table.connector.source.lookup.cache.trigger.CacheReloadTrigger;
import org.apache.flink.table.connector.source.lookup.cache.trigger.PeriodicCacheReloadTrigger;
import org.apache.flink.table.connector.source.lookup.cache.trigger.TimedCacheReloadTrigger;

import java.io.Serializable;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * How a lookup join caches a format table, with Flink's own lookup keys (FLIP-221): the whole table
 * in memory ({@code 'lookup.cache'='FULL'}, the default here), reloaded periodically or at a time
 * of day. A table of plain files has no index to look a key up in, so {@code PARTIAL} and {@code
 * NONE}, which would read the table for every probe row, are refused by name.
 */
@Internal
public final class LookupSettings implements Serializable {

    private static final long serialVersionUID = 1L;

    /**
     * How often a periodic reload runs unless {@code lookup.full-cache.periodic-reload.interval}
     * says.
     */
    public static final Duration DEFAULT_RELOAD_INTERVAL = Duration.ofHours(1);

    /** Ours: the bound of one subtask's cache. */
    public static final ConfigOption<MemorySize> MAX_SIZE =
            ConfigOptions.key("lookup.full-cache.max-size")
                    .memoryType()
                    .defaultValue(MemorySize.parse("256 mb"))
                    .withDescription(
                            "The most memory one joining subtask's cache of the table may take"
                                    + " (its rows in binary form); a load past it fails naming the"
                                    + " table and this option, instead of running out of heap.");

    private final Map<String, String> options;

    private LookupSettings(Map<String, String> options) {
        this.options = options;
    }

    /** Flink's lookup keys that this connector takes. */
    public static List<ConfigOption<?>> options() {
        return List.of(
                LookupOptions.CACHE_TYPE,
                LookupOptions.FULL_CACHE_RELOAD_STRATEGY,
                LookupOptions.FULL_CACHE_PERIODIC_RELOAD_INTERVAL,
                LookupOptions.FULL_CACHE_PERIODIC_RELOAD_SCHEDULE_MODE,
                LookupOptions.FULL_CACHE_TIMED_RELOAD_ISO_TIME,
                LookupOptions.FULL_CACHE_TIMED_RELOAD_INTERVAL_IN_DAYS,
                MAX_SIZE);
    }

    /** The bound of one subtask's cache, in bytes. */
    public long maxBytes() {
        return Configuration.fromMap(options).get(MAX_SIZE).getBytes();
    }

    /** The lookup keys among a table's options (hints included). */
    public static LookupSettings of(Map<String, String> tableOptions) {
        Map<String, String> lookup = new HashMap<>();
        for (ConfigOption<?> option : options()) {
            String value = tableOptions.get(option.key());
            if (value != null) {
                lookup.put(option.key(), value);
            }
        }
        return new LookupSettings(lookup);
    }

    /**
     * When the cache of a lookup join on {@code table} is reloaded.
     *
     * @throws ValidationException for a cache other than {@code FULL}, naming the key and value
     */
    public CacheReloadTrigger reloadTrigger(String table) {
        ReadableConfig config = Configuration.fromMap(options);
        LookupOptions.LookupCacheType cache =
                config.getOptional(LookupOptions.CACHE_TYPE)
                        .orElse(LookupOptions.LookupCacheType.FULL);
        if (cache != LookupOptions.LookupCacheType.FULL) {
            throw new ValidationException(
                    String.format(
                            "Option '%s'='%s' is not supported for a lookup join on format table"
                                    + " %s: its files have no index to look keys up in, so the"
                                    + " table is cached whole; use 'FULL' (the default)",
                            LookupOptions.CACHE_TYPE.key(),
                            options.get(LookupOptions.CACHE_TYPE.key()),
                            table));
        }
        // Flink's triggers read the cache type too; FULL is this connector's default.
        Configuration full = Configuration.fromMap(options);
        full.set(LookupOptions.CACHE_TYPE, LookupOptions.LookupCacheType.FULL);
        LookupOptions.ReloadStrategy strategy =
                full.getOptional(LookupOptions.FULL_CACHE_RELOAD_STRATEGY)
                        .orElse(LookupOptions.ReloadStrategy.PERIODIC);
        if (strategy == LookupOptions.ReloadStrategy.TIMED) {
            return TimedCacheReloadTrigger.fromConfig(full);
        }
        full.set(LookupOptions.FULL_CACHE_RELOAD_STRATEGY, LookupOptions.ReloadStrategy.PERIODIC);
        if (!options.containsKey(LookupOptions.FULL_CACHE_PERIODIC_RELOAD_INTERVAL.key())) {
            full.set(LookupOptions.FULL_CACHE_PERIODIC_RELOAD_INTERVAL, DEFAULT_RELOAD_INTERVAL);
        }
        return PeriodicCacheReloadTrigger.fromConfig(full);
    }
}
