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

import org.apache.flink.table.connector.source.abilities.SupportsPartitionPushDown;
import org.apache.flink.table.types.logical.RowType;

import javax.annotation.Nullable;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The scan of a table of the format-table catalog. It also takes partitions through Flink's
 * partition push-down, because only then does Flink's planner use the catalog's statistics of the
 * partitions that survive (without it, a catalog that has statistics gives those of the whole
 * table). It lists nothing for that: {@link #listPartitions} leaves the listing to the catalog's
 * {@code listPartitionsByFilter}, which lists only the directories the filters accept.
 */
final class CatalogTableSource extends FormatTableDynamicSource
        implements SupportsPartitionPushDown {

    CatalogTableSource(
            FormatTable table,
            RowType tableType,
            long splitSize,
            int batchSize,
            @Nullable Duration monitorInterval) {
        super(table, tableType, splitSize, batchSize, monitorInterval);
    }

    /** None: Flink's planner then asks the catalog for the partitions its filters accept. */
    @Override
    public Optional<List<Map<String, String>>> listPartitions() {
        return Optional.empty();
    }

    @Override
    public void applyPartitions(List<Map<String, String>> remainingPartitions) {
        pushPartitions(remainingPartitions);
    }

    @Override
    FormatTableDynamicSource blank() {
        return new CatalogTableSource(table, tableType, splitSize, batchSize, monitorInterval)
                .withLookup(lookup);
    }
}
