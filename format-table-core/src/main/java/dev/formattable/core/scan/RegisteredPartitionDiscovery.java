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
package dev.formattable.core.scan;

import dev.formattable.core.fs.Path;
import dev.formattable.core.metastore.PartitionRegistry;
import dev.formattable.core.metastore.RegisteredPartition;
import dev.formattable.core.partition.BoundPartitionPredicate;
import dev.formattable.core.partition.PartitionLayout;
import dev.formattable.core.types.TypeRoot;

import java.io.IOException;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Finds the partitions a predicate may need in the metastore's list instead of the directories: one
 * request, with the pinned leading values ({@link PinnedPrefixes}) as a filter the metastore may
 * apply, each partition at the directory the metastore records for it, inside the table's directory
 * or not. A partition only on disk is not part of the table, as for Hive and Spark.
 */
final class RegisteredPartitionDiscovery {

    /** Beyond this many alternatives, the metastore is asked for every partition. */
    static final int MAX_FILTER_ALTERNATIVES = 1_000;

    private static final Set<TypeRoot> TEXT_IS_CANONICAL =
            EnumSet.of(
                    TypeRoot.CHAR,
                    TypeRoot.VARCHAR,
                    TypeRoot.BOOLEAN,
                    TypeRoot.TINYINT,
                    TypeRoot.SMALLINT,
                    TypeRoot.INT,
                    TypeRoot.BIGINT,
                    TypeRoot.DATE);

    private final PartitionRegistry registry;
    private final PartitionLayout layout;
    private final BoundPartitionPredicate predicate;

    RegisteredPartitionDiscovery(
            PartitionRegistry registry, PartitionLayout layout, BoundPartitionPredicate predicate) {
        this.registry = registry;
        this.layout = layout;
        this.predicate = predicate;
    }

    List<PartitionDiscovery.Node> discover(Path root, List<Object> fixedPrefix) throws IOException {
        List<List<Object>> prefixes =
                PinnedPrefixes.of(layout, predicate, fixedPrefix, MAX_FILTER_ALTERNATIVES);
        if (prefixes.isEmpty()) {
            return List.of();
        }
        Map<String, String> wanted = layout.toSpec(fixedPrefix);
        List<PartitionDiscovery.Node> found = new ArrayList<>();
        for (RegisteredPartition partition : registry.list(filter(prefixes))) {
            List<Object> values = parse(partition);
            if (!layout.toSpec(values.subList(0, fixedPrefix.size())).equals(wanted)) {
                continue;
            }
            if (predicate == null || predicate.test(values)) {
                Path location =
                        partition.location() == null
                                ? root.resolve(layout.relativePath(values))
                                : partition.location();
                found.add(new PartitionDiscovery.Node(location, values));
            }
        }
        return found;
    }

    /**
     * Each typed prefix in every spelling a registered value may have, up to the first level whose
     * type has more than one text for a value (a timestamp's fraction, a decimal's scale): another
     * engine's text for it may differ from ours, and a filter must never lose a partition.
     */
    private List<Map<String, String>> filter(List<List<Object>> prefixes) {
        List<Map<String, String>> anyOf = new ArrayList<>();
        for (List<Object> prefix : prefixes) {
            int levels = 0;
            while (levels < prefix.size()
                    && TEXT_IS_CANONICAL.contains(layout.types().get(levels).root())) {
                levels++;
            }
            if (levels == 0) {
                return List.of();
            }
            List<Map<String, String>> specs = new ArrayList<>();
            specs.add(new LinkedHashMap<>());
            for (int level = 0; level < levels; level++) {
                List<Map<String, String>> longer = new ArrayList<>();
                for (String text :
                        layout.codec().spellings(layout.types().get(level), prefix.get(level))) {
                    for (Map<String, String> spec : specs) {
                        Map<String, String> copy = new LinkedHashMap<>(spec);
                        copy.put(layout.keys().get(level), text);
                        longer.add(copy);
                    }
                }
                specs = longer;
            }
            anyOf.addAll(specs);
        }
        List<Map<String, String>> distinct = new ArrayList<>(new LinkedHashSet<>(anyOf));
        return distinct.size() > MAX_FILTER_ALTERNATIVES ? List.of() : distinct;
    }

    private List<Object> parse(RegisteredPartition partition) {
        List<String> texts = partition.values();
        if (texts.size() != layout.levels()) {
            throw new IllegalArgumentException(
                    String.format(
                            "The metastore lists partition %s, but the table's partition keys"
                                    + " are %s",
                            texts, layout.keys()));
        }
        Map<String, String> spec = new LinkedHashMap<>();
        for (int i = 0; i < texts.size(); i++) {
            spec.put(layout.keys().get(i), texts.get(i));
        }
        try {
            return layout.parseSpec(spec);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(
                    "Partition " + spec + " in the metastore cannot be read: " + e.getMessage(), e);
        }
    }
}
