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
package dev.formattable.core.stats;

import dev.formattable.core.types.DataType;
import dev.formattable.core.types.DataTypes;

import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Typed values in, the statistics of a column out. */
class ColumnStatisticsBuilderTest {

    private static ColumnStatistics build(DataType type, Object... values) {
        ColumnStatisticsBuilder b = new ColumnStatisticsBuilder("c", type, 12);
        for (Object v : values) {
            b.add(v);
        }
        return b.build();
    }

    @Test
    void integersCountNullsDistinctValuesAndFixedWidths() {
        ColumnStatistics c = build(DataTypes.INT(), 5, null, -3, 5, 7, null);

        assertThat(c.nullCount()).isEqualTo(2);
        assertThat(c.distinctCount()).isEqualTo(3);
        assertThat(c.min()).contains(-3);
        assertThat(c.max()).contains(7);
        assertThat(c.totalWidth()).isEqualTo(16);
        assertThat(c.maxWidth()).isEqualTo(4);
    }

    @Test
    void stringsAreOrderedByCodePointAndMeasuredInUtf8Bytes() {
        // U+FFFD sorts below U+1F600 by code point, though its UTF-16 char is greater.
        ColumnStatistics c = build(DataTypes.STRING(), "b", "\uFFFD", "\uD83D\uDE00", "", "a");

        assertThat(c.min()).contains("");
        assertThat(c.max()).contains("\uD83D\uDE00");
        assertThat(c.totalWidth()).isEqualTo(1 + 3 + 4 + 0 + 1);
        assertThat(c.maxWidth()).isEqualTo(4);
        // The empty string counts as a value of its own.
        assertThat(c.distinctCount()).isEqualTo(5);
    }

    @Test
    void everyScalarTypeTakesItsJavaClass() {
        assertThat(build(DataTypes.BOOLEAN(), true, false, true).distinctCount()).isEqualTo(2);
        assertThat(build(DataTypes.TINYINT(), (byte) 1, (byte) -1).min()).contains((byte) -1);
        assertThat(build(DataTypes.SMALLINT(), (short) 9).maxWidth()).isEqualTo(2);
        assertThat(build(DataTypes.BIGINT(), 1L, 2L).totalWidth()).isEqualTo(16);
        assertThat(build(DataTypes.FLOAT(), 1.5f, -2f).min()).contains(-2f);
        assertThat(build(DataTypes.DECIMAL(10, 2), new BigDecimal("1.50"), new BigDecimal("1.5")))
                .satisfies(c -> assertThat(c.distinctCount()).isEqualTo(1))
                .satisfies(c -> assertThat(c.maxWidth()).isEqualTo(8));
        assertThat(build(DataTypes.DECIMAL(38, 2), new BigDecimal("1.00")).maxWidth())
                .isEqualTo(16);
        assertThat(build(DataTypes.DATE(), LocalDate.of(2024, 2, 29)).max())
                .contains(LocalDate.of(2024, 2, 29));
        assertThat(build(DataTypes.TIME(0), LocalTime.NOON).min()).contains(LocalTime.NOON);
        assertThat(
                        build(
                                        DataTypes.TIMESTAMP(6),
                                        LocalDateTime.of(2024, 1, 1, 0, 0, 0, 1000),
                                        LocalDateTime.of(2024, 1, 1, 0, 0))
                                .distinctCount())
                .isEqualTo(2);
        assertThat(build(DataTypes.TIMESTAMP_LTZ(3), Instant.EPOCH).max()).contains(Instant.EPOCH);
    }

    @Test
    void binaryIsOrderedUnsignedAndCopied() {
        byte[] reused = {(byte) 0x80};
        ColumnStatisticsBuilder b = new ColumnStatisticsBuilder("c", DataTypes.BYTES(), 12);
        b.add(reused).add(new byte[] {0x7f, 0x01});
        reused[0] = 0;

        ColumnStatistics c = b.build();
        assertThat((byte[]) c.max().orElseThrow()).containsExactly((byte) 0x80);
        assertThat((byte[]) c.min().orElseThrow()).containsExactly(0x7f, 0x01);
        assertThat(c.totalWidth()).isEqualTo(3);
        assertThat(c.maxWidth()).isEqualTo(2);
    }

    @Test
    void nanCountsAsAValueButNeverAsMinOrMax() {
        ColumnStatistics c = build(DataTypes.DOUBLE(), Double.NaN, 1.0, -0.5, Double.NaN);
        assertThat(c.distinctCount()).isEqualTo(3);
        assertThat(c.min()).contains(-0.5);
        assertThat(c.max()).contains(1.0);

        ColumnStatistics onlyNaN = build(DataTypes.DOUBLE(), Double.NaN);
        assertThat(onlyNaN.min()).isEmpty();
        assertThat(onlyNaN.totalWidth()).isEqualTo(8);
    }

    @Test
    void allNullsHaveNoMinMaxAndNoWidth() {
        ColumnStatistics c = build(DataTypes.STRING(), null, null);
        assertThat(c.nullCount()).isEqualTo(2);
        assertThat(c.distinctCount()).isZero();
        assertThat(c.min()).isEmpty();
        assertThat(c.max()).isEmpty();
        assertThat(c.totalWidth()).isZero();
        assertThat(c.maxWidth()).isZero();
    }

    @Test
    void aValueOfAnotherClassIsRefusedNamingColumnTypeAndValue() {
        ColumnStatisticsBuilder b = new ColumnStatisticsBuilder("id", DataTypes.BIGINT(), 12);
        assertThatThrownBy(() -> b.add(42))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Column 'id' of type BIGINT takes Long values, not Integer '42'");
    }

    @Test
    void nestedTypesAndBadPrecisionsAreRefused() {
        DataType array = DataTypes.ARRAY(DataTypes.INT());
        assertThat(ColumnStatisticsBuilder.supports(array)).isFalse();
        assertThatThrownBy(() -> new ColumnStatisticsBuilder("a", array, 12))
                .hasMessageContaining("Column 'a' of type ARRAY<INT>");
        assertThatThrownBy(() -> new ColumnStatisticsBuilder("a", DataTypes.INT(), 3))
                .hasMessage("'statistics.hll.lg-k'='3' must be between 4 and 21");
    }

    @Test
    void mergeEqualsBuildingFromAllValues() {
        List<Object> left = Arrays.asList("x", null, "yy", "q");
        List<Object> right = Arrays.asList("yy", "zzz", null, null);
        ColumnStatistics merged =
                build(DataTypes.STRING(), left.toArray())
                        .merge(build(DataTypes.STRING(), right.toArray()));

        assertThat(merged.nullCount()).isEqualTo(3);
        assertThat(merged.distinctCount()).isEqualTo(4);
        assertThat(merged.min()).contains("q");
        assertThat(merged.max()).contains("zzz");
        assertThat(merged.totalWidth()).isEqualTo(1 + 2 + 1 + 2 + 3);
        assertThat(merged.maxWidth()).isEqualTo(3);
    }

    @Test
    void mergeRefusesAnotherColumn() {
        ColumnStatistics a = build(DataTypes.INT(), 1);
        ColumnStatistics b = build(DataTypes.BIGINT(), 1L);
        assertThatThrownBy(() -> a.merge(b))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("column 'c' INT with column 'c' BIGINT");
    }
}
