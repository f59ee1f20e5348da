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
package dev.formattable.flink.format.orc;

import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.types.DataType;
import org.apache.flink.table.types.logical.RowType;

import org.apache.orc.TypeDescription;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The ORC type of each Flink type. */
class OrcTypesTest {

    @Test
    void everySupportedTypeHasItsOrcType() {
        assertThat(orc(DataTypes.BOOLEAN())).isEqualTo("boolean");
        assertThat(orc(DataTypes.TINYINT())).isEqualTo("tinyint");
        assertThat(orc(DataTypes.SMALLINT())).isEqualTo("smallint");
        assertThat(orc(DataTypes.INT())).isEqualTo("int");
        assertThat(orc(DataTypes.BIGINT())).isEqualTo("bigint");
        assertThat(orc(DataTypes.FLOAT())).isEqualTo("float");
        assertThat(orc(DataTypes.DOUBLE())).isEqualTo("double");
        assertThat(orc(DataTypes.DECIMAL(38, 10))).isEqualTo("decimal(38,10)");
        assertThat(orc(DataTypes.DECIMAL(5, 5))).isEqualTo("decimal(5,5)");
        assertThat(orc(DataTypes.DECIMAL(1, 0))).isEqualTo("decimal(1,0)");
        assertThat(orc(DataTypes.DECIMAL(38, 38))).isEqualTo("decimal(38,38)");
        assertThat(orc(DataTypes.CHAR(7))).isEqualTo("char(7)");
        assertThat(orc(DataTypes.VARCHAR(30))).isEqualTo("varchar(30)");
        assertThat(orc(DataTypes.STRING())).isEqualTo("string");
        assertThat(orc(DataTypes.BINARY(16))).isEqualTo("binary");
        assertThat(orc(DataTypes.VARBINARY(16))).isEqualTo("binary");
        assertThat(orc(DataTypes.BYTES())).isEqualTo("binary");
        assertThat(orc(DataTypes.DATE())).isEqualTo("date");
        assertThat(orc(DataTypes.TIME(3))).isEqualTo("int");
        assertThat(orc(DataTypes.TIMESTAMP(9))).isEqualTo("timestamp");
        assertThat(orc(DataTypes.TIMESTAMP(3))).isEqualTo("timestamp");
        assertThat(orc(DataTypes.TIMESTAMP_LTZ(6))).isEqualTo("timestamp with local time zone");
        assertThat(orc(DataTypes.ARRAY(DataTypes.INT().notNull()))).isEqualTo("array<int>");
        assertThat(orc(DataTypes.MAP(DataTypes.STRING(), DataTypes.INT())))
                .isEqualTo("map<string,int>");
    }

    @Test
    void fieldNamesAreTheColumnNamesAsSpelled() {
        RowType table =
                (RowType)
                        DataTypes.ROW(
                                        DataTypes.FIELD("Id", DataTypes.INT()),
                                        DataTypes.FIELD("with space", DataTypes.STRING()),
                                        DataTypes.FIELD(
                                                "Nested",
                                                DataTypes.ROW(
                                                        DataTypes.FIELD(
                                                                "innerName", DataTypes.DATE()))))
                                .getLogicalType();
        TypeDescription schema = OrcTypes.toOrcSchema(table);

        assertThat(schema.getFieldNames()).containsExactly("Id", "with space", "Nested");
        assertThat(schema.getChildren().get(2).getFieldNames()).containsExactly("innerName");
        // The printed form quotes what needs quoting and parses back to the same names.
        assertThat(TypeDescription.fromString(schema.toString()).getFieldNames())
                .containsExactly("Id", "with space", "Nested");
    }

    @Test
    void unsupportedTypesAreRefusedNamingTheColumn() {
        RowType nested =
                (RowType)
                        DataTypes.ROW(
                                        DataTypes.FIELD(
                                                "outer",
                                                DataTypes.ROW(
                                                        DataTypes.FIELD(
                                                                "when",
                                                                DataTypes.INTERVAL(
                                                                        DataTypes.DAY())))))
                                .getLogicalType();
        assertThatThrownBy(() -> OrcTypes.toOrcSchema(nested))
                .isInstanceOf(UnsupportedOperationException.class)
                .hasMessageContaining("INTERVAL")
                .hasMessageContaining("'outer.when'");
    }

    private static String orc(DataType type) {
        return OrcTypes.toOrcType(type.getLogicalType()).toString();
    }
}
