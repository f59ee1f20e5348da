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
package dev.formattable.core.partition;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * A predicate over partition columns: comparisons, {@code IN}, {@code IS [NOT] NULL}, {@code AND},
 * {@code OR} and {@code NOT}, with SQL's three-valued logic. Literals are given as Java values or
 * text and compared through the column type once the predicate is {@link #bind(PartitionLayout)
 * bound} to a layout.
 */
public abstract class PartitionPredicate implements Serializable {

    private static final long serialVersionUID = 1L;

    /** Comparison operators. */
    public enum Op {
        EQ("="),
        NE("<>"),
        LT("<"),
        LE("<="),
        GT(">"),
        GE(">=");

        private final String symbol;

        Op(String symbol) {
            this.symbol = symbol;
        }
    }

    PartitionPredicate() {}

    public static PartitionPredicate equal(String column, Object literal) {
        return new Leaf(column, Op.EQ, literal);
    }

    public static PartitionPredicate notEqual(String column, Object literal) {
        return new Leaf(column, Op.NE, literal);
    }

    public static PartitionPredicate lessThan(String column, Object literal) {
        return new Leaf(column, Op.LT, literal);
    }

    public static PartitionPredicate lessOrEqual(String column, Object literal) {
        return new Leaf(column, Op.LE, literal);
    }

    public static PartitionPredicate greaterThan(String column, Object literal) {
        return new Leaf(column, Op.GT, literal);
    }

    public static PartitionPredicate greaterOrEqual(String column, Object literal) {
        return new Leaf(column, Op.GE, literal);
    }

    public static PartitionPredicate compare(String column, Op op, Object literal) {
        return new Leaf(column, op, literal);
    }

    public static PartitionPredicate in(String column, Collection<?> literals) {
        return new In(column, new ArrayList<>(literals));
    }

    public static PartitionPredicate isNull(String column) {
        return new NullCheck(column, true);
    }

    public static PartitionPredicate isNotNull(String column) {
        return new NullCheck(column, false);
    }

    public static PartitionPredicate and(PartitionPredicate... children) {
        return new Junction(true, Arrays.asList(children));
    }

    public static PartitionPredicate and(List<PartitionPredicate> children) {
        return new Junction(true, children);
    }

    public static PartitionPredicate or(PartitionPredicate... children) {
        return new Junction(false, Arrays.asList(children));
    }

    public static PartitionPredicate or(List<PartitionPredicate> children) {
        return new Junction(false, children);
    }

    public static PartitionPredicate not(PartitionPredicate child) {
        return new Not(child);
    }

    /**
     * Partitions named one by one, each as every partition column's literal (null for the default
     * partition, as {@code IS NULL}): the OR of their equalities, matched against a set of typed
     * partition values, so a candidate costs one lookup however many partitions are named.
     *
     * @param partitions each a map of every partition column to its literal
     */
    public static PartitionPredicate partitions(List<? extends Map<String, ?>> partitions) {
        return new Partitions(partitions);
    }

    /**
     * Resolves columns to partition levels and literals to the column types.
     *
     * @throws IllegalArgumentException naming a column that is not a partition column, or a literal
     *     that does not fit its column
     */
    public abstract BoundPartitionPredicate bind(PartitionLayout layout);

    static int levelOf(PartitionLayout layout, String column) {
        int level = layout.keys().indexOf(column);
        if (level < 0) {
            throw new IllegalArgumentException(
                    String.format(
                            "Column '%s' is not a partition column; the partition columns are %s",
                            column, layout.keys()));
        }
        return level;
    }

    static Object coerce(PartitionLayout layout, int level, Object literal) {
        return layout.codec().coerce(layout.keys().get(level), layout.types().get(level), literal);
    }

    private static final class Leaf extends PartitionPredicate {
        private static final long serialVersionUID = 1L;
        private final String column;
        private final Op op;
        private final Object literal;

        Leaf(String column, Op op, Object literal) {
            this.column = Objects.requireNonNull(column);
            this.op = Objects.requireNonNull(op);
            this.literal = literal;
        }

        @Override
        public BoundPartitionPredicate bind(PartitionLayout layout) {
            int level = levelOf(layout, column);
            return BoundPartitionPredicate.compare(level, op, coerce(layout, level, literal));
        }

        @Override
        public String toString() {
            return column + " " + op.symbol + " " + literal;
        }
    }

    private static final class In extends PartitionPredicate {
        private static final long serialVersionUID = 1L;
        private final String column;
        private final List<Object> literals;

        In(String column, List<Object> literals) {
            this.column = Objects.requireNonNull(column);
            this.literals = literals;
        }

        @Override
        public BoundPartitionPredicate bind(PartitionLayout layout) {
            int level = levelOf(layout, column);
            List<Object> values = new ArrayList<>(literals.size());
            for (Object literal : literals) {
                values.add(coerce(layout, level, literal));
            }
            return BoundPartitionPredicate.in(level, values);
        }

        @Override
        public String toString() {
            return column + " IN " + literals;
        }
    }

    private static final class NullCheck extends PartitionPredicate {
        private static final long serialVersionUID = 1L;
        private final String column;
        private final boolean isNull;

        NullCheck(String column, boolean isNull) {
            this.column = Objects.requireNonNull(column);
            this.isNull = isNull;
        }

        @Override
        public BoundPartitionPredicate bind(PartitionLayout layout) {
            return BoundPartitionPredicate.nullCheck(levelOf(layout, column), isNull);
        }

        @Override
        public String toString() {
            return column + (isNull ? " IS NULL" : " IS NOT NULL");
        }
    }

    private static final class Junction extends PartitionPredicate {
        private static final long serialVersionUID = 1L;
        private final boolean and;
        private final List<PartitionPredicate> children;

        Junction(boolean and, List<PartitionPredicate> children) {
            if (children.isEmpty()) {
                throw new IllegalArgumentException((and ? "AND" : "OR") + " needs an operand");
            }
            this.and = and;
            this.children = List.copyOf(children);
        }

        @Override
        public BoundPartitionPredicate bind(PartitionLayout layout) {
            List<BoundPartitionPredicate> bound = new ArrayList<>();
            for (PartitionPredicate child : children) {
                bound.add(child.bind(layout));
            }
            return BoundPartitionPredicate.junction(and, bound);
        }

        @Override
        public String toString() {
            return children.stream()
                    .map(Object::toString)
                    .collect(Collectors.joining(and ? " AND " : " OR ", "(", ")"));
        }
    }

    private static final class Partitions extends PartitionPredicate {
        private static final long serialVersionUID = 1L;
        private final List<Map<String, Object>> partitions;

        Partitions(List<? extends Map<String, ?>> partitions) {
            this.partitions = new ArrayList<>();
            partitions.forEach(p -> this.partitions.add(new LinkedHashMap<>(p)));
        }

        @Override
        public BoundPartitionPredicate bind(PartitionLayout layout) {
            List<List<Object>> tuples = new ArrayList<>(partitions.size());
            for (Map<String, Object> partition : partitions) {
                for (String column : partition.keySet()) {
                    levelOf(layout, column); // refuse a column that is no partition column
                }
                if (partition.size() != layout.keys().size()) {
                    throw new IllegalArgumentException(
                            String.format(
                                    "Partition %s must name every partition column %s",
                                    partition, layout.keys()));
                }
                List<Object> tuple = new ArrayList<>(layout.keys().size());
                for (int level = 0; level < layout.keys().size(); level++) {
                    tuple.add(coerce(layout, level, partition.get(layout.keys().get(level))));
                }
                tuples.add(tuple);
            }
            return BoundPartitionPredicate.partitionSet(layout.keys().size(), tuples);
        }

        @Override
        public String toString() {
            return "PARTITIONS " + partitions;
        }
    }

    private static final class Not extends PartitionPredicate {
        private static final long serialVersionUID = 1L;
        private final PartitionPredicate child;

        Not(PartitionPredicate child) {
            this.child = Objects.requireNonNull(child);
        }

        @Override
        public BoundPartitionPredicate bind(PartitionLayout layout) {
            return BoundPartitionPredicate.not(child.bind(layout));
        }

        @Override
        public String toString() {
            return "NOT " + child;
        }
    }
}
