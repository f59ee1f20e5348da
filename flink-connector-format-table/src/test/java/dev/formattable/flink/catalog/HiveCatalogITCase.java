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
import dev.formattable.flink.testutils.MetastoreOutage;
import dev.formattable.hive.testutils.HiveMetastoreExtension;

import org.apache.flink.table.api.TableEnvironment;

import org.apache.hadoop.hive.metastore.TableType;
import org.apache.hadoop.hive.metastore.api.FieldSchema;
import org.apache.hadoop.hive.metastore.api.Partition;
import org.apache.hadoop.hive.metastore.api.SerDeInfo;
import org.apache.hadoop.hive.metastore.api.StorageDescriptor;
import org.apache.hadoop.hive.metastore.api.Table;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The catalog over a real Hive Metastore ({@code 'metastore'='hive'}): DDL lands in the metastore
 * as other engines expect it, rows go to the location it records, and tables Hive created are read.
 */
class HiveCatalogITCase extends FlinkTestBase {

    @RegisterExtension static final HiveMetastoreExtension HMS = new HiveMetastoreExtension();

    @TempDir Path warehouse;

    private TableEnvironment env;
    private static int catalogs;
    private String db;

    @BeforeEach
    void catalog() {
        env = batchEnv();
        exec(
                env,
                "CREATE CATALOG h WITH ('type'='format-table', 'metastore'='hive', 'uri'='"
                        + HiveMetastoreExtension.uri()
                        + "', 'warehouse'='"
                        + warehouse.toUri()
                        + "')");
        env.useCatalog("h");
        db = "flink" + (++catalogs);
        exec(env, "CREATE DATABASE " + db);
        env.useDatabase(db);
    }

    /** The metastore serves a few connections at a time: each test's catalog gives its back. */
    @AfterEach
    void closeCatalog() {
        env.getCatalog("h").ifPresent(org.apache.flink.table.catalog.Catalog::close);
    }

    @Test
    void aPartitionedTableIsWrittenWhereTheMetastoreSaysAndReadBack() throws Exception {
        exec(
                env,
                "CREATE TABLE orders (id BIGINT, name STRING, dt STRING) PARTITIONED BY (dt)"
                        + " WITH ('file.format'='parquet')");
        exec(env, "INSERT INTO orders VALUES (1, 'a', 'd1'), (2, 'b', 'd1'), (3, 'c', 'd2')");

        assertThat(query(env, "SELECT id, name, dt FROM orders ORDER BY id"))
                .containsExactly("+I[1, a, d1]", "+I[2, b, d1]", "+I[3, c, d2]");
        Table t = HMS.client().getTable(db, "orders");
        assertThat(t.getTableType()).isEqualTo(TableType.EXTERNAL_TABLE.name());
        assertThat(t.getPartitionKeys()).extracting(FieldSchema::getName).containsExactly("dt");
        Path location = Path.of(URI.create(t.getSd().getLocation()));
        assertThat(location).isEqualTo(warehouse.resolve(db + ".db").resolve("orders"));
        assertThat(location.resolve("dt=d1")).isDirectory();
        assertThat(location.resolve("schema")).as("the metastore keeps the schema").doesNotExist();
        assertThat(query(env, "SHOW TABLES")).containsExactly("+I[orders]");

        exec(env, "DROP TABLE orders");
        assertThat(HMS.client().tableExists(db, "orders")).isFalse();
        assertThat(location).doesNotExist();
    }

    private List<String> registeredPartitions(String table) throws Exception {
        List<String> names =
                new ArrayList<>(HMS.client().listPartitionNames(db, table, (short) -1));
        names.sort(null);
        return names;
    }

    @Test
    void eachCommitRegistersThePartitionsItWroteOnceAndADroppedOneIsUnregistered()
            throws Exception {
        exec(
                env,
                "CREATE TABLE events (id INT, dt STRING, h INT) PARTITIONED BY (dt, h)"
                        + " WITH ('file.format'='orc',"
                        + " 'sink.partition-commit.policy.kind'='metastore')");
        exec(env, "INSERT INTO events VALUES (1, 'd1', 1), (2, 'd1', 2), (3, 'd2', 1)");
        assertThat(registeredPartitions("events"))
                .containsExactly("dt=d1/h=1", "dt=d1/h=2", "dt=d2/h=1");
        // Flink's Hive policy ('metastore') is accepted: the commit registered them already.

        exec(env, "INSERT INTO events VALUES (4, 'd1', 1), (5, 'd3', 7)");
        assertThat(registeredPartitions("events"))
                .containsExactly("dt=d1/h=1", "dt=d1/h=2", "dt=d2/h=1", "dt=d3/h=7");
        Path table = Path.of(URI.create(HMS.client().getTable(db, "events").getSd().getLocation()));
        assertThat(
                        Path.of(
                                URI.create(
                                        HMS.client()
                                                .getPartition(db, "events", List.of("d3", "7"))
                                                .getSd()
                                                .getLocation())))
                .isEqualTo(table.resolve("dt=d3").resolve("h=7"));

        // compute_statistics records Hive's basic statistics of each partition it computed.
        query(env, "CALL h.sys.compute_statistics('" + db + ".events')");
        Map<String, String> stats =
                HMS.client().getPartition(db, "events", List.of("d1", "1")).getParameters();
        assertThat(stats).containsEntry("numRows", "2").containsEntry("numFiles", "2");
        assertThat(Long.parseLong(stats.get("totalSize"))).isPositive();

        exec(env, "ALTER TABLE events DROP PARTITION (dt='d2', h=1)");
        assertThat(registeredPartitions("events"))
                .containsExactly("dt=d1/h=1", "dt=d1/h=2", "dt=d3/h=7");
        assertThat(table.resolve("dt=d2").resolve("h=1")).doesNotExist();
        assertThat(query(env, "SELECT COUNT(*) FROM events")).containsExactly("+I[4]");
    }

    @Test
    void anExpiredPartitionIsUnregisteredFromTheMetastoreAndRemoved() throws Exception {
        exec(
                env,
                "CREATE TABLE visits (id INT, dt STRING) PARTITIONED BY (dt)"
                        + " WITH ('partition.expiration-time'='30 d')");
        String today = java.time.LocalDate.now().toString();
        exec(env, "INSERT INTO visits VALUES (1, '2020-01-01'), (2, '" + today + "')");
        assertThat(registeredPartitions("visits")).containsExactly("dt=2020-01-01", "dt=" + today);

        assertThat(query(env, "CALL h.sys.expire_partitions('" + db + ".visits')"))
                .containsExactly("+I[dt=2020-01-01, expired]");

        assertThat(registeredPartitions("visits")).containsExactly("dt=" + today);
        Path location =
                Path.of(URI.create(HMS.client().getTable(db, "visits").getSd().getLocation()));
        assertThat(location.resolve("dt=2020-01-01")).doesNotExist();
        assertThat(query(env, "SELECT id FROM visits")).containsExactly("+I[2]");
    }

    @Test
    void aTableHiveCreatedIsRead() throws Exception {
        Path files = Files.createDirectories(warehouse.resolve("legacy"));
        Files.writeString(files.resolve("part-00000"), "1|x\n2|NULL\n");
        Table t = textTable("legacy", files);
        t.getSd().getSerdeInfo().getParameters().put("serialization.null.format", "NULL");
        HMS.client().createTable(t);

        assertThat(query(env, "SELECT id, v FROM legacy ORDER BY id"))
                .containsExactly("+I[1, x]", "+I[2, null]");

        // Hive's basic statistics of an unpartitioned table are the table's own parameters.
        query(env, "CALL h.sys.compute_statistics('" + db + ".legacy')");
        assertThat(HMS.client().getTable(db, "legacy").getParameters())
                .containsEntry("numRows", "2")
                .containsEntry("numFiles", "1")
                .containsEntry("EXTERNAL", "TRUE");
    }

    @Test
    void typedAndNullPartitionsAreNamedAsHiveNamesThem() throws Exception {
        exec(
                env,
                "CREATE TABLE daily (id INT, dt DATE, h INT) PARTITIONED BY (dt, h)"
                        + " WITH ('file.format'='parquet')");
        exec(
                env,
                "INSERT INTO daily VALUES (1, DATE '2024-01-01', 3),"
                        + " (2, CAST(NULL AS DATE), CAST(NULL AS INT))");

        assertThat(registeredPartitions("daily"))
                .containsExactly(
                        "dt=2024-01-01/h=3",
                        "dt=__HIVE_DEFAULT_PARTITION__/h=__HIVE_DEFAULT_PARTITION__");
        assertThat(query(env, "SELECT id, dt, h FROM daily ORDER BY id"))
                .containsExactly("+I[1, 2024-01-01, 3]", "+I[2, null, null]");
    }

    @Test
    void aPartitionedTableIsPlannedFromTheMetastoresList() throws Exception {
        Path table = Files.createDirectories(warehouse.resolve("clicks"));
        Path inside = Files.createDirectories(table.resolve("dt=2024-01-01").resolve("h=1"));
        Files.writeString(inside.resolve("part-0"), "2|new\n");
        Path nullHour =
                Files.createDirectories(
                        table.resolve("dt=2024-01-01").resolve("h=__HIVE_DEFAULT_PARTITION__"));
        Files.writeString(nullHour.resolve("part-0"), "3|no hour\n");
        Path unregistered = Files.createDirectories(table.resolve("dt=2024-01-02").resolve("h=5"));
        Files.writeString(unregistered.resolve("part-0"), "4|not registered\n");

        Table t = textTable("clicks", table);
        t.setPartitionKeys(
                new ArrayList<>(
                        List.of(
                                new FieldSchema("dt", "date", null),
                                new FieldSchema("h", "int", null))));
        HMS.client().createTable(t);
        HMS.client().add_partition(partition(t, List.of("2024-01-01", "1"), inside));
        HMS.client()
                .add_partition(
                        partition(
                                t, List.of("2024-01-01", "__HIVE_DEFAULT_PARTITION__"), nullHour));

        // As Hive and Spark read it: a directory nobody registered is not part of the table.
        assertThat(query(env, "SELECT id, v, dt, h FROM clicks ORDER BY id"))
                .containsExactly("+I[2, new, 2024-01-01, 1]", "+I[3, no hour, 2024-01-01, null]");
        assertThat(query(env, "SELECT id FROM clicks WHERE dt = DATE '2024-01-01' AND h IS NULL"))
                .containsExactly("+I[3]");
        assertThat(query(env, "SHOW PARTITIONS clicks"))
                .containsExactlyInAnyOrder("+I[dt=2024-01-01/h=1]", "+I[dt=2024-01-01/h=null]");

        // A partition the metastore keeps elsewhere is read there, with its registered values.
        Path elsewhere = Files.createDirectories(warehouse.resolve("archive").resolve("2023"));
        Files.writeString(elsewhere.resolve("part-0"), "1|old\n");
        HMS.client().add_partition(partition(t, List.of("2023-12-31", "9"), elsewhere));
        assertThat(query(env, "SELECT id, v, dt, h FROM clicks ORDER BY id"))
                .containsExactly(
                        "+I[1, old, 2023-12-31, 9]",
                        "+I[2, new, 2024-01-01, 1]",
                        "+I[3, no hour, 2024-01-01, null]");
        assertThat(query(env, "SELECT v, h FROM clicks WHERE dt < DATE '2024-01-01'"))
                .containsExactly("+I[old, 9]");

        // Writing there is refused before anything is published; other partitions take rows.
        assertThatThrownBy(
                        () ->
                                exec(
                                        env,
                                        "INSERT INTO clicks VALUES (5, 'late', DATE '2023-12-31',"
                                                + " 9), (6, 'fine', DATE '2024-01-01', 1)"))
                .hasStackTraceContaining("partition {dt=2023-12-31, h=9}")
                .hasStackTraceContaining("archive/2023")
                .hasStackTraceContaining("nothing was published");
        exec(env, "INSERT INTO clicks VALUES (6, 'fine', DATE '2024-01-01', 1)");
        assertThat(query(env, "SELECT id FROM clicks ORDER BY id"))
                .containsExactly("+I[1]", "+I[2]", "+I[3]", "+I[6]");

        // Its statistics are computed where it is and recorded for other engines.
        query(env, "CALL h.sys.compute_statistics('" + db + ".clicks')");
        assertThat(
                        HMS.client()
                                .getPartition(db, "clicks", List.of("2023-12-31", "9"))
                                .getParameters())
                .containsEntry("numRows", "1")
                .containsEntry("numFiles", "1");

        // Dropping it unregisters it and leaves its files where they are.
        exec(env, "ALTER TABLE clicks DROP PARTITION (dt='2023-12-31', h=9)");
        assertThat(query(env, "SELECT id FROM clicks ORDER BY id"))
                .containsExactly("+I[2]", "+I[3]", "+I[6]");
        assertThat(elsewhere.resolve("part-0")).exists();
    }

    private Table textTable(String name, Path location) {
        StorageDescriptor sd = new StorageDescriptor();
        sd.setCols(
                new ArrayList<>(
                        List.of(
                                new FieldSchema("id", "int", null),
                                new FieldSchema("v", "string", null))));
        sd.setLocation(location.toUri().toString());
        sd.setInputFormat("org.apache.hadoop.mapred.TextInputFormat");
        sd.setOutputFormat("org.apache.hadoop.hive.ql.io.HiveIgnoreKeyTextOutputFormat");
        sd.setSerdeInfo(
                new SerDeInfo(
                        null,
                        "org.apache.hadoop.hive.serde2.lazy.LazySimpleSerDe",
                        new HashMap<>(Map.of("field.delim", "|"))));
        Table t = new Table();
        t.setDbName(db);
        t.setTableName(name);
        t.setTableType(TableType.EXTERNAL_TABLE.name());
        t.setParameters(new HashMap<>(Map.of("EXTERNAL", "TRUE")));
        t.setPartitionKeys(new ArrayList<>());
        t.setSd(sd);
        return t;
    }

    private static Partition partition(Table t, List<String> values, Path location) {
        StorageDescriptor sd = t.getSd().deepCopy();
        sd.setLocation(location.toUri().toString());
        return new Partition(
                new ArrayList<>(values),
                t.getDbName(),
                t.getTableName(),
                0,
                0,
                sd,
                new HashMap<>());
    }

    @Test
    void planningCallsTheMetastoreOnTheCatalogsOwnConnections() throws Exception {
        exec(
                env,
                "CREATE TABLE planned (id INT, dt STRING) PARTITIONED BY (dt)"
                        + " WITH ('file.format'='parquet')");
        exec(env, "INSERT INTO planned VALUES (1, 'd1'), (2, 'd2')");
        try (MetastoreOutage relay = new MetastoreOutage(HiveMetastoreExtension.uri())) {
            TableEnvironment planner = batchEnv();
            exec(
                    planner,
                    "CREATE CATALOG r WITH ('type'='format-table', 'metastore'='hive', 'uri'='"
                            + relay.uri()
                            + "', 'warehouse'='"
                            + warehouse.toUri()
                            + "')");
            String sql = "SELECT id FROM r." + db + ".planned WHERE dt = 'd2'";
            planner.explainSql(sql);
            int warm = relay.relayed();

            planner.explainSql(sql);
            planner.explainSql("SELECT count(*) FROM r." + db + ".planned");

            // The partition lists of both plans came over the catalog's open connections.
            assertThat(relay.relayed()).isEqualTo(warm);
            assertThat(query(planner, sql)).containsExactly("+I[2]");
        }
    }

    @Test
    void aViewOfTheMetastoreIsListedAndRefusedByName() throws Exception {
        Table view = new Table();
        view.setDbName(db);
        view.setTableName("v");
        view.setTableType(TableType.VIRTUAL_VIEW.name());
        view.setViewOriginalText("SELECT 1");
        view.setViewExpandedText("SELECT 1");
        view.setPartitionKeys(new ArrayList<>());
        StorageDescriptor sd = new StorageDescriptor();
        sd.setCols(new ArrayList<>(List.of(new FieldSchema("one", "int", null))));
        sd.setSerdeInfo(new SerDeInfo());
        view.setSd(sd);
        HMS.client().createTable(view);

        assertThat(query(env, "SHOW TABLES")).containsExactly("+I[v]");
        assertThatThrownBy(() -> query(env, "SELECT * FROM v"))
                .hasStackTraceContaining("cannot be served as a format table: it is a view");
    }

    @Test
    void anAtomicCreateTableAsSelectIsRefusedRatherThanLeftOutOfTheMetastore() throws Exception {
        env.getConfig().set("table.rtas-ctas.atomicity-enabled", "true");
        assertThatThrownBy(
                        () ->
                                exec(
                                        env,
                                        "CREATE TABLE copied WITH ('file.format'='csv')"
                                                + " AS SELECT 1 AS id"))
                .hasStackTraceContaining("'table.rtas-ctas.atomicity-enabled'");
        assertThat(HMS.client().tableExists(db, "copied")).isFalse();
        assertThat(warehouse.resolve(db + ".db").resolve("copied")).doesNotExist();

        env.getConfig().set("table.rtas-ctas.atomicity-enabled", "false");
        exec(env, "CREATE TABLE copied WITH ('file.format'='csv') AS SELECT 1 AS id");
        assertThat(HMS.client().tableExists(db, "copied")).isTrue();
        assertThat(query(env, "SELECT * FROM copied")).containsExactly("+I[1]");
    }
}
