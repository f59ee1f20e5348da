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
package dev.formattable.flink.types;

import dev.formattable.core.types.DataField;
import dev.formattable.core.types.DataType;
import dev.formattable.core.types.DataTypes;

import org.apache.flink.annotation.Internal;
import org.apache.flink.table.data.DecimalData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.data.TimestampData;
import org.apache.flink.table.types.logical.ArrayType;
import org.apache.flink.table.types.logical.BigIntType;
import org.apache.flink.table.types.logical.BinaryType;
import org.apache.flink.table.types.logical.BooleanType;
import org.apache.flink.table.types.logical.CharType;
import org.apache.flink.table.types.logical.DateType;
import org.apache.flink.table.types.logical.DecimalType;
import org.apache.flink.table.types.logical.DoubleType;
import org.apache.flink.table.types.logical.FloatType;
import org.apache.flink.table.types.logical.IntType;
import org.apache.flink.table.types.logical.LocalZonedTimestampType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.MapType;
import org.apache.flink.table.types.logical.MultisetType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.SmallIntType;
import org.apache.flink.table.types.logical.TimeType;
import org.apache.flink.table.types.logical.TimestampType;
import org.apache.flink.table.types.logical.TinyIntType;
import org.apache.flink.table.types.logical.VarBinaryType;
import org.apache.flink.table.types.logical.VarCharType;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;

/** Converts between the core's column types and Flink's logical types, and partition values. */
@Internal
public final class FlinkTypes {

    private FlinkTypes() {}

    /** The core type of a Flink logical type. */
    public static DataType toCore(LogicalType type) {
        DataType result;
        switch (type.getTypeRoot()) {
            case BOOLEAN:
                result = DataTypes.BOOLEAN();
                break;
            case TINYINT:
                result = DataTypes.TINYINT();
                break;
            case SMALLINT:
                result = DataTypes.SMALLINT();
                break;
            case INTEGER:
                result = DataTypes.INT();
                break;
            case BIGINT:
                result = DataTypes.BIGINT();
                break;
            case FLOAT:
                result = DataTypes.FLOAT();
                break;
            case DOUBLE:
                result = DataTypes.DOUBLE();
                break;
            case DECIMAL:
                DecimalType d = (DecimalType) type;
                result = DataTypes.DECIMAL(d.getPrecision(), d.getScale());
                break;
            case CHAR:
                result = DataTypes.CHAR(((CharType) type).getLength());
                break;
            case VARCHAR:
                result = DataTypes.VARCHAR(((VarCharType) type).getLength());
                break;
            case BINARY:
                result = DataTypes.BINARY(((BinaryType) type).getLength());
                break;
            case VARBINARY:
                result = DataTypes.VARBINARY(((VarBinaryType) type).getLength());
                break;
            case DATE:
                result = DataTypes.DATE();
                break;
            case TIME_WITHOUT_TIME_ZONE:
                result = DataTypes.TIME(((TimeType) type).getPrecision());
                break;
            case TIMESTAMP_WITHOUT_TIME_ZONE:
                result = DataTypes.TIMESTAMP(((TimestampType) type).getPrecision());
                break;
            case TIMESTAMP_WITH_LOCAL_TIME_ZONE:
                result = DataTypes.TIMESTAMP_LTZ(((LocalZonedTimestampType) type).getPrecision());
                break;
            case ARRAY:
                result = DataTypes.ARRAY(toCore(((ArrayType) type).getElementType()));
                break;
            case MULTISET:
                result = DataTypes.MULTISET(toCore(((MultisetType) type).getElementType()));
                break;
            case MAP:
                MapType m = (MapType) type;
                result = DataTypes.MAP(toCore(m.getKeyType()), toCore(m.getValueType()));
                break;
            case ROW:
                List<DataField> fields = new ArrayList<>();
                for (RowType.RowField f : ((RowType) type).getFields()) {
                    fields.add(
                            new DataField(
                                    fields.size(),
                                    f.getName(),
                                    toCore(f.getType()),
                                    f.getDescription().orElse(null)));
                }
                result = DataTypes.ROW(fields);
                break;
            default:
                throw new IllegalArgumentException(
                        "Type " + type.asSummaryString() + " cannot be stored in a format table");
        }
        return result.copy(type.isNullable());
    }

    /** The Flink logical type of a core type. */
    public static LogicalType toFlink(DataType type) {
        boolean n = type.isNullable();
        switch (type.root()) {
            case BOOLEAN:
                return new BooleanType(n);
            case TINYINT:
                return new TinyIntType(n);
            case SMALLINT:
                return new SmallIntType(n);
            case INT:
                return new IntType(n);
            case BIGINT:
                return new BigIntType(n);
            case FLOAT:
                return new FloatType(n);
            case DOUBLE:
                return new DoubleType(n);
            case DECIMAL:
                return new DecimalType(n, type.precision(), type.scale());
            case CHAR:
                return new CharType(n, type.length());
            case VARCHAR:
                return new VarCharType(n, type.length());
            case BINARY:
                return new BinaryType(n, type.length());
            case VARBINARY:
                return new VarBinaryType(n, type.length());
            case DATE:
                return new DateType(n);
            case TIME:
                return new TimeType(n, type.precision());
            case TIMESTAMP:
                return new TimestampType(n, type.precision());
            case TIMESTAMP_LTZ:
                return new LocalZonedTimestampType(n, type.precision());
            case ARRAY:
                return new ArrayType(n, toFlink(type.elementType()));
            case MULTISET:
                return new MultisetType(n, toFlink(type.elementType()));
            case MAP:
                return new MapType(n, toFlink(type.keyType()), toFlink(type.valueType()));
            case ROW:
                List<RowType.RowField> fields = new ArrayList<>();
                for (DataField f : type.fields()) {
                    fields.add(new RowType.RowField(f.name(), toFlink(f.type()), f.description()));
                }
                return new RowType(n, fields);
            default:
                throw new IllegalArgumentException("Unknown type " + type);
        }
    }

    /**
     * Reads a partition column of a row as the core's typed value (see {@code
     * PartitionValueCodec}).
     */
    public static Object partitionValue(RowData row, int pos, LogicalType type) {
        if (row.isNullAt(pos)) {
            return null;
        }
        switch (type.getTypeRoot()) {
            case BOOLEAN:
                return row.getBoolean(pos);
            case TINYINT:
                return row.getByte(pos);
            case SMALLINT:
                return row.getShort(pos);
            case INTEGER:
                return row.getInt(pos);
            case BIGINT:
                return row.getLong(pos);
            case FLOAT:
                return row.getFloat(pos);
            case DOUBLE:
                return row.getDouble(pos);
            case DECIMAL:
                DecimalType d = (DecimalType) type;
                return row.getDecimal(pos, d.getPrecision(), d.getScale()).toBigDecimal();
            case CHAR:
            case VARCHAR:
                return row.getString(pos).toString();
            case DATE:
                return LocalDate.ofEpochDay(row.getInt(pos));
            case TIMESTAMP_WITHOUT_TIME_ZONE:
                return row.getTimestamp(pos, ((TimestampType) type).getPrecision())
                        .toLocalDateTime();
            default:
                throw new IllegalArgumentException(
                        "Type " + type.asSummaryString() + " cannot be a partition column");
        }
    }

    /** Converts a core partition value to Flink's internal representation of the type. */
    public static Object toInternal(Object value, LogicalType type) {
        if (value == null) {
            return null;
        }
        switch (type.getTypeRoot()) {
            case DECIMAL:
                DecimalType d = (DecimalType) type;
                return DecimalData.fromBigDecimal(
                        (BigDecimal) value, d.getPrecision(), d.getScale());
            case CHAR:
            case VARCHAR:
                return StringData.fromString((String) value);
            case DATE:
                return (int) ((LocalDate) value).toEpochDay();
            case TIMESTAMP_WITHOUT_TIME_ZONE:
                return TimestampData.fromLocalDateTime((LocalDateTime) value);
            default:
                return value;
        }
    }
}
