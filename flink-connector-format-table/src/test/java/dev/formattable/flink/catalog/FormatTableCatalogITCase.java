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

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** DDL, DML, partitions and refusals through {@code CREATE CATALOG ... 'type'='format-table'}. */
class FormatTableCatalogITCase extends FlinkTestBase {

    @TempDir Path warehouse;

    private TableEnvironment env;

    @BeforeEach
    void catalog() {
        env = session();
    }

    private TableEnvironment session() {
        TableEnvironment e = batchEnv();
        exec(e, "CREATE CATALOG ft WITH ('type'='format-table', 'warehouse'='" + warehouse + "')");
        e.useCatalog("ft");
        return e;
    }

    private List<String> names(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(p -> p.getFileName().toString()).sorted().collect(Collectors.toList());
        }
    }

    @Test
    void tablesLiveUnderTheirDatabaseWithTheirSchema() throws IOException {
        exec(env, "CREATE DATABASE sales");
        exec(
                env,
                "CREATE TABLE sales.orders (id INT, amount DECIMAL(10, 2), dt DATE)"
                        + " PARTITIONED BY (dt) WITH ('file.format'='orc')");
        exec(
                env,
                "INSERT INTO sales.orders VALUES (1, 1.50, DATE '2024-01-01'),"
                        + " (2, 2.50, DATE '2024-01-02')");

        Path table = warehouse.resolve("sales.db/orders");
        assertThat(names(table.resolve("schema"))).containsExactly("schema-0");
        assertThat(Files.readString(table.resolve("schema/schema-0")))
                .contains("\"type\" : \"format-table\"")
                .contains("\"file.format\" : \"orc\"")
                .contains("\"partitionKeys\" : [ \"dt\" ]");
        assertThat(names(table)).contains("dt=19723", "dt=19724", "schema");
        assertThat(query(env, "SELECT * FROM sales.orders"))
                .containsExactly("+I[1, 1.50, 2024-01-01]", "+I[2, 2.50, 2024-01-02]");
        assertThat(query(env, "SHOW TABLES FROM sales")).containsExactly("+I[orders]");
        assertThat(query(env, "SHOW DATABASES")).contains("+I[default]", "+I[sales]");
    }

    @Test
    void partitionsTruncateAndDrop() throws IOException {
        exec(env, "CREATE TABLE t (v INT, dt STRING) PARTITIONED BY (dt)");
        exec(env, "INSERT INTO t VALUES (1, 'a'), (2, 'b'), (3, 'c')");

        assertThat(query(env, "SHOW PARTITIONS t"))
                .containsExactly("+I[dt=a]", "+I[dt=b]", "+I[dt=c]");
        exec(env, "ALTER TABLE t DROP PARTITION (dt='b')");
        assertThat(query(env, "SELECT * FROM t")).containsExactly("+I[1, a]", "+I[3, c]");
        assertThat(warehouse.resolve("default.db/t/dt=b")).doesNotExist();

        exec(env, "TRUNCATE TABLE t");
        assertThat(query(env, "SELECT * FROM t")).isEmpty();
        assertThat(warehouse.resolve("default.db/t/dt=a")).isDirectory();
        assertThat(warehouse.resolve("default.db/t/schema/schema-0")).exists();

        exec(env, "DROP TABLE t");
        assertThat(warehouse.resolve("default.db/t")).doesNotExist();
        assertThat(query(env, "SHOW TABLES")).isEmpty();
    }

    @Test
    void addingANullableColumnKeepsOldFilesReadable() throws IOException {
        exec(env, "CREATE TABLE t (a INT, b STRING)");
        exec(env, "INSERT INTO t VALUES (1, 'x')");

        exec(env, "ALTER TABLE t ADD c BIGINT");
        exec(env, "ALTER TABLE t SET ('target-file-row-num'='1000')");
        exec(env, "INSERT INTO t VALUES (2, 'y', 20)");

        assertThat(names(warehouse.resolve("default.db/t/schema")))
                .containsExactly("schema-0", "schema-1", "schema-2");
        assertThat(query(env, "SELECT * FROM t")).containsExactly("+I[1, x, null]", "+I[2, y, 20]");
        assertThat(Files.readString(warehouse.resolve("default.db/t/schema/schema-2")))
                .contains("\"target-file-row-num\" : \"1000\"");
    }

    @Test
    void schemaChangesFilesCannotHonourAreRefused() {
        exec(env, "CREATE TABLE t (a INT, b STRING, dt STRING) PARTITIONED BY (dt)");

        assertThatThrownBy(() -> exec(env, "ALTER TABLE t RENAME b TO bb"))
                .hasStackTraceContaining("Cannot rename or drop column 'b'");
        assertThatThrownBy(() -> exec(env, "ALTER TABLE t DROP b"))
                .hasStackTraceContaining("Cannot rename or drop column 'b'");
        assertThatThrownBy(() -> exec(env, "ALTER TABLE t MODIFY a SMALLINT"))
                .hasStackTraceContaining(
                        "Cannot change the type of column 'a' from INT to SMALLINT");
        assertThatThrownBy(() -> exec(env, "ALTER TABLE t ADD c INT NOT NULL"))
                .hasStackTraceContaining("Cannot add column 'c' as NOT NULL");
    }

    @Test
    void createTableLikeAndIfNotExists() {
        exec(
                env,
                "CREATE TABLE t (a INT, dt STRING) PARTITIONED BY (dt) WITH ('file.format'='orc')");
        exec(env, "CREATE TABLE IF NOT EXISTS t (x INT)");
        exec(env, "CREATE TABLE t2 LIKE t");
        exec(env, "INSERT INTO t2 VALUES (1, 'p')");

        assertThat(query(env, "SELECT * FROM t2")).containsExactly("+I[1, p]");
        assertThat(query(env, "SELECT * FROM t")).isEmpty();
        assertThatThrownBy(() -> exec(env, "CREATE TABLE t (x INT)"))
                .hasStackTraceContaining("already exists");
    }

    @Test
    void whatTheCoreRefusesIsRefusedAtCreateTable() {
        assertThatThrownBy(() -> exec(env, "CREATE TABLE p (a INT, PRIMARY KEY (a) NOT ENFORCED)"))
                .hasStackTraceContaining("cannot have a primary key (a)");
        assertThatThrownBy(() -> exec(env, "CREATE TABLE p (a INT, b BYTES) PARTITIONED BY (b)"))
                .hasStackTraceContaining("Partition column 'b' has type BYTES");
        assertThatThrownBy(() -> exec(env, "CREATE TABLE p (a INT) PARTITIONED BY (a)"))
                .hasStackTraceContaining("Every column is a partition column (a)");
        assertThatThrownBy(
                        () ->
                                exec(
                                        env,
                                        "CREATE TABLE p (a INT) WITH"
                                                + " ('metastore.partitioned-table'='true')"))
                .hasStackTraceContaining("'metastore.partitioned-table'='true' is not supported");
        assertThatThrownBy(() -> exec(env, "CREATE TABLE p (a INT) WITH ('file.format'='avro')"))
                .hasStackTraceContaining("'file.format'='avro' is not a supported file format");
        assertThatThrownBy(() -> exec(env, "CREATE TABLE p (a INT) WITH ('connector'='kafka')"))
                .hasStackTraceContaining("'connector'='kafka' is not supported");
        assertThat(warehouse.resolve("default.db/p")).doesNotExist();
    }

    @Test
    void aTableSomeoneElseWroteIsCheckedWhenOpened() throws IOException {
        Path table = warehouse.resolve("default.db/theirs/schema");
        Files.createDirectories(table);
        Files.writeString(
                table.resolve("schema-0"),
                "{\"version\":3,\"id\":0,\"fields\":[{\"id\":0,\"name\":\"a\",\"type\":\"INT\"}],"
                        + "\"highestFieldId\":0,\"partitionKeys\":[],\"primaryKeys\":[],"
                        + "\"options\":{\"type\":\"format-table\",\"branch\":\"dev\"},"
                        + "\"timeMillis\":1}");

        assertThat(query(env, "SHOW TABLES")).containsExactly("+I[theirs]");
        assertThatThrownBy(() -> query(env, "SELECT * FROM theirs"))
                .hasStackTraceContaining("'branch'='dev' is not supported");
    }

    @Test
    void branchesAreRefused() {
        exec(env, "CREATE TABLE t (a INT)");

        assertThatThrownBy(() -> query(env, "SELECT * FROM `t$branch_dev`"))
                .hasStackTraceContaining("branch 'dev' is not supported");
        assertThatThrownBy(() -> query(env, "SELECT * FROM t /*+ OPTIONS('branch'='dev') */"))
                .hasStackTraceContaining("'branch'='dev' is not supported");
    }

    @Test
    void hintsWinOverStoredOptionsExceptType() throws IOException {
        exec(env, "CREATE TABLE t (a INT, dt DATE) PARTITIONED BY (dt)");

        exec(
                env,
                "INSERT INTO t /*+ OPTIONS('partition.legacy-name'='false', 'type'='paimon') */"
                        + " VALUES (1, DATE '2024-01-01')");

        assertThat(names(warehouse.resolve("default.db/t"))).contains("dt=2024-01-01");
        assertThat(query(env, "SELECT * FROM t /*+ OPTIONS('type'='paimon') */"))
                .containsExactly("+I[1, 2024-01-01]");
    }

    @Test
    void reservedNamesAreMetadataForCatalogTables() throws IOException {
        exec(
                env,
                "CREATE TABLE t (a INT, k STRING) PARTITIONED BY (k) WITH"
                        + " ('format-table.partition-path-only-value'='true')");
        exec(env, "INSERT INTO t VALUES (1, 'x')");

        assertThatThrownBy(() -> exec(env, "INSERT INTO t VALUES (2, 'schema')"))
                .hasStackTraceContaining("Partition value 'schema' of column 'k'");
        assertThatThrownBy(() -> exec(env, "INSERT OVERWRITE t PARTITION (k='branch') SELECT 3"))
                .hasStackTraceContaining("Partition value 'branch' of column 'k'");
        exec(env, "INSERT OVERWRITE t SELECT 4, 'x'");
        assertThat(query(env, "SELECT * FROM t")).containsExactly("+I[4, x]");
        assertThat(warehouse.resolve("default.db/t/schema/schema-0")).exists();
    }

    @Test
    void databases() throws Exception {
        exec(env, "CREATE DATABASE d WITH ('owner'='team-a')");
        exec(env, "ALTER DATABASE d SET ('owner'='team-b')");
        assertThat(env.getCatalog("ft").get().getDatabase("d").getProperties())
                .containsEntry("owner", "team-b");
        exec(env, "CREATE TABLE d.t (a INT)");

        assertThatThrownBy(() -> exec(env, "DROP DATABASE d")).hasStackTraceContaining("not empty");
        exec(env, "DROP DATABASE d CASCADE");
        assertThat(warehouse.resolve("d.db")).doesNotExist();
    }

    @Test
    void aDatabaseCommentIsKept() throws Exception {
        exec(env, "CREATE DATABASE d COMMENT 'the sales' WITH ('owner'='team-a')");
        assertThat(env.getCatalog("ft").get().getDatabase("d").getComment()).isEqualTo("the sales");
        assertThat(env.getCatalog("ft").get().getDatabase("d").getProperties())
                .isEqualTo(java.util.Map.of("owner", "team-a"));
    }

    @Test
    void theMetastoreIsChosenByNameAndAnUnknownOneIsRefused() {
        TableEnvironment e = batchEnv();
        exec(
                e,
                "CREATE CATALOG fs WITH ('type'='format-table', 'metastore'='filesystem',"
                        + " 'warehouse'='"
                        + warehouse
                        + "')");
        assertThat(e.getCatalog("fs")).isPresent();
        assertThatThrownBy(
                        () ->
                                exec(
                                        e,
                                        "CREATE CATALOG g WITH ('type'='format-table',"
                                                + " 'metastore'='glue', 'warehouse'='"
                                                + warehouse
                                                + "')"))
                .hasStackTraceContaining("Unknown value 'glue' of option 'metastore'");
        assertThatThrownBy(
                        () ->
                                exec(
                                        e,
                                        "CREATE CATALOG h WITH ('type'='format-table',"
                                                + " 'metastore'='filesystem', 'warehose'='x')"))
                .hasStackTraceContaining("warehose");
    }

    @Test
    void ofTwoSessionsCreatingOneTableOneWins() throws Exception {
        TableEnvironment other = session();
        Throwable[] failures = new Throwable[2];
        Thread[] threads = new Thread[2];
        TableEnvironment[] envs = {env, other};
        for (int i = 0; i < 2; i++) {
            int n = i;
            threads[i] =
                    new Thread(
                            () -> {
                                try {
                                    exec(envs[n], "CREATE TABLE race (a INT, s" + n + " STRING)");
                                } catch (Throwable t) {
                                    failures[n] = t;
                                }
                            });
        }
        for (Thread t : threads) {
            t.start();
        }
        for (Thread t : threads) {
            t.join();
        }
        long failed = Stream.of(failures).filter(f -> f != null).count();
        assertThat(failed).isEqualTo(1);
        Throwable failure = failures[0] != null ? failures[0] : failures[1];
        assertThat(failure).hasStackTraceContaining("already exists");
        assertThat(names(warehouse.resolve("default.db/race/schema"))).containsExactly("schema-0");
    }
}
