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
package dev.formattable.hive;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.StringJoiner;

/**
 * Partial partition specs as a filter in the metastore's filter language ({@code
 * get_partitions_by_filter}): {@code (k1 = "a" and k2 = "b") or (k1 = "c")}. The language has no
 * escapes in its string literals, so a value holding both kinds of quote leaves the filter out.
 */
final class HivePartitionFilter {

    private HivePartitionFilter() {}

    /** The filter; empty when there is nothing to filter by or it cannot be written. */
    static Optional<String> of(List<Map<String, String>> anyOf) {
        if (anyOf.isEmpty()) {
            return Optional.empty();
        }
        StringJoiner or = new StringJoiner(" or ");
        for (Map<String, String> spec : anyOf) {
            if (spec.isEmpty()) {
                return Optional.empty();
            }
            StringJoiner and = new StringJoiner(" and ", "(", ")");
            for (Map.Entry<String, String> e : spec.entrySet()) {
                Optional<String> literal = literal(e.getValue());
                if (literal.isEmpty()) {
                    return Optional.empty();
                }
                and.add(e.getKey() + " = " + literal.get());
            }
            or.add(and.toString());
        }
        return Optional.of(or.toString());
    }

    private static Optional<String> literal(String value) {
        if (value.indexOf('"') < 0) {
            return Optional.of('"' + value + '"');
        }
        if (value.indexOf('\'') < 0) {
            return Optional.of('\'' + value + '\'');
        }
        return Optional.empty();
    }
}
