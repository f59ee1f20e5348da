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

import org.apache.flink.table.data.DecimalData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.data.TimestampData;
import org.apache.flink.table.data.binary.BinaryStringData;
import org.apache.flink.table.data.columnar.vector.BooleanColumnVector;
import org.apache.flink.table.data.columnar.vector.ByteColumnVector;
import org.apache.flink.table.data.columnar.vector.BytesColumnVector;
import org.apache.flink.table.data.columnar.vector.DecimalColumnVector;
import org.apache.flink.table.data.columnar.vector.DoubleColumnVector;
import org.apache.flink.table.data.columnar.vector.FloatColumnVector;
import org.apache.flink.table.data.columnar.vector.IntColumnVector;
import org.apache.flink.table.data.columnar.vector.LongColumnVector;
import org.apache.flink.table.data.columnar.vector.ShortColumnVector;
import org.apache.flink.table.data.columnar.vector.TimestampColumnVector;

import javax.annotation.Nullable;

/**
 * A column holding one value for every row of a batch: a partition value or a file's metadata,
 * given in Flink's internal form ({@link StringData}, {@link DecimalData}, {@link TimestampData},
 * an {@code int} of days for a DATE, a boxed primitive otherwise). Flink's columnar rows read it
 * through the typed vector interface of the column's type.
 */
final class ConstantColumnVector
        implements BooleanColumnVector,
                ByteColumnVector,
                ShortColumnVector,
                IntColumnVector,
                LongColumnVector,
                FloatColumnVector,
                DoubleColumnVector,
                BytesColumnVector,
                DecimalColumnVector,
                TimestampColumnVector {

    @Nullable private final Object value;
    @Nullable private final Bytes bytes;

    ConstantColumnVector(@Nullable Object value) {
        this.value = value;
        if (value instanceof StringData) {
            byte[] utf8 = ((BinaryStringData) value).toBytes();
            this.bytes = new Bytes(utf8, 0, utf8.length);
        } else if (value instanceof byte[]) {
            byte[] raw = (byte[]) value;
            this.bytes = new Bytes(raw, 0, raw.length);
        } else {
            this.bytes = null;
        }
    }

    /** The value, as Flink's internal data structures hold it. */
    @Nullable
    Object value() {
        return value;
    }

    @Override
    public boolean isNullAt(int i) {
        return value == null;
    }

    @Override
    public boolean getBoolean(int i) {
        return (Boolean) value;
    }

    @Override
    public byte getByte(int i) {
        return ((Number) value).byteValue();
    }

    @Override
    public short getShort(int i) {
        return ((Number) value).shortValue();
    }

    @Override
    public int getInt(int i) {
        return ((Number) value).intValue();
    }

    @Override
    public long getLong(int i) {
        return ((Number) value).longValue();
    }

    @Override
    public float getFloat(int i) {
        return ((Number) value).floatValue();
    }

    @Override
    public double getDouble(int i) {
        return ((Number) value).doubleValue();
    }

    @Override
    public Bytes getBytes(int i) {
        return bytes;
    }

    @Override
    public DecimalData getDecimal(int i, int precision, int scale) {
        return (DecimalData) value;
    }

    @Override
    public TimestampData getTimestamp(int i, int precision) {
        return (TimestampData) value;
    }
}
