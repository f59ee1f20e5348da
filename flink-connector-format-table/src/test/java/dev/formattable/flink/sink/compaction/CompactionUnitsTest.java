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
package dev.formattable.flink.sink.compaction;

import dev.formattable.core.fs.Path;
import dev.formattable.core.fs.PendingUpload;
import dev.formattable.core.table.CommitMessage;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/** How a checkpoint's files are cut into units of compaction. */
class CompactionUnitsTest {

    private static CommitMessage file(String partition, String name, long size) {
        Path target = Path.of("/t/" + partition + "/" + name);
        return new CommitMessage(
                Path.of("/t/" + partition + "/_temporary/." + name + ".tmp"),
                target,
                Map.of("p", partition.substring(2)),
                1,
                size);
    }

    private static List<List<String>> names(List<List<CommitMessage>> units) {
        return units.stream()
                .map(u -> u.stream().map(m -> m.targetPath().name()).collect(Collectors.toList()))
                .collect(Collectors.toList());
    }

    @Test
    void smallFilesOfAPartitionArePackedUpToTheTarget() {
        CompactionUnits plan =
                CompactionUnits.plan(
                        List.of(
                                file("p=1", "a", 40),
                                file("p=2", "x", 10),
                                file("p=1", "b", 40),
                                file("p=1", "c", 30),
                                file("p=1", "big", 100),
                                file("p=2", "y", 10),
                                file("p=3", "alone", 10)),
                        100);
        assertThat(names(plan.units)).containsExactly(List.of("a", "b"), List.of("x", "y"));
        // "c" would make 110 with a and b, and is alone in the next group; "big" is the target.
        assertThat(plan.asTheyAre)
                .extracting(m -> m.targetPath().name())
                .containsExactlyInAnyOrder("big", "alone", "c");
    }

    @Test
    void uploadsAreNeverMerged() {
        Path target = Path.of("/t/p=1/u");
        CommitMessage upload =
                new CommitMessage(
                        target,
                        target,
                        Map.of("p", "1"),
                        1,
                        5,
                        new PendingUpload("test", 1, new byte[] {1}));
        CompactionUnits plan = CompactionUnits.plan(List.of(upload, file("p=1", "a", 5)), 100);
        assertThat(plan.units).isEmpty();
        assertThat(plan.asTheyAre).hasSize(2);
    }
}
