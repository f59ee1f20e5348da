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

import org.junit.jupiter.api.Test;

import java.time.LocalDateTime;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/** The time partition values stand for, as Paimon's expiration reads it. */
class PartitionTimesTest {

    private static Optional<LocalDateTime> time(
            String pattern, String formatter, Map<String, String> spec) {
        return new PartitionTimes(List.of("dt", "hr"), pattern, "p", formatter, "f").timeOf(spec);
    }

    @Test
    void theFirstValueInADefaultFormat() {
        assertThat(time(null, null, Map.of("dt", "2024-03-04", "hr", "7")))
                .contains(LocalDateTime.of(2024, 3, 4, 0, 0));
        assertThat(time(null, null, Map.of("dt", "2024-03-04 05:06:07", "hr", "7")))
                .contains(LocalDateTime.of(2024, 3, 4, 5, 6, 7));
        assertThat(time(null, null, Map.of("dt", "20240304", "hr", "7"))).isEmpty();
    }

    @Test
    void aFormatterLeavingFieldsOutReadsTheStartOfThePeriod() {
        assertThat(time(null, "yyyyMM", Map.of("dt", "202403", "hr", "7")))
                .contains(LocalDateTime.of(2024, 3, 1, 0, 0));
        assertThat(time("$dt $hr", "yyyyMMdd H", Map.of("dt", "20240304", "hr", "7")))
                .contains(LocalDateTime.of(2024, 3, 4, 7, 0));
    }

    @Test
    void aKeyThatIsAPrefixOfAnotherIsNotConfusedWithIt() {
        PartitionTimes times =
                new PartitionTimes(List.of("d", "dt"), "$dt", "p", "yyyy-MM-dd", "f");
        assertThat(times.timeOf(Map.of("d", "x", "dt", "2024-03-04")))
                .contains(LocalDateTime.of(2024, 3, 4, 0, 0));
    }

    @Test
    void aNullValueHasNoTime() {
        java.util.HashMap<String, String> spec = new java.util.HashMap<>();
        spec.put("dt", null);
        spec.put("hr", "1");
        assertThat(time(null, null, spec)).isEmpty();
        assertThat(time("$dt $hr", null, spec)).isEmpty();
    }
}
