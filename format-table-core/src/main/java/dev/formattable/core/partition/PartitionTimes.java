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
package dev.formattable.core.partition;

import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoField;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The time a partition's values stand for, as Paimon's partition expiration reads it: {@code
 * partition.timestamp-pattern} assembles a text from the values ({@code $dt}, {@code $dt
 * $hr:00:00}; the first partition key's value without one), and {@code
 * partition.timestamp-formatter} parses it ({@code yyyyMMdd}; without one, {@code yyyy-MM-dd
 * HH:mm:ss}, {@code yyyy-MM-dd HH:mm} or {@code yyyy-MM-dd}). Fields the formatter leaves out are
 * the start of their period: {@code yyyyMM} reads the first of the month at midnight.
 */
public final class PartitionTimes {

    private static final List<DateTimeFormatter> DEFAULT_FORMATTERS =
            List.of(
                    defaulted("yyyy-MM-dd HH:mm:ss"),
                    defaulted("yyyy-MM-dd HH:mm"),
                    defaulted("yyyy-MM-dd"));

    private final String firstKey;
    private final String pattern;
    private final List<String> keysLongestFirst;
    private final List<DateTimeFormatter> formatters;

    /**
     * @param keys the table's partition keys
     * @param pattern the pattern of {@code patternKey}, or null for the first key's value
     * @param formatter the formatter of {@code formatterKey}, or null for the defaults
     * @throws IllegalArgumentException naming the key and value of a formatter that is not a
     *     pattern of Java's {@code DateTimeFormatter}, or a pattern naming no partition key
     */
    public PartitionTimes(
            List<String> keys,
            String pattern,
            String patternKey,
            String formatter,
            String formatterKey) {
        if (keys.isEmpty()) {
            throw new IllegalArgumentException(
                    "An unpartitioned table has no partition times to read");
        }
        this.firstKey = keys.get(0);
        this.pattern = pattern;
        this.keysLongestFirst = new ArrayList<>(keys);
        keysLongestFirst.sort(Comparator.comparingInt(String::length).reversed());
        if (pattern != null && keys.stream().noneMatch(k -> pattern.contains("$" + k))) {
            throw new IllegalArgumentException(
                    String.format(
                            "'%s'='%s' names no partition key; the partition keys are %s (as"
                                    + " $%s)",
                            patternKey, pattern, keys, keys.get(0)));
        }
        if (formatter == null) {
            this.formatters = DEFAULT_FORMATTERS;
        } else {
            try {
                this.formatters = List.of(defaulted(formatter));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(
                        String.format(
                                "'%s'='%s' is not a DateTimeFormatter pattern: %s",
                                formatterKey, formatter, e.getMessage()),
                        e);
            }
        }
    }

    /**
     * The time of a partition, from its values as users read them (key to text, NULL as null);
     * empty when the values do not read as a time (a NULL, another spelling).
     */
    public Optional<LocalDateTime> timeOf(Map<String, String> spec) {
        String text;
        if (pattern == null) {
            text = spec.get(firstKey);
        } else {
            text = pattern;
            for (String key : keysLongestFirst) {
                String value = spec.get(key);
                if (text.contains("$" + key)) {
                    if (value == null) {
                        return Optional.empty();
                    }
                    text = text.replace("$" + key, value);
                }
            }
        }
        if (text == null) {
            return Optional.empty();
        }
        for (DateTimeFormatter f : formatters) {
            try {
                return Optional.of(LocalDateTime.parse(text, f));
            } catch (DateTimeParseException e) {
                // Try the next default; the caller skips values of no format.
            }
        }
        return Optional.empty();
    }

    private static DateTimeFormatter defaulted(String pattern) {
        return new DateTimeFormatterBuilder()
                .appendPattern(pattern)
                .parseDefaulting(ChronoField.MONTH_OF_YEAR, 1)
                .parseDefaulting(ChronoField.DAY_OF_MONTH, 1)
                .parseDefaulting(ChronoField.HOUR_OF_DAY, 0)
                .parseDefaulting(ChronoField.MINUTE_OF_HOUR, 0)
                .parseDefaulting(ChronoField.SECOND_OF_MINUTE, 0)
                .toFormatter();
    }
}
