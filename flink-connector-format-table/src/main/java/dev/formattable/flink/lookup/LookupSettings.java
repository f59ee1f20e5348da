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

import dev.formattable.flink.config.PartitionCommitOptions;

import org.apache.flink.annotation.Internal;
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.ConfigOptions;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.MemorySize;
import org.apache.flink.configuration.ReadableConfig;
import org.apache.flink.connector.file.table.PartitionTimeExtractor;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.connector.source.lookup.LookupOptions;
import org.apache.flink.table.connector.source.lookup.cache.trigger.CacheReloadTrigger;
import org.apache.flink.table.connector.source.lookup.cache.trigger.PeriodicCacheReloadTrigger;
import org.apache.flink.table.connector.source.lookup.cache.trigger.TimedCacheReloadTrigger;

import java.io.Serializable;
import java.time.Duration;
import java.util.ArrayList;
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
                                    + " (its rows in binary form and about 210 bytes of heap per row besides); a load past it fails naming the"
                                    + " table and this option, instead of running out of heap.");

    /** Flink's Hive connector's key: which partitions a lookup join caches. */
    public static final ConfigOption<String> PARTITION_INCLUDE =
            ConfigOptions.key("streaming-source.partition.include")
                    .stringType()
                    .defaultValue("all")
                    .withDescription(
                            "Which partitions a lookup join caches: 'all', or 'latest' (the"
                                    + " latest partition alone, by"
                                    + " 'streaming-source.partition-order'; a reload that finds"
                                    + " a newer one switches to it whole).");

    /** Flink's Hive connector's key: how the latest partition is found. */
    public static final ConfigOption<String> PARTITION_ORDER =
            ConfigOptions.key("streaming-source.partition-order")
                    .stringType()
                    .defaultValue("partition-name")
                    .withDescription(
                            "How the latest partition is chosen: 'partition-name' (the greatest"
                                    + " name), 'create-time' (the newest file written), or"
                                    + " 'partition-time' (the time its values name, by the"
                                    + " 'partition.time-extractor.*' keys).");

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
                MAX_SIZE,
                PARTITION_INCLUDE,
                PARTITION_ORDER);
    }

    /**
     * The latest partition's order, when a lookup join caches only that one; null for all.
     *
     * @throws ValidationException naming the key and value of a setting that is refused
     */
    @javax.annotation.Nullable
    public LatestPartition latestPartition(String table, boolean partitioned) {
        Configuration config = Configuration.fromMap(options);
        String include = config.get(PARTITION_INCLUDE).trim();
        if (include.equals("all")) {
            return null;
        }
        if (!include.equals("latest")) {
            throw refused(PARTITION_INCLUDE, include, "is not 'all' or 'latest'", table);
        }
        if (!partitioned) {
            throw refused(PARTITION_INCLUDE, include, "needs a partitioned table", table);
        }
        String order = config.get(PARTITION_ORDER).trim();
        for (LatestPartition.Order o : LatestPartition.Order.values()) {
            if (o.value.equals(order)) {
                return new LatestPartition(
                        o,
                        o == LatestPartition.Order.PARTITION_TIME
                                ? PartitionTimeExtractor.create(
                                        Thread.currentThread().getContextClassLoader(),
                                        config.get(PartitionCommitOptions.EXTRACTOR_KIND).trim(),
                                        config.get(PartitionCommitOptions.EXTRACTOR_CLASS),
                                        config.get(PartitionCommitOptions.EXTRACTOR_PATTERN),
                                        config.get(PartitionCommitOptions.EXTRACTOR_FORMATTER))
                                : null);
            }
        }
        throw refused(
                PARTITION_ORDER,
                order,
                "is not 'partition-name', 'create-time' or 'partition-time'",
                table);
    }

    private static ValidationException refused(
            ConfigOption<?> option, String value, String why, String table) {
        return new ValidationException(
                String.format(
                        "Option '%s'='%s' %s, for a lookup join on format table %s",
                        option.key(), value, why, table));
    }

    /** The bound of one subtask's cache, in bytes. */
    public long maxBytes() {
        return Configuration.fromMap(options).get(MAX_SIZE).getBytes();
    }

    /** Every key a lookup reads: Flink's, ours, and the partition time extractor's. */
    public static List<String> keys() {
        List<String> keys = new ArrayList<>();
        for (ConfigOption<?> option : options()) {
            keys.add(option.key());
        }
        // The partition time of 'partition-time' order, as the sink's partition commit reads it.
        keys.addAll(
                List.of(
                        PartitionCommitOptions.EXTRACTOR_KIND.key(),
                        PartitionCommitOptions.EXTRACTOR_CLASS.key(),
                        PartitionCommitOptions.EXTRACTOR_PATTERN.key(),
                        PartitionCommitOptions.EXTRACTOR_FORMATTER.key()));
        return keys;
    }

    /** The lookup keys among a table's options (hints included). */
    public static LookupSettings of(Map<String, String> tableOptions) {
        Map<String, String> lookup = new HashMap<>();
        for (String key : keys()) {
            String value = tableOptions.get(key);
            if (value != null) {
                lookup.put(key, value);
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
