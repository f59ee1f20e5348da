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
package dev.formattable.flink.format;

import org.apache.flink.annotation.Internal;
import org.apache.flink.table.types.logical.BigIntType;
import org.apache.flink.table.types.logical.BooleanType;
import org.apache.flink.table.types.logical.DateType;
import org.apache.flink.table.types.logical.DecimalType;
import org.apache.flink.table.types.logical.DoubleType;
import org.apache.flink.table.types.logical.FloatType;
import org.apache.flink.table.types.logical.IntType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.SmallIntType;
import org.apache.flink.table.types.logical.TinyIntType;
import org.apache.flink.table.types.logical.VarCharType;

import org.apache.orc.TypeDescription;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.Type;

import javax.annotation.Nullable;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The types a parquet or orc data file stores for its top-level columns, read from its footer (for
 * the readers' type widening); only the types widening is concerned with are named.
 */
@Internal
public final class FileColumnTypes {

    private FileColumnTypes() {}

    /** The types of the top-level columns of a parquet schema that widening knows, by name. */
    public static Map<String, LogicalType> ofParquet(MessageType schema) {
        Map<String, LogicalType> result = new HashMap<>();
        for (Type t : schema.getFields()) {
            LogicalType type = t.isPrimitive() ? parquetType(t.asPrimitiveType()) : null;
            if (type != null) {
                result.put(t.getName(), type);
            }
        }
        return result;
    }

    /** The types of the top-level columns of an orc schema that widening knows, by name. */
    public static Map<String, LogicalType> ofOrc(TypeDescription schema) {
        Map<String, LogicalType> result = new HashMap<>();
        List<String> names = schema.getFieldNames();
        for (int i = 0; i < names.size(); i++) {
            LogicalType type = orcType(schema.getChildren().get(i));
            if (type != null) {
                result.put(names.get(i), type);
            }
        }
        return result;
    }

    @Nullable
    private static LogicalType orcType(TypeDescription t) {
        switch (t.getCategory()) {
            case BOOLEAN:
                return new BooleanType();
            case BYTE:
                return new TinyIntType();
            case SHORT:
                return new SmallIntType();
            case INT:
                return new IntType();
            case LONG:
                return new BigIntType();
            case FLOAT:
                return new FloatType();
            case DOUBLE:
                return new DoubleType();
            case DECIMAL:
                return new DecimalType(t.getPrecision(), t.getScale());
            case DATE:
                return new DateType();
            case STRING:
            case CHAR:
            case VARCHAR:
                return VarCharType.STRING_TYPE;
            default:
                return null;
        }
    }

    @Nullable
    private static LogicalType parquetType(PrimitiveType t) {
        LogicalTypeAnnotation a = t.getLogicalTypeAnnotation();
        if (a instanceof LogicalTypeAnnotation.DecimalLogicalTypeAnnotation) {
            LogicalTypeAnnotation.DecimalLogicalTypeAnnotation d =
                    (LogicalTypeAnnotation.DecimalLogicalTypeAnnotation) a;
            return new DecimalType(d.getPrecision(), d.getScale());
        }
        switch (t.getPrimitiveTypeName()) {
            case BOOLEAN:
                return new BooleanType();
            case FLOAT:
                return new FloatType();
            case DOUBLE:
                return new DoubleType();
            case INT32:
                if (a == null) {
                    return new IntType();
                }
                if (a instanceof LogicalTypeAnnotation.DateLogicalTypeAnnotation) {
                    return new DateType();
                }
                if (a instanceof LogicalTypeAnnotation.IntLogicalTypeAnnotation) {
                    LogicalTypeAnnotation.IntLogicalTypeAnnotation i =
                            (LogicalTypeAnnotation.IntLogicalTypeAnnotation) a;
                    if (!i.isSigned()) {
                        return null;
                    }
                    switch (i.getBitWidth()) {
                        case 8:
                            return new TinyIntType();
                        case 16:
                            return new SmallIntType();
                        case 32:
                            return new IntType();
                        default:
                            return null;
                    }
                }
                return null;
            case INT64:
                if (a == null
                        || (a instanceof LogicalTypeAnnotation.IntLogicalTypeAnnotation
                                && ((LogicalTypeAnnotation.IntLogicalTypeAnnotation) a)
                                        .isSigned())) {
                    return new BigIntType();
                }
                return null;
            case BINARY:
                return a instanceof LogicalTypeAnnotation.StringLogicalTypeAnnotation
                        ? VarCharType.STRING_TYPE
                        : null;
            default:
                return null;
        }
    }
}
