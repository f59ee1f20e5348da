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
import dev.formattable.flink.testutils.InteropRows;
import dev.formattable.flink.testutils.PaimonRows;
import dev.formattable.rest.testutils.RestCatalogExtension;

import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.types.Row;

import org.apache.paimon.catalog.Catalog;
import org.apache.paimon.catalog.Identifier;
import org.apache.paimon.schema.Schema;
import org.apache.paimon.table.FormatTable;
import org.apache.paimon.types.DataField;
import org.apache.paimon.types.DataTypes;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A format-table catalog over a Paimon REST catalog (Paimon's own REST server, in this JVM): tables
 * Paimon creates there are read and written through SQL, and tables created through SQL are read
 * and written by Paimon's own API.
 */
class RestCatalogITCase extends FlinkTestBase {

    @RegisterExtension static final RestCatalogExtension REST = new RestCatalogExtension();

    private static int databases;

    private TableEnvironment env;
    private Catalog paimon;
    private String db;

    @BeforeEach
    void catalog() {
        env = batchEnv();
        exec(env, createCatalog("r", ""));
        env.useCatalog("r");
        db = "flink_rest" + (++databases);
        exec(env, "CREATE DATABASE " + db);
        env.useDatabase(db);
        paimon = REST.paimonCatalog();
    }

    @AfterEach
    void close() throws Exception {
        paimon.close();
    }

    private static String createCatalog(String name, String moreOptions) {
        StringBuilder sql =
                new StringBuilder("CREATE CATALOG " + name + " WITH ('type'='format-table'");
        REST.catalogOptions()
                .forEach((k, v) -> sql.append(", '").append(k).append("'='").append(v).append("'"));
        return sql.append(moreOptions).append(")").toString();
    }

    private static List<Row> sorted(List<Row> rows) {
        return rows.stream()
                .sorted(Comparator.comparing(r -> (Integer) r.getField(0)))
                .collect(Collectors.toList());
    }

    private FormatTable paimonTable(String table) throws Exception {
        return (FormatTable) paimon.getTable(Identifier.create(db, table));
    }

    private static Schema.Builder interopSchema() {
        Schema.Builder schema = Schema.newBuilder();
        for (DataField f : PaimonRows.ROW_TYPE.getFields()) {
            schema.column(f.name(), f.type());
        }
        return schema;
    }

    @Test
    void aTablePaimonCreatedInTheCatalogIsReadAndWrittenThroughSql() throws Exception {
        paimon.createTable(
                Identifier.create(db, "orders"),
                interopSchema()
                        .partitionKeys("dt", "h")
                        .option("type", "format-table")
                        .option("file.format", "parquet")
                        .build(),
                false);
        List<Row> paimonRows = InteropRows.random(new Random(38));
        PaimonRows.write(paimonTable("orders"), paimonRows);

        assertThat(sorted(rows(env, "SELECT * FROM orders")))
                .containsExactlyElementsOf(sorted(paimonRows));

        List<Row> ours = InteropRows.random(new Random(39));
        ours.forEach(r -> r.setField(0, (Integer) r.getField(0) + 1000));
        exec(env, "INSERT INTO orders VALUES " + InteropRows.sqlValues(ours));
        List<Row> all = new ArrayList<>(paimonRows);
        all.addAll(ours);
        assertThat(sorted(PaimonRows.read(paimonTable("orders"))))
                .containsExactlyElementsOf(sorted(all));
    }

    @Test
    void aTableCreatedThroughSqlIsAFormatTableThatPaimonReadsAndWrites() throws Exception {
        exec(
                env,
                "CREATE TABLE events ("
                        + InteropRows.COLUMNS
                        + ") PARTITIONED BY (dt, h) WITH ('file.format'='orc')");
        List<Row> ours = InteropRows.random(new Random(40));
        exec(env, "INSERT INTO events VALUES " + InteropRows.sqlValues(ours));

        FormatTable table = paimonTable("events");
        assertThat(table.format()).isEqualTo(FormatTable.Format.ORC);
        assertThat(table.partitionKeys()).containsExactly("dt", "h");
        assertThat(sorted(PaimonRows.read(table))).containsExactlyElementsOf(sorted(ours));
        Path location = Path.of(URI.create(table.location()).getPath());
        // Paimon's default 'partition.legacy-name': a DATE directory holds its day number.
        assertThat(location.resolve("dt=19723")).isDirectory();

        List<Row> theirs = InteropRows.random(new Random(41));
        theirs.forEach(r -> r.setField(0, (Integer) r.getField(0) + 1000));
        PaimonRows.write(table, theirs);
        List<Row> all = new ArrayList<>(ours);
        all.addAll(theirs);
        assertThat(sorted(rows(env, "SELECT * FROM events")))
                .containsExactlyElementsOf(sorted(all));
        assertThat(query(env, "SHOW TABLES")).containsExactly("+I[events]");
    }

    @Test
    void ddlGoesThroughTheCatalog() throws Exception {
        exec(
                env,
                "CREATE TABLE t (id INT, name STRING) COMMENT 'first'"
                        + " WITH ('file.format'='csv')");
        exec(env, "ALTER TABLE t ADD note STRING COMMENT 'added'");
        exec(env, "ALTER TABLE t SET ('csv.field-delimiter'=';')");
        FormatTable table = paimonTable("t");
        assertThat(table.rowType().getFieldNames()).containsExactly("id", "name", "note");
        assertThat(table.options()).containsEntry("csv.field-delimiter", ";");

        exec(env, "INSERT INTO t VALUES (1, 'a', 'x')");
        Path location = Path.of(URI.create(table.location()).getPath());
        try (Stream<Path> files = Files.walk(location)) {
            List<String> lines = new ArrayList<>();
            for (Path f : files.filter(Files::isRegularFile).collect(Collectors.toList())) {
                lines.addAll(Files.readAllLines(f));
            }
            assertThat(lines).containsExactly("1;a;x");
        }
        assertThat(query(env, "SELECT * FROM t")).containsExactly("+I[1, a, x]");

        exec(env, "ALTER TABLE t RESET ('csv.field-delimiter')");
        assertThat(paimonTable("t").options()).doesNotContainKey("csv.field-delimiter");
        assertThat(query(env, "SELECT * FROM t /*+ OPTIONS('csv.field-delimiter'=';') */"))
                .containsExactly("+I[1, a, x]");

        exec(env, "DROP TABLE t");
        assertThat(paimon.listTables(db)).isEmpty();
        assertThat(query(env, "SHOW TABLES")).isEmpty();
    }

    @Test
    void paimonTablesOfOtherTypesAreListedAndRefusedByName() throws Exception {
        paimon.createTable(
                Identifier.create(db, "pk"),
                Schema.newBuilder()
                        .column("id", DataTypes.INT().notNull())
                        .column("v", DataTypes.STRING())
                        .primaryKey("id")
                        .build(),
                false);
        assertThat(query(env, "SHOW TABLES")).containsExactly("+I[pk]");
        assertThatThrownBy(() -> query(env, "SELECT * FROM pk"))
                .hasStackTraceContaining("r." + db + ".pk")
                .hasStackTraceContaining("a primary-key table");
        assertThatThrownBy(() -> exec(env, "INSERT INTO pk VALUES (1, 'a')"))
                .hasStackTraceContaining("a primary-key table");
    }

    @Test
    void branchesAreRefusedAndStatementOptionsWinOverStoredOnes() throws Exception {
        exec(env, "CREATE TABLE t (id INT, name STRING) WITH ('file.format'='csv')");
        assertThatThrownBy(() -> query(env, "SELECT * FROM `t$branch_b`"))
                .hasStackTraceContaining("branch 'b'");
        assertThatThrownBy(() -> query(env, "SELECT * FROM t /*+ OPTIONS('branch'='b') */"))
                .hasStackTraceContaining("'branch'");

        exec(env, "INSERT INTO t /*+ OPTIONS('csv.field-delimiter'='|') */ VALUES (1, 'a')");
        assertThat(query(env, "SELECT * FROM t /*+ OPTIONS('csv.field-delimiter'='|') */"))
                .containsExactly("+I[1, a]");
        // The type is the catalog's alone: a hint cannot make the table another kind.
        assertThat(
                        query(
                                env,
                                "SELECT * FROM t /*+ OPTIONS('type'='table',"
                                        + " 'csv.field-delimiter'='|') */"))
                .containsExactly("+I[1, a]");
        assertThatThrownBy(
                        () ->
                                query(
                                        env,
                                        "SELECT * FROM t /*+ OPTIONS('csv.field-delimiter'='') */"))
                .hasStackTraceContaining("'csv.field-delimiter'");
    }

    @Test
    void catalogKeysOfAnotherMetastoreAreRefusedAndHeadersPassed() {
        assertThatThrownBy(() -> exec(env, createCatalog("bad", ", 'hive-conf-dir'='/x'")))
                .hasStackTraceContaining("'hive-conf-dir'")
                .hasStackTraceContaining("'rest'");
        // Per-table storage credentials cannot reach Flink's file systems: refused by name.
        assertThatThrownBy(
                        () -> exec(env, createCatalog("tokens", ", 'data-token.enabled'='true'")))
                .hasStackTraceContaining("'data-token.enabled'");
        exec(env, createCatalog("with_header", ", 'header.X-Request-Source'='flink-test'"));
        assertThat(query(env, "SHOW DATABASES FROM with_header")).isNotEmpty();
    }

    @Test
    void theDirectoriesAreThePartitions() throws Exception {
        exec(
                env,
                "CREATE TABLE p (id INT, dt STRING) PARTITIONED BY (dt)"
                        + " WITH ('file.format'='json')");
        exec(env, "INSERT INTO p VALUES (1, 'a'), (2, 'b')");
        assertThat(query(env, "SHOW PARTITIONS p")).containsExactly("+I[dt=a]", "+I[dt=b]");
        exec(env, "ALTER TABLE p DROP PARTITION (dt='a')");
        assertThat(query(env, "SELECT * FROM p")).containsExactly("+I[2, b]");
        Path location = Path.of(URI.create(paimonTable("p").location()).getPath());
        assertThat(location.resolve("dt=a")).doesNotExist();
        // Paimon's server lists a format table's partitions from its directories too.
        assertThat(paimon.listPartitions(Identifier.create(db, "p")))
                .extracting(org.apache.paimon.partition.Partition::spec)
                .containsExactly(Map.of("dt", "b"));

        // An expired partition leaves Paimon's list with its directory.
        exec(env, "INSERT INTO p VALUES (3, '2020-01-01')");
        assertThat(query(env, "CALL r.sys.expire_partitions('" + db + ".p', '7 d', 'yyyy-MM-dd')"))
                .containsExactly("+I[dt=2020-01-01, expired]");
        assertThat(location.resolve("dt=2020-01-01")).doesNotExist();
        assertThat(paimon.listPartitions(Identifier.create(db, "p")))
                .extracting(org.apache.paimon.partition.Partition::spec)
                .containsExactly(Map.of("dt", "b"));
    }

    @Test
    void createTableAsSelectCreatesThroughTheCatalogAndRefusesTheAtomicForm() throws Exception {
        exec(env, "CREATE TABLE c WITH ('file.format'='json') AS SELECT 1 AS id, 'a' AS name");
        assertThat(paimonTable("c").rowType().getFieldNames()).containsExactly("id", "name");
        assertThat(query(env, "SELECT * FROM c")).containsExactly("+I[1, a]");

        env.getConfig().set("table.rtas-ctas.atomicity-enabled", "true");
        assertThatThrownBy(
                        () ->
                                exec(
                                        env,
                                        "CREATE TABLE atomic_t WITH ('file.format'='json')"
                                                + " AS SELECT 1 AS id"))
                .hasStackTraceContaining("'table.rtas-ctas.atomicity-enabled'");
        assertThat(paimon.listTables(db)).containsExactly("c");
    }

    @Test
    void paimonSeesRowsOnlyOnceTheJobHasCommitted() throws Exception {
        exec(
                env,
                "CREATE TABLE v (id INT, q INT, dt STRING) PARTITIONED BY (dt)"
                        + " WITH ('file.format'='parquet')");
        // The third row divides by zero after two rows were written: the job fails before its
        // commit, and nothing it wrote may be seen.
        assertThatThrownBy(
                        () ->
                                exec(
                                        env,
                                        "INSERT INTO v SELECT id, 10 / (3 - id), 'd' FROM"
                                                + " (VALUES (1), (2), (3)) AS s(id)"))
                .hasStackTraceContaining("by zero");
        assertThat(PaimonRows.readAsText(paimonTable("v"))).isEmpty();

        exec(env, "INSERT INTO v VALUES (1, 5, 'd'), (2, 10, 'd')");
        assertThat(PaimonRows.readAsText(paimonTable("v")))
                .containsExactlyInAnyOrder("1,5,d", "2,10,d");
    }

    @Test
    void theCatalogsTableOptionsAreStoredAsGiven() throws Exception {
        exec(
                env,
                "CREATE TABLE t (id INT) WITH ('file.format'='parquet', 'parquet.compression'='zstd')");
        Map<String, String> options = paimonTable("t").options();
        assertThat(options).containsEntry("type", "format-table");
        assertThat(options).containsEntry("parquet.compression", "zstd");
    }
}
