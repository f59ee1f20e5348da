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

import org.apache.flink.annotation.Internal;
import org.apache.flink.table.types.logical.ArrayType;
import org.apache.flink.table.types.logical.CharType;
import org.apache.flink.table.types.logical.DecimalType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.MapType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.VarCharType;

import org.apache.orc.TypeDescription;

/**
 * The ORC type of each Flink logical type, laid out the way Paimon lays out format-table files.
 *
 * <ul>
 *   <li>{@code CHAR(n)} is {@code char(n)}, {@code VARCHAR(n)} is {@code varchar(n)} and {@code
 *       STRING} is {@code string}.
 *   <li>{@code BINARY(n)}, {@code VARBINARY(n)} and {@code BYTES} are all {@code binary}: ORC has
 *       no bounded binary type.
 *   <li>{@code TIME} is an {@code int} of milliseconds of the day.
 *   <li>{@code TIMESTAMP(p)} is {@code timestamp} (a wall-clock time, written relative to the
 *       writer's time zone as ORC prescribes); {@code TIMESTAMP_LTZ(p)} is {@code timestamp with
 *       local time zone}, which holds the instant itself (Paimon's layout since 1.1, i.e. {@code
 *       orc.timestamp-ltz.legacy.type=false}).
 *   <li>{@code ROW} is a {@code struct} whose field names are the row's field names, exactly as
 *       spelled, so that readers can match columns by name.
 * </ul>
 *
 * <p>Limits of ORC itself, shared by Flink's and Paimon's ORC writers (seen with orc-core 2.3.1):
 *
 * <ul>
 *   <li>ORC's readers drop trailing blanks of a {@code char(n)} value (the writer pads it to n).
 *   <li>A timestamp in the last second before 1970-01-01T00:00:00 with a fraction of a second (e.g.
 *       23:59:59.5) reads back one second later: orc-core's encoding loses the sign there.
 *   <li>A {@code TIMESTAMP} inside the Julian-to-Gregorian gap (1582-10-05 to 1582-10-14) moves ten
 *       days, as it goes through {@code java.sql.Timestamp}; {@code TIMESTAMP_LTZ} does not.
 * </ul>
 */
@Internal
public final class OrcTypes {

    private OrcTypes() {}

    /** The ORC schema of a table: a struct with one field per column, named as the column. */
    public static TypeDescription toOrcSchema(RowType rowType) {
        return toStruct(rowType, "");
    }

    /**
     * The ORC type of one Flink type.
     *
     * @throws UnsupportedOperationException for a type ORC files of format tables cannot hold
     */
    public static TypeDescription toOrcType(LogicalType type) {
        return toOrcType(type, "");
    }

    private static TypeDescription toStruct(RowType rowType, String prefix) {
        TypeDescription struct = TypeDescription.createStruct();
        for (RowType.RowField field : rowType.getFields()) {
            String where = prefix + field.getName();
            struct.addField(field.getName(), toOrcType(field.getType(), where));
        }
        return struct;
    }

    private static TypeDescription toOrcType(LogicalType type, String where) {
        switch (type.getTypeRoot()) {
            case BOOLEAN:
                return TypeDescription.createBoolean();
            case TINYINT:
                return TypeDescription.createByte();
            case SMALLINT:
                return TypeDescription.createShort();
            case INTEGER:
            case TIME_WITHOUT_TIME_ZONE:
                return TypeDescription.createInt();
            case BIGINT:
                return TypeDescription.createLong();
            case FLOAT:
                return TypeDescription.createFloat();
            case DOUBLE:
                return TypeDescription.createDouble();
            case DECIMAL:
                {
                    DecimalType decimal = (DecimalType) type;
                    // Scale first: ORC checks it against the current precision, which starts
                    // at the maximum (38), and then checks the precision against the scale.
                    return TypeDescription.createDecimal()
                            .withScale(decimal.getScale())
                            .withPrecision(decimal.getPrecision());
                }
            case CHAR:
                return TypeDescription.createChar().withMaxLength(((CharType) type).getLength());
            case VARCHAR:
                {
                    int length = ((VarCharType) type).getLength();
                    return length == VarCharType.MAX_LENGTH
                            ? TypeDescription.createString()
                            : TypeDescription.createVarchar().withMaxLength(length);
                }
            case BINARY:
            case VARBINARY:
                return TypeDescription.createBinary();
            case DATE:
                return TypeDescription.createDate();
            case TIMESTAMP_WITHOUT_TIME_ZONE:
                return TypeDescription.createTimestamp();
            case TIMESTAMP_WITH_LOCAL_TIME_ZONE:
                return TypeDescription.createTimestampInstant();
            case ARRAY:
                return TypeDescription.createList(
                        toOrcType(((ArrayType) type).getElementType(), where + "[]"));
            case MAP:
                {
                    MapType map = (MapType) type;
                    return TypeDescription.createMap(
                            toOrcType(map.getKeyType(), where + "{key}"),
                            toOrcType(map.getValueType(), where + "{value}"));
                }
            case ROW:
                return toStruct((RowType) type, where + ".");
            default:
                throw new UnsupportedOperationException(
                        "ORC format tables do not support the type "
                                + type.asSummaryString()
                                + (where.isEmpty() ? "" : " (column '" + where + "')"));
        }
    }
}
