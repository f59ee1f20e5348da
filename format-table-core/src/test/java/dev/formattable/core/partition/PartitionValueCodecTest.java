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

import dev.formattable.core.types.DataType;
import dev.formattable.core.types.DataTypes;

import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.LinkedHashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class PartitionValueCodecTest {

    private static final String DEFAULT = "__DEFAULT_PARTITION__";
    private static final LocalDate DAY = LocalDate.of(2024, 1, 1);
    private static final LocalDateTime TEN = LocalDateTime.of(2024, 1, 1, 10, 0);

    private final PartitionValueCodec legacy = new PartitionValueCodec(DEFAULT, true);
    private final PartitionValueCodec modern = new PartitionValueCodec(DEFAULT, false);

    /** One value per supported type, with the text it renders to under legacy names. */
    private static Map<DataType, Object[]> samples() {
        Map<DataType, Object[]> samples = new LinkedHashMap<>();
        samples.put(DataTypes.BOOLEAN(), new Object[] {true, "true"});
        samples.put(DataTypes.TINYINT(), new Object[] {(byte) -7, "-7"});
        samples.put(DataTypes.SMALLINT(), new Object[] {(short) 300, "300"});
        samples.put(DataTypes.INT(), new Object[] {123456, "123456"});
        samples.put(DataTypes.BIGINT(), new Object[] {1L << 40, "1099511627776"});
        samples.put(DataTypes.FLOAT(), new Object[] {1.5f, "1.5"});
        samples.put(DataTypes.DOUBLE(), new Object[] {-2.25d, "-2.25"});
        samples.put(DataTypes.DECIMAL(10, 2), new Object[] {new BigDecimal("123.45"), "123.45"});
        samples.put(DataTypes.CHAR(3), new Object[] {"abc", "abc"});
        samples.put(DataTypes.STRING(), new Object[] {"a b/c=d", "a b/c=d"});
        samples.put(DataTypes.DATE(), new Object[] {DAY, "19723"});
        samples.put(
                DataTypes.TIMESTAMP(3),
                new Object[] {
                    LocalDateTime.of(2024, 1, 1, 10, 0, 1, 123_000_000), "2024-01-01T10:00:01.123"
                });
        return samples;
    }

    @Test
    void roundTripOfEverySupportedType() {
        samples()
                .forEach(
                        (type, sample) -> {
                            Object value = sample[0];
                            String text = legacy.render(type, value);
                            assertThat(text).as(type.toString()).isEqualTo(sample[1]);
                            assertThat(legacy.parse("c", type, text))
                                    .as(type.toString())
                                    .isEqualTo(value);
                            assertThat(modern.parse("c", type, modern.render(type, value)))
                                    .as(type.toString())
                                    .isEqualTo(value);
                            assertThat(PartitionValueCodec.supports(type)).isTrue();
                        });
    }

    @Test
    void parseGivesTheColumnsValueClass() {
        assertThat(legacy.parse("c", DataTypes.TINYINT(), "1")).isInstanceOf(Byte.class);
        assertThat(legacy.parse("c", DataTypes.SMALLINT(), "1")).isInstanceOf(Short.class);
        assertThat(legacy.parse("c", DataTypes.INT(), "1")).isInstanceOf(Integer.class);
        assertThat(legacy.parse("c", DataTypes.BIGINT(), "1")).isInstanceOf(Long.class);
        assertThat(legacy.parse("c", DataTypes.FLOAT(), "1")).isInstanceOf(Float.class);
        assertThat(legacy.parse("c", DataTypes.DOUBLE(), "1")).isInstanceOf(Double.class);
        assertThat(legacy.parse("c", DataTypes.BOOLEAN(), "FALSE")).isEqualTo(false);
    }

    @Test
    void unsupportedTypes() {
        assertThat(PartitionValueCodec.supports(DataTypes.BYTES())).isFalse();
        assertThat(PartitionValueCodec.supports(DataTypes.TIMESTAMP_LTZ(3))).isFalse();
        assertThat(PartitionValueCodec.supports(DataTypes.ARRAY(DataTypes.INT()))).isFalse();
        assertThat(PartitionValueCodec.supports(DataTypes.TIME(0))).isFalse();
    }

    @Test
    void dateRendering() {
        assertThat(legacy.render(DataTypes.DATE(), DAY)).isEqualTo("19723");
        assertThat(modern.render(DataTypes.DATE(), DAY)).isEqualTo("2024-01-01");
    }

    @Test
    void dateParsesBothSpellingsInBothModes() {
        for (PartitionValueCodec codec : new PartitionValueCodec[] {legacy, modern}) {
            assertThat(codec.parse("dt", DataTypes.DATE(), "19723")).isEqualTo(DAY);
            assertThat(codec.parse("dt", DataTypes.DATE(), "2024-01-01")).isEqualTo(DAY);
            assertThat(codec.parse("dt", DataTypes.DATE(), "-1"))
                    .isEqualTo(LocalDate.of(1969, 12, 31));
        }
    }

    @Test
    void timestampRendering() {
        assertThat(legacy.render(DataTypes.TIMESTAMP(6), TEN)).isEqualTo("2024-01-01T10:00");
        assertThat(modern.render(DataTypes.TIMESTAMP(6), TEN))
                .isEqualTo("2024-01-01 10:00:00.000000");
        assertThat(modern.render(DataTypes.TIMESTAMP(0), TEN)).isEqualTo("2024-01-01 10:00:00");
        assertThat(modern.render(DataTypes.TIMESTAMP(3), TEN.withNano(123_000_000)))
                .isEqualTo("2024-01-01 10:00:00.123");
        assertThat(modern.render(DataTypes.TIMESTAMP(6), TEN.withNano(123_000_000)))
                .isEqualTo("2024-01-01 10:00:00.123000");
        assertThat(modern.render(DataTypes.TIMESTAMP(9), TEN.withNano(123_456_789)))
                .isEqualTo("2024-01-01 10:00:00.123456789");
    }

    @Test
    void timestampParsesBothSpellingsInBothModes() {
        for (PartitionValueCodec codec : new PartitionValueCodec[] {legacy, modern}) {
            assertThat(codec.parse("ts", DataTypes.TIMESTAMP(6), "2024-01-01T10:00"))
                    .isEqualTo(TEN);
            assertThat(codec.parse("ts", DataTypes.TIMESTAMP(6), "2024-01-01 10:00:00.000000"))
                    .isEqualTo(TEN);
            assertThat(codec.parse("ts", DataTypes.TIMESTAMP(0), "2024-01-01 10:00:00"))
                    .isEqualTo(TEN);
            assertThat(codec.parse("ts", DataTypes.TIMESTAMP(0), "2024-01-01"))
                    .isEqualTo(DAY.atStartOfDay());
        }
    }

    @Test
    void timestampWithMoreFractionalDigitsThanThePrecisionIsRefused() {
        assertThatThrownBy(
                        () -> legacy.parse("ts", DataTypes.TIMESTAMP(0), "2024-01-01 10:00:00.5"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'2024-01-01 10:00:00.5'")
                .hasMessageContaining("TIMESTAMP(0)")
                .hasMessageContaining("'ts'");
    }

    @Test
    void decimalIsHeldAtTheColumnsScale() {
        Object value = legacy.parse("d", DataTypes.DECIMAL(10, 2), "1.5");
        assertThat(value).isEqualTo(new BigDecimal("1.50"));
        assertThat(((BigDecimal) value).scale()).isEqualTo(2);
        assertThat(legacy.render(DataTypes.DECIMAL(10, 2), value)).isEqualTo("1.50");
    }

    @Test
    void decimalWithTooManyFractionalDigitsIsRefused() {
        assertThatThrownBy(() -> legacy.parse("d", DataTypes.DECIMAL(10, 2), "1.555"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'1.555' is not a valid DECIMAL(10, 2) value")
                .hasMessageContaining("'d'");
    }

    @Test
    void decimalWithTooManyDigitsIsRefused() {
        assertThatThrownBy(() -> legacy.parse("d", DataTypes.DECIMAL(4, 2), "123.4"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'123.4' is not a valid DECIMAL(4, 2) value");
    }

    @Test
    void decimalRendersWithoutExponent() {
        assertThat(legacy.render(DataTypes.DECIMAL(20, 0), new BigDecimal("1E+10")))
                .isEqualTo("10000000000");
    }

    @Test
    void nullAndBlankRenderAsTheDefaultName() {
        assertThat(legacy.render(DataTypes.STRING(), null)).isEqualTo(DEFAULT);
        assertThat(legacy.render(DataTypes.STRING(), "")).isEqualTo(DEFAULT);
        assertThat(legacy.render(DataTypes.STRING(), "   ")).isEqualTo(DEFAULT);
        assertThat(legacy.render(DataTypes.INT(), null)).isEqualTo(DEFAULT);
        assertThat(legacy.render(DataTypes.DATE(), null)).isEqualTo(DEFAULT);
    }

    @Test
    void defaultNameAndBlankParseAsNull() {
        assertThat(legacy.parse("c", DataTypes.STRING(), DEFAULT)).isNull();
        assertThat(legacy.parse("c", DataTypes.INT(), DEFAULT)).isNull();
        assertThat(legacy.parse("c", DataTypes.DATE(), DEFAULT)).isNull();
        assertThat(legacy.parse("c", DataTypes.STRING(), "")).isNull();
        assertThat(legacy.parse("c", DataTypes.STRING(), " ")).isNull();
        assertThat(legacy.parse("c", DataTypes.STRING(), null)).isNull();
    }

    @Test
    void stringsKeepTheirSpaces() {
        assertThat(legacy.parse("c", DataTypes.STRING(), " a ")).isEqualTo(" a ");
        assertThat(legacy.render(DataTypes.STRING(), " a ")).isEqualTo(" a ");
    }

    @Test
    void malformedTextIsRefused() {
        assertThatThrownBy(() -> legacy.parse("h", DataTypes.INT(), "abc"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'abc' is not a valid INT value for partition column 'h'");
        assertThatThrownBy(() -> legacy.parse("b", DataTypes.BOOLEAN(), "yes"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'yes' is not a valid BOOLEAN value");
        assertThatThrownBy(() -> legacy.parse("t", DataTypes.TINYINT(), "300"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'300' is not a valid TINYINT value");
        assertThatThrownBy(() -> legacy.parse("dt", DataTypes.DATE(), "2024-13-01"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'2024-13-01' is not a valid DATE value");
    }

    @Test
    void spellingsOfADate() {
        assertThat(legacy.spellings(DataTypes.DATE(), DAY)).containsExactly("19723", "2024-01-01");
        assertThat(modern.spellings(DataTypes.DATE(), DAY)).containsExactly("2024-01-01", "19723");
    }

    @Test
    void spellingsOfATimestamp() {
        assertThat(legacy.spellings(DataTypes.TIMESTAMP(0), TEN))
                .containsExactly("2024-01-01T10:00", "2024-01-01 10:00:00");
        assertThat(modern.spellings(DataTypes.TIMESTAMP(3), TEN))
                .containsExactly(
                        "2024-01-01 10:00:00.000", "2024-01-01T10:00", "2024-01-01 10:00:00");
    }

    @Test
    void aMinimalFractionNamesTimestampsAsHiveAndSparkDo() {
        PartitionValueCodec hive = new PartitionValueCodec(DEFAULT, false, true);
        assertThat(hive.render(DataTypes.TIMESTAMP(3), TEN)).isEqualTo("2024-01-01 10:00:00");
        assertThat(hive.render(DataTypes.TIMESTAMP(6), TEN.withNano(120_000_000)))
                .isEqualTo("2024-01-01 10:00:00.12");
        assertThat(hive.render(DataTypes.TIMESTAMP(9), TEN.withNano(123_456_789)))
                .isEqualTo("2024-01-01 10:00:00.123456789");
        assertThat(hive.parse("ts", DataTypes.TIMESTAMP(3), "2024-01-01 10:00:00.000"))
                .isEqualTo(TEN);
        assertThat(hive.spellings(DataTypes.TIMESTAMP(3), TEN))
                .containsExactly(
                        "2024-01-01 10:00:00", "2024-01-01T10:00", "2024-01-01 10:00:00.000");
        // Legacy names win over the fraction's setting, as they name no fraction of their own.
        assertThat(new PartitionValueCodec(DEFAULT, true, true).render(DataTypes.TIMESTAMP(3), TEN))
                .isEqualTo("2024-01-01T10:00");
    }

    @Test
    void spellingsOfOtherValuesAreOne() {
        assertThat(legacy.spellings(DataTypes.INT(), 5)).containsExactly("5");
        assertThat(legacy.spellings(DataTypes.DATE(), null)).containsExactly(DEFAULT);
    }

    @Test
    void coerceConvertsNumbersThatFit() {
        assertThat(legacy.coerce("c", DataTypes.BIGINT(), 5)).isEqualTo(5L);
        assertThat(legacy.coerce("c", DataTypes.TINYINT(), 5L)).isEqualTo((byte) 5);
        assertThat(legacy.coerce("c", DataTypes.INT(), new BigDecimal("7"))).isEqualTo(7);
        assertThat(legacy.coerce("c", DataTypes.DOUBLE(), 1)).isEqualTo(1.0d);
        assertThat(legacy.coerce("c", DataTypes.DECIMAL(10, 2), 3))
                .isEqualTo(new BigDecimal("3.00"));
        assertThat(legacy.coerce("c", DataTypes.DATE(), DAY)).isEqualTo(DAY);
        assertThat(legacy.coerce("c", DataTypes.DATE(), "2024-01-01")).isEqualTo(DAY);
        assertThat(legacy.coerce("c", DataTypes.INT(), null)).isNull();
    }

    @Test
    void coerceRefusesNumbersThatDoNotFit() {
        assertThatThrownBy(() -> legacy.coerce("t", DataTypes.TINYINT(), 300L))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("Long '300' is not a valid TINYINT value")
                .hasMessageContaining("'t'");
        assertThatThrownBy(() -> legacy.coerce("i", DataTypes.INT(), new BigDecimal("1.5")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("INT");
    }

    @Test
    void coerceRefusesTextThatIsNoValue() {
        assertThatThrownBy(() -> legacy.coerce("h", DataTypes.INT(), "abc"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'h'")
                .hasMessageContaining("INT");
    }
}
