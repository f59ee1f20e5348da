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
package dev.formattable.core.scan;

import dev.formattable.core.FormatTable;
import dev.formattable.core.fs.LocalFileIO;
import dev.formattable.core.fs.Path;
import dev.formattable.core.schema.TableSchema;
import dev.formattable.core.testutils.TestTables;
import dev.formattable.core.types.DataTypes;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A catalog that keeps its schema under the table makes {@code schema} and {@code branch} at the
 * root metadata; a table opened without a catalog treats them as data.
 */
class MetadataDirectoriesTest {

    @TempDir java.nio.file.Path dir;

    private final LocalFileIO io = new LocalFileIO();

    private FormatTable catalogTable(TableSchema schema) {
        return FormatTable.openWithMetadataUnderLocation(
                io, Path.of(dir.toString()), schema, Map.of());
    }

    private void file(String relative, String content) throws IOException {
        java.nio.file.Path p = dir.resolve(relative);
        Files.createDirectories(p.getParent());
        Files.writeString(p, content + "\n");
    }

    @Test
    void unpartitionedScanSkipsTheSchemaDirectory() throws IOException {
        file("schema/schema-0", "{}");
        file("branch/branch-x/schema/schema-0", "{}");
        file("data-1.parquet", "row");
        TableSchema schema = TestTables.schema(Map.of());

        assertThat(TestTables.readAll(catalogTable(schema))).containsExactly("[]|row");
        // Without a catalog, they are ordinary subdirectories holding data.
        assertThat(TestTables.table(io, dir, schema).newScan().plan().splits()).hasSize(3);
    }

    @Test
    void valueOnlyPartitionsNamedLikeMetadataAreReservedForCatalogTables() throws IOException {
        file("schema/schema-0", "{}");
        file("a/data-1.parquet", "row");
        TableSchema schema =
                TestTables.schema(
                        Map.of("format-table.partition-path-only-value", "true"),
                        "k",
                        DataTypes.STRING());
        FormatTable table = catalogTable(schema);

        assertThat(TestTables.readAll(table)).containsExactly("[a]|row");
        assertThatThrownBy(() -> TestTables.write(table, List.of("schema"), "x"))
                .hasMessageContaining("Partition value 'schema' of column 'k'")
                .hasMessageContaining("metadata");
        assertThatThrownBy(() -> table.newCommit().overwrite(Map.of("k", "branch"), List.of()))
                .hasMessageContaining("Partition value 'branch'");

        // An overwrite never touches the metadata.
        table.newCommit().overwrite(Map.of(), TestTables.write(table, List.of("b"), "new"));
        assertThat(dir.resolve("schema/schema-0")).exists();

        FormatTable plain = TestTables.table(io, dir, schema);
        assertThat(TestTables.readAll(plain)).contains("[schema]|{}");
    }
}
