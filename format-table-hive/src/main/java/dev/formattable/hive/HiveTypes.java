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
package dev.formattable.hive;

import dev.formattable.core.types.DataField;
import dev.formattable.core.types.DataType;
import dev.formattable.core.types.DataTypes;

import org.apache.hadoop.hive.serde2.typeinfo.CharTypeInfo;
import org.apache.hadoop.hive.serde2.typeinfo.DecimalTypeInfo;
import org.apache.hadoop.hive.serde2.typeinfo.ListTypeInfo;
import org.apache.hadoop.hive.serde2.typeinfo.MapTypeInfo;
import org.apache.hadoop.hive.serde2.typeinfo.PrimitiveTypeInfo;
import org.apache.hadoop.hive.serde2.typeinfo.StructTypeInfo;
import org.apache.hadoop.hive.serde2.typeinfo.TypeInfo;
import org.apache.hadoop.hive.serde2.typeinfo.TypeInfoFactory;
import org.apache.hadoop.hive.serde2.typeinfo.TypeInfoUtils;
import org.apache.hadoop.hive.serde2.typeinfo.VarcharTypeInfo;

import java.util.ArrayList;
import java.util.List;

/**
 * Our types in Hive's terms and back, through Hive's own type model. Hive keeps no nullability, no
 * timestamp precision and no binary length, so a table's exact types also travel in its parameters
 * (see {@link HiveTables}); these are what other engines see.
 */
final class HiveTypes {

    // Hive's limits: longer strings are plain 'string'.
    private static final int MAX_CHAR = 255;
    private static final int MAX_VARCHAR = 65535;

    private HiveTypes() {}

    /**
     * The Hive type of one of ours.
     *
     * @throws IllegalArgumentException naming the column, for a type Hive cannot hold
     */
    static TypeInfo toHive(String column, DataType type) {
        switch (type.root()) {
            case BOOLEAN:
                return TypeInfoFactory.booleanTypeInfo;
            case TINYINT:
                return TypeInfoFactory.byteTypeInfo;
            case SMALLINT:
                return TypeInfoFactory.shortTypeInfo;
            case INT:
                return TypeInfoFactory.intTypeInfo;
            case BIGINT:
                return TypeInfoFactory.longTypeInfo;
            case FLOAT:
                return TypeInfoFactory.floatTypeInfo;
            case DOUBLE:
                return TypeInfoFactory.doubleTypeInfo;
            case DECIMAL:
                return TypeInfoFactory.getDecimalTypeInfo(type.precision(), type.scale());
            case CHAR:
                return type.length() <= MAX_CHAR
                        ? TypeInfoFactory.getCharTypeInfo(type.length())
                        : TypeInfoFactory.stringTypeInfo;
            case VARCHAR:
                return type.length() <= MAX_VARCHAR
                        ? TypeInfoFactory.getVarcharTypeInfo(type.length())
                        : TypeInfoFactory.stringTypeInfo;
            case BINARY:
            case VARBINARY:
                return TypeInfoFactory.binaryTypeInfo;
            case DATE:
                return TypeInfoFactory.dateTypeInfo;
            case TIMESTAMP:
            case TIMESTAMP_LTZ:
                // Hive 2 has no local-time-zone timestamp; Paimon's catalog maps it so too.
                return TypeInfoFactory.timestampTypeInfo;
            case ARRAY:
                return TypeInfoFactory.getListTypeInfo(toHive(column, type.elementType()));
            case MAP:
                return TypeInfoFactory.getMapTypeInfo(
                        toHive(column, type.keyType()), toHive(column, type.valueType()));
            case ROW:
                List<String> names = new ArrayList<>();
                List<TypeInfo> types = new ArrayList<>();
                for (DataField f : type.fields()) {
                    names.add(f.name());
                    types.add(toHive(column + "." + f.name(), f.type()));
                }
                return TypeInfoFactory.getStructTypeInfo(names, types);
            default:
                throw new IllegalArgumentException(
                        String.format(
                                "Column '%s' of type %s has no Hive type: Hive has no %s",
                                column, type, type.root().typeName()));
        }
    }

    /**
     * Our type of a Hive type string.
     *
     * @throws IllegalArgumentException naming the column, for a type we do not read
     */
    static DataType fromHive(String column, String hiveType) {
        TypeInfo info;
        try {
            info = TypeInfoUtils.getTypeInfoFromTypeString(hiveType);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException(
                    String.format(
                            "Column '%s' has a Hive type we cannot read: %s", column, hiveType),
                    e);
        }
        return fromHive(column, info);
    }

    private static DataType fromHive(String column, TypeInfo info) {
        switch (info.getCategory()) {
            case LIST:
                return DataTypes.ARRAY(
                        fromHive(column, ((ListTypeInfo) info).getListElementTypeInfo()));
            case MAP:
                MapTypeInfo map = (MapTypeInfo) info;
                return DataTypes.MAP(
                        fromHive(column, map.getMapKeyTypeInfo()),
                        fromHive(column, map.getMapValueTypeInfo()));
            case STRUCT:
                StructTypeInfo struct = (StructTypeInfo) info;
                List<DataField> fields = new ArrayList<>();
                List<String> names = struct.getAllStructFieldNames();
                for (int i = 0; i < names.size(); i++) {
                    fields.add(
                            new DataField(
                                    i,
                                    names.get(i),
                                    fromHive(
                                            column + "." + names.get(i),
                                            struct.getAllStructFieldTypeInfos().get(i))));
                }
                return DataTypes.ROW(fields);
            case PRIMITIVE:
                return fromPrimitive(column, (PrimitiveTypeInfo) info);
            default:
                throw unreadable(column, info);
        }
    }

    private static DataType fromPrimitive(String column, PrimitiveTypeInfo info) {
        switch (info.getPrimitiveCategory()) {
            case BOOLEAN:
                return DataTypes.BOOLEAN();
            case BYTE:
                return DataTypes.TINYINT();
            case SHORT:
                return DataTypes.SMALLINT();
            case INT:
                return DataTypes.INT();
            case LONG:
                return DataTypes.BIGINT();
            case FLOAT:
                return DataTypes.FLOAT();
            case DOUBLE:
                return DataTypes.DOUBLE();
            case DECIMAL:
                DecimalTypeInfo d = (DecimalTypeInfo) info;
                return DataTypes.DECIMAL(d.getPrecision(), d.getScale());
            case CHAR:
                return DataTypes.CHAR(((CharTypeInfo) info).getLength());
            case VARCHAR:
                return DataTypes.VARCHAR(((VarcharTypeInfo) info).getLength());
            case STRING:
                return DataTypes.STRING();
            case BINARY:
                return DataTypes.BYTES();
            case DATE:
                return DataTypes.DATE();
            case TIMESTAMP:
                // Microseconds, as Paimon's catalog reads it and Spark writes it.
                return DataTypes.TIMESTAMP(6);
            default:
                throw unreadable(column, info);
        }
    }

    private static IllegalArgumentException unreadable(String column, TypeInfo info) {
        return new IllegalArgumentException(
                String.format(
                        "Column '%s' has Hive type %s, which format tables do not read",
                        column, info.getTypeName()));
    }
}
