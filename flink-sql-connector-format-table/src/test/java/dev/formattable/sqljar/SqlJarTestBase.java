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

import dev.formattable.testing.MiniClusters;
import dev.formattable.testing.SqlStatements;

import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.test.junit5.MiniClusterExtension;

import org.junit.jupiter.api.extension.RegisterExtension;

import java.nio.file.Path;
import java.util.List;

/** A shared MiniCluster, the packaged jar's path and helpers to run SQL on it. */
abstract class SqlJarTestBase {

    @RegisterExtension static final MiniClusterExtension MINI_CLUSTER = MiniClusters.of(2);

    /** The packaged, shaded jar (target/flink-sql-connector-format-table-*.jar). */
    static final Path SQL_JAR = Path.of(System.getProperty("sqljar.path"));

    static TableEnvironment batchEnv() {
        TableEnvironment env = TableEnvironment.create(EnvironmentSettings.inBatchMode());
        env.getConfig().set("table.exec.resource.default-parallelism", "1");
        return env;
    }

    /** Runs a statement to completion. */
    static void exec(TableEnvironment env, String sql) {
        SqlStatements.exec(env, sql);
    }

    /** Every row of a query as its string form, sorted. */
    static List<String> query(TableEnvironment env, String sql) {
        return SqlStatements.query(env, sql);
    }
}
