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
package dev.formattable.core.types;

import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class DataTypesTest {

    private static Map<DataType, String> allTypes() {
        Map<DataType, String> types = new LinkedHashMap<>();
        types.put(DataTypes.BOOLEAN(), "BOOLEAN");
        types.put(DataTypes.TINYINT(), "TINYINT");
        types.put(DataTypes.SMALLINT(), "SMALLINT");
        types.put(DataTypes.INT(), "INT");
        types.put(DataTypes.INT().notNull(), "INT NOT NULL");
        types.put(DataTypes.BIGINT(), "BIGINT");
        types.put(DataTypes.FLOAT(), "FLOAT");
        types.put(DataTypes.DOUBLE(), "DOUBLE");
        types.put(DataTypes.DECIMAL(10, 2), "DECIMAL(10, 2)");
        types.put(DataTypes.DECIMAL(38, 0).notNull(), "DECIMAL(38, 0) NOT NULL");
        types.put(DataTypes.CHAR(3), "CHAR(3)");
        types.put(DataTypes.VARCHAR(5), "VARCHAR(5)");
        types.put(DataTypes.STRING(), "STRING");
        types.put(DataTypes.STRING().notNull(), "STRING NOT NULL");
        types.put(DataTypes.BINARY(4), "BINARY(4)");
        types.put(DataTypes.VARBINARY(7), "VARBINARY(7)");
        types.put(DataTypes.BYTES(), "BYTES");
        types.put(DataTypes.DATE(), "DATE");
        types.put(DataTypes.TIME(3), "TIME(3)");
        types.put(DataTypes.TIMESTAMP(6), "TIMESTAMP(6)");
        types.put(DataTypes.TIMESTAMP(0).notNull(), "TIMESTAMP(0) NOT NULL");
        types.put(DataTypes.TIMESTAMP_LTZ(3), "TIMESTAMP(3) WITH LOCAL TIME ZONE");
        types.put(DataTypes.ARRAY(DataTypes.INT()), "ARRAY<INT>");
        types.put(
                DataTypes.ARRAY(DataTypes.STRING().notNull()).notNull(),
                "ARRAY<STRING NOT NULL> NOT NULL");
        types.put(DataTypes.MULTISET(DataTypes.DATE()), "MULTISET<DATE>");
        types.put(
                DataTypes.MAP(DataTypes.STRING(), DataTypes.BIGINT().notNull()),
                "MAP<STRING, BIGINT NOT NULL>");
        types.put(
                DataTypes.ROW(
                        new DataField(0, "a", DataTypes.INT()),
                        new DataField(1, "b", DataTypes.STRING())),
                "ROW<`a` INT, `b` STRING>");
        types.put(
                DataTypes.ROW(
                        new DataField(0, "we`ird name", DataTypes.DECIMAL(5, 1).notNull()),
                        new DataField(
                                1,
                                "nested",
                                DataTypes.ARRAY(
                                        DataTypes.ROW(new DataField(0, "x", DataTypes.DATE()))))),
                "ROW<`we``ird name` DECIMAL(5, 1) NOT NULL, `nested` ARRAY<ROW<`x` DATE>>>");
        types.put(DataTypes.ROW(), "ROW<>");
        return types;
    }

    @Test
    void toStringOfEveryType() {
        allTypes().forEach((type, text) -> assertThat(type.toString()).isEqualTo(text));
    }

    @Test
    void parseOfToStringGivesTheType() {
        allTypes()
                .forEach(
                        (type, text) -> {
                            assertThat(DataTypes.parse(type.toString())).as(text).isEqualTo(type);
                            assertThat(DataTypes.parse(text)).as(text).isEqualTo(type);
                        });
    }

    @Test
    void typeTextDropsNotNull() {
        assertThat(DataTypes.INT().notNull().typeText()).isEqualTo("INT");
        assertThat(DataTypes.INT().notNull().isNullable()).isFalse();
        assertThat(DataTypes.INT().isNullable()).isTrue();
    }

    @Test
    void parseAcceptsSynonymsAndDefaults() {
        assertThat(DataTypes.parse("INTEGER")).isEqualTo(DataTypes.INT());
        assertThat(DataTypes.parse("DECIMAL")).isEqualTo(DataTypes.DECIMAL(10, 0));
        assertThat(DataTypes.parse("DECIMAL(7)")).isEqualTo(DataTypes.DECIMAL(7, 0));
        assertThat(DataTypes.parse("NUMERIC(12,3)")).isEqualTo(DataTypes.DECIMAL(12, 3));
        assertThat(DataTypes.parse("TIMESTAMP")).isEqualTo(DataTypes.TIMESTAMP(6));
        assertThat(DataTypes.parse("TIMESTAMP(3) WITHOUT TIME ZONE"))
                .isEqualTo(DataTypes.TIMESTAMP(3));
        assertThat(DataTypes.parse("TIMESTAMP_LTZ(3)")).isEqualTo(DataTypes.TIMESTAMP_LTZ(3));
        assertThat(DataTypes.parse("TIMESTAMP WITH LOCAL TIME ZONE"))
                .isEqualTo(DataTypes.TIMESTAMP_LTZ(6));
        assertThat(DataTypes.parse("DOUBLE PRECISION")).isEqualTo(DataTypes.DOUBLE());
        assertThat(DataTypes.parse("INT NULL")).isEqualTo(DataTypes.INT());
        assertThat(DataTypes.parse("ROW<a INT>"))
                .isEqualTo(DataTypes.ROW(new DataField(0, "a", DataTypes.INT())));
    }

    @Test
    void parseIsCaseInsensitive() {
        assertThat(DataTypes.parse("int not null")).isEqualTo(DataTypes.INT().notNull());
        assertThat(DataTypes.parse("Integer")).isEqualTo(DataTypes.INT());
        assertThat(DataTypes.parse("decimal(10, 2)")).isEqualTo(DataTypes.DECIMAL(10, 2));
        assertThat(DataTypes.parse("timestamp(3) with local time zone"))
                .isEqualTo(DataTypes.TIMESTAMP_LTZ(3));
        assertThat(DataTypes.parse("map<string, array<bigint>>"))
                .isEqualTo(DataTypes.MAP(DataTypes.STRING(), DataTypes.ARRAY(DataTypes.BIGINT())));
        assertThat(DataTypes.parse("  varchar( 5 )  ")).isEqualTo(DataTypes.VARCHAR(5));
    }

    @Test
    void parseRefusesUnknownType() {
        assertThatThrownBy(() -> DataTypes.parse("FOO"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("FOO");
        assertThatThrownBy(() -> DataTypes.parse("ARRAY<FOO>"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("unknown type 'FOO'");
    }

    @Test
    void parseRefusesDecimalBeyond38Digits() {
        assertThatThrownBy(() -> DataTypes.parse("DECIMAL(40, 2)"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("DECIMAL(40, 2)");
        assertThatThrownBy(() -> DataTypes.parse("DECIMAL(5, 6)"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("DECIMAL(5, 6)");
    }

    @Test
    void parseRefusesTimestampPrecisionAboveNine() {
        assertThatThrownBy(() -> DataTypes.parse("TIMESTAMP(10)"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("TIMESTAMP(10)");
        assertThatThrownBy(() -> DataTypes.parse("TIMESTAMP(10) WITH LOCAL TIME ZONE"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("(10)");
    }

    @Test
    void parseRefusesMalformedText() {
        assertThatThrownBy(() -> DataTypes.parse("ARRAY<INT"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("ARRAY<INT")
                .hasMessageContaining("unexpected end");
        assertThatThrownBy(() -> DataTypes.parse("INT INT"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("unexpected 'INT'");
        assertThatThrownBy(() -> DataTypes.parse("MAP<INT>"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("',' expected");
        assertThatThrownBy(() -> DataTypes.parse("VARCHAR(x)"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("a number expected but 'x' found");
        assertThatThrownBy(() -> DataTypes.parse("ROW<`a INT>"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("unterminated");
        assertThatThrownBy(() -> DataTypes.parse("")).isInstanceOf(IllegalArgumentException.class);
    }
}
