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
package dev.formattable.core.metastore;

import dev.formattable.core.fs.LocalFileIO;
import dev.formattable.core.fs.Path;
import dev.formattable.core.schema.TableSchema;
import dev.formattable.core.types.DataField;
import dev.formattable.core.types.DataTypes;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class FileSystemMetastoreTest {

    @TempDir java.nio.file.Path dir;

    private FileSystemMetastore metastore() {
        return new FileSystemMetastore(new LocalFileIO(), Path.of(dir.toString()));
    }

    private static TableSchema schema(String... columns) {
        List<DataField> fields = new ArrayList<>();
        for (int i = 0; i < columns.length; i++) {
            fields.add(new DataField(i, columns[i], DataTypes.INT()));
        }
        return new TableSchema(
                fields,
                List.of(),
                List.of(),
                Map.of("type", "format-table", "file.format", "csv"),
                null);
    }

    @Test
    void databasesAreDirectoriesWithTheirPropertiesAndComment() throws IOException {
        FileSystemMetastore m = metastore();
        assertThat(m.databases()).isEmpty();
        assertThat(m.createDatabase("sales", Map.of("owner", "ann"), "the sales")).isTrue();
        assertThat(m.createDatabase("sales", Map.of(), null)).isFalse();
        assertThat(Files.isDirectory(dir.resolve("sales.db"))).isTrue();
        MetastoreDatabase db = m.database("sales").orElseThrow();
        assertThat(db.properties()).isEqualTo(Map.of("owner", "ann"));
        assertThat(db.comment()).isEqualTo("the sales");
        m.alterDatabase("sales", Map.of("owner", "bob"), null);
        assertThat(m.database("sales").orElseThrow().properties())
                .isEqualTo(Map.of("owner", "bob"));
        assertThat(m.databases()).containsExactly("sales");
        m.dropDatabase("sales");
        assertThat(m.database("sales")).isEmpty();
    }

    @Test
    void tablesKeepTheirSchemaUnderTheirLocation() throws IOException {
        FileSystemMetastore m = metastore();
        m.createDatabase("db", Map.of(), null);
        assertThat(m.createTable("db", "t", schema("a"))).isTrue();
        assertThat(m.createTable("db", "t", schema("b"))).isFalse();
        MetastoreTable t = m.table("db", "t").orElseThrow();
        assertThat(t.refusal()).isEmpty();
        assertThat(t.location().toString()).endsWith("/db.db/t");
        assertThat(t.schema().fieldNames()).containsExactly("a");
        assertThat(Files.exists(dir.resolve("db.db/t/schema/schema-0"))).isTrue();
        assertThat(m.keepsMetadataUnderLocation()).isTrue();

        m.alterTable("db", "t", s -> schema("a", "c"));
        assertThat(m.table("db", "t").orElseThrow().schema().fieldNames())
                .containsExactly("a", "c");
        assertThat(m.tables("db")).containsExactly("t");

        assertThat(m.dropTable("db", "t")).isTrue();
        assertThat(m.dropTable("db", "t")).isFalse();
        assertThat(m.table("db", "t")).isEmpty();
        assertThat(Files.exists(dir.resolve("db.db/t"))).isFalse();
    }

    @Test
    void anAlterOfAVanishedTableFails() {
        assertThatThrownBy(() -> metastore().alterTable("db", "gone", s -> s))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("gone");
    }

    @Test
    void aRefusedTableNamesWhyWhenItsSchemaIsAsked() {
        MetastoreTable t = MetastoreTable.refused("db", "v", "it is a view");
        assertThat(t.refusal()).contains("it is a view");
        assertThatThrownBy(t::schema)
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("db.v")
                .hasMessageContaining("it is a view");
    }
}
