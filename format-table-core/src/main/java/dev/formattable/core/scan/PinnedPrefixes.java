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

import dev.formattable.core.partition.BoundPartitionPredicate;
import dev.formattable.core.partition.PartitionLayout;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The leading partition values a read is pinned to: a given prefix, then each further level whose
 * values the predicate's top-level conjunction names ({@code =}, {@code IN}, {@code IS NULL}), as
 * long as every prefix so far pins the next level.
 */
final class PinnedPrefixes {

    private PinnedPrefixes() {}

    /**
     * The typed prefixes, all of one length; a single empty prefix when nothing is pinned, none
     * when the predicate rules every partition out.
     *
     * @param max beyond this many prefixes, a level is left unpinned
     */
    static List<List<Object>> of(
            PartitionLayout layout,
            BoundPartitionPredicate predicate,
            List<Object> fixedPrefix,
            int max) {
        List<List<Object>> current = new ArrayList<>();
        current.add(List.of());
        for (int level = 0; level < layout.levels(); level++) {
            List<List<Object>> next = new ArrayList<>();
            for (List<Object> above : current) {
                Set<Object> candidates = candidates(level, fixedPrefix, above, predicate);
                if (candidates == null) {
                    return current;
                }
                for (Object value : candidates) {
                    List<Object> values = new ArrayList<>(above.size() + 1);
                    values.addAll(above);
                    values.add(value);
                    if (predicate == null || predicate.mayMatch(values)) {
                        next.add(values);
                    }
                }
            }
            if (next.size() > max) {
                return current;
            }
            current = next;
        }
        return current;
    }

    private static Set<Object> candidates(
            int level,
            List<Object> fixedPrefix,
            List<Object> above,
            BoundPartitionPredicate predicate) {
        if (level < fixedPrefix.size()) {
            Set<Object> one = new HashSet<>();
            one.add(fixedPrefix.get(level));
            return one;
        }
        if (predicate == null) {
            return null;
        }
        Optional<Set<Object>> c = predicate.candidates(level, above);
        return c.orElse(null);
    }
}
