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

import dev.formattable.core.partition.PartitionLayout;
import dev.formattable.core.partition.PartitionValueCodec;
import dev.formattable.core.types.DataTypes;
import dev.formattable.flink.sink.partition.RecordingPolicy;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** What the partition commit options accept, and each refusal with its message. */
class PartitionCommitSettingsTest {

    private static final PartitionLayout DT_HOUR =
            new PartitionLayout(
                    List.of("dt", "hour"),
                    List.of(DataTypes.DATE(), DataTypes.INT()),
                    new PartitionValueCodec("__DEFAULT_PARTITION__", true),
                    false,
                    Set.of());

    private static final PartitionLayout UNPARTITIONED =
            new PartitionLayout(
                    List.of(),
                    List.of(),
                    new PartitionValueCodec("__DEFAULT_PARTITION__", true),
                    false,
                    Set.of());

    private static PartitionCommitSettings settings(PartitionLayout layout, String... keyValues) {
        Map<String, String> options = new HashMap<>();
        for (int i = 0; i < keyValues.length; i += 2) {
            options.put(keyValues[i], keyValues[i + 1]);
        }
        return PartitionCommitSettings.of(options, layout, RecordingPolicy.class.getClassLoader());
    }

    private static void refused(PartitionLayout layout, String message, String... keyValues) {
        assertThatThrownBy(() -> settings(layout, keyValues))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(message);
    }

    @Test
    void defaultsCommitNothing() {
        PartitionCommitSettings s = settings(DT_HOUR);
        assertThat(s.enabled()).isFalse();
        assertThat(s.partitionTimeTrigger()).isFalse();
        assertThat(s.delayMillis()).isZero();
        assertThat(s.successFileName()).isEqualTo("_SUCCESS");
        assertThat(s.watermarkTimeZone().getId()).isEqualTo("UTC");
    }

    @Test
    void readsTheFilesystemConnectorsKeys() {
        PartitionCommitSettings s =
                settings(
                        DT_HOUR,
                        "sink.partition-commit.trigger",
                        "partition-time",
                        "sink.partition-commit.delay",
                        "1 h",
                        "sink.partition-commit.watermark-time-zone",
                        "Asia/Shanghai",
                        "partition.time-extractor.timestamp-pattern",
                        "$dt $hour:00:00",
                        "sink.partition-commit.policy.kind",
                        "success-file, CUSTOM",
                        "sink.partition-commit.policy.class",
                        RecordingPolicy.class.getName(),
                        "sink.partition-commit.policy.class.parameters",
                        "a;b",
                        "sink.partition-commit.success-file.name",
                        ".done");
        assertThat(s.enabled()).isTrue();
        assertThat(s.policies()).containsExactly("success-file", "custom");
        assertThat(s.partitionTimeTrigger()).isTrue();
        assertThat(s.delayMillis()).isEqualTo(Duration.ofHours(1).toMillis());
        assertThat(s.watermarkTimeZone().getId()).isEqualTo("Asia/Shanghai");
        assertThat(s.successFileName()).isEqualTo(".done");
        assertThat(s.policyParameters()).containsExactly("a", "b");
    }

    @Test
    void refusesUnknownTriggersAndPolicies() {
        refused(
                DT_HOUR,
                "'sink.partition-commit.trigger'='event-time' is not a trigger; use"
                        + " 'process-time' or 'partition-time'",
                "sink.partition-commit.trigger",
                "event-time");
        refused(
                DT_HOUR,
                "'sink.partition-commit.policy.kind'='success-file,hive' names an unknown policy"
                        + " 'hive'; the policies are 'success-file' and 'custom'",
                "sink.partition-commit.policy.kind",
                "success-file,hive");
        refused(
                DT_HOUR,
                "'sink.partition-commit.policy.kind'='metastore,success-file' names the"
                        + " 'metastore' policy, but this table is in no catalog that keeps a"
                        + " partition list (such as 'metastore'='hive'): its partitions are its"
                        + " directories, found by listing. Use 'success-file' or 'custom'",
                "sink.partition-commit.policy.kind",
                "metastore,success-file");
        refused(
                DT_HOUR,
                "'partition.time-extractor.kind'='regex' is not an extractor kind; use 'default'"
                        + " or 'custom'",
                "partition.time-extractor.kind",
                "regex");
    }

    @Test
    void refusesCustomClassesThatCannotServe() {
        refused(
                DT_HOUR,
                "'sink.partition-commit.policy.class' must be set for the 'custom' policy",
                "sink.partition-commit.policy.kind",
                "custom");
        assertThatThrownBy(
                        () ->
                                settings(
                                        DT_HOUR,
                                        "sink.partition-commit.policy.kind",
                                        "custom",
                                        "sink.partition-commit.policy.class",
                                        "com.example.Nope"))
                .hasMessageStartingWith(
                        "'sink.partition-commit.policy.class'='com.example.Nope' names a class"
                                + " that cannot be loaded: java.lang.ClassNotFoundException:"
                                + " com.example.Nope");
        refused(
                DT_HOUR,
                "'sink.partition-commit.policy.class'='java.lang.String' does not implement"
                        + " org.apache.flink.connector.file.table.PartitionCommitPolicy",
                "sink.partition-commit.policy.kind",
                "custom",
                "sink.partition-commit.policy.class",
                "java.lang.String");
        refused(
                DT_HOUR,
                "'sink.partition-commit.policy.class'='"
                        + RecordingPolicy.class.getName()
                        + "' has no public constructor taking 3 String arguments (see"
                        + " 'sink.partition-commit.policy.class.parameters')",
                "sink.partition-commit.policy.kind",
                "custom",
                "sink.partition-commit.policy.class",
                RecordingPolicy.class.getName(),
                "sink.partition-commit.policy.class.parameters",
                "a;b;c");
        refused(
                DT_HOUR,
                "'partition.time-extractor.class'='"
                        + RecordingPolicy.class.getName()
                        + "' does not implement"
                        + " org.apache.flink.connector.file.table.PartitionTimeExtractor",
                "partition.time-extractor.kind",
                "custom",
                "partition.time-extractor.class",
                RecordingPolicy.class.getName());
        refused(
                DT_HOUR,
                "'partition.time-extractor.class' must be set for the 'custom' time extractor",
                "partition.time-extractor.kind",
                "custom");
    }

    @Test
    void refusesPatternsNamingOtherKeysAndPartitionTimeWithoutPartitions() {
        refused(
                DT_HOUR,
                "'partition.time-extractor.timestamp-pattern'='$dt $hr:00:00' names '$hr', which"
                        + " is not a partition key; the partition keys are [dt, hour]",
                "partition.time-extractor.timestamp-pattern",
                "$dt $hr:00:00");
        refused(
                UNPARTITIONED,
                "'sink.partition-commit.trigger'='partition-time' needs partition keys to take a"
                        + " time from, but the table is unpartitioned",
                "sink.partition-commit.trigger",
                "partition-time");
        refused(
                DT_HOUR,
                "'partition.time-extractor.timestamp-formatter'='yyyyMMdd HH#' is not a date-time"
                        + " pattern: Pattern includes reserved character: '#'",
                "partition.time-extractor.timestamp-formatter",
                "yyyyMMdd HH#");
    }

    @Test
    void refusesBadValues() {
        refused(
                DT_HOUR,
                "'sink.partition-commit.success-file.name'='SUCCESS' must be a file name starting"
                        + " with '_' or '.', which every reader skips; any other name would be"
                        + " read as a data file",
                "sink.partition-commit.success-file.name",
                "SUCCESS");
        refused(
                DT_HOUR,
                "'sink.partition-commit.watermark-time-zone'='Mars/Olympus' is not a time zone:"
                        + " Unknown time-zone ID: Mars/Olympus",
                "sink.partition-commit.watermark-time-zone",
                "Mars/Olympus");
        assertThatThrownBy(() -> settings(DT_HOUR, "sink.partition-commit.delay", "soon"))
                .hasMessageStartingWith("'sink.partition-commit.delay'='soon' cannot be read:");
    }
}
