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

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Partitions named one by one: a set of their typed values, and a set of each length of their
 * leading values, so that a directory is pruned by one lookup. Equal to the OR of each partition's
 * equalities, with a null value matching as {@code IS NULL}.
 */
final class PartitionSetPredicate extends BoundPartitionPredicate {
    private static final long serialVersionUID = 1L;
    private final int levels;
    private final List<Set<List<Object>>> prefixes = new ArrayList<>();
    // The values as given, for candidates: a stripped decimal would name another directory.
    private final List<List<Object>> tuples;
    // The values of the next level below each prefix, built on first use.
    private transient volatile Map<List<Object>, Set<Object>> below;

    PartitionSetPredicate(int levels, List<List<Object>> tuples) {
        this.levels = levels;
        this.tuples = new ArrayList<>(tuples);
        for (int length = 0; length <= levels; length++) {
            Set<List<Object>> set = new HashSet<>();
            for (List<Object> tuple : tuples) {
                set.add(key(tuple, length));
            }
            prefixes.add(set);
        }
    }

    /** The first {@code length} values, decimals without trailing zeros (so 1.0 is 1.00). */
    private static List<Object> key(List<?> values, int length) {
        List<Object> key = new ArrayList<>(length);
        for (int i = 0; i < length; i++) {
            Object v = values.get(i);
            key.add(v instanceof BigDecimal ? ((BigDecimal) v).stripTrailingZeros() : v);
        }
        return key;
    }

    @Override
    int outcomes(List<?> values, int known) {
        int length = Math.min(known, levels);
        if (!prefixes.get(length).contains(key(values, length))) {
            return FALSE;
        }
        return length == levels ? TRUE : TRUE | FALSE;
    }

    @Override
    public Optional<Set<Object>> candidates(int level) {
        if (level >= levels) {
            return Optional.empty();
        }
        Set<Object> values = new HashSet<>();
        for (List<Object> tuple : tuples) {
            values.add(tuple.get(level));
        }
        return Optional.of(values);
    }

    @Override
    public Optional<Set<Object>> candidates(int level, List<?> prefix) {
        if (level >= levels || prefix.size() != level) {
            return candidates(level);
        }
        Map<List<Object>, Set<Object>> map = below;
        if (map == null) {
            map = new HashMap<>();
            for (List<Object> tuple : tuples) {
                for (int l = 0; l < levels; l++) {
                    map.computeIfAbsent(key(tuple, l), k -> new HashSet<>()).add(tuple.get(l));
                }
            }
            below = map; // built whole before it is published
        }
        return Optional.of(map.getOrDefault(key(prefix, level), Set.of()));
    }
}
