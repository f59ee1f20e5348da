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
package dev.formattable.flink.config;

import dev.formattable.core.options.FormatTableOptions;
import dev.formattable.core.options.Range;

import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.ConfigOptions;
import org.apache.flink.configuration.MemorySize;
import org.apache.flink.configuration.ReadableConfig;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.ToLongFunction;

/**
 * The options of the {@code format-table} connector: the connector's own, plus every table option
 * of the core ({@link FormatTableOptions}), exposed under the same keys. Table options are read as
 * text here and parsed and validated by the core, so they are declared in one place only.
 */
@PublicEvolving
public final class FormatTableConnectorOptions {

    public static final ConfigOption<String> PATH =
            ConfigOptions.key("path")
                    .stringType()
                    .noDefaultValue()
                    .withDescription(
                            "The location of the table: a directory on any file system Flink can"
                                    + " reach (file://, hdfs://, s3://, ...).");

    public static final ConfigOption<Integer> SINK_PARALLELISM =
            ConfigOptions.key("sink.parallelism")
                    .intType()
                    .noDefaultValue()
                    .withDescription(
                            "The parallelism of the writers, at least 1. By default, that of"
                                    + " the upstream operator.");

    public static final ConfigOption<Boolean> SINK_SHUFFLE_BY_PARTITION =
            ConfigOptions.key("sink.shuffle-by-partition.enable")
                    .booleanType()
                    .defaultValue(false)
                    .withDescription(
                            "Hash rows by partition before the writers, so that each partition is"
                                    + " written by one writer: a write to many partitions makes"
                                    + " fewer, larger files. A partition that holds most of the"
                                    + " rows then has one writer for all of them (skew). The"
                                    + " filesystem connector's option of the same name.");

    public static final ConfigOption<MemorySize> SCAN_SPLIT_SIZE =
            ConfigOptions.key("scan.split.target-size")
                    .memoryType()
                    .defaultValue(MemorySize.ofMebiBytes(128))
                    .withDescription(
                            "Files larger than this are read by several readers, each taking a"
                                    + " byte range; parquet row groups and orc stripes are read"
                                    + " by the reader whose range holds their start. At least 1"
                                    + " kb.");

    public static final ConfigOption<Integer> READ_BATCH_SIZE =
            ConfigOptions.key("scan.batch-size")
                    .intType()
                    .defaultValue(2048)
                    .withDescription(
                            "Rows per columnar batch when reading parquet and orc, 1 to 65536.");

    public static final ConfigOption<Duration> SOURCE_MONITOR_INTERVAL =
            ConfigOptions.key("source.monitor-interval")
                    .durationType()
                    .noDefaultValue()
                    .withDescription(
                            "When set, the scan is unbounded: the table is listed again at this"
                                    + " interval and every newly published file (in the"
                                    + " partitions the query keeps) is read once, whole. A limit"
                                    + " is not pushed down to a continuous scan. When not set, the"
                                    + " scan is bounded. At least 1 ms.");

    /** Prefixes of format options passed through to the parquet and orc libraries. */
    public static final List<String> FORMAT_PREFIXES = List.of("parquet.", "orc.");

    /** The smallest {@link #SCAN_SPLIT_SIZE}: smaller ranges would be splits by the million. */
    public static final MemorySize MIN_SPLIT_SIZE = new MemorySize(1024);

    /** The largest {@link #READ_BATCH_SIZE}: each column's vectors hold a batch. */
    public static final int MAX_BATCH_SIZE = 65_536;

    /** The ranges of the numeric options above, declared beside them (Flink's have none). */
    private static final List<RangedOption<?>> RANGES =
            List.of(
                    new RangedOption<>(SINK_PARALLELISM, Integer::longValue, Range.atLeast(1)),
                    new RangedOption<>(
                            SCAN_SPLIT_SIZE,
                            MemorySize::getBytes,
                            Range.atLeast(MIN_SPLIT_SIZE.getBytes(), "1 kb")),
                    new RangedOption<>(
                            READ_BATCH_SIZE, Integer::longValue, Range.between(1, MAX_BATCH_SIZE)),
                    new RangedOption<>(
                            SOURCE_MONITOR_INTERVAL, Duration::toMillis, Range.atLeast(1, "1 ms")));

    private FormatTableConnectorOptions() {}

    /**
     * Refuses, by key and value, a numeric option outside its range. Tables are checked when they
     * are opened for reading or writing, by SQL and by the DataStream builders alike.
     *
     * @param raw the options as given, for the message
     * @throws IllegalArgumentException {@code "'key'='value' must be ..."}
     */
    public static void checkRanges(ReadableConfig options, Map<String, String> raw) {
        RANGES.forEach(r -> r.check(options, raw));
    }

    /** An option of the connector with the range its value must lie in. */
    private static final class RangedOption<T> {
        private final ConfigOption<T> option;
        private final ToLongFunction<T> measure;
        private final Range range;

        RangedOption(ConfigOption<T> option, ToLongFunction<T> measure, Range range) {
            this.option = option;
            this.measure = measure;
            this.range = range;
        }

        void check(ReadableConfig options, Map<String, String> raw) {
            options.getOptional(option)
                    .ifPresent(
                            v ->
                                    range.check(
                                            option.key(),
                                            raw.get(option.key()),
                                            measure.applyAsLong(v)));
        }
    }

    /** The connector's own options. */
    public static List<ConfigOption<?>> connectorOptions() {
        List<ConfigOption<?>> options =
                new ArrayList<>(
                        List.of(
                                PATH,
                                SINK_PARALLELISM,
                                SINK_SHUFFLE_BY_PARTITION,
                                SCAN_SPLIT_SIZE,
                                READ_BATCH_SIZE,
                                SOURCE_MONITOR_INTERVAL));
        options.addAll(PartitionCommitOptions.all());
        options.addAll(CompactionOptions.all());
        options.addAll(TimeRolling.all());
        return options;
    }

    /** Every core table option as a Flink option (text-valued; the core parses it). */
    public static List<ConfigOption<String>> tableOptions() {
        List<ConfigOption<String>> result = new ArrayList<>();
        for (dev.formattable.core.options.ConfigOption<?> option : FormatTableOptions.all()) {
            result.add(
                    ConfigOptions.key(option.key())
                            .stringType()
                            .noDefaultValue()
                            .withFallbackKeys(option.fallbackKeys().toArray(new String[0]))
                            .withDescription(option.description()));
        }
        return result;
    }
}
