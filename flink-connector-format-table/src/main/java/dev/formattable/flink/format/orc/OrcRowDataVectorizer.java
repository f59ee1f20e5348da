package dev.formattable.flink.format.orc;

import org.apache.flink.table.data.ArrayData;
import org.apache.flink.table.data.DecimalData;
import org.apache.flink.table.data.MapData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.data.TimestampData;
import org.apache.flink.table.types.logical.ArrayType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.MapType;
import org.apache.flink.table.types.logical.RowType;

import org.apache.hadoop.hive.ql.exec.vector.BytesColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.ColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.DecimalColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.DoubleColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.ListColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.LongColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.MapColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.StructColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.TimestampColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.VectorizedRowBatch;
import org.apache.hadoop.hive.serde2.io.HiveDecimalWritable;

import java.sql.Timestamp;
import java.util.List;

/**
 * Copies {@link RowData} into an ORC {@link VectorizedRowBatch} whose schema is {@link
 * OrcTypes#toOrcSchema(RowType)} of the same row type.
 *
 * <p>Our own rather than flink-orc's {@code RowDataVectorizer}: that one writes {@code
 * TIMESTAMP_LTZ} as a local wall-clock time, while the ORC type {@code timestamp with local time
 * zone} (and Paimon since 1.1) expects the instant itself. Writers for each column are resolved
 * once per type, not per value.
 */
final class OrcRowDataVectorizer {

    /** Puts one non-null value, in Flink's internal representation, into a column vector. */
    @FunctionalInterface
    private interface ValueWriter {
        void write(ColumnVector column, int row, Object value);
    }

    private final RowData.FieldGetter[] getters;
    private final ValueWriter[] writers;

    OrcRowDataVectorizer(RowType rowType) {
        List<LogicalType> types = rowType.getChildren();
        this.getters = new RowData.FieldGetter[types.size()];
        this.writers = new ValueWriter[types.size()];
        for (int i = 0; i < types.size(); i++) {
            getters[i] = RowData.createFieldGetter(types.get(i), i);
            writers[i] = writerFor(types.get(i));
        }
    }

    /** Appends the row as the next row of the batch; the caller makes sure there is room. */
    void append(RowData row, VectorizedRowBatch batch) {
        int position = batch.size++;
        for (int i = 0; i < writers.length; i++) {
            put(batch.cols[i], position, getters[i].getFieldOrNull(row), writers[i]);
        }
    }

    private static void put(ColumnVector column, int row, Object value, ValueWriter writer) {
        if (value == null) {
            column.noNulls = false;
            column.isNull[row] = true;
        } else {
            column.isNull[row] = false;
            writer.write(column, row, value);
        }
    }

    private static ValueWriter writerFor(LogicalType type) {
        switch (type.getTypeRoot()) {
            case BOOLEAN:
                return (column, row, value) ->
                        ((LongColumnVector) column).vector[row] = (Boolean) value ? 1L : 0L;
            case TINYINT:
                return (column, row, value) ->
                        ((LongColumnVector) column).vector[row] = (Byte) value;
            case SMALLINT:
                return (column, row, value) ->
                        ((LongColumnVector) column).vector[row] = (Short) value;
            case INTEGER:
            case DATE: // days since the epoch
            case TIME_WITHOUT_TIME_ZONE: // milliseconds of the day
                return (column, row, value) ->
                        ((LongColumnVector) column).vector[row] = (Integer) value;
            case BIGINT:
                return (column, row, value) ->
                        ((LongColumnVector) column).vector[row] = (Long) value;
            case FLOAT:
                return (column, row, value) ->
                        ((DoubleColumnVector) column).vector[row] = (Float) value;
            case DOUBLE:
                return (column, row, value) ->
                        ((DoubleColumnVector) column).vector[row] = (Double) value;
            case CHAR:
            case VARCHAR:
                return (column, row, value) -> {
                    byte[] utf8 = ((StringData) value).toBytes();
                    ((BytesColumnVector) column).setVal(row, utf8, 0, utf8.length);
                };
            case BINARY:
            case VARBINARY:
                return (column, row, value) -> {
                    byte[] bytes = (byte[]) value;
                    ((BytesColumnVector) column).setVal(row, bytes, 0, bytes.length);
                };
            case DECIMAL:
                return OrcRowDataVectorizer::writeDecimal;
            case TIMESTAMP_WITHOUT_TIME_ZONE:
                // A wall-clock time: ORC's timestamp column takes it as java.sql.Timestamp
                // fields in the writer's time zone (the zone goes into each stripe footer), as
                // Flink's and Paimon's readers expect.
                return (column, row, value) -> {
                    Timestamp wallClock = ((TimestampData) value).toTimestamp();
                    ((TimestampColumnVector) column).set(row, wallClock);
                };
            case TIMESTAMP_WITH_LOCAL_TIME_ZONE:
                // An instant: 'timestamp with local time zone' takes epoch milliseconds in UTC
                // plus the nanosecond of that second.
                return (column, row, value) -> {
                    TimestampData instant = (TimestampData) value;
                    TimestampColumnVector vector = (TimestampColumnVector) column;
                    long millis = instant.getMillisecond();
                    vector.time[row] = millis;
                    vector.nanos[row] =
                            (int) Math.floorMod(millis, 1000L) * 1_000_000
                                    + instant.getNanoOfMillisecond();
                };
            case ARRAY:
                return arrayWriter((ArrayType) type);
            case MAP:
                return mapWriter((MapType) type);
            case ROW:
                return rowWriter((RowType) type);
            default:
                // OrcTypes refuses these before a vectorizer is ever built.
                throw new UnsupportedOperationException("Unsupported type: " + type);
        }
    }

    private static void writeDecimal(ColumnVector column, int row, Object value) {
        DecimalData decimal = (DecimalData) value;
        HiveDecimalWritable target = ((DecimalColumnVector) column).vector[row];
        if (decimal.isCompact()) {
            target.setFromLongAndScale(decimal.toUnscaledLong(), decimal.scale());
        } else {
            target.setFromBigIntegerBytesAndScale(decimal.toUnscaledBytes(), decimal.scale());
        }
        if (!target.isSet()) {
            // Beyond what ORC's decimal can hold (38 digits): the same outcome as Hive's own
            // vector setter, a null.
            column.noNulls = false;
            column.isNull[row] = true;
        }
    }

    private static ValueWriter arrayWriter(ArrayType type) {
        LogicalType elementType = type.getElementType();
        ArrayData.ElementGetter getter = ArrayData.createElementGetter(elementType);
        ValueWriter elementWriter = writerFor(elementType);
        return (column, row, value) -> {
            ListColumnVector list = (ListColumnVector) column;
            ArrayData array = (ArrayData) value;
            int size = array.size();
            int start = reserveChildren(list.offsets, list.lengths, list.childCount, row, size);
            list.childCount = start + size;
            ensureCapacity(list.child, start + size);
            for (int i = 0; i < size; i++) {
                put(list.child, start + i, getter.getElementOrNull(array, i), elementWriter);
            }
        };
    }

    private static ValueWriter mapWriter(MapType type) {
        ArrayData.ElementGetter keyGetter = ArrayData.createElementGetter(type.getKeyType());
        ArrayData.ElementGetter valueGetter = ArrayData.createElementGetter(type.getValueType());
        ValueWriter keyWriter = writerFor(type.getKeyType());
        ValueWriter valueWriter = writerFor(type.getValueType());
        return (column, row, value) -> {
            MapColumnVector map = (MapColumnVector) column;
            MapData data = (MapData) value;
            ArrayData keys = data.keyArray();
            ArrayData values = data.valueArray();
            int size = data.size();
            int start = reserveChildren(map.offsets, map.lengths, map.childCount, row, size);
            map.childCount = start + size;
            ensureCapacity(map.keys, start + size);
            ensureCapacity(map.values, start + size);
            for (int i = 0; i < size; i++) {
                put(map.keys, start + i, keyGetter.getElementOrNull(keys, i), keyWriter);
                put(map.values, start + i, valueGetter.getElementOrNull(values, i), valueWriter);
            }
        };
    }

    private static ValueWriter rowWriter(RowType type) {
        List<LogicalType> fieldTypes = type.getChildren();
        RowData.FieldGetter[] fieldGetters = new RowData.FieldGetter[fieldTypes.size()];
        ValueWriter[] fieldWriters = new ValueWriter[fieldTypes.size()];
        for (int i = 0; i < fieldTypes.size(); i++) {
            fieldGetters[i] = RowData.createFieldGetter(fieldTypes.get(i), i);
            fieldWriters[i] = writerFor(fieldTypes.get(i));
        }
        return (column, row, value) -> {
            StructColumnVector struct = (StructColumnVector) column;
            RowData nested = (RowData) value;
            for (int i = 0; i < fieldWriters.length; i++) {
                put(struct.fields[i], row, fieldGetters[i].getFieldOrNull(nested), fieldWriters[i]);
            }
        };
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
