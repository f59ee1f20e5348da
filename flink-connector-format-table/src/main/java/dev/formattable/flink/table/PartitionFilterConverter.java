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
package dev.formattable.flink.table;

import dev.formattable.core.partition.PartitionPredicate;

import org.apache.flink.table.expressions.CallExpression;
import org.apache.flink.table.expressions.FieldReferenceExpression;
import org.apache.flink.table.expressions.ResolvedExpression;
import org.apache.flink.table.expressions.ValueLiteralExpression;
import org.apache.flink.table.functions.BuiltInFunctionDefinitions;
import org.apache.flink.table.functions.FunctionDefinition;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Turns a Flink filter into a core partition predicate when it refers to partition columns only and
 * uses operators the core evaluates: comparisons, IN, IS [NOT] NULL, AND, OR and NOT.
 */
final class PartitionFilterConverter {

    private final List<String> partitionKeys;

    PartitionFilterConverter(List<String> partitionKeys) {
        this.partitionKeys = partitionKeys;
    }

    Optional<PartitionPredicate> convert(ResolvedExpression expression) {
        if (!(expression instanceof CallExpression)) {
            return Optional.empty();
        }
        CallExpression call = (CallExpression) expression;
        FunctionDefinition f = call.getFunctionDefinition();
        List<ResolvedExpression> args = call.getResolvedChildren();
        if (f == BuiltInFunctionDefinitions.AND || f == BuiltInFunctionDefinitions.OR) {
            List<PartitionPredicate> children = new ArrayList<>();
            for (ResolvedExpression arg : args) {
                Optional<PartitionPredicate> c = convert(arg);
                if (c.isEmpty()) {
                    return Optional.empty();
                }
                children.add(c.get());
            }
            return Optional.of(
                    f == BuiltInFunctionDefinitions.AND
                            ? PartitionPredicate.and(children)
                            : PartitionPredicate.or(children));
        }
        if (f == BuiltInFunctionDefinitions.NOT) {
            return convert(args.get(0)).map(PartitionPredicate::not);
        }
        if (f == BuiltInFunctionDefinitions.IS_NULL
                || f == BuiltInFunctionDefinitions.IS_NOT_NULL) {
            return field(args.get(0))
                    .map(
                            c ->
                                    f == BuiltInFunctionDefinitions.IS_NULL
                                            ? PartitionPredicate.isNull(c)
                                            : PartitionPredicate.isNotNull(c));
        }
        if (f == BuiltInFunctionDefinitions.IN) {
            Optional<String> column = field(args.get(0));
            if (column.isEmpty()) {
                return Optional.empty();
            }
            List<Object> values = new ArrayList<>();
            for (ResolvedExpression arg : args.subList(1, args.size())) {
                Optional<Object> v = literal(arg);
                if (v.isEmpty()) {
                    return Optional.empty();
                }
                values.add(v.get() == NULL ? null : v.get());
            }
            return Optional.of(PartitionPredicate.in(column.get(), values));
        }
        PartitionPredicate.Op op = comparison(f);
        if (op == null || args.size() != 2) {
            return Optional.empty();
        }
        Optional<String> left = field(args.get(0));
        Optional<Object> right = literal(args.get(1));
        if (left.isEmpty() || right.isEmpty()) {
            left = field(args.get(1));
            right = literal(args.get(0));
            op = flip(op);
        }
        if (left.isEmpty() || right.isEmpty()) {
            return Optional.empty();
        }
        Object value = right.get() == NULL ? null : right.get();
        return Optional.of(PartitionPredicate.compare(left.get(), op, value));
    }

    private static final Object NULL = new Object();

    private Optional<String> field(ResolvedExpression e) {
        if (e instanceof FieldReferenceExpression) {
            String name = ((FieldReferenceExpression) e).getName();
            if (partitionKeys.contains(name)) {
                return Optional.of(name);
            }
        }
        return Optional.empty();
    }

    /** A literal as the core's value class, or {@link #NULL}. */
    private static Optional<Object> literal(ResolvedExpression e) {
        if (!(e instanceof ValueLiteralExpression)) {
            return Optional.empty();
        }
        ValueLiteralExpression v = (ValueLiteralExpression) e;
        if (v.isNull()) {
            return Optional.of(NULL);
        }
        Class<?> valueClass;
        switch (v.getOutputDataType().getLogicalType().getTypeRoot()) {
            case BOOLEAN:
                valueClass = Boolean.class;
                break;
            case TINYINT:
                valueClass = Byte.class;
                break;
            case SMALLINT:
                valueClass = Short.class;
                break;
            case INTEGER:
                valueClass = Integer.class;
                break;
            case BIGINT:
                valueClass = Long.class;
                break;
            case FLOAT:
                valueClass = Float.class;
                break;
            case DOUBLE:
                valueClass = Double.class;
                break;
            case DECIMAL:
                valueClass = BigDecimal.class;
                break;
            case CHAR:
            case VARCHAR:
                valueClass = String.class;
                break;
            case DATE:
                valueClass = LocalDate.class;
                break;
            case TIMESTAMP_WITHOUT_TIME_ZONE:
                valueClass = LocalDateTime.class;
                break;
            default:
                return Optional.empty();
        }
        return v.getValueAs(valueClass).map(x -> (Object) x);
    }

    private static PartitionPredicate.Op comparison(FunctionDefinition f) {
        if (f == BuiltInFunctionDefinitions.EQUALS) {
            return PartitionPredicate.Op.EQ;
        } else if (f == BuiltInFunctionDefinitions.NOT_EQUALS) {
            return PartitionPredicate.Op.NE;
        } else if (f == BuiltInFunctionDefinitions.LESS_THAN) {
            return PartitionPredicate.Op.LT;
        } else if (f == BuiltInFunctionDefinitions.LESS_THAN_OR_EQUAL) {
            return PartitionPredicate.Op.LE;
        } else if (f == BuiltInFunctionDefinitions.GREATER_THAN) {
            return PartitionPredicate.Op.GT;
        } else if (f == BuiltInFunctionDefinitions.GREATER_THAN_OR_EQUAL) {
            return PartitionPredicate.Op.GE;
        }
        return null;
    }

    private static PartitionPredicate.Op flip(PartitionPredicate.Op op) {
        switch (op) {
            case LT:
                return PartitionPredicate.Op.GT;
            case LE:
                return PartitionPredicate.Op.GE;
            case GT:
                return PartitionPredicate.Op.LT;
            case GE:
                return PartitionPredicate.Op.LE;
            default:
                return op;
        }
    }
}
