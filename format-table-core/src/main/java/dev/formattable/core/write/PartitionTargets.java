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
package dev.formattable.core.write;

import dev.formattable.core.fs.Path;
import dev.formattable.core.table.FormatTableSpec;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Where a write's records go: the directory and rendered spec of each partition, computed once per
 * partition and forgotten at every commit, so a long write keeps only the partitions it writes
 * between two commits.
 */
final class PartitionTargets {

    /** The directory and rendered spec of a partition. */
    static final class Target {
        final Path directory;
        final LinkedHashMap<String, String> spec;

        Target(Path directory, LinkedHashMap<String, String> spec) {
            this.directory = directory;
            this.spec = spec;
        }
    }

    private final FormatTableSpec table;
    private final Map<List<Object>, Target> targets = new HashMap<>();

    PartitionTargets(FormatTableSpec table) {
        this.table = table;
    }

    /**
     * The partition with these typed values, in partition key order.
     *
     * @throws IllegalArgumentException when the values cannot name a partition directory
     */
    Target of(List<Object> values) {
        Target target = targets.get(values);
        if (target == null) {
            if (values.size() != table.layout().levels()) {
                throw new IllegalArgumentException(
                        "Expected "
                                + table.layout().levels()
                                + " partition values for "
                                + table.layout().keys()
                                + ", got "
                                + values);
            }
            target = new Target(table.partitionPath(values), table.layout().toSpec(values));
            targets.put(key(values), target);
        }
        return target;
    }

    void clear() {
        targets.clear();
    }

    int size() {
        return targets.size();
    }

    /** A map key for the values, which may hold NULL (a valid partition value). */
    static List<Object> key(List<Object> values) {
        // List.copyOf refuses nulls.
        return Collections.unmodifiableList(new ArrayList<>(values));
    }
}
