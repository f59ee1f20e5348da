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
import org.apache.flink.table.expressions.CallExpression;
import org.apache.flink.table.expressions.Expression;
import org.apache.flink.table.expressions.FieldReferenceExpression;
import org.apache.flink.table.expressions.ValueLiteralExpression;
import org.apache.flink.table.functions.BuiltInFunctionDefinitions;
import org.apache.flink.table.functions.FunctionDefinition;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.LogicalTypeRoot;

import org.apache.parquet.filter2.predicate.FilterApi;
import org.apache.parquet.filter2.predicate.FilterPredicate;
import org.apache.parquet.filter2.predicate.Operators;
import org.apache.parquet.io.api.Binary;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Converts simple Flink predicates on INT, BIGINT, FLOAT, DOUBLE, STRING and BOOLEAN columns into a
 * parquet {@link FilterPredicate}, used only to skip row groups whose statistics exclude it.
 * Anything else converts to nothing (no skipping); Flink still evaluates every predicate on rows.
 */
@Internal
public final class ParquetFilters {

    private ParquetFilters() {}

    /** The conjunction of every convertible predicate among {@code filters}, if any. */
    public static Optional<FilterPredicate> toPredicate(
            List<? extends Expression> filters, Set<String> dataColumns) {
        FilterPredicate result = null;
        for (Expression e : filters) {
            Optional<FilterPredicate> p = convert(e, dataColumns);
            if (p.isPresent()) {
                result = result == null ? p.get() : FilterApi.and(result, p.get());
            }
        }
        return Optional.ofNullable(result);
    }

    static Optional<FilterPredicate> convert(Expression e, Set<String> dataColumns) {
        if (!(e instanceof CallExpression)) {
            return Optional.empty();
        }
        CallExpression call = (CallExpression) e;
        FunctionDefinition f = call.getFunctionDefinition();
        List<Expression> args = call.getChildren();
        if (f == BuiltInFunctionDefinitions.AND || f == BuiltInFunctionDefinitions.OR) {
            Optional<FilterPredicate> l = convert(args.get(0), dataColumns);
            Optional<FilterPredicate> r = convert(args.get(1), dataColumns);
            if (l.isEmpty() || r.isEmpty()) {
                // For AND one side would do, but keep it simple and exact for OR.
                if (f == BuiltInFunctionDefinitions.AND) {
                    return l.isPresent() ? l : r;
                }
                return Optional.empty();
            }
            return Optional.of(
                    f == BuiltInFunctionDefinitions.AND
                            ? FilterApi.and(l.get(), r.get())
                            : FilterApi.or(l.get(), r.get()));
        }
        if (f == BuiltInFunctionDefinitions.NOT) {
            // NOT of a partial AND would be wrong: convert only when exact.
            Optional<FilterPredicate> inner = convertExact(args.get(0), dataColumns);
            return inner.map(FilterApi::not);
        }
        if (f == BuiltInFunctionDefinitions.IS_NULL
                || f == BuiltInFunctionDefinitions.IS_NOT_NULL) {
            if (!(args.get(0) instanceof FieldReferenceExpression)) {
                return Optional.empty();
            }
            FieldReferenceExpression field = (FieldReferenceExpression) args.get(0);
            if (!dataColumns.contains(field.getName())) {
                return Optional.empty();
            }
            return compare(
                    f == BuiltInFunctionDefinitions.IS_NULL
                            ? BuiltInFunctionDefinitions.EQUALS
                            : BuiltInFunctionDefinitions.NOT_EQUALS,
                    field,
                    null);
        }
        if (args.size() != 2) {
            return Optional.empty();
        }
        FunctionDefinition op = f;
        FieldReferenceExpression field;
        ValueLiteralExpression literal;
        if (args.get(0) instanceof FieldReferenceExpression
                && args.get(1) instanceof ValueLiteralExpression) {
            field = (FieldReferenceExpression) args.get(0);
            literal = (ValueLiteralExpression) args.get(1);
        } else if (args.get(1) instanceof FieldReferenceExpression
                && args.get(0) instanceof ValueLiteralExpression) {
            field = (FieldReferenceExpression) args.get(1);
            literal = (ValueLiteralExpression) args.get(0);
            op = flip(f);
        } else {
            return Optional.empty();
        }
        if (op == null || !dataColumns.contains(field.getName()) || literal.isNull()) {
            return Optional.empty();
        }
        Optional<Object> value = value(field.getOutputDataType().getLogicalType(), literal);
        if (value.isEmpty()) {
            return Optional.empty();
        }
        return compare(op, field, value.get());
    }

    /** Like {@link #convert}, but empty unless every part of the expression converts. */
    private static Optional<FilterPredicate> convertExact(Expression e, Set<String> dataColumns) {
        if (e instanceof CallExpression) {
            CallExpression call = (CallExpression) e;
            if (call.getFunctionDefinition() == BuiltInFunctionDefinitions.AND) {
                Optional<FilterPredicate> l = convertExact(call.getChildren().get(0), dataColumns);
                Optional<FilterPredicate> r = convertExact(call.getChildren().get(1), dataColumns);
                return l.isPresent() && r.isPresent()
                        ? Optional.of(FilterApi.and(l.get(), r.get()))
                        : Optional.empty();
            }
        }
        return convert(e, dataColumns);
    }

    private static FunctionDefinition flip(FunctionDefinition f) {
        if (f == BuiltInFunctionDefinitions.EQUALS || f == BuiltInFunctionDefinitions.NOT_EQUALS) {
            return f;
        }
        if (f == BuiltInFunctionDefinitions.LESS_THAN) {
            return BuiltInFunctionDefinitions.GREATER_THAN;
        }
        if (f == BuiltInFunctionDefinitions.LESS_THAN_OR_EQUAL) {
            return BuiltInFunctionDefinitions.GREATER_THAN_OR_EQUAL;
        }
        if (f == BuiltInFunctionDefinitions.GREATER_THAN) {
            return BuiltInFunctionDefinitions.LESS_THAN;
        }
        if (f == BuiltInFunctionDefinitions.GREATER_THAN_OR_EQUAL) {
            return BuiltInFunctionDefinitions.LESS_THAN_OR_EQUAL;
        }
        return null;
    }

    /**
     * The literal as a value of the column's type, when that is exact (an INT literal against a
     * BIGINT column, say); empty otherwise.
     */
    private static Optional<Object> value(LogicalType type, ValueLiteralExpression literal) {
        Object v =
                literal.getValueAs(literal.getOutputDataType().getConversionClass()).orElse(null);
        if (v == null) {
            return Optional.empty();
        }
        switch (type.getTypeRoot()) {
            case INTEGER:
                if (v instanceof Integer || v instanceof Short || v instanceof Byte) {
                    return Optional.of(((Number) v).intValue());
                }
                if (v instanceof Long && (long) (Long) v == (int) (long) (Long) v) {
                    return Optional.of((int) (long) (Long) v);
                }
                return Optional.empty();
            case BIGINT:
                if (v instanceof Long
                        || v instanceof Integer
                        || v instanceof Short
                        || v instanceof Byte) {
                    return Optional.of(((Number) v).longValue());
                }
                return Optional.empty();
            case FLOAT:
                if (v instanceof Float) {
                    return Optional.of(v);
                }
                if ((v instanceof Integer || v instanceof Short || v instanceof Byte)
                        && Math.abs(((Number) v).intValue()) < (1 << 24)) {
                    return Optional.of(((Number) v).floatValue());
                }
                return Optional.empty();
            case DOUBLE:
                if (v instanceof Double || v instanceof Float) {
                    return Optional.of(((Number) v).doubleValue());
                }
                if (v instanceof Integer || v instanceof Short || v instanceof Byte) {
                    return Optional.of(((Number) v).doubleValue());
                }
                if (v instanceof BigDecimal) {
                    BigDecimal d = (BigDecimal) v;
                    double asDouble = d.doubleValue();
                    return new BigDecimal(asDouble).compareTo(d) == 0
                            ? Optional.of(asDouble)
                            : Optional.empty();
                }
                return Optional.empty();
            case BOOLEAN:
                return v instanceof Boolean ? Optional.of(v) : Optional.empty();
            case VARCHAR:
                return literal.getValueAs(String.class).map(x -> (Object) x);
            default:
                return Optional.empty();
        }
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Optional<FilterPredicate> compare(
            FunctionDefinition op, FieldReferenceExpression field, Object value) {
        String name = field.getName();
        LogicalType type = field.getOutputDataType().getLogicalType();
        Operators.Column column;
        Comparable v;
        switch (type.getTypeRoot()) {
            case INTEGER:
                column = FilterApi.intColumn(name);
                v = (Integer) value;
                break;
            case BIGINT:
                column = FilterApi.longColumn(name);
                v = (Long) value;
                break;
            case FLOAT:
                column = FilterApi.floatColumn(name);
                v = (Float) value;
                break;
            case DOUBLE:
                column = FilterApi.doubleColumn(name);
                v = (Double) value;
                break;
            case BOOLEAN:
                column = FilterApi.booleanColumn(name);
                v = (Boolean) value;
                break;
            case VARCHAR:
                column = FilterApi.binaryColumn(name);
                // Backed by an array, not a ByteBuffer: Flink serializes a job's operators on
                // several threads, and a buffer-backed Binary moves its buffer's position while
                // it is copied (a BufferUnderflowException was seen on Flink 1.20).
                v =
                        value == null
                                ? null
                                : Binary.fromConstantByteArray(
                                        ((String) value).getBytes(StandardCharsets.UTF_8));
                break;
            default:
                return Optional.empty();
        }
        if (op == BuiltInFunctionDefinitions.EQUALS) {
            return Optional.of(
                    FilterApi.eq((Operators.Column & Operators.SupportsEqNotEq) column, v));
        }
        if (op == BuiltInFunctionDefinitions.NOT_EQUALS) {
            return Optional.of(
                    FilterApi.notEq((Operators.Column & Operators.SupportsEqNotEq) column, v));
        }
        if (v == null || type.getTypeRoot() == LogicalTypeRoot.BOOLEAN) {
            return Optional.empty();
        }
        Operators.Column lt = column;
        if (op == BuiltInFunctionDefinitions.LESS_THAN) {
            return Optional.of(FilterApi.lt((Operators.Column & Operators.SupportsLtGt) lt, v));
        }
        if (op == BuiltInFunctionDefinitions.LESS_THAN_OR_EQUAL) {
            return Optional.of(FilterApi.ltEq((Operators.Column & Operators.SupportsLtGt) lt, v));
        }
        if (op == BuiltInFunctionDefinitions.GREATER_THAN) {
            return Optional.of(FilterApi.gt((Operators.Column & Operators.SupportsLtGt) lt, v));
        }
        if (op == BuiltInFunctionDefinitions.GREATER_THAN_OR_EQUAL) {
            return Optional.of(FilterApi.gtEq((Operators.Column & Operators.SupportsLtGt) lt, v));
        }
        return Optional.empty();
    }
}
