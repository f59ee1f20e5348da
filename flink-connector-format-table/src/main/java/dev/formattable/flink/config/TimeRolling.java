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

import org.apache.flink.annotation.Internal;
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.ConfigOptions;
import org.apache.flink.configuration.Configuration;

import java.io.Serializable;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * Rolling files by time, under the {@code filesystem} connector's keys and defaults, for the line
 * formats (csv, json, text) as it does for its row formats: parquet and orc files roll at their
 * target size and at checkpoints only. A file finished early is staged, and published with the next
 * commit as any other.
 */
@Internal
public final class TimeRolling implements Serializable {

    private static final long serialVersionUID = 1L;

    public static final ConfigOption<Duration> ROLLOVER_INTERVAL =
            ConfigOptions.key("sink.rolling-policy.rollover-interval")
                    .durationType()
                    .defaultValue(Duration.ofMinutes(30))
                    .withDescription(
                            "The longest a csv, json or text file stays open: the row that"
                                    + " reaches it, or the next check (see"
                                    + " 'sink.rolling-policy.check-interval'), finishes the"
                                    + " file. Files are published at"
                                    + " the next checkpoint (or the end of a batch job) as"
                                    + " before. The filesystem connector's option of the same"
                                    + " name; parquet and orc roll by size and checkpoint only.");

    public static final ConfigOption<Duration> INACTIVITY_INTERVAL =
            ConfigOptions.key("sink.rolling-policy.inactivity-interval")
                    .durationType()
                    .defaultValue(Duration.ofMinutes(30))
                    .withDescription(
                            "A csv, json or text file not written for this long is finished at"
                                    + " the next check (see"
                                    + " 'sink.rolling-policy.check-interval') or when the"
                                    + " writer's next row arrives, and at every checkpoint"
                                    + " anyway. The filesystem connector's option of the same"
                                    + " name.");

    public static final ConfigOption<Duration> CHECK_INTERVAL =
            ConfigOptions.key("sink.rolling-policy.check-interval")
                    .durationType()
                    .defaultValue(Duration.ofMinutes(1))
                    .withDescription(
                            "How often a writer of csv, json or text files checks, between"
                                    + " rows, for files past the rollover or inactivity"
                                    + " interval, and finishes them. The filesystem connector's"
                                    + " option of the same name and default.");

    private final long rolloverMillis;
    private final long inactivityMillis;
    private final long checkMillis;

    private TimeRolling(long rolloverMillis, long inactivityMillis, long checkMillis) {
        this.rolloverMillis = rolloverMillis;
        this.inactivityMillis = inactivityMillis;
        this.checkMillis = checkMillis;
    }

    public static List<ConfigOption<?>> all() {
        return List.of(ROLLOVER_INTERVAL, INACTIVITY_INTERVAL, CHECK_INTERVAL);
    }

    /**
     * The intervals a table's options set.
     *
     * @throws IllegalArgumentException {@code "'key'='value' ..."} for a value that is not a
     *     positive duration
     */
    public static TimeRolling of(Map<String, String> options) {
        Configuration conf = Configuration.fromMap(options);
        return new TimeRolling(
                positive(conf, options, ROLLOVER_INTERVAL),
                positive(conf, options, INACTIVITY_INTERVAL),
                positive(conf, options, CHECK_INTERVAL));
    }

    private static long positive(
            Configuration conf, Map<String, String> options, ConfigOption<Duration> option) {
        Duration value = OptionValues.get(conf, options, option);
        if (value.isZero() || value.isNegative()) {
            throw OptionValues.refused(options, option, "must be a positive duration");
        }
        return value.toMillis();
    }

    public long rolloverMillis() {
        return rolloverMillis;
    }

    public long inactivityMillis() {
        return inactivityMillis;
    }

    public long checkMillis() {
        return checkMillis;
    }
}
