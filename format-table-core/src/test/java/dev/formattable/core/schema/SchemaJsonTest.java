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
import dev.formattable.core.types.DataTypes;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The JSON form of Paimon's schema files, written and read. */
class SchemaJsonTest {

    static TableSchema sample() {
        return new TableSchema(
                List.of(
                        new DataField(0, "id", DataTypes.BIGINT().notNull()),
                        new DataField(1, "price", DataTypes.DECIMAL(10, 2), "in euros"),
                        new DataField(2, "tags", DataTypes.ARRAY(DataTypes.STRING().notNull())),
                        new DataField(
                                3,
                                "attrs",
                                DataTypes.MAP(DataTypes.STRING().notNull(), DataTypes.INT())),
                        new DataField(
                                4,
                                "point",
                                DataTypes.ROW(
                                        new DataField(0, "x", DataTypes.DOUBLE()),
                                        new DataField(1, "y", DataTypes.DOUBLE()))),
                        new DataField(5, "ts", DataTypes.TIMESTAMP_LTZ(3)),
                        new DataField(6, "dt", DataTypes.DATE())),
                List.of("dt"),
                List.of(),
                Map.of("type", "format-table", "file.format", "orc"),
                "orders");
    }

    @Test
    void writesPaimonsForm() {
        String json = SchemaJson.toJson(sample(), 0, 1700000000000L);

        assertThat(json)
                .contains("\"version\" : 3")
                .contains("\"type\" : \"BIGINT NOT NULL\"")
                .contains("\"type\" : \"DECIMAL(10, 2)\"")
                .contains("\"element\" : \"STRING NOT NULL\"")
                .contains("\"type\" : \"TIMESTAMP(3) WITH LOCAL TIME ZONE\"")
                .contains("\"partitionKeys\" : [ \"dt\" ]")
                .contains("\"primaryKeys\" : [ ]")
                .contains("\"highestFieldId\" : 8")
                .contains("\"timeMillis\" : 1700000000000");
    }

    @Test
    void readsWhatItWrites() {
        TableSchema read = SchemaJson.fromJson(SchemaJson.toJson(sample(), 4, 1L));

        assertThat(read.fieldNames()).isEqualTo(sample().fieldNames());
        for (int i = 0; i < read.fields().size(); i++) {
            assertThat(read.fields().get(i).type().toString())
                    .isEqualTo(sample().fields().get(i).type().toString());
        }
        assertThat(read.partitionKeys()).containsExactly("dt");
        assertThat(read.options()).containsEntry("file.format", "orc");
        assertThat(read.comment()).isEqualTo("orders");
        assertThat(read.fields().get(1).description()).isEqualTo("in euros");
        assertThat(SchemaJson.idOf(SchemaJson.toJson(sample(), 4, 1L))).isEqualTo(4);
    }

    @Test
    void readsASchemaFileAsPaimonWritesIt() {
        String paimon =
                "{\n  \"version\" : 3,\n  \"id\" : 1,\n  \"fields\" : [ {\n    \"id\" : 0,\n"
                        + "    \"name\" : \"a\",\n    \"type\" : \"INT NOT NULL\"\n  }, {\n"
                        + "    \"id\" : 1,\n    \"name\" : \"m\",\n    \"type\" : {\n"
                        + "      \"type\" : \"MAP NOT NULL\",\n      \"key\" : \"STRING NOT NULL\",\n"
                        + "      \"value\" : {\n        \"type\" : \"ROW\",\n        \"fields\" : [ {\n"
                        + "          \"id\" : 3,\n          \"name\" : \"f\",\n"
                        + "          \"type\" : \"VARCHAR(5)\"\n        } ]\n      }\n    }\n  } ],\n"
                        + "  \"highestFieldId\" : 3,\n  \"partitionKeys\" : [ ],\n"
                        + "  \"primaryKeys\" : [ ],\n  \"options\" : {\n"
                        + "    \"type\" : \"format-table\"\n  },\n  \"timeMillis\" : 1\n}";

        TableSchema schema = SchemaJson.fromJson(paimon);

        assertThat(schema.fields().get(1).type().toString())
                .isEqualTo("MAP<STRING NOT NULL, ROW<`f` VARCHAR(5)>> NOT NULL");
        assertThat(schema.options()).containsEntry("type", "format-table");
    }

    @Test
    void refusesWhatIsNotASchemaFile() {
        assertThatThrownBy(() -> SchemaJson.fromJson("[1, 2]")).hasMessageContaining("no 'fields'");
        assertThatThrownBy(() -> SchemaJson.fromJson("{ nope"))
                .hasMessageContaining("Not a schema file");
    }
}
