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
package dev.formattable.flink.catalog;

import dev.formattable.flink.testutils.FlinkTestBase;

import org.apache.flink.table.api.TableEnvironment;

import org.apache.paimon.fs.local.LocalFileIO;
import org.apache.paimon.schema.Schema;
import org.apache.paimon.schema.SchemaManager;
import org.apache.paimon.schema.TableSchema;
import org.apache.paimon.types.DataField;
import org.apache.paimon.types.DataTypes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Schema files our catalog writes are read by Paimon's own {@code SchemaManager}, and a table whose
 * schema Paimon wrote is opened by our catalog; CREATE TABLE AS SELECT is atomic.
 */
class CatalogInteropITCase extends FlinkTestBase {

    @TempDir Path warehouse;

    private TableEnvironment session() {
        TableEnvironment env = batchEnv();
        exec(
                env,
                "CREATE CATALOG ft WITH ('type'='format-table', 'warehouse'='" + warehouse + "')");
        env.useCatalog("ft");
        return env;
    }

    @Test
    void paimonReadsTheSchemaWeWrite() {
        TableEnvironment env = session();
        exec(
                env,
                "CREATE TABLE t (id BIGINT NOT NULL, tags ARRAY<STRING>, price DECIMAL(10, 2),"
                        + " dt DATE) PARTITIONED BY (dt) WITH ('file.format'='orc')");

        TableSchema schema =
                new SchemaManager(
                                LocalFileIO.create(),
                                new org.apache.paimon.fs.Path(
                                        warehouse.resolve("default.db/t").toString()))
                        .latest()
                        .orElseThrow();

        assertThat(schema.id()).isZero();
        assertThat(schema.fields().stream().map(DataField::toString).collect(Collectors.toList()))
                .containsExactly(
                        "`id` BIGINT NOT NULL",
                        "`tags` ARRAY<STRING>",
                        "`price` DECIMAL(10, 2)",
                        "`dt` DATE");
        assertThat(schema.partitionKeys()).containsExactly("dt");
        assertThat(schema.primaryKeys()).isEmpty();
        assertThat(schema.options())
                .containsEntry("type", "format-table")
                .containsEntry("file.format", "orc");
    }

    @Test
    void weOpenATableWhoseSchemaPaimonWrote() throws Exception {
        new SchemaManager(
                        LocalFileIO.create(),
                        new org.apache.paimon.fs.Path(
                                warehouse.resolve("default.db/theirs").toString()))
                .createTable(
                        Schema.newBuilder()
                                .column("a", DataTypes.INT())
                                .column("s", DataTypes.STRING())
                                .column("k", DataTypes.STRING())
                                .partitionKeys("k")
                                .option("type", "format-table")
                                .option("file.format", "parquet")
                                .build());
        TableEnvironment env = session();

        exec(env, "INSERT INTO theirs VALUES (1, 'x', 'p'), (2, 'y', 'q')");

        assertThat(query(env, "SELECT * FROM theirs WHERE k = 'q'")).containsExactly("+I[2, y, q]");
        assertThat(query(env, "SHOW PARTITIONS theirs")).containsExactly("+I[k=p]", "+I[k=q]");
    }

    @Test
    void createTableAsSelectAppearsOnlyWhenItsJobSucceeds() {
        TableEnvironment env = session();
        env.getConfig().set("table.rtas-ctas.atomicity-enabled", "true");

        exec(
                env,
                "CREATE TABLE good WITH ('file.format'='parquet') AS SELECT * FROM (VALUES (1,"
                        + " 'a'), (2, 'b')) AS v(id, s)");
        assertThat(query(env, "SELECT * FROM good")).containsExactly("+I[1, a]", "+I[2, b]");

        assertThatThrownBy(
                        () ->
                                exec(
                                        env,
                                        // Fails while running: 'a' is no INT.
                                        "CREATE TABLE bad AS SELECT id, CAST(s AS INT) AS n FROM"
                                                + " good"))
                .isInstanceOf(RuntimeException.class);
        assertThat(query(env, "SHOW TABLES")).containsExactly("+I[good]");
        assertThat(warehouse.resolve("default.db/bad")).doesNotExist();
    }
}
