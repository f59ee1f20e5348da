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

import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.MemorySize;

import java.io.Serializable;
import java.util.Map;

/** Compaction before publish, as a table's options ask for it. */
@PublicEvolving
public final class CompactionSettings implements Serializable {

    private static final long serialVersionUID = 1L;

    private final boolean enabled;
    private final long fileSize;
    private final Integer parallelism;
    private final boolean acrossCheckpoints;

    private CompactionSettings(
            boolean enabled, long fileSize, Integer parallelism, boolean acrossCheckpoints) {
        this.enabled = enabled;
        this.fileSize = fileSize;
        this.parallelism = parallelism;
        this.acrossCheckpoints = acrossCheckpoints;
    }

    /**
     * Reads the compaction options of a table.
     *
     * @param targetFileSize the table's {@code target-file-size}, the default file size
     * @throws IllegalArgumentException {@code "'key'='value' ..."} for a refused option
     */
    public static CompactionSettings of(Map<String, String> options, long targetFileSize) {
        Configuration conf = Configuration.fromMap(options);
        boolean enabled = OptionValues.get(conf, options, CompactionOptions.AUTO_COMPACTION);
        MemorySize size = OptionValues.get(conf, options, CompactionOptions.FILE_SIZE);
        if (size != null && size.getBytes() < 1) {
            throw OptionValues.refused(
                    options, CompactionOptions.FILE_SIZE, "must be at least 1 byte");
        }
        Integer parallelism = OptionValues.get(conf, options, CompactionOptions.PARALLELISM);
        if (parallelism != null && parallelism < 1) {
            throw OptionValues.refused(
                    options, CompactionOptions.PARALLELISM, "must be at least 1");
        }
        boolean across = OptionValues.get(conf, options, CompactionOptions.ACROSS_CHECKPOINTS);
        if (across) {
            checkAcrossCheckpoints(conf, options, enabled);
        }
        return new CompactionSettings(
                enabled, size == null ? targetFileSize : size.getBytes(), parallelism, across);
    }

    /**
     * Refuses compaction across checkpoints where it could not work: without compaction, or under a
     * trigger that finds every partition ready at once (a held file would be released at the very
     * checkpoint that finished it, which is compaction per checkpoint under another name).
     */
    private static void checkAcrossCheckpoints(
            Configuration conf, Map<String, String> options, boolean compaction) {
        if (!compaction) {
            throw OptionValues.refused(
                    options,
                    CompactionOptions.ACROSS_CHECKPOINTS,
                    "needs '" + CompactionOptions.AUTO_COMPACTION.key() + "'='true'");
        }
        String trigger = OptionValues.get(conf, options, PartitionCommitOptions.TRIGGER).trim();
        long delay = OptionValues.get(conf, options, PartitionCommitOptions.DELAY).toMillis();
        if (trigger.equals(PartitionCommitOptions.PROCESS_TIME) && delay == 0) {
            throw OptionValues.refused(
                    options,
                    CompactionOptions.ACROSS_CHECKPOINTS,
                    "holds a partition's files until the partition commit trigger finds it ready,"
                            + " but the '"
                            + PartitionCommitOptions.PROCESS_TIME
                            + "' trigger without a delay finds every partition ready at every"
                            + " checkpoint. Set '"
                            + PartitionCommitOptions.DELAY.key()
                            + "' (for example to the partitions' time span) or '"
                            + PartitionCommitOptions.TRIGGER.key()
                            + "'='"
                            + PartitionCommitOptions.PARTITION_TIME
                            + "'");
        }
    }

    /** No compaction. */
    public static CompactionSettings disabled() {
        return new CompactionSettings(false, Long.MAX_VALUE, null, false);
    }

    public boolean enabled() {
        return enabled;
    }

    /** Files smaller than this are merged, into files of at most about this size. */
    public long fileSize() {
        return fileSize;
    }

    /**
     * Whether writers hold each partition's files in their state until the partition commit trigger
     * finds the partition ready (and the end of the input), rather than hand them to compaction at
     * every checkpoint.
     */
    public boolean acrossCheckpoints() {
        return acrossCheckpoints;
    }

    /** The compacting tasks, or null for the writers' parallelism. */
    public Integer parallelism() {
        return parallelism;
    }
}
