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
package dev.formattable.flink.testutils;

import org.apache.flink.types.Row;

import org.apache.paimon.data.BinaryString;
import org.apache.paimon.data.Decimal;
import org.apache.paimon.data.GenericRow;
import org.apache.paimon.data.InternalRow;
import org.apache.paimon.data.Timestamp;
import org.apache.paimon.reader.RecordReader;
import org.apache.paimon.table.FormatTable;
import org.apache.paimon.table.sink.BatchTableCommit;
import org.apache.paimon.table.sink.BatchTableWrite;
import org.apache.paimon.table.sink.BatchWriteBuilder;
import org.apache.paimon.table.source.ReadBuilder;
import org.apache.paimon.table.source.Split;
import org.apache.paimon.types.DataTypes;
import org.apache.paimon.types.RowType;

import java.io.IOException;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;

/** The rows of {@link InteropRows} as Paimon writes and reads them, through its own API. */
public final class PaimonRows {

    /** {@link InteropRows#COLUMNS} in Paimon's types. */
    public static final RowType ROW_TYPE =
            RowType.of(
                    new org.apache.paimon.types.DataType[] {
                        DataTypes.INT(),
                        DataTypes.STRING(),
                        DataTypes.BIGINT(),
                        DataTypes.DOUBLE(),
                        DataTypes.DECIMAL(10, 2),
                        DataTypes.TIMESTAMP(3),
                        DataTypes.DATE(),
                        DataTypes.INT()
                    },
                    new String[] {"id", "name", "big", "score", "amount", "ts", "dt", "h"});

    private PaimonRows() {}

    public static InternalRow toPaimon(Row row) {
        String name = (String) row.getField(1);
        BigDecimal amount = (BigDecimal) row.getField(4);
        LocalDateTime ts = (LocalDateTime) row.getField(5);
        LocalDate dt = (LocalDate) row.getField(6);
        return GenericRow.of(
                row.getField(0),
                name == null ? null : BinaryString.fromString(name),
                row.getField(2),
                row.getField(3),
                amount == null ? null : Decimal.fromBigDecimal(amount, 10, 2),
                ts == null ? null : Timestamp.fromLocalDateTime(ts),
                dt == null ? null : (int) dt.toEpochDay(),
                row.getField(7));
    }

    public static Row fromPaimon(InternalRow row) {
        return Row.of(
                row.isNullAt(0) ? null : row.getInt(0),
                row.isNullAt(1) ? null : row.getString(1).toString(),
                row.isNullAt(2) ? null : row.getLong(2),
                row.isNullAt(3) ? null : row.getDouble(3),
                row.isNullAt(4) ? null : row.getDecimal(4, 10, 2).toBigDecimal(),
                row.isNullAt(5) ? null : row.getTimestamp(5, 3).toLocalDateTime(),
                row.isNullAt(6) ? null : LocalDate.ofEpochDay(row.getInt(6)),
                row.isNullAt(7) ? null : row.getInt(7));
    }

    /** Every row of a Paimon table, read by Paimon. */
    public static List<Row> read(FormatTable table) throws IOException {
        ReadBuilder builder = table.newReadBuilder();
        List<Split> splits = builder.newScan().plan().splits();
        List<Row> rows = new ArrayList<>();
        try (RecordReader<InternalRow> reader = builder.newRead().createReader(splits)) {
            reader.forEachRemaining(r -> rows.add(fromPaimon(r)));
        }
        return rows;
    }

    /** Every row of a Paimon table of any columns, read by Paimon, as "v1,v2,..." text. */
    public static List<String> readAsText(FormatTable table) throws IOException {
        List<InternalRow.FieldGetter> getters = new ArrayList<>();
        for (int i = 0; i < table.rowType().getFieldCount(); i++) {
            getters.add(InternalRow.createFieldGetter(table.rowType().getTypeAt(i), i));
        }
        ReadBuilder builder = table.newReadBuilder();
        List<Split> splits = builder.newScan().plan().splits();
        List<String> rows = new ArrayList<>();
        try (RecordReader<InternalRow> reader = builder.newRead().createReader(splits)) {
            reader.forEachRemaining(
                    r -> {
                        StringBuilder text = new StringBuilder();
                        for (InternalRow.FieldGetter getter : getters) {
                            text.append(text.length() == 0 ? "" : ",")
                                    .append(getter.getFieldOrNull(r));
                        }
                        rows.add(text.toString());
                    });
        }
        return rows;
    }

    /** Writes and commits rows with Paimon's batch writer. */
    public static void write(FormatTable table, List<Row> rows) throws Exception {
        BatchWriteBuilder builder = table.newBatchWriteBuilder();
        try (BatchTableWrite write = builder.newWrite();
                BatchTableCommit commit = builder.newCommit()) {
            for (Row row : rows) {
                write.write(toPaimon(row));
            }
            commit.commit(write.prepareCommit());
        }
    }
}
