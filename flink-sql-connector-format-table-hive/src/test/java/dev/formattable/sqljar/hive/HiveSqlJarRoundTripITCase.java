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

import dev.formattable.core.metastore.MetastoreFactory;
import dev.formattable.core.metastore.Metastores;
import dev.formattable.hive.testutils.HiveMetastoreExtension;
import dev.formattable.testing.MiniClusters;
import dev.formattable.testing.SqlStatements;

import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.test.junit5.MiniClusterExtension;

import org.apache.hadoop.hive.metastore.TableType;
import org.apache.hadoop.hive.metastore.api.FieldSchema;
import org.apache.hadoop.hive.metastore.api.SerDeInfo;
import org.apache.hadoop.hive.metastore.api.StorageDescriptor;
import org.apache.hadoop.hive.metastore.api.Table;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import javax.management.ObjectName;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A catalog with {@code 'metastore'='hive'} on the class path a Hive user's lib/ gives: the SQL
 * connector jar of the newest Flink line, this jar, Flink's {@code flink-sql-parquet}, Flink and
 * Hadoop. The metastore is Hive's own server, in this JVM under Hive's own class names (failsafe
 * keeps the unshaded Hive libraries on the class path for it, see this module's pom); the catalog
 * talks to it through the relocated client of this jar.
 */
class HiveSqlJarRoundTripITCase {

    @RegisterExtension static final MiniClusterExtension MINI_CLUSTER = MiniClusters.of(2);

    @RegisterExtension static final HiveMetastoreExtension HMS = new HiveMetastoreExtension();

    private static final Path HIVE_JAR = Path.of(System.getProperty("hivejar.path"));
    private static final Path SQL_JAR = Path.of(System.getProperty("sqljar.path"));

    private static final String RELOCATED_CLIENT =
            "dev.formattable.shaded.hive.org.apache.hadoop.hive.metastore.HiveMetaStoreClient";

    @TempDir Path warehouse;

    /** The premise of the round trip: which jar each part comes from. */
    @Test
    void theClassPathHasTheTwoJarsInsteadOfTheModules() throws Exception {
        assertThat(locations("dev/formattable/hive/HiveMetastoreFactory.class"))
                .singleElement()
                .asString()
                .contains(HIVE_JAR.getFileName() + "!");
        assertThat(locations("dev/formattable/core/metastore/MetastoreFactory.class"))
                .singleElement()
                .asString()
                .contains(SQL_JAR.getFileName() + "!");
        assertThat(locations("dev/formattable/flink/catalog/FormatTableCatalogFactory.class"))
                .singleElement()
                .asString()
                .contains(SQL_JAR.getFileName() + "!");
        // Hive under its own name is the test's metastore server, and nothing of ours.
        assertThat(locations("org/apache/hadoop/hive/metastore/HiveMetaStoreClient.class"))
                .singleElement()
                .asString()
                .contains("hive-metastore-2.3.10.jar");
        assertThat(locations("org/apache/parquet/hadoop/ParquetFileReader.class"))
                .singleElement()
                .asString()
                .contains("flink-sql-parquet-");

        // What the catalog finds for 'metastore'='hive'.
        MetastoreFactory factory =
                Metastores.factory("hive", Thread.currentThread().getContextClassLoader());
        assertThat(codeSource(factory.getClass())).isEqualTo(HIVE_JAR);
    }

    @Test
    void aPartitionedTableRoundTripsThroughTheMetastore() throws Exception {
        TableEnvironment env = TableEnvironment.create(EnvironmentSettings.inBatchMode());
        env.getConfig().set("table.exec.resource.default-parallelism", "1");
        exec(
                env,
                "CREATE CATALOG h WITH ('type'='format-table', 'metastore'='hive', 'uri'='"
                        + HiveMetastoreExtension.uri()
                        + "', 'warehouse'='"
                        + warehouse.toUri()
                        + "')");
        env.useCatalog("h");
        exec(env, "CREATE DATABASE sqljar");
        env.useDatabase("sqljar");
        exec(
                env,
                "CREATE TABLE orders (id BIGINT, name STRING, dt STRING) PARTITIONED BY (dt)"
                        + " WITH ('file.format'='parquet')");
        exec(env, "INSERT INTO orders VALUES (1, 'a', 'd1'), (2, 'b', 'd1'), (3, 'c', 'd2')");

        assertThat(SqlStatements.query(env, "SELECT id, name, dt FROM orders"))
                .containsExactly("+I[1, a, d1]", "+I[2, b, d1]", "+I[3, c, d2]");

        // In the metastore, as Hive and Spark read it: Hive's names, not relocated ones.
        Table t = HMS.client().getTable("sqljar", "orders");
        assertThat(t.getTableType()).isEqualTo(TableType.EXTERNAL_TABLE.name());
        assertThat(t.getSd().getSerdeInfo().getSerializationLib())
                .isEqualTo("org.apache.hadoop.hive.ql.io.parquet.serde.ParquetHiveSerDe");
        assertThat(t.getSd().getInputFormat())
                .isEqualTo("org.apache.hadoop.hive.ql.io.parquet.MapredParquetInputFormat");
        assertThat(t.getSd().getOutputFormat())
                .isEqualTo("org.apache.hadoop.hive.ql.io.parquet.MapredParquetOutputFormat");
        List<String> partitions =
                new ArrayList<>(HMS.client().listPartitionNames("sqljar", "orders", (short) -1));
        Collections.sort(partitions);
        assertThat(partitions).containsExactly("dt=d1", "dt=d2");
        Path location = Path.of(URI.create(t.getSd().getLocation()));
        assertThat(location).isEqualTo(warehouse.resolve("sqljar.db").resolve("orders"));
        assertThat(location.resolve("dt=d1")).isDirectory();

        // A text table Hive made, recognised by its SerDe's name.
        Path legacy = Files.createDirectories(warehouse.resolve("legacy"));
        Files.writeString(legacy.resolve("part-00000"), "1|x\n2|NULL\n");
        HMS.client().createTable(hiveTextTable("sqljar", "legacy", legacy));
        assertThat(SqlStatements.query(env, "SELECT id, v FROM legacy"))
                .containsExactly("+I[1, x]", "+I[2, null]");

        // The client that did all this is the relocated one, from this jar.
        assertThat(loadedClasses()).contains(RELOCATED_CLIENT);
        assertThat(codeSource(Class.forName(RELOCATED_CLIENT))).isEqualTo(HIVE_JAR);

        exec(env, "DROP TABLE orders");
        assertThat(HMS.client().tableExists("sqljar", "orders")).isFalse();
        assertThat(location).doesNotExist();
    }

    private static Table hiveTextTable(String db, String name, Path files) {
        StorageDescriptor sd = new StorageDescriptor();
        sd.setCols(
                new ArrayList<>(
                        List.of(
                                new FieldSchema("id", "int", null),
                                new FieldSchema("v", "string", null))));
        sd.setLocation(files.toUri().toString());
        sd.setInputFormat("org.apache.hadoop.mapred.TextInputFormat");
        sd.setOutputFormat("org.apache.hadoop.hive.ql.io.HiveIgnoreKeyTextOutputFormat");
        sd.setSerdeInfo(
                new SerDeInfo(
                        null,
                        "org.apache.hadoop.hive.serde2.lazy.LazySimpleSerDe",
                        new HashMap<>(
                                Map.of("field.delim", "|", "serialization.null.format", "NULL"))));
        Table t = new Table();
        t.setDbName(db);
        t.setTableName(name);
        t.setTableType(TableType.EXTERNAL_TABLE.name());
        t.setParameters(new HashMap<>(Map.of("EXTERNAL", "TRUE")));
        t.setPartitionKeys(new ArrayList<>());
        t.setSd(sd);
        return t;
    }

    private static void exec(TableEnvironment env, String sql) {
        SqlStatements.exec(env, sql);
    }

    private static List<URL> locations(String resource) throws IOException {
        return Collections.list(
                HiveSqlJarRoundTripITCase.class.getClassLoader().getResources(resource));
    }

    private static Path codeSource(Class<?> c) throws Exception {
        return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI());
    }

    /** The JVM's loaded classes, by name (HotSpot's VM.class_hierarchy). */
    private static List<String> loadedClasses() throws Exception {
        String hierarchy =
                (String)
                        ManagementFactory.getPlatformMBeanServer()
                                .invoke(
                                        new ObjectName("com.sun.management:type=DiagnosticCommand"),
                                        "vmClassHierarchy",
                                        new Object[] {null},
                                        new String[] {String[].class.getName()});
        List<String> names = new ArrayList<>();
        for (String line : hierarchy.split("\n")) {
            // "|  |--name/0x<loader>" (or "/null" for the boot loader)
            String entry = line.replaceFirst("^[|\\s-]*", "");
            int slash = entry.indexOf('/');
            names.add(slash < 0 ? entry : entry.substring(0, slash));
        }
        return names;
    }
}
