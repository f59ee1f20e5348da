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
package dev.formattable.core.metastore;

import dev.formattable.core.fs.Path;

import java.io.IOException;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The partitions a metastore lists for one table, which a commit keeps up to date: the commit
 * registers each partition it published files into before it counts as done, so a replay of the
 * commit registers again what a failed try did not. Travels with the table to the tasks that
 * commit, so it opens its own connection there.
 */
public interface PartitionRegistry extends Serializable {

    /**
     * Registers partitions at their directories; those already registered are left as they are.
     *
     * @param partitions each partition's values by key, in key order, as the directory names spell
     *     them, with its directory
     */
    void register(Map<Map<String, String>, Path> partitions) throws IOException;

    /**
     * The registered partitions, with their directories, in one request to the metastore.
     *
     * @param anyOf leading partial specs (values as text, in key order, as {@link #register} takes
     *     them), one of which a partition must match; empty for every partition. A filter the
     *     metastore may apply or not: the caller tests each partition again.
     */
    List<RegisteredPartition> list(List<Map<String, String>> anyOf) throws IOException;

    /**
     * The registered partitions among {@code specs}, with their directories, in one request to the
     * metastore. By default, those of {@link #list} whose values are exactly one of the specs.
     *
     * @param specs whole partition specs, as {@link #register} takes them
     */
    default List<RegisteredPartition> get(List<Map<String, String>> specs) throws IOException {
        if (specs.isEmpty()) {
            return List.of();
        }
        Set<List<String>> wanted = new HashSet<>();
        specs.forEach(spec -> wanted.add(new ArrayList<>(spec.values())));
        List<RegisteredPartition> found = new ArrayList<>();
        for (RegisteredPartition p : list(specs)) {
            if (wanted.contains(p.values())) {
                found.add(p);
            }
        }
        return found;
    }

    /**
     * Records partitions' statistics where the metastore keeps them, for other engines' planners;
     * partitions not registered are skipped. Nothing by default.
     *
     * @param statistics by partition, its values as {@link #register} takes them; an empty spec is
     *     an unpartitioned table's own
     */
    default void recordStatistics(Map<Map<String, String>, BasicStatistics> statistics)
            throws IOException {}

    /** Unregisters partitions, keeping their files; those not registered are skipped. */
    void unregister(List<Map<String, String>> partitions) throws IOException;
}
