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
package dev.formattable.sqljar.hive;

import dev.formattable.hive.testutils.HiveMetastoreExtension;
import dev.formattable.testing.MiniClusters;
import dev.formattable.testing.SqlStatements;

import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.test.junit5.MiniClusterExtension;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Both jars loaded into a SQL session with {@code ADD JAR}: the SQL connector jar and this one,
 * whose classes then come from the session's user class loader, as on a cluster whose lib/ has
 * neither. failsafe runs the "add-jar" tests without either jar on the class path (see this
 * module's pom); the metastore server is Hive's own, as in {@link HiveSqlJarRoundTripITCase}.
 *
 * <p>Hive loads the plug-ins its configuration names (its filter hook) through the HiveConf's class
 * loader, which HiveMetastoreFactory sets to its own: the thread's context class loader, while
 * Flink creates a catalog, is the class path's, not the session's.
 */
@Tag("add-jar")
class HiveSqlJarAddJarITCase {

    @RegisterExtension static final MiniClusterExtension MINI_CLUSTER = MiniClusters.of(2);

    @RegisterExtension static final HiveMetastoreExtension HMS = new HiveMetastoreExtension();

    @TempDir Path warehouse;

    @Test
    void addJarOfBothJarsBringsTheHiveCatalog() throws Exception {
        ClassLoader classPath = getClass().getClassLoader();
        assertThat(classPath.getResource("dev/formattable/hive/HiveMetastoreFactory.class"))
                .isNull();
        assertThat(classPath.getResource("dev/formattable/flink/catalog/FormatTableCatalog.class"))
                .isNull();

        TableEnvironment env = TableEnvironment.create(EnvironmentSettings.inBatchMode());
        env.getConfig().set("table.exec.resource.default-parallelism", "1");
        SqlStatements.exec(env, "ADD JAR '" + System.getProperty("sqljar.path") + "'");
        SqlStatements.exec(env, "ADD JAR '" + System.getProperty("hivejar.path") + "'");
        SqlStatements.exec(
                env,
                "CREATE CATALOG h WITH ('type'='format-table', 'metastore'='hive', 'uri'='"
                        + HiveMetastoreExtension.uri()
                        + "', 'warehouse'='"
                        + warehouse.toUri()
                        + "')");
        env.useCatalog("h");
        SqlStatements.exec(env, "CREATE DATABASE addjar");
        env.useDatabase("addjar");
        SqlStatements.exec(
                env,
                "CREATE TABLE events (id INT, dt STRING) PARTITIONED BY (dt)"
                        + " WITH ('file.format'='orc')");
        SqlStatements.exec(env, "INSERT INTO events VALUES (1, 'd1'), (2, 'd2')");

        assertThat(SqlStatements.query(env, "SELECT id, dt FROM events"))
                .containsExactly("+I[1, d1]", "+I[2, d2]");
        List<String> partitions =
                new ArrayList<>(HMS.client().listPartitionNames("addjar", "events", (short) -1));
        Collections.sort(partitions);
        assertThat(partitions).containsExactly("dt=d1", "dt=d2");
        assertThat(HMS.client().getTable("addjar", "events").getSd().getInputFormat())
                .isEqualTo("org.apache.hadoop.hive.ql.io.orc.OrcInputFormat");
    }
}
