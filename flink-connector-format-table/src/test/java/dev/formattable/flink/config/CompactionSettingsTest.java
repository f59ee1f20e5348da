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

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** What the compaction options accept, and each refusal with its message. */
class CompactionSettingsTest {

    @Test
    void offByDefaultAndTheTargetFileSizeByDefault() {
        CompactionSettings s = CompactionSettings.of(Map.of(), 1234);
        assertThat(s.enabled()).isFalse();
        assertThat(s.fileSize()).isEqualTo(1234);
        assertThat(s.parallelism()).isNull();

        CompactionSettings on =
                CompactionSettings.of(
                        Map.of(
                                "auto-compaction", "true",
                                "compaction.file-size", "64 mb",
                                "compaction.parallelism", "3"),
                        1234);
        assertThat(on.enabled()).isTrue();
        assertThat(on.fileSize()).isEqualTo(64L << 20);
        assertThat(on.parallelism()).isEqualTo(3);
    }

    @Test
    void refusesBadValuesByKeyAndValue() {
        assertThatThrownBy(() -> CompactionSettings.of(Map.of("compaction.parallelism", "0"), 1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("'compaction.parallelism'='0' must be at least 1");
        assertThatThrownBy(() -> CompactionSettings.of(Map.of("compaction.file-size", "0 b"), 1))
                .hasMessage("'compaction.file-size'='0 b' must be at least 1 byte");
        assertThatThrownBy(() -> CompactionSettings.of(Map.of("auto-compaction", "yes"), 1))
                .hasMessageStartingWith("'auto-compaction'='yes' cannot be read:");
    }

    @Test
    void acrossCheckpointsNeedsCompactionAndATriggerThatWaits() {
        assertThat(CompactionSettings.of(Map.of(), 1).acrossCheckpoints()).isFalse();
        assertThat(
                        CompactionSettings.of(
                                        Map.of(
                                                "auto-compaction", "true",
                                                "compaction.across-checkpoints", "true",
                                                "sink.partition-commit.delay", "1 h"),
                                        1)
                                .acrossCheckpoints())
                .isTrue();
        assertThat(
                        CompactionSettings.of(
                                        Map.of(
                                                "auto-compaction", "true",
                                                "compaction.across-checkpoints", "true",
                                                "sink.partition-commit.trigger", "partition-time"),
                                        1)
                                .acrossCheckpoints())
                .isTrue();

        assertThatThrownBy(
                        () ->
                                CompactionSettings.of(
                                        Map.of(
                                                "compaction.across-checkpoints", "true",
                                                "sink.partition-commit.delay", "1 h"),
                                        1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(
                        "'compaction.across-checkpoints'='true' needs 'auto-compaction'='true'");
        assertThatThrownBy(
                        () ->
                                CompactionSettings.of(
                                        Map.of(
                                                "auto-compaction", "true",
                                                "compaction.across-checkpoints", "true"),
                                        1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("'compaction.across-checkpoints'='true' holds")
                .hasMessageContaining("'sink.partition-commit.delay'")
                .hasMessageContaining("'sink.partition-commit.trigger'='partition-time'");
    }
}
