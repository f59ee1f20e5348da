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

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The partitions Flink's planner hands to a scan, as a core partition predicate. */
final class PushedPartitions {

    private PushedPartitions() {}

    /** The partitions with their keys in the table's key order. */
    static List<Map<String, String>> inKeyOrder(
            FormatTable table, List<Map<String, String>> partitions) {
        List<Map<String, String>> ordered = new ArrayList<>();
        for (Map<String, String> p : partitions) {
            Map<String, String> inKeyOrder = new LinkedHashMap<>();
            for (String key : table.layout().keys()) {
                if (p.containsKey(key)) {
                    inKeyOrder.put(key, p.get(key));
                }
            }
            ordered.add(inKeyOrder);
        }
        return ordered;
    }

    /**
     * The predicate accepting exactly these partitions, the default partition's name read as null:
     * a set of them when each names every key (one lookup per directory, none for an empty list),
     * else the OR of their equalities.
     */
    static PartitionPredicate predicate(FormatTable table, List<Map<String, String>> partitions) {
        List<Map<String, String>> named = new ArrayList<>();
        for (Map<String, String> partition : partitions) {
            Map<String, String> values = new LinkedHashMap<>();
            partition.forEach(
                    (k, v) ->
                            values.put(
                                    k,
                                    v == null || v.equals(table.layout().defaultName())
                                            ? null
                                            : v));
            named.add(values);
        }
        int keys = table.layout().keys().size();
        if (named.stream().allMatch(p -> p.size() == keys)) {
            return PartitionPredicate.partitions(named);
        }
        List<PartitionPredicate> any = new ArrayList<>();
        for (Map<String, String> partition : named) {
            List<PartitionPredicate> equalities = new ArrayList<>();
            partition.forEach(
                    (k, v) ->
                            equalities.add(
                                    v == null
                                            ? PartitionPredicate.isNull(k)
                                            : PartitionPredicate.equal(k, v)));
            any.add(PartitionPredicate.and(equalities));
        }
        return PartitionPredicate.or(any);
    }
}
