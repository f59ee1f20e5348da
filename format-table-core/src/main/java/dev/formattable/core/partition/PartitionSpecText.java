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
package dev.formattable.core.partition;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Partition specs written as text, as a procedure takes them: {@code k1=v1,k2=v2} for one spec,
 * several separated by {@code ;}. A spec may name any of the partition keys; a partition matches it
 * when it has every value named, and matches the text when it matches any of its specs.
 */
public final class PartitionSpecText {

    private PartitionSpecText() {}

    /**
     * The predicate of the specs.
     *
     * @throws IllegalArgumentException naming the spec, key or value that is wrong
     */
    public static PartitionPredicate parse(PartitionLayout layout, String text) {
        if (!layout.isPartitioned()) {
            throw new IllegalArgumentException(
                    String.format(
                            "Partitions '%s' are given, but the table is not partitioned", text));
        }
        List<PartitionPredicate> specs = new ArrayList<>();
        for (String spec : text.split(";", -1)) {
            specs.add(parseOne(layout, spec.trim(), text));
        }
        return specs.size() == 1 ? specs.get(0) : PartitionPredicate.or(specs);
    }

    private static PartitionPredicate parseOne(PartitionLayout layout, String spec, String text) {
        if (spec.isEmpty()) {
            throw new IllegalArgumentException(
                    String.format("Partitions '%s' hold an empty spec", text));
        }
        List<PartitionPredicate> terms = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (String pair : spec.split(",", -1)) {
            int eq = pair.indexOf('=');
            if (eq <= 0) {
                throw new IllegalArgumentException(
                        String.format(
                                "Partition spec '%s' must be key=value pairs separated by ','",
                                spec));
            }
            String key = pair.substring(0, eq).trim();
            String value = pair.substring(eq + 1).trim();
            if (!seen.add(key)) {
                throw new IllegalArgumentException(
                        String.format("Partition spec '%s' names '%s' twice", spec, key));
            }
            terms.add(term(layout, key, value, spec));
        }
        return terms.size() == 1 ? terms.get(0) : PartitionPredicate.and(terms);
    }

    /**
     * The predicate of one spec given as a map, such as a catalog's partition spec.
     *
     * @throws IllegalArgumentException naming the key or value that is wrong
     */
    public static PartitionPredicate of(PartitionLayout layout, Map<String, String> spec) {
        List<PartitionPredicate> terms = new ArrayList<>();
        for (Map.Entry<String, String> e : spec.entrySet()) {
            terms.add(term(layout, e.getKey(), e.getValue(), spec.toString()));
        }
        if (terms.isEmpty()) {
            throw new IllegalArgumentException("A partition spec must name a partition key");
        }
        return terms.size() == 1 ? terms.get(0) : PartitionPredicate.and(terms);
    }

    private static PartitionPredicate term(
            PartitionLayout layout, String key, String value, String spec) {
        int level = layout.keys().indexOf(key);
        if (level < 0) {
            throw new IllegalArgumentException(
                    String.format(
                            "Partition spec '%s' names '%s', which is not a partition key;"
                                    + " the partition keys are %s",
                            spec, key, layout.keys()));
        }
        Object typed = layout.codec().parse(key, layout.types().get(level), value);
        return typed == null
                ? PartitionPredicate.isNull(key)
                : PartitionPredicate.equal(key, typed);
    }
}
