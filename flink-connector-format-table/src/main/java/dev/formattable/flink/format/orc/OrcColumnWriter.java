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
import org.apache.flink.table.data.DecimalData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.data.TimestampData;
import org.apache.flink.table.types.logical.ArrayType;
import org.apache.flink.table.types.logical.DecimalType;
import org.apache.flink.table.types.logical.LocalZonedTimestampType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.MapType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.TimestampType;

import org.apache.hadoop.hive.ql.exec.vector.BytesColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.ColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.DecimalColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.DoubleColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.LongColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.TimestampColumnVector;
import org.apache.hadoop.hive.serde2.io.HiveDecimalWritable;

/**
 * Writes one non-null value of one type into an ORC column vector, read with the typed accessor
 * ({@code getLong}, {@code getDouble}, ...) of a row's field or of an array's element (the keys and
 * values of a map are arrays too). No value is boxed on the way, as a generic field getter would
 * box every primitive; the writer of each column is chosen once, by {@link #forType}.
 */
abstract class OrcColumnWriter {

    abstract void fromRow(RowData row, int field, ColumnVector column, int position);

    abstract void fromArray(ArrayData array, int element, ColumnVector column, int position);

    /** Writes field {@code field} of {@code row}, or a null if it is one. */
    final void fieldOrNull(RowData row, int field, ColumnVector column, int position) {
        if (row.isNullAt(field)) {
            setNull(column, position);
        } else {
            column.isNull[position] = false;
            fromRow(row, field, column, position);
        }
    }

    /** Writes element {@code element} of {@code array}, or a null if it is one. */
    final void elementOrNull(ArrayData array, int element, ColumnVector column, int position) {
        if (array.isNullAt(element)) {
            setNull(column, position);
        } else {
            column.isNull[position] = false;
            fromArray(array, element, column, position);
        }
    }

    static void setNull(ColumnVector column, int position) {
        column.noNulls = false;
        column.isNull[position] = true;
    }

    static OrcColumnWriter forType(LogicalType type) {
        switch (type.getTypeRoot()) {
            case BOOLEAN:
                return new BooleanWriter();
            case TINYINT:
                return new ByteWriter();
            case SMALLINT:
                return new ShortWriter();
            case INTEGER:
            case DATE: // days since the epoch
            case TIME_WITHOUT_TIME_ZONE: // milliseconds of the day
                return new IntWriter();
            case BIGINT:
                return new LongWriter();
            case FLOAT:
                return new FloatWriter();
            case DOUBLE:
                return new DoubleWriter();
            case CHAR:
            case VARCHAR:
                return new StringWriter();
            case BINARY:
            case VARBINARY:
                return new BinaryWriter();
            case DECIMAL:
                DecimalType decimal = (DecimalType) type;
                return new DecimalWriter(decimal.getPrecision(), decimal.getScale());
            case TIMESTAMP_WITHOUT_TIME_ZONE:
                return new TimestampWriter(((TimestampType) type).getPrecision(), false);
            case TIMESTAMP_WITH_LOCAL_TIME_ZONE:
                return new TimestampWriter(((LocalZonedTimestampType) type).getPrecision(), true);
            case ARRAY:
                return new OrcNestedColumnWriters.ArrayWriter(
                        forType(((ArrayType) type).getElementType()));
            case MAP:
                MapType map = (MapType) type;
                return new OrcNestedColumnWriters.MapWriter(
                        forType(map.getKeyType()), forType(map.getValueType()));
            case ROW:
                return new OrcNestedColumnWriters.RowWriter((RowType) type);
            default:
                // OrcTypes refuses these before a vectorizer is ever built.
                throw new UnsupportedOperationException("Unsupported type: " + type);
        }
    }

    private static final class BooleanWriter extends OrcColumnWriter {
        @Override
        void fromRow(RowData row, int field, ColumnVector column, int position) {
            ((LongColumnVector) column).vector[position] = row.getBoolean(field) ? 1L : 0L;
        }

        @Override
        void fromArray(ArrayData array, int element, ColumnVector column, int position) {
            ((LongColumnVector) column).vector[position] = array.getBoolean(element) ? 1L : 0L;
        }
    }

    private static final class ByteWriter extends OrcColumnWriter {
        @Override
        void fromRow(RowData row, int field, ColumnVector column, int position) {
            ((LongColumnVector) column).vector[position] = row.getByte(field);
        }

        @Override
        void fromArray(ArrayData array, int element, ColumnVector column, int position) {
            ((LongColumnVector) column).vector[position] = array.getByte(element);
        }
    }

    private static final class ShortWriter extends OrcColumnWriter {
        @Override
        void fromRow(RowData row, int field, ColumnVector column, int position) {
            ((LongColumnVector) column).vector[position] = row.getShort(field);
        }

        @Override
        void fromArray(ArrayData array, int element, ColumnVector column, int position) {
            ((LongColumnVector) column).vector[position] = array.getShort(element);
        }
    }

    private static final class IntWriter extends OrcColumnWriter {
        @Override
        void fromRow(RowData row, int field, ColumnVector column, int position) {
            ((LongColumnVector) column).vector[position] = row.getInt(field);
        }

        @Override
        void fromArray(ArrayData array, int element, ColumnVector column, int position) {
            ((LongColumnVector) column).vector[position] = array.getInt(element);
        }
    }

    private static final class LongWriter extends OrcColumnWriter {
        @Override
        void fromRow(RowData row, int field, ColumnVector column, int position) {
            ((LongColumnVector) column).vector[position] = row.getLong(field);
        }

        @Override
        void fromArray(ArrayData array, int element, ColumnVector column, int position) {
            ((LongColumnVector) column).vector[position] = array.getLong(element);
        }
    }

    private static final class FloatWriter extends OrcColumnWriter {
        @Override
        void fromRow(RowData row, int field, ColumnVector column, int position) {
            ((DoubleColumnVector) column).vector[position] = row.getFloat(field);
        }

        @Override
        void fromArray(ArrayData array, int element, ColumnVector column, int position) {
            ((DoubleColumnVector) column).vector[position] = array.getFloat(element);
        }
    }

    private static final class DoubleWriter extends OrcColumnWriter {
        @Override
        void fromRow(RowData row, int field, ColumnVector column, int position) {
            ((DoubleColumnVector) column).vector[position] = row.getDouble(field);
        }

        @Override
        void fromArray(ArrayData array, int element, ColumnVector column, int position) {
            ((DoubleColumnVector) column).vector[position] = array.getDouble(element);
        }
    }

    private static final class StringWriter extends OrcColumnWriter {
        @Override
        void fromRow(RowData row, int field, ColumnVector column, int position) {
            put(row.getString(field), column, position);
        }

        @Override
        void fromArray(ArrayData array, int element, ColumnVector column, int position) {
            put(array.getString(element), column, position);
        }

        private static void put(StringData value, ColumnVector column, int position) {
            byte[] utf8 = value.toBytes();
            ((BytesColumnVector) column).setVal(position, utf8, 0, utf8.length);
        }
    }

    private static final class BinaryWriter extends OrcColumnWriter {
        @Override
        void fromRow(RowData row, int field, ColumnVector column, int position) {
            byte[] bytes = row.getBinary(field);
            ((BytesColumnVector) column).setVal(position, bytes, 0, bytes.length);
        }

        @Override
        void fromArray(ArrayData array, int element, ColumnVector column, int position) {
            byte[] bytes = array.getBinary(element);
            ((BytesColumnVector) column).setVal(position, bytes, 0, bytes.length);
        }
    }

    private static final class DecimalWriter extends OrcColumnWriter {
        private final int precision;
        private final int scale;

        DecimalWriter(int precision, int scale) {
            this.precision = precision;
            this.scale = scale;
        }

        @Override
        void fromRow(RowData row, int field, ColumnVector column, int position) {
            put(row.getDecimal(field, precision, scale), column, position);
        }

        @Override
        void fromArray(ArrayData array, int element, ColumnVector column, int position) {
            put(array.getDecimal(element, precision, scale), column, position);
        }

        private static void put(DecimalData decimal, ColumnVector column, int position) {
            HiveDecimalWritable target = ((DecimalColumnVector) column).vector[position];
            if (decimal.isCompact()) {
                target.setFromLongAndScale(decimal.toUnscaledLong(), decimal.scale());
            } else {
                target.setFromBigIntegerBytesAndScale(decimal.toUnscaledBytes(), decimal.scale());
            }
            if (!target.isSet()) {
                // Beyond what ORC's decimal can hold (38 digits): the same outcome as Hive's own
                // vector setter, a null.
                setNull(column, position);
            }
        }
    }

    private static final class TimestampWriter extends OrcColumnWriter {
        private final int precision;
        private final boolean instant;

        TimestampWriter(int precision, boolean instant) {
            this.precision = precision;
            this.instant = instant;
        }

        @Override
        void fromRow(RowData row, int field, ColumnVector column, int position) {
            put(row.getTimestamp(field, precision), column, position);
        }

        @Override
        void fromArray(ArrayData array, int element, ColumnVector column, int position) {
            put(array.getTimestamp(element, precision), column, position);
        }

        private void put(TimestampData value, ColumnVector column, int position) {
            TimestampColumnVector vector = (TimestampColumnVector) column;
            if (instant) {
                // 'timestamp with local time zone' takes epoch milliseconds in UTC plus the
                // nanosecond of that second.
                long millis = value.getMillisecond();
                vector.time[position] = millis;
                vector.nanos[position] =
                        (int) Math.floorMod(millis, 1000L) * 1_000_000
                                + value.getNanoOfMillisecond();
            } else {
                // A wall-clock time: ORC's timestamp column takes it as java.sql.Timestamp fields
                // in the writer's time zone (the zone goes into each stripe footer), as Flink's and
                // Paimon's readers expect.
                vector.set(position, value.toTimestamp());
            }
        }
    }
}
