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
package dev.formattable.sqljar;

import org.apache.flink.table.api.TableEnvironment;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The jar loaded into a SQL session with {@code ADD JAR}: its classes then come from the session's
 * user class loader, which Flink ships to the cluster with the job. The class path has Flink,
 * Hadoop and Flink's format jars but not the connector, as on a cluster whose lib/ lacks it
 * (failsafe runs the "add-jar" tests without the packaged jar: see this module's pom).
 */
@Tag("add-jar")
class SqlJarAddJarITCase extends SqlJarTestBase {

    @TempDir Path dir;

    @Test
    void withoutTheJarNoFormatTableConnectorIsFound() {
        assertThat(
                        getClass()
                                .getClassLoader()
                                .getResource(
                                        "dev/formattable/flink/table/FormatTableDynamicTableFactory.class"))
                .isNull();
        TableEnvironment env = batchEnv();
        exec(
                env,
                "CREATE TABLE t (id INT) WITH ('connector'='format-table', 'path'='" + dir + "')");
        assertThatThrownBy(() -> exec(env, "INSERT INTO t VALUES (1)"))
                .hasStackTraceContaining(
                        "Could not find any factory for identifier 'format-table'");
    }

    @Test
    void addJarBringsTheConnectorAndTheCatalog() {
        TableEnvironment env = batchEnv();
        exec(env, "ADD JAR '" + SQL_JAR + "'");

        // orc (zstd by default), partitioned.
        exec(
                env,
                "CREATE TABLE o (id INT, s STRING, k STRING) PARTITIONED BY (k) WITH ("
                        + "'connector'='format-table', 'path'='"
                        + dir.resolve("o")
                        + "', 'file.format'='orc')");
        exec(env, "INSERT INTO o VALUES (1, 'a', 'x'), (2, 'b', 'y')");
        assertThat(query(env, "SELECT * FROM o")).containsExactly("+I[1, a, x]", "+I[2, b, y]");

        // parquet with zstd.
        exec(
                env,
                "CREATE TABLE p (id INT, s STRING) WITH ('connector'='format-table', 'path'='"
                        + dir.resolve("p")
                        + "', 'file.compression'='zstd')");
        exec(env, "INSERT INTO p VALUES (3, 'c')");
        assertThat(query(env, "SELECT * FROM p")).containsExactly("+I[3, c]");

        // The catalog, whose schema files go through the relocated Jackson.
        exec(
                env,
                "CREATE CATALOG lake WITH ('type'='format-table', 'warehouse'='"
                        + dir.resolve("lake")
                        + "')");
        exec(env, "CREATE TABLE lake.`default`.n (id INT, d DOUBLE)");
        exec(env, "INSERT INTO lake.`default`.n VALUES (4, 0.5)");
        assertThat(query(env, "SELECT * FROM lake.`default`.n")).containsExactly("+I[4, 0.5]");
    }
}
