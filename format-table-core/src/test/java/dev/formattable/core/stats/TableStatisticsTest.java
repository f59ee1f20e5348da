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
package dev.formattable.core.stats;

import dev.formattable.core.stats.Fingerprint.FileEntry;
import dev.formattable.core.types.DataTypes;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Partition statistics merged into those of a partition or of a table. */
class TableStatisticsTest {

    private static PartitionStatistics partition(String file, int from, int to, int nulls) {
        ColumnStatisticsBuilder id = new ColumnStatisticsBuilder("id", DataTypes.BIGINT(), 12);
        ColumnStatisticsBuilder s = new ColumnStatisticsBuilder("s", DataTypes.STRING(), 12);
        for (int i = from; i < to; i++) {
            id.add((long) i);
            s.add("x".repeat(1 + i % 3));
        }
        for (int i = 0; i < nulls; i++) {
            id.add(null);
            s.add(null);
        }
        return new PartitionStatistics(
                to - from + nulls,
                Fingerprint.of(List.of(new FileEntry(file, 10, 1))),
                List.of(id.build(), s.build()));
    }

    @Test
    void tableCountsAddUpAndDistinctValuesAreUnited() {
        // Ids 0-99 and 50-149 overlap in 50: 150 distinct, where a sum would say 200.
        TableStatistics t =
                TableStatistics.merge(
                        List.of(partition("a", 0, 100, 3), partition("b", 50, 150, 4)));

        assertThat(t.rowCount()).isEqualTo(207);
        assertThat(t.partitionCount()).isEqualTo(2);
        ColumnStatistics id = t.column("id").orElseThrow();
        assertThat(id.distinctCount()).isEqualTo(150);
        assertThat(id.nullCount()).isEqualTo(7);
        assertThat(id.min()).contains(0L);
        assertThat(id.max()).contains(149L);
        assertThat(id.totalWidth()).isEqualTo(200 * 8);
        ColumnStatistics s = t.column("s").orElseThrow();
        assertThat(s.distinctCount()).isEqualTo(3);
        assertThat(s.min()).contains("x");
        assertThat(s.max()).contains("xxx");
        assertThat(s.maxWidth()).isEqualTo(3);
        assertThat(t.averageWidth("s")).hasValueSatisfying(w -> assertThat(w).isBetween(1.9, 2.1));
    }

    @Test
    void aColumnMissingFromAPartitionHasNoTableStatistics() {
        PartitionStatistics onlyId =
                new PartitionStatistics(
                        1,
                        Fingerprint.empty(),
                        List.of(
                                new ColumnStatisticsBuilder("id", DataTypes.BIGINT(), 12)
                                        .add(7L)
                                        .build()));

        TableStatistics t = TableStatistics.merge(List.of(partition("a", 0, 10, 0), onlyId));

        assertThat(t.column("id").orElseThrow().distinctCount()).isEqualTo(10);
        assertThat(t.column("s")).isEmpty();
        assertThat(TableStatistics.merge(List.of()).rowCount()).isZero();
    }

    @Test
    void incrementalMergeOfAPartitionAddsTheNewFiles() {
        PartitionStatistics stored = partition("data-1", 0, 10, 1);
        PartitionStatistics added = partition("data-2", 5, 20, 0);

        PartitionStatistics merged = stored.merge(added);

        assertThat(merged.rowCount()).isEqualTo(26);
        assertThat(merged.fingerprint().files())
                .extracting(FileEntry::name)
                .containsExactly("data-1", "data-2");
        assertThat(merged.column("id").orElseThrow().distinctCount()).isEqualTo(20);
        assertThatThrownBy(() -> stored.merge(stored)).hasMessageContaining("count twice");
    }

    @Test
    void sketchesOfDifferentPrecisionsMergeAtTheLowerOne() {
        ColumnStatisticsBuilder fine = new ColumnStatisticsBuilder("id", DataTypes.BIGINT(), 14);
        ColumnStatisticsBuilder coarse = new ColumnStatisticsBuilder("id", DataTypes.BIGINT(), 10);
        for (long i = 0; i < 5_000; i++) {
            fine.add(i);
            coarse.add(i + 5_000);
        }

        ColumnStatistics merged = fine.build().merge(coarse.build());

        assertThat(merged.sketch().getLgConfigK()).isEqualTo(10);
        // lgK 10 has a standard error of about 3.3%: three of them either side.
        assertThat(merged.distinctCount()).isBetween(9_000L, 11_000L);
    }

    @Test
    void inconsistentStatisticsAreRefused() {
        ColumnStatistics id =
                new ColumnStatisticsBuilder("id", DataTypes.BIGINT(), 12).add(1L).add(2L).build();

        assertThatThrownBy(() -> new PartitionStatistics(-1, Fingerprint.empty(), List.of()))
                .hasMessageContaining("must not be negative: -1");
        assertThatThrownBy(() -> new PartitionStatistics(3, Fingerprint.empty(), List.of(id)))
                .hasMessageContaining("do not fit 3 values of 8 bytes");
        assertThatThrownBy(() -> new PartitionStatistics(2, Fingerprint.empty(), List.of(id, id)))
                .hasMessageContaining("Column 'id' has statistics twice");
    }
}
