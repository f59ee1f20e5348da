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
package dev.formattable.flink.sink;

import dev.formattable.flink.types.FlinkTypes;

import org.apache.flink.annotation.Internal;
import org.apache.flink.api.java.functions.KeySelector;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;

import java.util.List;

/**
 * The partition of a row as a key, so that rows hashed by it reach one writer per partition (the
 * connector's {@code sink.shuffle-by-partition.enable}). The key is the partition values' text,
 * separated by a character no rendered value contains; NULL has a text of its own.
 */
@Internal
public final class PartitionKeySelector implements KeySelector<RowData, String> {

    private static final long serialVersionUID = 1L;

    private static final char SEPARATOR = '\u0000';
    private static final String NULL = "\u0001";

    private final int[] positions;
    private final LogicalType[] types;

    /** For rows of {@code rowType}, keyed by the columns named {@code partitionKeys}. */
    public PartitionKeySelector(RowType rowType, List<String> partitionKeys) {
        this.positions = new int[partitionKeys.size()];
        this.types = new LogicalType[partitionKeys.size()];
        for (int i = 0; i < positions.length; i++) {
            positions[i] = rowType.getFieldIndex(partitionKeys.get(i));
            types[i] = rowType.getTypeAt(positions[i]);
        }
    }

    @Override
    public String getKey(RowData row) {
        StringBuilder key = new StringBuilder();
        for (int i = 0; i < positions.length; i++) {
            if (i > 0) {
                key.append(SEPARATOR);
            }
            Object value = FlinkTypes.partitionValue(row, positions[i], types[i]);
            key.append(value == null ? NULL : value.toString());
        }
        return key.toString();
    }
}
