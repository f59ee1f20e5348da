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
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.ConfigOptions;
import org.apache.flink.configuration.MemorySize;

import java.util.List;

/**
 * The options of compaction before publish, under the keys of Flink's {@code filesystem} connector.
 */
@PublicEvolving
public final class CompactionOptions {

    public static final ConfigOption<Boolean> AUTO_COMPACTION =
            ConfigOptions.key("auto-compaction")
                    .booleanType()
                    .defaultValue(false)
                    .withDescription(
                            "Whether a streaming job merges the small files of each checkpoint"
                                    + " before publishing them: in each partition, the files of"
                                    + " a checkpoint smaller than 'compaction.file-size' are"
                                    + " read and rewritten into as few files as that size"
                                    + " allows. The checkpoint's commit publishes the merged"
                                    + " files and never the small ones, so readers see each row"
                                    + " once. Batch jobs do not compact.");

    public static final ConfigOption<MemorySize> FILE_SIZE =
            ConfigOptions.key("compaction.file-size")
                    .memoryType()
                    .noDefaultValue()
                    .withDescription(
                            "The size compaction merges files up to; files of at least this"
                                    + " size are published as they are. Default:"
                                    + " 'target-file-size'.");

    public static final ConfigOption<Integer> PARALLELISM =
            ConfigOptions.key("compaction.parallelism")
                    .intType()
                    .noDefaultValue()
                    .withDescription(
                            "How many tasks merge files at once. Default: the writers'"
                                    + " parallelism.");

    public static final ConfigOption<Boolean> ACROSS_CHECKPOINTS =
            ConfigOptions.key("compaction.across-checkpoints")
                    .booleanType()
                    .defaultValue(false)
                    .withDescription(
                            "Whether a streaming job with 'auto-compaction' keeps each partition's"
                                    + " files staged and invisible, in its checkpoints, until the"
                                    + " partition commit trigger ('sink.partition-commit.trigger'"
                                    + " and 'sink.partition-commit.delay') finds the partition"
                                    + " ready, and only then merges and publishes them: a"
                                    + " partition's rows become visible when it is committed,"
                                    + " not at every checkpoint, in files of about"
                                    + " 'compaction.file-size'. Needs 'auto-compaction', and a"
                                    + " delay or the 'partition-time' trigger.");

    private CompactionOptions() {}

    /** Every option of compaction. */
    public static List<ConfigOption<?>> all() {
        return List.of(AUTO_COMPACTION, FILE_SIZE, PARALLELISM, ACROSS_CHECKPOINTS);
    }
}
