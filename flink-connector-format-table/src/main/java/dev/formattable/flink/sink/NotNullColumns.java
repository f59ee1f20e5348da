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

import dev.formattable.core.write.SizeReporting;

import org.apache.flink.api.common.serialization.BulkWriter;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.types.logical.RowType;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Refuses a row holding NULL in a NOT NULL column, naming the column. SQL's planner enforces NOT
 * NULL before the sink (under the user's 'table.exec.sink.not-null-enforcer'); a DataStream job has
 * no planner, so its sink checks the rows itself.
 */
final class NotNullColumns {

    private NotNullColumns() {}

    /** The factory's writers, checking the NOT NULL columns of {@code type} (the rows they get). */
    static BulkWriter.Factory<RowData> enforce(BulkWriter.Factory<RowData> factory, RowType type) {
        List<Integer> positions = new ArrayList<>();
        for (int i = 0; i < type.getFieldCount(); i++) {
            if (!type.getTypeAt(i).isNullable()) {
                positions.add(i);
            }
        }
        if (positions.isEmpty()) {
            return factory;
        }
        int[] notNull = positions.stream().mapToInt(Integer::intValue).toArray();
        List<String> names = type.getFieldNames();
        return stream -> new Checked(factory.create(stream), notNull, names);
    }

    /** Reports the size of the writer it checks for, so files still roll at their target size. */
    private static final class Checked implements BulkWriter<RowData>, SizeReporting {
        private final BulkWriter<RowData> writer;
        private final int[] notNull;
        private final List<String> names;

        Checked(BulkWriter<RowData> writer, int[] notNull, List<String> names) {
            this.writer = writer;
            this.notNull = notNull;
            this.names = names;
        }

        @Override
        public void addElement(RowData row) throws IOException {
            for (int position : notNull) {
                if (row.isNullAt(position)) {
                    throw new IllegalArgumentException(
                            String.format(
                                    "Column '%s' is NOT NULL, but a row holds NULL in it",
                                    names.get(position)));
                }
            }
            writer.addElement(row);
        }

        @Override
        public long bufferedBytes() {
            return writer instanceof SizeReporting ? ((SizeReporting) writer).bufferedBytes() : 0;
        }

        @Override
        public void flush() throws IOException {
            writer.flush();
        }

        @Override
        public void finish() throws IOException {
            writer.finish();
        }
    }
}
