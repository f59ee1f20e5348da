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
package dev.formattable.flink.format.orc;

import org.apache.flink.table.data.ArrayData;
import org.apache.flink.table.data.MapData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;

import org.apache.hadoop.hive.ql.exec.vector.ColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.ListColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.MapColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.StructColumnVector;

import java.util.List;

/** The {@link OrcColumnWriter}s of arrays, maps and rows, which hold the writers of their parts. */
final class OrcNestedColumnWriters {

    private OrcNestedColumnWriters() {}

    static final class ArrayWriter extends OrcColumnWriter {
        private final OrcColumnWriter elements;

        ArrayWriter(OrcColumnWriter elements) {
            this.elements = elements;
        }

        @Override
        void fromRow(RowData row, int field, ColumnVector column, int position) {
            put(row.getArray(field), column, position);
        }

        @Override
        void fromArray(ArrayData array, int element, ColumnVector column, int position) {
            put(array.getArray(element), column, position);
        }

        private void put(ArrayData array, ColumnVector column, int position) {
            ListColumnVector list = (ListColumnVector) column;
            int size = array.size();
            int start =
                    reserveChildren(list.offsets, list.lengths, list.childCount, position, size);
            list.childCount = start + size;
            ensureCapacity(list.child, start + size);
            for (int i = 0; i < size; i++) {
                elements.elementOrNull(array, i, list.child, start + i);
            }
        }
    }

    static final class MapWriter extends OrcColumnWriter {
        private final OrcColumnWriter keys;
        private final OrcColumnWriter values;

        MapWriter(OrcColumnWriter keys, OrcColumnWriter values) {
            this.keys = keys;
            this.values = values;
        }

        @Override
        void fromRow(RowData row, int field, ColumnVector column, int position) {
            put(row.getMap(field), column, position);
        }

        @Override
        void fromArray(ArrayData array, int element, ColumnVector column, int position) {
            put(array.getMap(element), column, position);
        }

        private void put(MapData data, ColumnVector column, int position) {
            MapColumnVector map = (MapColumnVector) column;
            ArrayData keyArray = data.keyArray();
            ArrayData valueArray = data.valueArray();
            int size = data.size();
            int start = reserveChildren(map.offsets, map.lengths, map.childCount, position, size);
            map.childCount = start + size;
            ensureCapacity(map.keys, start + size);
            ensureCapacity(map.values, start + size);
            for (int i = 0; i < size; i++) {
                keys.elementOrNull(keyArray, i, map.keys, start + i);
                values.elementOrNull(valueArray, i, map.values, start + i);
            }
        }
    }

    static final class RowWriter extends OrcColumnWriter {
        private final OrcColumnWriter[] fields;

        RowWriter(RowType type) {
            List<LogicalType> types = type.getChildren();
            this.fields = new OrcColumnWriter[types.size()];
            for (int i = 0; i < types.size(); i++) {
                fields[i] = OrcColumnWriter.forType(types.get(i));
            }
        }

        @Override
        void fromRow(RowData row, int field, ColumnVector column, int position) {
            put(row.getRow(field, fields.length), column, position);
        }

        @Override
        void fromArray(ArrayData array, int element, ColumnVector column, int position) {
            put(array.getRow(element, fields.length), column, position);
        }

        private void put(RowData nested, ColumnVector column, int position) {
            StructColumnVector struct = (StructColumnVector) column;
            for (int i = 0; i < fields.length; i++) {
                fields[i].fieldOrNull(nested, i, struct.fields[i], position);
            }
        }
    }

    /** Records where a list's or map's entries start and how many there are. */
    private static int reserveChildren(
            long[] offsets, long[] lengths, int childCount, int row, int size) {
        offsets[row] = childCount;
        lengths[row] = size;
        return childCount;
    }

    /** Grows a child vector, keeping its contents, doubling so appends stay amortised O(1). */
    private static void ensureCapacity(ColumnVector child, int needed) {
        int capacity = child.isNull.length;
        if (capacity < needed) {
            child.ensureSize(Math.max(needed, 2 * capacity), true);
        }
    }
}
