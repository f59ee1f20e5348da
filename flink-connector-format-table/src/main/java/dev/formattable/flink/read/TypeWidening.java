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
package dev.formattable.flink.read;

import dev.formattable.flink.internal.ForwardingRowData;

import org.apache.flink.annotation.Internal;
import org.apache.flink.connector.file.src.FileSourceSplit;
import org.apache.flink.table.data.DecimalData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.TimestampData;
import org.apache.flink.table.types.logical.DecimalType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.LogicalTypeFamily;
import org.apache.flink.table.types.logical.LogicalTypeRoot;
import org.apache.flink.table.types.logical.RowType;

import javax.annotation.Nullable;

import java.io.IOException;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Type widening on read: a data file that stores a column as a narrower type than the table
 * declares is read at the file's type and each value is widened. The pairs are TINYINT → SMALLINT →
 * INT → BIGINT, FLOAT → DOUBLE, an integer to a DECIMAL with enough integer digits, a DECIMAL to a
 * larger precision at the same scale, and DATE → TIMESTAMP. Character strings of any length read as
 * any character string type. Any other mismatch between two of these types fails, naming the file,
 * the column and both types; types outside them are left to the file readers.
 */
@Internal
public final class TypeWidening {

    private TypeWidening() {}

    /** The plan of one file whose types differ: its reader and the widening of each field. */
    static final class Plan {
        final RowType fileDataType;
        final LogicalType[] fileTypes;

        Plan(RowType fileDataType, LogicalType[] fileTypes) {
            this.fileDataType = fileDataType;
            this.fileTypes = fileTypes;
        }
    }

    /**
     * The plan for a file, or null when each selected column of the file has the table's type.
     *
     * @throws IOException when a column of the file cannot be widened to the table's type
     */
    @Nullable
    static Plan plan(
            FileSourceSplit split,
            Map<String, LogicalType> fileColumns,
            RowType dataType,
            int[] selected)
            throws IOException {
        LogicalType[] fileTypes = new LogicalType[selected.length];
        List<RowType.RowField> fields = new ArrayList<>(dataType.getFields());
        boolean widens = false;
        for (int i = 0; i < selected.length; i++) {
            RowType.RowField field = dataType.getFields().get(selected[i]);
            LogicalType fileType = fileColumns.get(field.getName());
            LogicalType tableType = field.getType();
            if (fileType == null || !needsCheck(fileType, tableType)) {
                continue;
            }
            if (sameType(fileType, tableType)) {
                continue;
            }
            if (!widenable(fileType, tableType)) {
                throw new IOException(
                        String.format(
                                "Data file %s stores column '%s' as %s, which cannot be read as"
                                        + " the table's type %s",
                                split.path(),
                                field.getName(),
                                fileType.asSummaryString(),
                                tableType.asSummaryString()));
            }
            fileTypes[i] = fileType;
            fields.set(selected[i], new RowType.RowField(field.getName(), fileType.copy(true)));
            widens = true;
        }
        return widens ? new Plan(new RowType(fields), fileTypes) : null;
    }

    private static boolean checked(LogicalType type) {
        switch (type.getTypeRoot()) {
            case BOOLEAN:
            case TINYINT:
            case SMALLINT:
            case INTEGER:
            case BIGINT:
            case FLOAT:
            case DOUBLE:
            case DECIMAL:
            case DATE:
            case CHAR:
            case VARCHAR:
                return true;
            default:
                return false;
        }
    }

    private static boolean needsCheck(LogicalType fileType, LogicalType tableType) {
        if (fileType.is(LogicalTypeRoot.DATE)
                && tableType.is(LogicalTypeRoot.TIMESTAMP_WITHOUT_TIME_ZONE)) {
            return true;
        }
        return checked(fileType) && checked(tableType);
    }

    private static boolean sameType(LogicalType fileType, LogicalType tableType) {
        if (fileType.is(LogicalTypeFamily.CHARACTER_STRING)
                && tableType.is(LogicalTypeFamily.CHARACTER_STRING)) {
            return true;
        }
        return fileType.copy(true).equals(tableType.copy(true));
    }

    private static int integerDigits(LogicalType type) {
        switch (type.getTypeRoot()) {
            case TINYINT:
                return 3;
            case SMALLINT:
                return 5;
            case INTEGER:
                return 10;
            case BIGINT:
                return 19;
            default:
                return -1;
        }
    }

    private static boolean widenable(LogicalType from, LogicalType to) {
        int fromDigits = integerDigits(from);
        if (fromDigits > 0) {
            int toDigits = integerDigits(to);
            if (toDigits > 0) {
                return toDigits > fromDigits;
            }
            if (to instanceof DecimalType) {
                DecimalType d = (DecimalType) to;
                return d.getPrecision() - d.getScale() >= fromDigits;
            }
            return false;
        }
        if (from.is(LogicalTypeRoot.FLOAT)) {
            return to.is(LogicalTypeRoot.DOUBLE);
        }
        if (from instanceof DecimalType && to instanceof DecimalType) {
            DecimalType f = (DecimalType) from;
            DecimalType t = (DecimalType) to;
            return f.getScale() == t.getScale() && t.getPrecision() > f.getPrecision();
        }
        return from.is(LogicalTypeRoot.DATE) && to.is(LogicalTypeRoot.TIMESTAMP_WITHOUT_TIME_ZONE);
    }

    // ---------------------------------------------------------------- file schemas

    /** A row read at the file's types that answers at the table's types. */
    static final class WidenedRow extends ForwardingRowData {
        private final LogicalType[] fileTypes;

        WidenedRow(LogicalType[] fileTypes) {
            this.fileTypes = fileTypes;
        }

        WidenedRow replace(RowData row) {
            this.row = row;
            return this;
        }

        private long integer(int pos) {
            switch (fileTypes[pos].getTypeRoot()) {
                case TINYINT:
                    return row.getByte(pos);
                case SMALLINT:
                    return row.getShort(pos);
                case INTEGER:
                    return row.getInt(pos);
                default:
                    return row.getLong(pos);
            }
        }

        @Override
        public short getShort(int pos) {
            return fileTypes[pos] == null ? row.getShort(pos) : (short) integer(pos);
        }

        @Override
        public int getInt(int pos) {
            return fileTypes[pos] == null ? row.getInt(pos) : (int) integer(pos);
        }

        @Override
        public long getLong(int pos) {
            return fileTypes[pos] == null ? row.getLong(pos) : integer(pos);
        }

        @Override
        public double getDouble(int pos) {
            return fileTypes[pos] == null ? row.getDouble(pos) : row.getFloat(pos);
        }

        @Override
        public DecimalData getDecimal(int pos, int precision, int scale) {
            LogicalType from = fileTypes[pos];
            if (from == null) {
                return row.getDecimal(pos, precision, scale);
            }
            BigDecimal value;
            if (from instanceof DecimalType) {
                DecimalType d = (DecimalType) from;
                value = row.getDecimal(pos, d.getPrecision(), d.getScale()).toBigDecimal();
            } else {
                value = BigDecimal.valueOf(integer(pos));
            }
            return DecimalData.fromBigDecimal(value, precision, scale);
        }

        @Override
        public TimestampData getTimestamp(int pos, int precision) {
            if (fileTypes[pos] == null) {
                return row.getTimestamp(pos, precision);
            }
            return TimestampData.fromLocalDateTime(
                    LocalDate.ofEpochDay(row.getInt(pos)).atStartOfDay());
        }
    }
}
