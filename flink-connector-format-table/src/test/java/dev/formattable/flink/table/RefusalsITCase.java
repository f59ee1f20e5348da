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
package dev.formattable.flink.table;

import dev.formattable.flink.testutils.FlinkTestBase;

import org.apache.flink.table.api.TableEnvironment;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** What the connector refuses, each with a message naming what is refused. */
class RefusalsITCase extends FlinkTestBase {

    @TempDir Path dir;

    private TableEnvironment env;

    private void create(String columns, String partitionedBy, String options) {
        env = batchEnv();
        exec(
                env,
                "CREATE TABLE t ("
                        + columns
                        + ")"
                        + (partitionedBy.isEmpty() ? "" : " PARTITIONED BY (" + partitionedBy + ")")
                        + " WITH ('connector'='format-table'"
                        + options
                        + ")");
    }

    private String path() {
        return ", 'path'='" + dir + "'";
    }

    @Test
    void aMisspeltKeyIsRefusedByName() {
        create("a INT", "", path() + ", 'file.formatt'='orc'");
        assertThatThrownBy(() -> env.executeSql("SELECT * FROM t").collect().close())
                .hasStackTraceContaining("Unsupported options")
                .hasStackTraceContaining("file.formatt");
    }

    @Test
    void formatOptionsPassThrough() {
        create("a INT", "", path() + ", 'parquet.page.size'='4096'");
        exec(env, "INSERT INTO t VALUES (1)");
        assertThat(query(env, "SELECT * FROM t")).containsExactly("+I[1]");
    }

    /**
     * Numeric options outside their range are refused by key and value when the table is opened:
     * before, a split size of 0 bytes had the enumerator cut files into empty ranges until the
     * JobManager ran out of heap.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource(
            delimiter = '|',
            value = {
                "'scan.split.target-size'='0 b'|SELECT * FROM t|must be at least 1 kb",
                "'scan.split.target-size'='1023 b'|SELECT * FROM t|must be at least 1 kb",
                "'scan.batch-size'='0'|SELECT * FROM t|must be between 1 and 65536",
                "'scan.batch-size'='65537'|SELECT * FROM t|must be between 1 and 65536",
                "'source.monitor-interval'='0 ms'|SELECT * FROM t|must be at least 1 ms",
                "'sink.parallelism'='0'|INSERT INTO t VALUES (1)|must be at least 1",
                "'sink.parallelism'='-2'|INSERT INTO t VALUES (1)|must be at least 1"
            })
    void aNumericOptionOutsideItsRangeIsRefusedByName(String option, String statement, String why) {
        create("a INT", "", path() + ", " + option);
        assertThatThrownBy(
                        () -> {
                            org.apache.flink.table.api.TableResult r = env.executeSql(statement);
                            r.collect().close();
                        })
                .hasStackTraceContaining(
                        "Format table default_catalog.default_database.t cannot be served: "
                                + option
                                + " "
                                + why);
    }

    @Test
    void numericOptionsAtTheEndsOfTheirRangesAreAccepted() {
        create(
                "a INT",
                "",
                path()
                        + ", 'scan.split.target-size'='1 kb', 'scan.batch-size'='65536',"
                        + " 'sink.parallelism'='1'");
        exec(env, "INSERT INTO t VALUES (1), (2)");
        assertThat(query(env, "SELECT * FROM t")).containsExactlyInAnyOrder("+I[1]", "+I[2]");
    }

    @Test
    void thePathIsRequired() {
        create("a INT", "", "");
        assertThatThrownBy(() -> env.executeSql("SELECT * FROM t").collect().close())
                .hasStackTraceContaining("Missing required options")
                .hasStackTraceContaining("path");
    }

    @Test
    void anUnknownFormatIsRefused() {
        create("a INT", "", path() + ", 'file.format'='avro'");
        assertThatThrownBy(() -> env.executeSql("SELECT * FROM t").collect().close())
                .hasStackTraceContaining("'file.format'='avro' is not a supported file format")
                .hasStackTraceContaining("parquet, orc, csv, json, text");
    }

    @Test
    void aPrimaryKeyIsRefused() {
        create("a INT, PRIMARY KEY (a) NOT ENFORCED", "", path());
        assertThatThrownBy(() -> env.executeSql("INSERT INTO t VALUES (1)"))
                .hasStackTraceContaining("cannot have a primary key (a)");
    }

    @Test
    void anUnsupportedPartitionTypeIsRefused() {
        create("a INT, b BYTES", "b", path());
        assertThatThrownBy(() -> env.executeSql("SELECT * FROM t").collect().close())
                .hasStackTraceContaining("Partition column 'b' has type BYTES");
    }

    @Test
    void aTableOfPartitionColumnsOnlyIsRefused() {
        create("a INT, b INT", "a, b", path());
        assertThatThrownBy(() -> env.executeSql("INSERT INTO t VALUES (1, 2)"))
                .hasStackTraceContaining("Every column is a partition column (a, b)");
    }

    @Test
    void refusedTableOptionsAreNamed() {
        create("a INT", "", path() + ", 'metastore.partitioned-table'='true'");
        assertThatThrownBy(() -> env.executeSql("SELECT * FROM t").collect().close())
                .hasStackTraceContaining("'metastore.partitioned-table'='true' is not supported");

        create("a INT", "", path() + ", 'branch'='dev'");
        assertThatThrownBy(() -> env.executeSql("SELECT * FROM t").collect().close())
                .hasStackTraceContaining("'branch'='dev' is not supported");

        create("a INT", "", path() + ", 'file.format'='orc', 'file.compression'='gzip'");
        assertThatThrownBy(() -> env.executeSql("SELECT * FROM t").collect().close())
                .hasStackTraceContaining("'file.compression'='gzip' is not a compression of orc");
    }

    @Test
    void hintsAreValidatedToo() {
        create("a INT", "", path());
        assertThatThrownBy(
                        () ->
                                env.executeSql("SELECT * FROM t /*+ OPTIONS('branch'='b1') */")
                                        .collect()
                                        .close())
                .hasStackTraceContaining("'branch'='b1' is not supported");
    }

    @Test
    void aMissingTableLocationIsNamed() {
        env = batchEnv();
        exec(
                env,
                "CREATE TABLE t (a INT) WITH ('connector'='format-table', 'path'='"
                        + dir.resolve("nope")
                        + "')");
        assertThatThrownBy(() -> query(env, "SELECT * FROM t"))
                .hasStackTraceContaining(dir.resolve("nope").toString())
                .hasStackTraceContaining("is not a directory");
    }

    @Test
    void updatingInputIsRefused() {
        TableEnvironment streaming = streamingEnv();
        exec(
                streaming,
                "CREATE TABLE t (a INT, n BIGINT) WITH ('connector'='format-table', 'path'='"
                        + dir
                        + "')");
        assertThatThrownBy(
                        () ->
                                streaming.executeSql(
                                        "INSERT INTO t SELECT a, COUNT(*) FROM (VALUES (1), (1)) AS"
                                                + " x(a) GROUP BY a"))
                .hasStackTraceContaining("doesn't support consuming update");
    }

    @Test
    void partitionCommitOptionsAreCheckedWhenTheInsertIsPlanned() {
        create(
                "a INT, p INT",
                "p",
                path() + ", 'sink.partition-commit.policy.kind'='success-file,metastore'");
        assertThatThrownBy(() -> env.executeSql("INSERT INTO t VALUES (1, 1)").await())
                .hasStackTraceContaining(
                        "Format table default_catalog.default_database.t cannot be served:"
                                + " 'sink.partition-commit.policy.kind'='success-file,metastore'"
                                + " names the 'metastore' policy, but this table is in no"
                                + " catalog that keeps a partition list (such as"
                                + " 'metastore'='hive')");
        create("a INT", "", path() + ", 'sink.partition-commit.trigger'='partition-time'");
        assertThatThrownBy(() -> env.executeSql("INSERT INTO t VALUES (1)").await())
                .hasRootCauseMessage(
                        "'sink.partition-commit.trigger'='partition-time' needs partition keys to"
                                + " take a time from, but the table is unpartitioned");
        create("a INT, p INT", "p", path() + ", 'sink.partition-commit.policy.kinds'='custom'");
        assertThatThrownBy(() -> env.executeSql("INSERT INTO t VALUES (1, 1)").await())
                .hasStackTraceContaining("Unsupported options")
                .hasStackTraceContaining("sink.partition-commit.policy.kinds");
    }
}
