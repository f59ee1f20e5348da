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
package dev.formattable.sqljar.rest;

import dev.formattable.core.metastore.MetastoreFactory;
import dev.formattable.core.metastore.Metastores;
import dev.formattable.rest.testutils.RestCatalogExtension;
import dev.formattable.testing.MiniClusters;
import dev.formattable.testing.SqlStatements;

import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.test.junit5.MiniClusterExtension;

import org.apache.paimon.catalog.Catalog;
import org.apache.paimon.catalog.Identifier;
import org.apache.paimon.table.FormatTable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.io.IOException;
import java.net.URI;
import java.net.URL;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A catalog with {@code 'metastore'='rest'} on the class path a user's lib/ gives: the SQL
 * connector jar of the newest Flink line, this jar, Flink and Hadoop, and beside them Paimon under
 * its own names (the REST server of the test runs on it, as a user's Paimon connector would sit in
 * lib/). The catalog talks to the server through the relocated client of this jar.
 */
class RestSqlJarRoundTripITCase {

    @RegisterExtension static final MiniClusterExtension MINI_CLUSTER = MiniClusters.of(2);

    @RegisterExtension static final RestCatalogExtension REST = new RestCatalogExtension();

    private static final Path REST_JAR = Path.of(System.getProperty("restjar.path"));
    private static final Path SQL_JAR = Path.of(System.getProperty("sqljar.path"));

    private static final String RELOCATED_API =
            "dev.formattable.shaded.rest.org.apache.paimon.rest.RESTApi";

    /** The premise of the round trip: which jar each part comes from. */
    @Test
    void theClassPathHasTheTwoJarsInsteadOfTheModules() throws Exception {
        assertThat(locations("dev/formattable/rest/RestMetastoreFactory.class"))
                .singleElement()
                .asString()
                .contains(REST_JAR.getFileName() + "!");
        assertThat(locations("dev/formattable/core/metastore/MetastoreFactory.class"))
                .singleElement()
                .asString()
                .contains(SQL_JAR.getFileName() + "!");
        // Paimon under its own name is the test's REST server, and nothing of ours.
        assertThat(locations("org/apache/paimon/rest/RESTApi.class"))
                .singleElement()
                .asString()
                .contains("paimon-bundle-");

        MetastoreFactory factory =
                Metastores.factory("rest", Thread.currentThread().getContextClassLoader());
        assertThat(codeSource(factory.getClass())).isEqualTo(REST_JAR);
    }

    @Test
    void aPartitionedTableRoundTripsThroughTheCatalog() throws Exception {
        TableEnvironment env = TableEnvironment.create(EnvironmentSettings.inBatchMode());
        env.getConfig().set("table.exec.resource.default-parallelism", "1");
        StringBuilder create = new StringBuilder("CREATE CATALOG r WITH ('type'='format-table'");
        REST.catalogOptions()
                .forEach(
                        (k, v) ->
                                create.append(", '").append(k).append("'='").append(v).append("'"));
        SqlStatements.exec(env, create.append(")").toString());
        env.useCatalog("r");
        SqlStatements.exec(env, "CREATE DATABASE sqljar");
        env.useDatabase("sqljar");
        SqlStatements.exec(
                env,
                "CREATE TABLE orders (id BIGINT, name STRING, dt STRING) PARTITIONED BY (dt)"
                        + " WITH ('file.format'='csv')");
        SqlStatements.exec(
                env, "INSERT INTO orders VALUES (1, 'a', 'd1'), (2, 'b', 'd1'), (3, 'c', 'd2')");
        assertThat(SqlStatements.query(env, "SELECT id, name, dt FROM orders"))
                .containsExactlyInAnyOrder("+I[1, a, d1]", "+I[2, b, d1]", "+I[3, c, d2]");

        // Paimon, under its own names, finds the same format table in the catalog.
        try (Catalog paimon = REST.paimonCatalog()) {
            FormatTable table =
                    (FormatTable) paimon.getTable(Identifier.create("sqljar", "orders"));
            assertThat(table.partitionKeys()).containsExactly("dt");
            assertThat(Path.of(URI.create(table.location()).getPath()).resolve("dt=d1"))
                    .isDirectory();
        }

        // The client that did all this is the relocated one, from this jar.
        assertThat(codeSource(Class.forName(RELOCATED_API))).isEqualTo(REST_JAR);

        SqlStatements.exec(env, "DROP TABLE orders");
        assertThat(SqlStatements.query(env, "SHOW TABLES")).isEmpty();
    }

    private static List<URL> locations(String resource) throws IOException {
        return Collections.list(
                RestSqlJarRoundTripITCase.class.getClassLoader().getResources(resource));
    }

    private static Path codeSource(Class<?> c) throws Exception {
        return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI());
    }
}
