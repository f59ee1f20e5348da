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
package dev.formattable.flink.lookup;

import dev.formattable.core.FormatTable;
import dev.formattable.core.partition.PartitionLayout;
import dev.formattable.core.partition.PartitionPredicate;
import dev.formattable.core.scan.DataSplit;
import dev.formattable.core.scan.FormatTableScan;

import org.apache.flink.annotation.Internal;
import org.apache.flink.connector.file.table.PartitionTimeExtractor;

import javax.annotation.Nullable;

import java.io.IOException;
import java.io.Serializable;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Which partition is the latest, for a lookup join that caches only that one ({@code
 * 'streaming-source.partition.include'='latest'}), ordered as Flink's Hive connector orders them:
 * by name, by the time the partition's newest file was written, or by the time its values name.
 */
@Internal
public final class LatestPartition implements Serializable {

    private static final long serialVersionUID = 1L;

    /** How partitions are ordered ({@code streaming-source.partition-order}). */
    public enum Order {
        PARTITION_NAME("partition-name"),
        CREATE_TIME("create-time"),
        PARTITION_TIME("partition-time");

        final String value;

        Order(String value) {
            this.value = value;
        }
    }

    private final Order order;
    @Nullable private final PartitionTimeExtractor extractor;

    LatestPartition(Order order, @Nullable PartitionTimeExtractor extractor) {
        this.order = order;
        this.extractor = extractor;
    }

    /** The files of the latest partition among those {@code filter} keeps; none if none. */
    List<DataSplit> select(FormatTable table, @Nullable PartitionPredicate filter)
            throws IOException {
        PartitionLayout layout = table.layout();
        if (order == Order.CREATE_TIME) {
            // The time a partition was last written to: that of its newest file.
            Map<List<Object>, List<DataSplit>> byPartition = new LinkedHashMap<>();
            Map<List<Object>, Long> newest = new LinkedHashMap<>();
            for (DataSplit split : scan(table, filter).plan().splits()) {
                byPartition
                        .computeIfAbsent(split.partitionValues(), k -> new ArrayList<>())
                        .add(split);
                newest.merge(split.partitionValues(), split.modificationTime(), Math::max);
            }
            return newest.entrySet().stream()
                    .max(
                            Map.Entry.<List<Object>, Long>comparingByValue()
                                    .thenComparing(e -> layout.relativePath(e.getKey())))
                    .map(e -> byPartition.get(e.getKey()))
                    .orElse(List.of());
        }
        Comparator<List<Object>> latest =
                order == Order.PARTITION_NAME
                        ? Comparator.comparing(layout::relativePath)
                        : Comparator.comparing(
                                        (List<Object> values) -> partitionTime(layout, values))
                                .thenComparing(layout::relativePath);
        Optional<List<Object>> chosen =
                scan(table, filter).listPartitions().partitions().stream().max(latest);
        if (chosen.isEmpty()) {
            return List.of();
        }
        PartitionPredicate only =
                PartitionPredicate.partitions(List.of(specOf(layout, chosen.get())));
        return scan(table, filter == null ? only : PartitionPredicate.and(List.of(filter, only)))
                .plan()
                .splits();
    }

    private static FormatTableScan scan(FormatTable table, @Nullable PartitionPredicate filter) {
        FormatTableScan scan = table.newScan();
        if (filter != null) {
            scan.withPartitionFilter(filter);
        }
        return scan;
    }

    private static Map<String, String> specOf(PartitionLayout layout, List<Object> values) {
        Map<String, String> spec = new LinkedHashMap<>(layout.toSpec(values));
        spec.replaceAll((k, v) -> v == null || v.equals(layout.defaultName()) ? null : v);
        return spec;
    }

    private LocalDateTime partitionTime(PartitionLayout layout, List<Object> values) {
        Map<String, String> spec = layout.toSpec(values);
        LocalDateTime time =
                extractor.extract(new ArrayList<>(spec.keySet()), new ArrayList<>(spec.values()));
        return time == null ? LocalDateTime.MIN : time;
    }
}
