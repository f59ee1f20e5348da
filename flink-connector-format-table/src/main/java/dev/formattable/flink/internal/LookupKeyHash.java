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
package dev.formattable.flink.internal;

import org.apache.flink.annotation.Internal;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.util.MathUtils;

import java.util.Arrays;
import java.util.List;

/**
 * Which joining subtask a lookup key belongs to, when the planner routes probe rows by key (the
 * lookup join's {@code 'shuffle'='true'} hint): the probe side routes each row by it, and each
 * subtask's cache keeps only the rows of its own keys. Both sides hash the same thing, the key's
 * values in {@link GenericRowData}, in the order of the table's columns.
 */
@Internal
public final class LookupKeyHash {

    private LookupKeyHash() {}

    /** The subtask, of {@code subtasks}, that a key's rows are joined in. */
    public static int subtaskOf(RowData key, int subtasks) {
        if (!(key instanceof GenericRowData)) {
            throw new IllegalArgumentException(
                    "A lookup key to route must be a GenericRowData, but is a "
                            + key.getClass().getName());
        }
        GenericRowData values = (GenericRowData) key;
        int hash = 0;
        for (int i = 0; i < values.getArity(); i++) {
            hash = 31 * hash + hashOf(values.getField(i));
        }
        return Math.floorMod(MathUtils.murmurHash(hash), subtasks);
    }

    private static int hashOf(Object value) {
        if (value == null) {
            return 0;
        }
        if (value instanceof byte[]) {
            return Arrays.hashCode((byte[]) value);
        }
        // Strings, decimals and timestamps hash their contents, whatever their memory layout.
        return value.hashCode();
    }

    /**
     * Whether keys of these types hash alike on both sides. Nested values (arrays, maps, rows) may
     * come in different forms from the probe and from the files, with different hash codes; a cache
     * keyed by them keeps every row instead, which is correct, only larger.
     */
    public static boolean routable(List<LogicalType> keyTypes) {
        return keyTypes.stream().noneMatch(LookupKeyHash::nested);
    }

    /** Whether values of the type are arrays, maps, rows or others made of further values. */
    public static boolean nested(LogicalType type) {
        switch (type.getTypeRoot()) {
            case ARRAY:
            case MAP:
            case MULTISET:
            case ROW:
            case STRUCTURED_TYPE:
            case RAW:
            case DISTINCT_TYPE:
                return true;
            default:
                return false;
        }
    }
}
