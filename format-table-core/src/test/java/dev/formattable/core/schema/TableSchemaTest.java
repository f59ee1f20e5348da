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
package dev.formattable.core.schema;

import dev.formattable.core.types.DataField;
import dev.formattable.core.types.DataType;
import dev.formattable.core.types.DataTypes;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class TableSchemaTest {

    private static DataField field(int id, String name, DataType type) {
        return new DataField(id, name, type);
    }

    /** A table with a partition column {@code p} of the given type and a data column {@code v}. */
    private static TableSchema partitionedBy(DataType type) {
        return new TableSchema(
                List.of(field(0, "p", type), field(1, "v", DataTypes.STRING())),
                List.of("p"),
                Map.of());
    }

    @Test
    void acceptsAValidSchema() {
        TableSchema schema =
                new TableSchema(
                        List.of(
                                field(0, "dt", DataTypes.DATE()),
                                field(1, "h", DataTypes.INT()),
                                field(2, "v", DataTypes.STRING())),
                        List.of("dt", "h"),
                        Map.of("type", "format-table"));
        assertThat(schema.validate()).isSameAs(schema);
        assertThat(schema.dataFields()).extracting(DataField::name).containsExactly("v");
        assertThat(schema.fieldNames()).containsExactly("dt", "h", "v");
    }

    @Test
    void acceptsUnpartitionedSchema() {
        TableSchema schema =
                new TableSchema(List.of(field(0, "v", DataTypes.STRING())), List.of(), Map.of());
        assertThat(schema.validate()).isSameAs(schema);
    }

    @Test
    void refusesDuplicateColumn() {
        TableSchema schema =
                new TableSchema(
                        List.of(field(0, "a", DataTypes.INT()), field(1, "a", DataTypes.STRING())),
                        List.of(),
                        Map.of());
        assertThatThrownBy(schema::validate)
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("Column 'a' is declared more than once");
    }

    @Test
    void refusesNoColumns() {
        TableSchema schema = new TableSchema(List.of(), List.of(), Map.of());
        assertThatThrownBy(schema::validate)
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("at least one column");
    }

    @Test
    void refusesPrimaryKey() {
        TableSchema schema =
                new TableSchema(
                        List.of(field(0, "id", DataTypes.INT()), field(1, "v", DataTypes.STRING())),
                        List.of(),
                        List.of("id"),
                        Map.of(),
                        null);
        assertThatThrownBy(schema::validate)
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("cannot have a primary key (id)");
    }

    @Test
    void refusesPartitionKeyThatIsNotAColumn() {
        TableSchema schema =
                new TableSchema(
                        List.of(field(0, "a", DataTypes.INT()), field(1, "v", DataTypes.STRING())),
                        List.of("x"),
                        Map.of());
        assertThatThrownBy(schema::validate)
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("Partition key 'x' is not a column; the columns are [a, v]");
    }

    @Test
    void refusesRepeatedPartitionKey() {
        TableSchema schema =
                new TableSchema(
                        List.of(field(0, "a", DataTypes.INT()), field(1, "v", DataTypes.STRING())),
                        List.of("a", "a"),
                        Map.of());
        assertThatThrownBy(schema::validate)
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("Partition key 'a' is given more than once");
    }

    @Test
    void refusesBytesPartitionColumn() {
        assertThatThrownBy(() -> partitionedBy(DataTypes.BYTES()).validate())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("Partition column 'p' has type BYTES");
    }

    @Test
    void refusesArrayPartitionColumn() {
        assertThatThrownBy(() -> partitionedBy(DataTypes.ARRAY(DataTypes.INT())).validate())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("Partition column 'p' has type ARRAY<INT>");
    }

    @Test
    void refusesTimestampLtzPartitionColumn() {
        assertThatThrownBy(() -> partitionedBy(DataTypes.TIMESTAMP_LTZ(3)).validate())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(
                        "Partition column 'p' has type TIMESTAMP(3) WITH LOCAL TIME ZONE");
    }

    @Test
    void refusesEveryColumnAsPartitionColumn() {
        TableSchema schema =
                new TableSchema(
                        List.of(field(0, "a", DataTypes.INT()), field(1, "b", DataTypes.STRING())),
                        List.of("a", "b"),
                        Map.of());
        assertThatThrownBy(schema::validate)
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("Every column is a partition column (a, b)");
    }

    @Test
    void acceptsEverySupportedPartitionType() {
        List<DataType> supported =
                List.of(
                        DataTypes.BOOLEAN(),
                        DataTypes.TINYINT(),
                        DataTypes.SMALLINT(),
                        DataTypes.INT(),
                        DataTypes.BIGINT(),
                        DataTypes.FLOAT(),
                        DataTypes.DOUBLE(),
                        DataTypes.DECIMAL(10, 2),
                        DataTypes.CHAR(3),
                        DataTypes.STRING(),
                        DataTypes.DATE(),
                        DataTypes.TIMESTAMP(3),
                        DataTypes.INT().notNull());
        for (DataType type : supported) {
            TableSchema schema = partitionedBy(type);
            assertThat(schema.validate()).as(type.toString()).isSameAs(schema);
        }
    }

    @Test
    void fieldLookupNamesTheColumns() {
        TableSchema schema = partitionedBy(DataTypes.INT());
        assertThat(schema.field("p").type()).isEqualTo(DataTypes.INT());
        assertThatThrownBy(() -> schema.field("zz"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("Column 'zz' does not exist; the columns are [p, v]");
    }
}
