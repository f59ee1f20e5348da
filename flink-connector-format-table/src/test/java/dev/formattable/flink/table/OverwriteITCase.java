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

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Every overwrite mode of INSERT OVERWRITE, at parallelism 2, including empty queries. */
class OverwriteITCase extends FlinkTestBase {

    @TempDir Path dir;

    private TableEnvironment table(String extraOptions) {
        TableEnvironment env = batchEnv();
        exec(
                env,
                "CREATE TABLE t (id INT, dt DATE, h INT) PARTITIONED BY (dt, h) WITH ("
                        + "'connector'='format-table', 'path'='"
                        + dir
                        + "'"
                        + extraOptions
                        + ")");
        exec(
                env,
                "INSERT INTO t VALUES (1, DATE '2024-01-01', 1), (2, DATE '2024-01-01', 2),"
                        + " (3, DATE '2024-01-02', 1)");
        return env;
    }

    @Test
    void staticPartitionReplacesEverythingBelowIt() {
        TableEnvironment env = table("");

        exec(env, "INSERT OVERWRITE t PARTITION (dt='2024-01-01') SELECT 10, 3");

        assertThat(query(env, "SELECT * FROM t"))
                .containsExactly("+I[10, 2024-01-01, 3]", "+I[3, 2024-01-02, 1]");
        // The static value went through the typed round trip: the day-count directory.
        assertThat(dir.resolve("dt=19723/h=3")).isDirectory();
        assertThat(dir.resolve("dt=2024-01-01")).doesNotExist();
    }

    @Test
    void staticPartitionWithAnEmptyQueryStillClears() {
        TableEnvironment env = table("");

        exec(env, "INSERT OVERWRITE t PARTITION (dt='2024-01-01') SELECT id, h FROM t WHERE false");

        assertThat(query(env, "SELECT * FROM t")).containsExactly("+I[3, 2024-01-02, 1]");
    }

    @Test
    void fullStaticPartition() {
        TableEnvironment env = table("");

        exec(env, "INSERT OVERWRITE t PARTITION (dt='2024-01-01', h=2) SELECT 20");

        assertThat(query(env, "SELECT * FROM t"))
                .containsExactly(
                        "+I[1, 2024-01-01, 1]", "+I[20, 2024-01-01, 2]", "+I[3, 2024-01-02, 1]");
    }

    @Test
    void dynamicOverwriteReplacesOnlyWrittenPartitions() {
        TableEnvironment env = table("");

        exec(
                env,
                "INSERT OVERWRITE t SELECT * FROM (VALUES (30, DATE '2024-01-01', 1),"
                        + " (31, DATE '2024-01-03', 1)) AS v(id, dt, h)");

        assertThat(query(env, "SELECT * FROM t"))
                .containsExactly(
                        "+I[2, 2024-01-01, 2]",
                        "+I[3, 2024-01-02, 1]",
                        "+I[30, 2024-01-01, 1]",
                        "+I[31, 2024-01-03, 1]");
    }

    @Test
    void withoutDynamicOverwriteTheWholeTableIsReplaced() {
        TableEnvironment env = table(", 'dynamic-partition-overwrite'='false'");

        exec(env, "INSERT OVERWRITE t SELECT 40, DATE '2024-01-05', 1");

        assertThat(query(env, "SELECT * FROM t")).containsExactly("+I[40, 2024-01-05, 1]");
    }

    @Test
    void unpartitionedOverwriteWithAnEmptyQueryEmptiesTheTable() {
        TableEnvironment env = batchEnv();
        exec(
                env,
                "CREATE TABLE u (id INT) WITH ('connector'='format-table', 'path'='" + dir + "')");
        exec(env, "INSERT INTO u VALUES (1), (2)");
        assertThat(query(env, "SELECT * FROM u")).containsExactly("+I[1]", "+I[2]");

        exec(env, "INSERT OVERWRITE u SELECT id FROM u WHERE id > 100");

        assertThat(query(env, "SELECT * FROM u")).isEmpty();
    }

    @Test
    void staticPartitionOnANonLeadingKeyIsRefused() {
        TableEnvironment env = table("");

        assertThatThrownBy(
                        () ->
                                exec(
                                        env,
                                        "INSERT OVERWRITE t PARTITION (h=1) SELECT 1, DATE '2024-01-01'"))
                .hasStackTraceContaining("leading run of the partition keys");
        assertThat(query(env, "SELECT count(*) FROM t")).containsExactly("+I[3]");
    }

    @Test
    void overwriteIsRefusedInStreamingMode() {
        TableEnvironment env = streamingEnv();
        exec(
                env,
                "CREATE TABLE s (id INT) WITH ('connector'='format-table', 'path'='" + dir + "')");

        assertThatThrownBy(() -> env.executeSql("INSERT OVERWRITE s SELECT 1"))
                .hasStackTraceContaining("only supported in batch mode");
    }
}
