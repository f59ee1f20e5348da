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

class SqlSmokeITCase extends FlinkTestBase {

    @TempDir Path dir;

    @Test
    void insertSelectOverwrite() {
        TableEnvironment env = batchEnv();
        exec(
                env,
                "CREATE TABLE t (id INT, name STRING, dt DATE) PARTITIONED BY (dt) WITH ("
                        + "'connector'='format-table', 'path'='"
                        + dir
                        + "', 'file.format'='parquet')");
        exec(
                env,
                "INSERT INTO t VALUES (1, 'a', DATE '2024-01-01'), (2, 'b', DATE '2024-01-02'),"
                        + " (3, CAST(NULL AS STRING), CAST(NULL AS DATE))");
        assertThat(query(env, "SELECT * FROM t"))
                .containsExactly(
                        "+I[1, a, 2024-01-01]", "+I[2, b, 2024-01-02]", "+I[3, null, null]");
        assertThat(dir.resolve("dt=19723")).isDirectory();
        exec(env, "INSERT OVERWRITE t PARTITION (dt='2024-01-01') SELECT 9, 'z'");
        System.out.println("ALL=" + query(env, "SELECT * FROM t"));
        System.out.println(
                "EXPLAIN=" + env.explainSql("SELECT id, dt FROM t WHERE dt = DATE '2024-01-01'"));
        try (var w = java.nio.file.Files.walk(dir)) {
            w.forEach(p -> System.out.println("FILE " + p));
        } catch (Exception e) {
        }
        assertThat(query(env, "SELECT id, dt FROM t WHERE dt = DATE '2024-01-01'"))
                .containsExactly("+I[9, 2024-01-01]");
        assertThat(query(env, "SELECT count(*) FROM t")).containsExactly("+I[3]");
    }
}
