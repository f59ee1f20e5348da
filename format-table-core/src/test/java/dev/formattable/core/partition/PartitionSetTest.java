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

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Partitions named one by one ({@link PartitionPredicate#partitions}) answer as the OR of their
 * equalities does, for whole partitions and for leading values, with a null value as {@code IS
 * NULL}; seeded random partitions of a two-level table.
 */
class PartitionSetTest {

    private static final PartitionLayout LAYOUT =
            new PartitionLayout(
                    List.of("h", "region"),
                    List.of(DataTypes.INT(), DataTypes.STRING()),
                    new PartitionValueCodec("__DEFAULT_PARTITION__", true),
                    false);

    private static Integer hour(int i) {
        return i == 0 ? null : i;
    }

    private static String region(int i) {
        return i == 0 ? null : "r" + i;
    }

    @Test
    void answersAsTheOrOfEachPartitionsEqualities() {
        Random random = new Random(42);
        List<Map<String, Object>> named = new ArrayList<>();
        List<PartitionPredicate> branches = new ArrayList<>();
        Set<List<Object>> namedValues = new HashSet<>();
        for (int n = 0; n < 200; n++) {
            Integer h = hour(random.nextInt(31));
            String r = region(random.nextInt(31));
            Map<String, Object> spec = new LinkedHashMap<>();
            spec.put("h", h == null ? null : String.valueOf(h)); // text, as the planner gives
            spec.put("region", r);
            named.add(spec);
            namedValues.add(Arrays.asList(h, r));
            branches.add(
                    PartitionPredicate.and(
                            h == null
                                    ? PartitionPredicate.isNull("h")
                                    : PartitionPredicate.equal("h", String.valueOf(h)),
                            r == null
                                    ? PartitionPredicate.isNull("region")
                                    : PartitionPredicate.equal("region", r)));
        }
        BoundPartitionPredicate set = PartitionPredicate.partitions(named).bind(LAYOUT);
        BoundPartitionPredicate or = PartitionPredicate.or(branches).bind(LAYOUT);

        Map<Integer, Set<Object>> regionsBelow = new HashMap<>();
        for (int i = 0; i < 31; i++) {
            List<Object> leading = Arrays.asList((Object) hour(i));
            assertThat(set.mayMatch(leading)).as("h=%s", hour(i)).isEqualTo(or.mayMatch(leading));
            for (int j = 0; j < 31; j++) {
                List<Object> partition = Arrays.asList(hour(i), region(j));
                assertThat(set.test(partition)).as("%s", partition).isEqualTo(or.test(partition));
                assertThat(set.test(partition)).isEqualTo(namedValues.contains(partition));
                if (namedValues.contains(partition)) {
                    regionsBelow.computeIfAbsent(i, k -> new HashSet<>()).add(region(j));
                }
            }
            assertThat(set.candidates(1, leading))
                    .as("regions below h=%s", hour(i))
                    .isEqualTo(Optional.of(regionsBelow.getOrDefault(i, Set.of())));
        }
        assertThat(set.candidates(0).orElseThrow())
                .hasSameElementsAs(or.candidates(0).orElseThrow());
    }

    @Test
    void noPartitionMatchesNothing() {
        BoundPartitionPredicate none = PartitionPredicate.partitions(List.of()).bind(LAYOUT);
        assertThat(none.mayMatch(List.of())).isFalse();
        assertThat(none.test(Arrays.asList(1, "r1"))).isFalse();
    }

    @Test
    void decimalsMatchWhateverTheirScale() {
        PartitionLayout decimals =
                new PartitionLayout(
                        List.of("price"),
                        List.of(DataTypes.DECIMAL(10, 2)),
                        new PartitionValueCodec("__DEFAULT_PARTITION__", true),
                        false);
        BoundPartitionPredicate set =
                PartitionPredicate.partitions(List.of(Map.of("price", "10"))).bind(decimals);
        assertThat(set.test(List.of(new BigDecimal("10.00")))).isTrue();
        assertThat(set.test(List.of(new BigDecimal("10.0")))).isTrue();
        // The value that names the directory keeps its scale.
        assertThat(set.candidates(0).orElseThrow()).containsExactly(new BigDecimal("10.00"));
    }

    @Test
    void aPartitionMustNameEveryColumnAndOnlyPartitionColumns() {
        assertThatThrownBy(
                        () -> PartitionPredicate.partitions(List.of(Map.of("h", "1"))).bind(LAYOUT))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Partition {h=1} must name every partition column [h, region]");
        assertThatThrownBy(
                        () ->
                                PartitionPredicate.partitions(List.of(Map.of("h", "1", "v", "x")))
                                        .bind(LAYOUT))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("Column 'v' is not a partition column");
    }
}
