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

import java.time.Duration;
import java.util.List;

/**
 * The options of partition commit, under the keys and with the defaults of Flink's {@code
 * filesystem} connector, so a table definition written for it carries over.
 */
@PublicEvolving
public final class PartitionCommitOptions {

    public static final String PROCESS_TIME = "process-time";
    public static final String PARTITION_TIME = "partition-time";
    public static final String SUCCESS_FILE = "success-file";
    public static final String CUSTOM = "custom";
    public static final String METASTORE = "metastore";
    public static final String DEFAULT_EXTRACTOR = "default";

    public static final ConfigOption<String> TRIGGER =
            ConfigOptions.key("sink.partition-commit.trigger")
                    .stringType()
                    .defaultValue(PROCESS_TIME)
                    .withDescription(
                            "When a streaming job commits a partition (runs its commit policies):"
                                    + " 'process-time', once the processing time passes the"
                                    + " time the partition was first published plus the delay;"
                                    + " or 'partition-time', once the watermark passes the time"
                                    + " extracted from the partition's values plus the delay"
                                    + " (partitioned tables only). A batch job commits every"
                                    + " partition it wrote once its commit is done.");

    public static final ConfigOption<Duration> DELAY =
            ConfigOptions.key("sink.partition-commit.delay")
                    .durationType()
                    .defaultValue(Duration.ZERO)
                    .withDescription(
                            "How long after its time a partition is committed: for daily"
                                    + " partitions '1 d', for hourly ones '1 h'. 0 commits a"
                                    + " partition with each checkpoint that publishes to it.");

    public static final ConfigOption<String> WATERMARK_TIME_ZONE =
            ConfigOptions.key("sink.partition-commit.watermark-time-zone")
                    .stringType()
                    .defaultValue("UTC")
                    .withDescription(
                            "The time zone in which a partition's time is compared with the"
                                    + " watermark under 'partition-time': the session time zone"
                                    + " (for example 'Asia/Shanghai') when the watermark is"
                                    + " defined on a TIMESTAMP_LTZ column, UTC for TIMESTAMP.");

    public static final ConfigOption<String> EXTRACTOR_KIND =
            ConfigOptions.key("partition.time-extractor.kind")
                    .stringType()
                    .defaultValue(DEFAULT_EXTRACTOR)
                    .withDescription(
                            "How a partition's time is extracted from its values: 'default'"
                                    + " (the timestamp pattern and formatter) or 'custom' (the"
                                    + " class in 'partition.time-extractor.class').");

    public static final ConfigOption<String> EXTRACTOR_CLASS =
            ConfigOptions.key("partition.time-extractor.class")
                    .stringType()
                    .noDefaultValue()
                    .withDescription(
                            "A class implementing Flink's"
                                    + " org.apache.flink.connector.file.table.PartitionTimeExtractor,"
                                    + " with a public no-argument constructor; for the 'custom'"
                                    + " kind.");

    public static final ConfigOption<String> EXTRACTOR_PATTERN =
            ConfigOptions.key("partition.time-extractor.timestamp-pattern")
                    .stringType()
                    .noDefaultValue()
                    .withDescription(
                            "How the 'default' extractor assembles a timestamp from partition"
                                    + " values: '$key' stands for the value of a partition key,"
                                    + " for example '$dt' or '$dt $hour:00:00'. Without it, the"
                                    + " first partition value is the timestamp. DATE values read"
                                    + " as 'yyyy-MM-dd' in both spellings of"
                                    + " 'partition.legacy-name'.");

    public static final ConfigOption<String> EXTRACTOR_FORMATTER =
            ConfigOptions.key("partition.time-extractor.timestamp-formatter")
                    .stringType()
                    .noDefaultValue()
                    .withDescription(
                            "The java.time pattern the assembled timestamp is parsed with, for"
                                    + " example 'yyyyMMdd HH'. Without it, 'yyyy-MM-dd HH:mm:ss'"
                                    + " with an optional time and fraction.");

    public static final ConfigOption<String> POLICY_KIND =
            ConfigOptions.key("sink.partition-commit.policy.kind")
                    .stringType()
                    .noDefaultValue()
                    .withDescription(
                            "What committing a partition does, a comma-separated list run in"
                                    + " order: 'success-file' writes an empty file named by"
                                    + " 'sink.partition-commit.success-file.name' into the"
                                    + " partition's directory; 'custom' calls the class in"
                                    + " 'sink.partition-commit.policy.class'. Not set: no"
                                    + " partition commit. 'metastore' is accepted on a table in a"
                                    + " catalog that keeps a partition list ('metastore'='hive'),"
                                    + " where every commit registers its partitions already, and"
                                    + " refused elsewhere.");

    public static final ConfigOption<String> POLICY_CLASS =
            ConfigOptions.key("sink.partition-commit.policy.class")
                    .stringType()
                    .noDefaultValue()
                    .withDescription(
                            "A class implementing Flink's"
                                    + " org.apache.flink.connector.file.table.PartitionCommitPolicy"
                                    + " for the 'custom' policy. It must be idempotent: a"
                                    + " partition may be committed again after a failover.");

    public static final ConfigOption<List<String>> POLICY_CLASS_PARAMETERS =
            ConfigOptions.key("sink.partition-commit.policy.class.parameters")
                    .stringType()
                    .asList()
                    .noDefaultValue()
                    .withDescription(
                            "Strings, separated by ';', passed to the custom policy's public"
                                    + " constructor taking that many String arguments. Not set:"
                                    + " its no-argument constructor.");

    public static final ConfigOption<String> SUCCESS_FILE_NAME =
            ConfigOptions.key("sink.partition-commit.success-file.name")
                    .stringType()
                    .defaultValue("_SUCCESS")
                    .withDescription(
                            "The name of the success file. It must start with '_' or '.', so"
                                    + " that no reader takes it for a data file.");

    private PartitionCommitOptions() {}

    /** Every option of partition commit. */
    public static List<ConfigOption<?>> all() {
        return List.of(
                TRIGGER,
                DELAY,
                WATERMARK_TIME_ZONE,
                EXTRACTOR_KIND,
                EXTRACTOR_CLASS,
                EXTRACTOR_PATTERN,
                EXTRACTOR_FORMATTER,
                POLICY_KIND,
                POLICY_CLASS,
                POLICY_CLASS_PARAMETERS,
                SUCCESS_FILE_NAME);
    }
}
