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
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * A partition predicate resolved to partition levels, evaluated on partitions whose leading levels
 * may be all that is known yet. Evaluation returns the set of outcomes still possible, so a
 * directory is pruned as soon as TRUE is no longer among them.
 */
public abstract class BoundPartitionPredicate implements Serializable {

    private static final long serialVersionUID = 1L;

    /** Outcome bits: SQL TRUE, FALSE and NULL (unknown). */
    static final int TRUE = 1;

    static final int FALSE = 2;
    static final int NULL = 4;
    static final int ANY = TRUE | FALSE | NULL;

    BoundPartitionPredicate() {}

    /**
     * The outcomes possible for a partition whose first {@code known} levels hold {@code values}.
     */
    abstract int outcomes(List<?> values, int known);

    /** Whether some partition with these leading values may satisfy the predicate. */
    public boolean mayMatch(List<?> leadingValues) {
        return (outcomes(leadingValues, leadingValues.size()) & TRUE) != 0;
    }

    /** Whether a complete partition satisfies the predicate. */
    public boolean test(List<?> values) {
        return outcomes(values, values.size()) == TRUE;
    }

    /**
     * The finite set of values the predicate allows at a level, when its top-level conjuncts pin
     * one down (by {@code =}, {@code IN} or {@code IS NULL}); empty when they do not.
     */
    public Optional<Set<Object>> candidates(int level) {
        return Optional.empty();
    }

    /**
     * As {@link #candidates(int)}, for the directories below a partition whose first {@code level}
     * values are {@code prefix}: partitions named one by one allow there only the values of those
     * below that prefix.
     */
    public Optional<Set<Object>> candidates(int level, List<?> prefix) {
        return candidates(level);
    }

    static BoundPartitionPredicate compare(int level, PartitionPredicate.Op op, Object literal) {
        return new Comparison(level, op, literal);
    }

    static BoundPartitionPredicate in(int level, List<Object> literals) {
        return new InList(level, literals);
    }

    static BoundPartitionPredicate nullCheck(int level, boolean isNull) {
        return new NullCheck(level, isNull);
    }

    static BoundPartitionPredicate junction(boolean and, List<BoundPartitionPredicate> children) {
        return new Junction(and, children);
    }

    static BoundPartitionPredicate not(BoundPartitionPredicate child) {
        return new Not(child);
    }

    static BoundPartitionPredicate partitionSet(int levels, List<List<Object>> tuples) {
        return new PartitionSetPredicate(levels, tuples);
    }

    static int of(Boolean sqlValue) {
        return sqlValue == null ? NULL : sqlValue ? TRUE : FALSE;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    static int compareValues(Object a, Object b) {
        return ((Comparable) a).compareTo(b);
    }

    private static final class Comparison extends BoundPartitionPredicate {
        private static final long serialVersionUID = 1L;
        private final int level;
        private final PartitionPredicate.Op op;
        private final Object literal;

        Comparison(int level, PartitionPredicate.Op op, Object literal) {
            this.level = level;
            this.op = op;
            this.literal = literal;
        }

        @Override
        int outcomes(List<?> values, int known) {
            if (level >= known) {
                return ANY;
            }
            Object value = values.get(level);
            if (value == null || literal == null) {
                return NULL;
            }
            int c = compareValues(value, literal);
            switch (op) {
                case EQ:
                    return of(c == 0);
                case NE:
                    return of(c != 0);
                case LT:
                    return of(c < 0);
                case LE:
                    return of(c <= 0);
                case GT:
                    return of(c > 0);
                default:
                    return of(c >= 0);
            }
        }

        @Override
        public Optional<Set<Object>> candidates(int lvl) {
            if (lvl != level || op != PartitionPredicate.Op.EQ) {
                return Optional.empty();
            }
            // "= NULL" is never true: no value is allowed.
            Set<Object> values = new HashSet<>();
            if (literal != null) {
                values.add(literal);
            }
            return Optional.of(values);
        }
    }

    private static final class InList extends BoundPartitionPredicate {
        private static final long serialVersionUID = 1L;
        private final int level;
        private final List<Object> literals;

        InList(int level, List<Object> literals) {
            this.level = level;
            this.literals = literals;
        }

        @Override
        int outcomes(List<?> values, int known) {
            if (level >= known) {
                return ANY;
            }
            Object value = values.get(level);
            if (value == null) {
                return literals.isEmpty() ? FALSE : NULL;
            }
            boolean sawNull = false;
            for (Object literal : literals) {
                if (literal == null) {
                    sawNull = true;
                } else if (compareValues(value, literal) == 0) {
                    return TRUE;
                }
            }
            return sawNull ? NULL : FALSE;
        }

        @Override
        public Optional<Set<Object>> candidates(int lvl) {
            if (lvl != level) {
                return Optional.empty();
            }
            Set<Object> values = new HashSet<>();
            for (Object literal : literals) {
                if (literal != null) {
                    values.add(literal);
                }
            }
            return Optional.of(values);
        }
    }

    private static final class NullCheck extends BoundPartitionPredicate {
        private static final long serialVersionUID = 1L;
        private final int level;
        private final boolean isNull;

        NullCheck(int level, boolean isNull) {
            this.level = level;
            this.isNull = isNull;
        }

        @Override
        int outcomes(List<?> values, int known) {
            if (level >= known) {
                return TRUE | FALSE;
            }
            return of((values.get(level) == null) == isNull);
        }

        @Override
        public Optional<Set<Object>> candidates(int lvl) {
            if (lvl != level || !isNull) {
                return Optional.empty();
            }
            Set<Object> values = new HashSet<>();
            values.add(null);
            return Optional.of(values);
        }
    }

    private static final class Junction extends BoundPartitionPredicate {
        private static final long serialVersionUID = 1L;
        private final boolean and;
        private final List<BoundPartitionPredicate> children;

        Junction(boolean and, List<BoundPartitionPredicate> children) {
            this.and = and;
            this.children = new ArrayList<>(children);
        }

        @Override
        int outcomes(List<?> values, int known) {
            // FALSE decides an AND and TRUE an OR, whatever the other children give.
            int decided = and ? FALSE : TRUE;
            int result = children.get(0).outcomes(values, known);
            for (int i = 1; i < children.size() && result != decided; i++) {
                result = combine(result, children.get(i).outcomes(values, known));
            }
            return result;
        }

        private int combine(int left, int right) {
            int result = 0;
            for (int a = 1; a <= NULL; a <<= 1) {
                for (int b = 1; b <= NULL; b <<= 1) {
                    if ((left & a) != 0 && (right & b) != 0) {
                        result |= and ? and(a, b) : or(a, b);
                    }
                }
            }
            return result;
        }

        private static int and(int a, int b) {
            if (a == FALSE || b == FALSE) {
                return FALSE;
            }
            return a == TRUE && b == TRUE ? TRUE : NULL;
        }

        private static int or(int a, int b) {
            if (a == TRUE || b == TRUE) {
                return TRUE;
            }
            return a == FALSE && b == FALSE ? FALSE : NULL;
        }

        @Override
        public Optional<Set<Object>> candidates(int level) {
            return candidates(level, null);
        }

        @Override
        public Optional<Set<Object>> candidates(int level, List<?> prefix) {
            if (!and) {
                // A disjunction pins a level when every branch does: the union of their values.
                Set<Object> union = new HashSet<>();
                for (BoundPartitionPredicate child : children) {
                    Optional<Set<Object>> c = childCandidates(child, level, prefix);
                    if (c.isEmpty()) {
                        return Optional.empty();
                    }
                    union.addAll(c.get());
                }
                return Optional.of(union);
            }
            Set<Object> result = null;
            for (BoundPartitionPredicate child : children) {
                Optional<Set<Object>> c = childCandidates(child, level, prefix);
                if (c.isPresent()) {
                    if (result == null) {
                        result = new HashSet<>(c.get());
                    } else {
                        result.retainAll(c.get());
                    }
                }
            }
            return Optional.ofNullable(result);
        }

        private static Optional<Set<Object>> childCandidates(
                BoundPartitionPredicate child, int level, List<?> prefix) {
            return prefix == null ? child.candidates(level) : child.candidates(level, prefix);
        }
    }

    private static final class Not extends BoundPartitionPredicate {
        private static final long serialVersionUID = 1L;
        private final BoundPartitionPredicate child;

        Not(BoundPartitionPredicate child) {
            this.child = child;
        }

        @Override
        int outcomes(List<?> values, int known) {
            int c = child.outcomes(values, known);
            int result = c & NULL;
            if ((c & TRUE) != 0) {
                result |= FALSE;
            }
            if ((c & FALSE) != 0) {
                result |= TRUE;
            }
            return result;
        }
    }
}
