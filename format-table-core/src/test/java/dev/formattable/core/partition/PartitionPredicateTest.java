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

import dev.formattable.core.types.DataTypes;

import org.junit.jupiter.api.Test;

import java.time.LocalDate;
import java.util.Arrays;
import java.util.List;
import java.util.Set;

import static dev.formattable.core.partition.PartitionPredicate.and;
import static dev.formattable.core.partition.PartitionPredicate.equal;
import static dev.formattable.core.partition.PartitionPredicate.greaterOrEqual;
import static dev.formattable.core.partition.PartitionPredicate.greaterThan;
import static dev.formattable.core.partition.PartitionPredicate.in;
import static dev.formattable.core.partition.PartitionPredicate.isNotNull;
import static dev.formattable.core.partition.PartitionPredicate.isNull;
import static dev.formattable.core.partition.PartitionPredicate.lessOrEqual;
import static dev.formattable.core.partition.PartitionPredicate.lessThan;
import static dev.formattable.core.partition.PartitionPredicate.not;
import static dev.formattable.core.partition.PartitionPredicate.notEqual;
import static dev.formattable.core.partition.PartitionPredicate.or;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class PartitionPredicateTest {

    private static final LocalDate D1 = LocalDate.of(2024, 1, 1);
    private static final LocalDate D2 = LocalDate.of(2024, 1, 2);

    private static final PartitionLayout LAYOUT =
            new PartitionLayout(
                    List.of("dt", "h"),
                    List.of(DataTypes.DATE(), DataTypes.INT()),
                    new PartitionValueCodec("__DEFAULT_PARTITION__", true),
                    false);

    private static List<Object> p(LocalDate dt, Integer h) {
        return Arrays.asList(dt, h);
    }

    private static boolean test(PartitionPredicate predicate, List<Object> partition) {
        return predicate.bind(LAYOUT).test(partition);
    }

    private static boolean mayMatch(PartitionPredicate predicate, Object... leading) {
        return predicate.bind(LAYOUT).mayMatch(Arrays.asList(leading));
    }

    @Test
    void equalTo() {
        PartitionPredicate pred = equal("h", 1);
        assertThat(test(pred, p(D1, 1))).isTrue();
        assertThat(test(pred, p(D1, 2))).isFalse();
        assertThat(test(pred, p(D1, null))).isFalse();
        assertThat(test(equal("dt", D1), p(D1, 5))).isTrue();
        assertThat(test(equal("dt", D1), p(D2, 5))).isFalse();
        assertThat(test(equal("dt", D1), p(null, 5))).isFalse();
    }

    @Test
    void equalToNullIsNeverTrue() {
        PartitionPredicate pred = equal("h", null);
        assertThat(test(pred, p(D1, null))).isFalse();
        assertThat(test(pred, p(D1, 1))).isFalse();
        assertThat(test(not(pred), p(D1, 1))).isFalse();
        assertThat(test(not(pred), p(D1, null))).isFalse();
    }

    @Test
    void notEqualTo() {
        PartitionPredicate pred = notEqual("h", 1);
        assertThat(test(pred, p(D1, 2))).isTrue();
        assertThat(test(pred, p(D1, 1))).isFalse();
        assertThat(test(pred, p(D1, null))).isFalse();
    }

    @Test
    void lessThanAndLessOrEqual() {
        assertThat(test(lessThan("h", 2), p(D1, 1))).isTrue();
        assertThat(test(lessThan("h", 2), p(D1, 2))).isFalse();
        assertThat(test(lessThan("h", 2), p(D1, 3))).isFalse();
        assertThat(test(lessThan("h", 2), p(D1, null))).isFalse();

        assertThat(test(lessOrEqual("h", 2), p(D1, 1))).isTrue();
        assertThat(test(lessOrEqual("h", 2), p(D1, 2))).isTrue();
        assertThat(test(lessOrEqual("h", 2), p(D1, 3))).isFalse();
        assertThat(test(lessOrEqual("h", 2), p(D1, null))).isFalse();

        assertThat(test(lessThan("dt", D2), p(D1, 0))).isTrue();
        assertThat(test(lessThan("dt", D2), p(D2, 0))).isFalse();
    }

    @Test
    void greaterThanAndGreaterOrEqual() {
        assertThat(test(greaterThan("h", 2), p(D1, 3))).isTrue();
        assertThat(test(greaterThan("h", 2), p(D1, 2))).isFalse();
        assertThat(test(greaterThan("h", 2), p(D1, 1))).isFalse();
        assertThat(test(greaterThan("h", 2), p(D1, null))).isFalse();

        assertThat(test(greaterOrEqual("h", 2), p(D1, 3))).isTrue();
        assertThat(test(greaterOrEqual("h", 2), p(D1, 2))).isTrue();
        assertThat(test(greaterOrEqual("h", 2), p(D1, 1))).isFalse();
        assertThat(test(greaterOrEqual("h", 2), p(D1, null))).isFalse();

        assertThat(test(greaterOrEqual("dt", D2), p(D2, 0))).isTrue();
        assertThat(test(greaterOrEqual("dt", D2), p(D1, 0))).isFalse();
    }

    @Test
    void inList() {
        PartitionPredicate pred = in("h", List.of(1, 2));
        assertThat(test(pred, p(D1, 1))).isTrue();
        assertThat(test(pred, p(D1, 2))).isTrue();
        assertThat(test(pred, p(D1, 3))).isFalse();
        assertThat(test(pred, p(D1, null))).isFalse();
        assertThat(test(not(pred), p(D1, 3))).isTrue();
        assertThat(test(not(pred), p(D1, null))).isFalse();
    }

    @Test
    void inListWithNull() {
        PartitionPredicate pred = in("h", Arrays.asList(1, null));
        assertThat(test(pred, p(D1, 1))).isTrue();
        assertThat(test(pred, p(D1, 2))).isFalse();
        assertThat(test(pred, p(D1, null))).isFalse();
        // h IN (1, NULL) is NULL for h = 2, so its negation is not true either.
        assertThat(test(not(pred), p(D1, 2))).isFalse();
        assertThat(test(not(pred), p(D1, 1))).isFalse();
    }

    @Test
    void isNullAndIsNotNull() {
        assertThat(test(isNull("h"), p(D1, null))).isTrue();
        assertThat(test(isNull("h"), p(D1, 1))).isFalse();
        assertThat(test(isNotNull("h"), p(D1, 1))).isTrue();
        assertThat(test(isNotNull("h"), p(D1, null))).isFalse();
        assertThat(test(not(isNull("h")), p(D1, 1))).isTrue();
        assertThat(test(isNull("dt"), p(null, 1))).isTrue();
    }

    @Test
    void andWithThreeValuedLogic() {
        PartitionPredicate pred = and(equal("dt", D1), equal("h", 1));
        assertThat(test(pred, p(D1, 1))).isTrue();
        assertThat(test(pred, p(D1, 2))).isFalse();
        assertThat(test(pred, p(D2, 1))).isFalse();
        // NULL AND TRUE is NULL: neither the conjunction nor its negation holds.
        assertThat(test(pred, p(D1, null))).isFalse();
        assertThat(test(not(pred), p(D1, null))).isFalse();
        // NULL AND FALSE is FALSE: the negation holds.
        assertThat(test(pred, p(D2, null))).isFalse();
        assertThat(test(not(pred), p(D2, null))).isTrue();
    }

    @Test
    void orWithThreeValuedLogic() {
        PartitionPredicate pred = or(equal("dt", D1), equal("h", 1));
        assertThat(test(pred, p(D1, 2))).isTrue();
        assertThat(test(pred, p(D2, 1))).isTrue();
        assertThat(test(pred, p(D2, 2))).isFalse();
        assertThat(test(not(pred), p(D2, 2))).isTrue();
        // NULL OR TRUE is TRUE.
        assertThat(test(pred, p(D1, null))).isTrue();
        // NULL OR FALSE is NULL: neither the disjunction nor its negation holds.
        assertThat(test(pred, p(D2, null))).isFalse();
        assertThat(test(not(pred), p(D2, null))).isFalse();
    }

    @Test
    void notWithThreeValuedLogic() {
        PartitionPredicate pred = not(equal("h", 1));
        assertThat(test(pred, p(D1, 2))).isTrue();
        assertThat(test(pred, p(D1, 1))).isFalse();
        assertThat(test(pred, p(D1, null))).isFalse();
        assertThat(test(not(pred), p(D1, 1))).isTrue();
        assertThat(test(not(pred), p(D1, null))).isFalse();
    }

    @Test
    void mayMatchOnPartialValues() {
        assertThat(mayMatch(equal("dt", D2), D1)).isFalse();
        assertThat(mayMatch(equal("dt", D1), D1)).isTrue();
        assertThat(mayMatch(equal("h", 1), D1)).isTrue();
        assertThat(mayMatch(and(equal("dt", D1), equal("h", 1)), D1)).isTrue();
        assertThat(mayMatch(and(equal("dt", D2), equal("h", 1)), D1)).isFalse();
        assertThat(mayMatch(or(equal("dt", D2), equal("h", 1)), D1)).isTrue();
        assertThat(mayMatch(not(equal("h", 1)), D1)).isTrue();
        assertThat(mayMatch(not(equal("dt", D1)), D1)).isFalse();
        assertThat(mayMatch(isNull("h"), D1)).isTrue();
        assertThat(mayMatch(isNotNull("h"), D1)).isTrue();
        assertThat(mayMatch(not(isNull("h")), D1)).isTrue();
        assertThat(mayMatch(isNull("dt"), D1)).isFalse();
        assertThat(mayMatch(equal("dt", D1), (Object) null)).isFalse();
        assertThat(mayMatch(isNull("dt"), (Object) null)).isTrue();
        assertThat(mayMatch(equal("dt", D2))).isTrue();
    }

    @Test
    void mayMatchOnCompletePartitionsAgreesWithTest() {
        PartitionPredicate pred = and(equal("dt", D1), in("h", List.of(1, 2)));
        assertThat(mayMatch(pred, D1, 1)).isTrue();
        assertThat(mayMatch(pred, D1, 3)).isFalse();
        assertThat(mayMatch(pred, D1, null)).isFalse();
    }

    @Test
    void candidatesOfConjunction() {
        BoundPartitionPredicate bound = and(equal("dt", D1), in("h", List.of(1, 2))).bind(LAYOUT);
        assertThat(bound.candidates(0)).contains(Set.of(D1));
        assertThat(bound.candidates(1)).contains(Set.of(1, 2));
    }

    @Test
    void candidatesIntersectAcrossConjuncts() {
        BoundPartitionPredicate bound =
                and(in("h", List.of(1, 2, 3)), in("h", List.of(2, 3, 4)), greaterThan("h", 0))
                        .bind(LAYOUT);
        assertThat(bound.candidates(1)).contains(Set.of(2, 3));
        assertThat(bound.candidates(0)).isEmpty();
        assertThat(and(equal("h", 1), equal("h", 2)).bind(LAYOUT).candidates(1)).contains(Set.of());
    }

    @Test
    void candidatesOfNullChecksAndNulls() {
        assertThat(isNull("h").bind(LAYOUT).candidates(1).get()).containsExactly((Object) null);
        assertThat(isNotNull("h").bind(LAYOUT).candidates(1)).isEmpty();
        assertThat(in("h", Arrays.asList(1, null)).bind(LAYOUT).candidates(1)).contains(Set.of(1));
        assertThat(equal("h", null).bind(LAYOUT).candidates(1)).contains(Set.of());
    }

    @Test
    void candidatesUnderOrOnlyWhenEveryBranchPinsTheLevel() {
        BoundPartitionPredicate bound = or(equal("dt", D1), in("h", List.of(1, 2))).bind(LAYOUT);
        assertThat(bound.candidates(0)).isEmpty();
        assertThat(bound.candidates(1)).isEmpty();
        assertThat(or(equal("h", 1), equal("h", 2)).bind(LAYOUT).candidates(1))
                .hasValueSatisfying(c -> assertThat(c).containsExactlyInAnyOrder(1, 2));
        assertThat(not(equal("h", 1)).bind(LAYOUT).candidates(1)).isEmpty();
        assertThat(lessThan("h", 1).bind(LAYOUT).candidates(1)).isEmpty();
        assertThat(
                        and(equal("dt", D1), or(equal("h", 1), equal("h", 2)))
                                .bind(LAYOUT)
                                .candidates(1))
                .hasValueSatisfying(c -> assertThat(c).containsExactlyInAnyOrder(1, 2));
    }

    @Test
    void bindRefusesNonPartitionColumn() {
        assertThatThrownBy(() -> equal("v", 1).bind(LAYOUT))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(
                        "Column 'v' is not a partition column; the partition columns are [dt, h]");
        assertThatThrownBy(() -> and(equal("h", 1), not(isNull("v"))).bind(LAYOUT))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("Column 'v' is not a partition column");
        assertThatThrownBy(() -> in("v", List.of(1)).bind(LAYOUT))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("Column 'v'");
    }

    @Test
    void bindRefusesLiteralOfTheWrongType() {
        assertThatThrownBy(() -> equal("h", "abc").bind(LAYOUT))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'abc' is not a valid INT value for partition column 'h'");
    }

    @Test
    void textAndTypedLiteralsCompareEqual() {
        BoundPartitionPredicate text = equal("dt", "2024-01-01").bind(LAYOUT);
        BoundPartitionPredicate typed = equal("dt", D1).bind(LAYOUT);
        BoundPartitionPredicate days = equal("dt", "19723").bind(LAYOUT);
        for (BoundPartitionPredicate bound : List.of(text, typed, days)) {
            assertThat(bound.test(p(D1, 1))).isTrue();
            assertThat(bound.test(p(D2, 1))).isFalse();
            assertThat(bound.candidates(0)).contains(Set.of(D1));
        }
        assertThat(test(in("dt", List.of("2024-01-01", D2)), p(D2, 0))).isTrue();
        assertThat(test(in("dt", List.of("2024-01-01", D2)), p(D1, 0))).isTrue();
        assertThat(test(greaterThan("dt", "2024-01-01"), p(D2, 0))).isTrue();
        assertThat(test(equal("h", "1"), p(D1, 1))).isTrue();
        assertThat(test(equal("h", 1L), p(D1, 1))).isTrue();
    }
}
