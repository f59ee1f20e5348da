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
package dev.formattable.flink.table;

import dev.formattable.core.FormatTable;
import dev.formattable.core.partition.PartitionPredicate;
import dev.formattable.core.scan.ScanPlan;
import dev.formattable.flink.testutils.SinkTables;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** A plan made for statistics reaches the enumerator only for the filters it was made under. */
class PlanHandoverTest {

    @TempDir Path dir;

    private ScanPlan twoFiles() throws IOException {
        FormatTable table = SinkTables.table(dir);
        SinkTables.appendOneRowPerPartition(table, 2);
        return table.newScan().plan();
    }

    @Test
    void onlyTheSameFiltersGetThePlan() throws IOException {
        ScanPlan plan = twoFiles();
        PartitionPredicate k0 = PartitionPredicate.equal("k", "k0");
        PlanHandover handover = new PlanHandover();
        assertThat(handover.planFor(List.of(k0, List.of()))).isNull();

        handover.offer(List.of(k0, List.of()), plan);
        assertThat(handover.planFor(List.of(k0, List.of()))).isSameAs(plan);
        // An equal predicate made later is another push-down: plan again.
        assertThat(handover.planFor(List.of(PartitionPredicate.equal("k", "k0"), List.of())))
                .isNull();
        assertThat(handover.planFor(List.of(List.of()))).isNull();
        assertThat(handover.planFor(List.of(k0, k0, List.of()))).isNull();
    }

    @Test
    void aPlanOfTooManyFilesIsListedAgain() throws IOException {
        ScanPlan plan = twoFiles();
        PlanHandover handover = new PlanHandover(1);
        handover.offer(List.of(), plan);
        assertThat(handover.planFor(List.of())).isNull();
    }
}
