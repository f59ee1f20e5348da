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
package dev.formattable.flink.stats;

import dev.formattable.core.stats.StatisticsStore;
import dev.formattable.flink.testutils.FlinkTestBase;

import org.apache.flink.table.api.ExplainDetail;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.catalog.Catalog;
import org.apache.flink.table.catalog.ObjectPath;
import org.apache.flink.table.catalog.stats.CatalogColumnStatistics;
import org.apache.flink.table.catalog.stats.CatalogColumnStatisticsDataLong;
import org.apache.flink.table.catalog.stats.CatalogColumnStatisticsDataString;
import org.apache.flink.table.catalog.stats.CatalogTableStatistics;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** ANALYZE TABLE through the catalog, and a planner decision that changes with the statistics. */
class CatalogStatisticsITCase extends FlinkTestBase {

    private static final int ROWS = 10_000;

    @TempDir Path warehouse;

    private TableEnvironment env;
    private Catalog catalog;

    @BeforeEach
    void createTables() {
        env = batchEnv();
        exec(
                env,
                "CREATE CATALOG ft WITH ('type'='format-table', 'warehouse'='" + warehouse + "')");
        exec(env, "USE CATALOG ft");
        catalog = env.getCatalog("ft").orElseThrow();
        exec(
                env,
                "CREATE TEMPORARY TABLE gen (id BIGINT) WITH ('connector'='datagen',"
                        + " 'number-of-rows'='"
                        + ROWS
                        + "', 'fields.id.kind'='sequence', 'fields.id.start'='0',"
                        + " 'fields.id.end'='"
                        + (ROWS - 1)
                        + "')");
        exec(env, "CREATE TABLE dim (k STRING, v BIGINT, c BIGINT)");
        exec(
                env,
                "INSERT INTO dim SELECT CONCAT('k', CAST(id AS STRING)), id," + " id * 7 FROM gen");
        exec(env, "CREATE TABLE fact (k STRING, x BIGINT)");
        exec(
                env,
                "INSERT INTO fact SELECT CONCAT('k', CAST(MOD(id, 5000) AS STRING)), id FROM gen");
    }

    private Path tableDir(String name) {
        return warehouse.resolve("default.db").resolve(name);
    }

    @Test
    void analyzeTableStoresSketchStatisticsThatTheCatalogServes() throws Exception {
        ObjectPath dim = new ObjectPath("default", "dim");
        assertThat(catalog.getTableStatistics(dim)).isEqualTo(CatalogTableStatistics.UNKNOWN);

        exec(env, "ANALYZE TABLE dim COMPUTE STATISTICS FOR ALL COLUMNS");

        assertThat(tableDir("dim").resolve(StatisticsStore.FILE_NAME)).exists();
        assertThat(catalog.getTableStatistics(dim).getRowCount()).isEqualTo(ROWS);
        CatalogColumnStatistics columns = catalog.getTableColumnStatistics(dim);
        CatalogColumnStatisticsDataString k =
                (CatalogColumnStatisticsDataString) columns.getColumnStatisticsData().get("k");
        assertThat((double) k.getNdv())
                .isCloseTo(ROWS, org.assertj.core.data.Percentage.withPercentage(3));
        CatalogColumnStatisticsDataLong v =
                (CatalogColumnStatisticsDataLong) columns.getColumnStatisticsData().get("v");
        assertThat(v.getMin()).isZero();
        assertThat(v.getMax()).isEqualTo(ROWS - 1);
        assertThat(v.getNullCount()).isZero();
    }

    @Test
    void analyzeOfOnePartitionComputesThatPartitionOnly() throws Exception {
        exec(env, "CREATE TABLE t (id BIGINT, p INT) PARTITIONED BY (p)");
        exec(env, "INSERT INTO t SELECT id, CAST(MOD(id, 4) AS INT) FROM gen");

        exec(env, "ANALYZE TABLE t PARTITION (p = 3) COMPUTE STATISTICS");

        assertThat(tableDir("t").resolve("p=3").resolve(StatisticsStore.FILE_NAME)).exists();
        assertThat(tableDir("t").resolve("p=2").resolve(StatisticsStore.FILE_NAME)).doesNotExist();

        exec(env, "ANALYZE TABLE t PARTITION (p) COMPUTE STATISTICS FOR ALL COLUMNS");
        for (int p = 0; p < 4; p++) {
            assertThat(tableDir("t").resolve("p=" + p).resolve(StatisticsStore.FILE_NAME)).exists();
        }
        // The statistics files are not rows.
        assertThat(query(env, "SELECT COUNT(*) FROM t")).containsExactly("+I[" + ROWS + "]");
    }

    /**
     * Flink's ANALYZE writes each partition value into its filter as it is, unquoted: a DATE (or
     * STRING) partition key fails in Flink's planner. docs/sql.md sends users to {@code
     * compute_statistics}, which serves such tables.
     */
    @Test
    void aDateKeyIsAnalyzedByComputeStatisticsWhereFlinksAnalyzeFails() throws Exception {
        exec(env, "CREATE TABLE d (id BIGINT, dt DATE) PARTITIONED BY (dt)");
        exec(
                env,
                "INSERT INTO d SELECT id, CAST(TIMESTAMPADD(DAY, CAST(MOD(id, 3) AS INT),"
                        + " TIMESTAMP '2024-01-01 00:00:00') AS DATE) FROM gen");

        assertThatThrownBy(() -> exec(env, "ANALYZE TABLE d PARTITION (dt) COMPUTE STATISTICS"))
                .hasStackTraceContaining(
                        "Cannot apply '=' to arguments of type '<DATE> = <INTEGER>'");
        query(env, "CALL ft.sys.compute_statistics('default.d')");

        for (String day : new String[] {"2024-01-01", "2024-01-02", "2024-01-03"}) {
            CatalogTableStatistics stats =
                    catalog.getPartitionStatistics(
                            new ObjectPath("default", "d"),
                            new org.apache.flink.table.catalog.CatalogPartitionSpec(
                                    java.util.Map.of("dt", day)));
            assertThat(stats.getRowCount()).as(day).isBetween(ROWS / 3L, ROWS / 3L + 1);
        }
    }

    /**
     * With no distinct count (the footers give rows, nulls, min and max), Flink guesses that {@code
     * c = 35} keeps 15% of the rows, too many to broadcast under a 10 KB threshold, and shuffles
     * both sides. The stored sketch says c is unique, so one row is left, and the planner
     * broadcasts that side instead.
     */
    @Test
    void theFilteredSideIsBroadcastOnceItIsKnownToBeSmall() throws Exception {
        env.getConfig().set("table.optimizer.join.broadcast-threshold", "10000");
        String query = "SELECT f.x, d.v FROM fact f JOIN dim d ON f.k = d.k WHERE d.c = 35";
        String before = env.explainSql(query, ExplainDetail.ESTIMATED_COST);
        assertThat(before)
                .contains("where=[=(c, 35:BIGINT)]): rowcount = 1500.0")
                .doesNotContain("distribution=[broadcast]");

        query(env, "CALL ft.sys.compute_statistics('default.dim')");

        String after = env.explainSql(query, ExplainDetail.ESTIMATED_COST);
        assertThat(after)
                .contains("where=[=(c, 35:BIGINT)]): rowcount = 1.0")
                .contains("Exchange(distribution=[broadcast])");
        assertThat(query(env, query)).containsExactly("+I[5, 5]", "+I[5005, 5]");
    }
}
