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
package dev.formattable.core.commit;

import dev.formattable.core.options.ExpirationStrategy;
import dev.formattable.core.options.FormatTableOptions;
import dev.formattable.core.options.TableOptions;
import dev.formattable.core.partition.PartitionLayout;
import dev.formattable.core.partition.PartitionTimes;
import dev.formattable.core.partition.PartitionValueCodec;
import dev.formattable.core.scan.FormatTableScan;
import dev.formattable.core.table.FormatTableSpec;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Removes the partitions of a table that are older than an expiration time, whole, as Paimon's
 * partition expiration does: each is first unregistered from the table's catalog where it lists
 * partitions, then its files and directory are deleted. A partition's age comes from its values
 * ({@link ExpirationStrategy#VALUES_TIME}, compared with the local time of {@link #clock}) or from
 * the newest modification time of its files ({@link ExpirationStrategy#UPDATE_TIME}).
 *
 * <p>A partition a writer is writing to is kept: one with a file in its {@code _temporary}
 * directory (staged and not yet published) or, on an object store, an upload begun below it and not
 * completed is reported {@link Action#SKIPPED_BEING_WRITTEN} and left whole. Staged files are never
 * deleted, even one staged after that check: the directory that holds it then stays, and the
 * writer's commit publishes into it as into a new partition.
 */
public final class PartitionExpiration {

    private static final Logger LOG = LoggerFactory.getLogger(PartitionExpiration.class);

    /** What became of a partition found expired. */
    public enum Action {
        EXPIRED("expired"),
        WOULD_EXPIRE("would expire"),
        SKIPPED_BEING_WRITTEN("skipped: being written");

        private final String text;

        Action(String text) {
            this.text = text;
        }

        /** How a procedure reports it. */
        public String text() {
            return text;
        }
    }

    /** One expired partition, and what became of it. */
    public static final class Expired {
        private final Map<String, String> spec;
        private final String path;
        private final Action action;

        Expired(Map<String, String> spec, String path, Action action) {
            this.spec = spec;
            this.path = path;
            this.action = action;
        }

        /** The partition's values as users read them, by key. */
        public Map<String, String> spec() {
            return spec;
        }

        /** The partition's directory below the table, as {@code dt=2024-01-01/hr=00}. */
        public String path() {
            return path;
        }

        public Action action() {
            return action;
        }

        @Override
        public String toString() {
            return path + ": " + action.text();
        }
    }

    private final FormatTableSpec table;
    private Duration expirationTime;
    private ExpirationStrategy strategy;
    private String timestampPattern;
    private String timestampFormatter;
    private int maxExpires;
    private boolean dryRun;
    private Clock clock = Clock.systemDefaultZone();

    /** An expiration of {@code table} as its options say; {@link #expirationTime} must be set. */
    public PartitionExpiration(FormatTableSpec table) {
        if (!table.layout().isPartitioned()) {
            throw new IllegalArgumentException(
                    String.format(
                            "The table at %s is not partitioned: it has no partitions to expire"
                                    + " (%s)",
                            table.location(),
                            table.options()
                                    .partitionExpirationTime()
                                    .map(
                                            t ->
                                                    "'"
                                                            + FormatTableOptions
                                                                    .PARTITION_EXPIRATION_TIME
                                                                    .key()
                                                            + "' is set")
                                    .orElse("expire_partitions")));
        }
        this.table = table;
        TableOptions options = table.options();
        this.expirationTime = options.partitionExpirationTime().orElse(null);
        this.strategy = options.partitionExpirationStrategy();
        this.timestampPattern = options.partitionTimestampPattern();
        this.timestampFormatter = options.partitionTimestampFormatter();
        this.maxExpires = options.partitionExpirationMaxNum();
    }

    public PartitionExpiration expirationTime(Duration time) {
        this.expirationTime = Objects.requireNonNull(time, "time");
        return this;
    }

    public PartitionExpiration strategy(ExpirationStrategy strategy) {
        this.strategy = Objects.requireNonNull(strategy, "strategy");
        return this;
    }

    /** The pattern of the values-time strategy; null for the first partition value. */
    public PartitionExpiration timestampPattern(String pattern) {
        this.timestampPattern = pattern;
        return this;
    }

    /** The formatter of the values-time strategy; null for the defaults. */
    public PartitionExpiration timestampFormatter(String formatter) {
        this.timestampFormatter = formatter;
        return this;
    }

    public PartitionExpiration maxExpires(int max) {
        if (max < 1) {
            throw new IllegalArgumentException("max_expires must be at least 1, not " + max);
        }
        this.maxExpires = max;
        return this;
    }

    /** Report what would expire, and remove nothing. */
    public PartitionExpiration dryRun(boolean dryRun) {
        this.dryRun = dryRun;
        return this;
    }

    /** The clock telling now: the local time for values-time, the instant for update-time. */
    public PartitionExpiration clock(Clock clock) {
        this.clock = Objects.requireNonNull(clock, "clock");
        return this;
    }

    /**
     * Checks the settings without listing anything.
     *
     * @throws IllegalArgumentException naming the option and value that cannot be used
     */
    public PartitionExpiration validate() {
        checkedTimes();
        return this;
    }

    /** The checked settings' partition times: null unless the strategy reads partition values. */
    private PartitionTimes checkedTimes() {
        if (expirationTime == null) {
            throw new IllegalArgumentException(
                    "No expiration time: set '"
                            + FormatTableOptions.PARTITION_EXPIRATION_TIME.key()
                            + "' on the table at "
                            + table.location()
                            + ", or give one");
        }
        if (strategy != ExpirationStrategy.VALUES_TIME) {
            return null;
        }
        return new PartitionTimes(
                table.layout().keys(),
                timestampPattern,
                FormatTableOptions.PARTITION_TIMESTAMP_PATTERN.key(),
                timestampFormatter,
                FormatTableOptions.PARTITION_TIMESTAMP_FORMATTER.key());
    }

    /**
     * Finds the expired partitions, oldest first and at most {@link #maxExpires} of them, and
     * removes each whole unless it is being written (or this is a dry run).
     */
    public List<Expired> run() throws IOException {
        PartitionTimes times = checkedTimes();
        PartitionLayout layout = table.layout();
        PartitionDirectories directories = new PartitionDirectories(table);
        List<Candidate> candidates = new ArrayList<>();
        int unreadable = 0;
        PartitionValueCodec codec = new PartitionValueCodec(layout.defaultName(), false, true);
        LocalDateTime localNow = LocalDateTime.now(clock);
        Instant now = clock.instant();
        for (List<Object> values : new FormatTableScan(table).listPartitions().partitions()) {
            Map<String, String> spec = readable(values, codec);
            long age;
            if (times != null) {
                Optional<LocalDateTime> time = times.timeOf(spec);
                if (time.isEmpty()) {
                    unreadable++;
                    continue;
                }
                age = Duration.between(time.get(), localNow).toMillis();
            } else {
                age = now.toEpochMilli() - directories.lastUpdate(values, now.toEpochMilli());
            }
            if (age > expirationTime.toMillis()) {
                candidates.add(new Candidate(values, spec, age));
            }
        }
        if (unreadable > 0) {
            LOG.warn(
                    "{} partitions of {} have values that do not read as a time ('{}'='{}', '{}'="
                            + "'{}'); they never expire",
                    unreadable,
                    table.location(),
                    FormatTableOptions.PARTITION_TIMESTAMP_PATTERN.key(),
                    timestampPattern,
                    FormatTableOptions.PARTITION_TIMESTAMP_FORMATTER.key(),
                    timestampFormatter);
        }
        candidates.sort(Comparator.comparingLong((Candidate c) -> c.age).reversed());
        List<Expired> result = new ArrayList<>();
        for (Candidate c : candidates.subList(0, Math.min(maxExpires, candidates.size()))) {
            String path = layout.relativePath(c.values);
            if (directories.beingWritten(c.values)) {
                result.add(new Expired(c.spec, path, Action.SKIPPED_BEING_WRITTEN));
            } else if (dryRun) {
                result.add(new Expired(c.spec, path, Action.WOULD_EXPIRE));
            } else {
                directories.remove(c.values);
                result.add(new Expired(c.spec, path, Action.EXPIRED));
            }
        }
        if (!result.isEmpty()) {
            LOG.info("Partition expiration of {}: {}", table.location(), result);
        }
        return result;
    }

    /**
     * The partition's values as users read them, whatever the directories' spelling: a DATE as
     * {@code yyyy-MM-dd} and a TIMESTAMP as {@code yyyy-MM-dd HH:mm:ss} also where {@code
     * partition.legacy-name} names directories by a day count or an ISO timestamp (as {@code
     * codec}, modern names, renders them); NULL as null.
     */
    private Map<String, String> readable(List<Object> values, PartitionValueCodec codec) {
        PartitionLayout layout = table.layout();
        Map<String, String> spec = new LinkedHashMap<>();
        for (int i = 0; i < values.size(); i++) {
            Object v = values.get(i);
            spec.put(
                    layout.keys().get(i),
                    v == null ? null : codec.render(layout.types().get(i), v));
        }
        return spec;
    }

    private static final class Candidate {
        final List<Object> values;
        final Map<String, String> spec;
        final long age;

        Candidate(List<Object> values, Map<String, String> spec, long age) {
            this.values = values;
            this.spec = spec;
            this.age = age;
        }
    }
}
