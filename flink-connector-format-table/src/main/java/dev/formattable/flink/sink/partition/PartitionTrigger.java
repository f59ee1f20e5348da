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
package dev.formattable.flink.sink.partition;

import dev.formattable.core.FormatTable;
import dev.formattable.core.table.CommitMessage;
import dev.formattable.flink.config.PartitionCommitOptions;
import dev.formattable.flink.config.PartitionCommitSettings;

import org.apache.flink.annotation.Internal;
import org.apache.flink.connector.file.table.PartitionTimeExtractor;

import java.time.LocalDateTime;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Decides when a partition is ready, as {@code sink.partition-commit.trigger} and {@code
 * sink.partition-commit.delay} say: under {@code process-time}, once the processing time passes the
 * partition's first time plus the delay; under {@code partition-time}, once the watermark passes
 * the time taken from the partition's values plus the delay. The partition commit asks it when to
 * commit a published partition; a writer holding files across checkpoints asks it when to release
 * them. Partitions are named by their directory relative to the table ("" for an unpartitioned
 * table).
 */
@Internal
public final class PartitionTrigger {

    private final FormatTable table;
    private final PartitionCommitSettings settings;
    private final PartitionTimeExtractor extractor;
    private final Map<String, Long> partitionTimes = new HashMap<>();

    private PartitionTrigger(
            FormatTable table, PartitionCommitSettings settings, ClassLoader classLoader) {
        this.table = table;
        this.settings = settings;
        this.extractor =
                settings.partitionTimeTrigger() ? settings.newTimeExtractor(classLoader) : null;
    }

    /** The trigger of the settings; a custom time extractor is loaded from {@code classLoader}. */
    public static PartitionTrigger of(
            FormatTable table, PartitionCommitSettings settings, ClassLoader classLoader) {
        return new PartitionTrigger(table, settings, classLoader);
    }

    /** The relative directory of the partition a message's file is published to. */
    public static String directoryOf(FormatTable table, CommitMessage message) {
        return PartitionValues.directoryOf(table, message);
    }

    /** Whether the trigger reads the watermark rather than the processing time. */
    public boolean watchesWatermark() {
        return extractor != null;
    }

    /**
     * Whether the partition is ready.
     *
     * @param firstTime when the partition was first seen (by processing time)
     * @param now the processing time now
     * @param watermark the watermark the decision is made at
     */
    public boolean ready(String directory, long firstTime, long now, long watermark) {
        long delay = settings.delayMillis();
        if (extractor == null) {
            return delay == 0 || now > firstTime + delay;
        }
        return watermark > partitionTime(directory) + delay;
    }

    /** Forgets what was worked out for a partition that is done with. */
    public void forget(String directory) {
        partitionTimes.remove(directory);
    }

    private long partitionTime(String directory) {
        return partitionTimes.computeIfAbsent(
                directory,
                dir -> {
                    List<String> values = PartitionValues.of(table.layout(), dir);
                    LocalDateTime time;
                    try {
                        time = extractor.extract(table.layout().keys(), values);
                    } catch (RuntimeException e) {
                        throw new IllegalArgumentException(
                                String.format(
                                        "Cannot extract a time from partition %s of %s with"
                                                + " '%s'='%s' and '%s'='%s': %s",
                                        dir,
                                        table.location(),
                                        PartitionCommitOptions.EXTRACTOR_PATTERN.key(),
                                        settings.configuration()
                                                .get(PartitionCommitOptions.EXTRACTOR_PATTERN),
                                        PartitionCommitOptions.EXTRACTOR_FORMATTER.key(),
                                        settings.configuration()
                                                .get(PartitionCommitOptions.EXTRACTOR_FORMATTER),
                                        e.getMessage()),
                                e);
                    }
                    // Compared as instants, so a daylight saving change cannot shift a commit.
                    return time.atZone(settings.watermarkTimeZone()).toInstant().toEpochMilli();
                });
    }
}
