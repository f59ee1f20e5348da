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

import org.apache.flink.table.data.RowData;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;

import org.apache.hadoop.hive.ql.exec.vector.ColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.VectorizedRowBatch;

import java.util.List;

/**
 * Copies {@link RowData} into an ORC {@link VectorizedRowBatch} whose schema is {@link
 * OrcTypes#toOrcSchema(RowType)} of the same row type, one {@link OrcColumnWriter} per column.
 *
 * <p>Our own rather than flink-orc's {@code RowDataVectorizer}: that one writes {@code
 * TIMESTAMP_LTZ} as a local wall-clock time, while the ORC type {@code timestamp with local time
 * zone} (and Paimon since 1.1) expects the instant itself.
 */
final class OrcRowDataVectorizer {

    private final OrcColumnWriter[] writers;

    OrcRowDataVectorizer(RowType rowType) {
        List<LogicalType> types = rowType.getChildren();
        this.writers = new OrcColumnWriter[types.size()];
        for (int i = 0; i < types.size(); i++) {
            writers[i] = OrcColumnWriter.forType(types.get(i));
        }
    }

    /** Appends the row as the next row of the batch; the caller makes sure there is room. */
    void append(RowData row, VectorizedRowBatch batch) {
        int position = batch.size++;
        ColumnVector[] columns = batch.cols;
        for (int i = 0; i < writers.length; i++) {
            writers[i].fieldOrNull(row, i, columns[i], position);
        }
    }
}
