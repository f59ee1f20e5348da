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
package dev.formattable.flink.sink.writer;

import org.apache.flink.annotation.Internal;
import org.apache.flink.table.types.logical.RowType;

import java.util.ArrayList;
import java.util.List;

/**
 * The columns of a row that go into a data file: every column but the partition keys, which live in
 * the directory names. Writers and compactors both need them in the same order.
 */
@Internal
public final class DataColumns {

    private final int[] positions;
    private final RowType type;

    private DataColumns(int[] positions, RowType type) {
        this.positions = positions;
        this.type = type;
    }

    /** The data columns of {@code rowType} when the table is partitioned by {@code keys}. */
    public static DataColumns of(RowType rowType, List<String> keys) {
        List<Integer> positions = new ArrayList<>();
        List<RowType.RowField> fields = new ArrayList<>();
        for (int i = 0; i < rowType.getFieldCount(); i++) {
            if (!keys.contains(rowType.getFieldNames().get(i))) {
                positions.add(i);
                fields.add(rowType.getFields().get(i));
            }
        }
        return new DataColumns(
                positions.stream().mapToInt(Integer::intValue).toArray(), new RowType(fields));
    }

    /** Where each data column is in the full row. */
    public int[] positions() {
        return positions.clone();
    }

    /** The row type of a data file. */
    public RowType type() {
        return type;
    }
}
