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

import dev.formattable.core.fs.LocalFileIO;
import dev.formattable.core.stats.PartitionStatistics;
import dev.formattable.core.stats.StatisticsStore;
import dev.formattable.flink.testutils.FlinkTestBase;

import org.apache.flink.table.api.ExplainDetail;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.catalog.Catalog;
import org.apache.flink.table.catalog.CatalogPartitionSpec;
import org.apache.flink.table.catalog.ObjectPath;
import org.apache.flink.table.catalog.stats.CatalogColumnStatistics;
import org.apache.flink.table.catalog.stats.CatalogColumnStatisticsDataString;
import org.apache.flink.table.catalog.stats.CatalogTableStatistics;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * {@code CALL <catalog>.sys.compute_statistics}: a parallel job that reads only what changed, and
 * whose result the catalog gives the planner.
 */
class ComputeStatisticsITCase extends FlinkTestBase {

    private static final int PARTITIONS = 100;
    private static final int ROWS = 2_000;

    @TempDir Path warehouse;

    private TableEnvironment env;
    private Path table;

    @BeforeEach
    void createTable() {
        env = batchEnv();
        exec(
                env,
                "CREATE CATALOG ft WITH ('type'='format-table', 'warehouse'='" + warehouse + "')");
        exec(env, "USE CATALOG ft");
        exec(
                env,
                "CREATE TABLE t (id BIGINT, name STRING, p INT) PARTITIONED BY (p)"
                        + " WITH ('file.format'='parquet')");
        exec(
                env,
                "CREATE TEMPORARY TABLE gen (id BIGINT) WITH ('connector'='datagen', 'number-of-rows'='"
                        + ROWS
                        + "',"
                        + " 'fields.id.kind'='sequence', 'fields.id.start'='0',"
                        + " 'fields.id.end'='"
                        + (ROWS - 1)
                        + "')");
        exec(
                env,
                "INSERT INTO t SELECT id, CONCAT('n', CAST(MOD(id, 37) AS STRING)),"
                        + " CAST(MOD(id, "
                        + PARTITIONS
                        + ") AS INT) FROM gen");
        table = warehouse.resolve("default.db").resolve("t");
    }

    private List<String> compute(String args) {
        return query(env, "CALL ft.sys.compute_statistics(" + args + ")");
    }

    private static long count(List<String> rows, String outcome) {
        return rows.stream().filter(r -> r.contains(", " + outcome + ", ")).count();
    }

    private PartitionStatistics stored(int p) {
        dev.formattable.core.fs.Path dir =
                dev.formattable.core.fs.Path.of(table.resolve("p=" + p).toString());
        return new StatisticsStore(new LocalFileIO()).read(dir).orElseThrow();
    }

    @Test
    void theFirstRunComputesEveryPartitionAndTheNextReusesThem() {
        List<String> first = compute("'default.t'");

        assertThat(first).hasSize(PARTITIONS);
        assertThat(count(first, "recomputed")).isEqualTo(PARTITIONS);
        assertThat(first).contains("+I[p=7, recomputed, " + filesOf(7) + ", 20]");
        for (int p = 0; p < PARTITIONS; p++) {
            assertThat(table.resolve("p=" + p).resolve(StatisticsStore.FILE_NAME)).exists();
            assertThat(stored(p).rowCount()).isEqualTo(ROWS / PARTITIONS);
        }

        List<String> second = compute("'t'");
        assertThat(second).hasSize(PARTITIONS).allMatch(r -> r.contains(", reused, 0, 20]"));
        // The statistics files are not rows.
        assertThat(query(env, "SELECT COUNT(*) FROM t")).containsExactly("+I[" + ROWS + "]");
    }

    /**
     * The read counter is the job's own count of files read, and a stronger one besides: every data
     * file of the other 99 partitions is overwritten with garbage of the same size and time, so a
     * run that opened any of them would fail.
     */
    @Test
    void aRunAfterOneChangeReadsOnlyThatPartition() throws IOException {
        compute("'default.t'");
        exec(env, "INSERT INTO t VALUES (100000, 'new', 7)");
        damageDataFilesExcept(7);

        List<String> added = compute("'default.t'");

        assertThat(added).contains("+I[p=7, added files, 1, 21]");
        assertThat(count(added, "reused")).isEqualTo(PARTITIONS - 1);
        assertThat(count(added, "added files")).isEqualTo(1);
        assertThat(stored(7).rowCount()).isEqualTo(21);
        assertThat(stored(7).column("name").orElseThrow().distinctCount()).isEqualTo(21);

        exec(env, "INSERT OVERWRITE t PARTITION (p = 7) VALUES (1, 'x')");
        List<String> replaced = compute("'default.t'");
        assertThat(replaced).contains("+I[p=7, recomputed, 1, 1]");
        assertThat(count(replaced, "reused")).isEqualTo(PARTITIONS - 1);
    }

    @Test
    void aPartitionFilterLimitsTheRun() {
        assertThat(compute("'default.t', 'p=3;p=4'"))
                .containsExactly(
                        "+I[p=3, recomputed, " + filesOf(3) + ", 20]",
                        "+I[p=4, recomputed, " + filesOf(4) + ", 20]");
        assertThat(table.resolve("p=5").resolve(StatisticsStore.FILE_NAME)).doesNotExist();
    }

    @Test
    void theCatalogGivesUnitedDistinctCountsAndForgetsStaleStatistics() throws Exception {
        Catalog catalog = env.getCatalog("ft").orElseThrow();
        ObjectPath path = new ObjectPath("default", "t");
        List<CatalogPartitionSpec> specs = List.of(spec(1), spec(2), spec(38), spec(39));
        assertThat(catalog.getPartitionStatistics(path, spec(1)))
                .isEqualTo(CatalogTableStatistics.UNKNOWN);
        compute("'default.t'");

        List<CatalogTableStatistics> tables = catalog.bulkGetPartitionStatistics(path, specs);
        assertThat(tables).extracting(CatalogTableStatistics::getRowCount).containsOnly(20L);
        List<CatalogColumnStatistics> columns =
                catalog.bulkGetPartitionColumnStatistics(path, specs);
        long exact =
                Long.parseLong(
                        query(env, "SELECT COUNT(DISTINCT name) FROM t WHERE p IN (1, 2, 38, 39)")
                                .get(0)
                                .replaceAll("\\D", ""));
        for (CatalogColumnStatistics c : columns) {
            CatalogColumnStatisticsDataString name =
                    (CatalogColumnStatisticsDataString) c.getColumnStatisticsData().get("name");
            assertThat(name.getNdv()).isEqualTo(exact);
            assertThat(name.getNullCount()).isZero();
        }
        // The planner gets them for the partitions left after pruning: rows, and the united
        // distinct count as the size of a grouping by name.
        assertThat(
                        env.explainSql(
                                "SELECT name, COUNT(*) FROM t WHERE p IN (1, 2, 38, 39) GROUP BY"
                                        + " name",
                                ExplainDetail.ESTIMATED_COST))
                .containsPattern(
                        "TableSourceScan\\(table=\\[\\[ft, default, t, partitions=.*rowcount = 80\\.0")
                .containsPattern(
                        "HashAggregate\\(isMerge=\\[true\\].*rowcount = " + exact + "\\.0");
        // Alone, a partition's distinct count is its own.
        CatalogColumnStatistics one = catalog.getPartitionColumnStatistics(path, spec(1));
        assertThat(
                        ((CatalogColumnStatisticsDataString)
                                        one.getColumnStatisticsData().get("name"))
                                .getNdv())
                .isEqualTo(20);

        exec(env, "INSERT OVERWRITE t PARTITION (p = 1) VALUES (1, 'x')");
        assertThat(catalog.getPartitionStatistics(path, spec(1)))
                .isEqualTo(CatalogTableStatistics.UNKNOWN);
        assertThat(catalog.getPartitionStatistics(path, spec(2)).getRowCount()).isEqualTo(20);

        exec(env, "ALTER TABLE t DROP PARTITION (p = 2)");
        assertThat(table.resolve("p=2")).doesNotExist();
    }

    /**
     * Partitions of two files: a streaming run would unite and store each partition twice (after
     * its first file and again after both) and report it twice. The job runs in batch mode from any
     * session, so once.
     */
    @Test
    void aStreamingSessionRunsTheSameBatchJob() {
        TableEnvironment streaming = streamingEnv();
        exec(
                streaming,
                "CREATE CATALOG ft WITH ('type'='format-table', 'warehouse'='" + warehouse + "')");
        exec(
                env,
                "INSERT INTO t SELECT id + "
                        + ROWS
                        + ", 'again', CAST(MOD(id, "
                        + PARTITIONS
                        + ") AS INT) FROM gen");
        assertThat(filesOf(7)).isGreaterThanOrEqualTo(2);

        List<String> rows = query(streaming, "CALL ft.sys.compute_statistics('default.t')");

        assertThat(rows)
                .hasSize(PARTITIONS)
                .contains("+I[p=7, recomputed, " + filesOf(7) + ", 40]");
        assertThat(stored(7).rowCount()).isEqualTo(40);
    }

    /** Every type with statistics, read through each format into the builders' Java classes. */
    @ParameterizedTest
    @ValueSource(strings = {"parquet", "orc", "csv", "json"})
    void everyTypeIsRead(String format) {
        exec(
                env,
                "CREATE TABLE typed (b BOOLEAN, i INT, big BIGINT, d DOUBLE, amount DECIMAL(10, 2),"
                        + " s STRING, bin BYTES, dt DATE, tm TIME, ts TIMESTAMP(6),"
                        + " ltz TIMESTAMP_LTZ(3), arr ARRAY<INT>) WITH ('file.format'='"
                        + format
                        + "')");
        exec(
                env,
                "INSERT INTO typed VALUES"
                        + " (true, 1, 10, 0.5, 1.25, 'a', X'01', DATE '2024-01-01', TIME '10:00:00',"
                        + " TIMESTAMP '2024-01-01 00:00:00.000001', TO_TIMESTAMP_LTZ(0, 3),"
                        + " ARRAY[1]),"
                        + " (false, 3, 30, -0.5, 2.50, 'bb', X'0203', DATE '2024-03-01',"
                        + " TIME '11:00:00', TIMESTAMP '2024-02-01 00:00:00',"
                        + " TO_TIMESTAMP_LTZ(1000, 3), ARRAY[2]),"
                        + " (CAST(NULL AS BOOLEAN), CAST(NULL AS INT), CAST(NULL AS BIGINT),"
                        + " CAST(NULL AS DOUBLE), CAST(NULL AS DECIMAL(10, 2)),"
                        + " CAST(NULL AS STRING), CAST(NULL AS BYTES), CAST(NULL AS DATE),"
                        + " CAST(NULL AS TIME), CAST(NULL AS TIMESTAMP(6)),"
                        + " CAST(NULL AS TIMESTAMP_LTZ(3)), CAST(NULL AS ARRAY<INT>))");

        assertThat(compute("'typed'")).containsExactly("+I[, recomputed, 1, 3]");

        dev.formattable.core.fs.Path dir =
                dev.formattable.core.fs.Path.of(
                        warehouse.resolve("default.db").resolve("typed").toString());
        PartitionStatistics s = new StatisticsStore(new LocalFileIO()).read(dir).orElseThrow();
        assertThat(s.rowCount()).isEqualTo(3);
        assertThat(s.column("arr")).isEmpty();
        assertThat(s.columns())
                .hasSize(11)
                .allSatisfy(
                        c -> {
                            assertThat(c.nullCount()).as(c.name()).isEqualTo(1);
                            assertThat(c.distinctCount()).as(c.name()).isEqualTo(2);
                        });
        assertThat(bounds(s, "b")).isEqualTo("false..true");
        assertThat(bounds(s, "i")).isEqualTo("1..3");
        assertThat(bounds(s, "big")).isEqualTo("10..30");
        assertThat(bounds(s, "d")).isEqualTo("-0.5..0.5");
        assertThat(bounds(s, "amount")).isEqualTo("1.25..2.50");
        assertThat(bounds(s, "s")).isEqualTo("a..bb");
        assertThat(bounds(s, "dt")).isEqualTo("2024-01-01..2024-03-01");
        assertThat(bounds(s, "tm")).isEqualTo("10:00..11:00");
        assertThat(bounds(s, "ts")).isEqualTo("2024-01-01T00:00:00.000001..2024-02-01T00:00");
        assertThat(bounds(s, "ltz")).isEqualTo("1970-01-01T00:00:00Z..1970-01-01T00:00:01Z");
        assertThat(s.column("s").orElseThrow().totalWidth()).isEqualTo(3);
        assertThat(s.column("bin").orElseThrow().maxWidth()).isEqualTo(2);
    }

    private static String bounds(PartitionStatistics s, String column) {
        var c = s.column(column).orElseThrow();
        return c.min().orElseThrow() + ".." + c.max().orElseThrow();
    }

    /**
     * The report names a partition as SHOW PARTITIONS does: a DATE in ISO form, not the day count
     * of its directory name, and NULL as null.
     */
    @Test
    void partitionsAreReportedAsShowPartitionsListsThem() {
        exec(env, "CREATE TABLE d (v INT, dt DATE, h INT) PARTITIONED BY (dt, h)");
        exec(
                env,
                "INSERT INTO d VALUES (1, DATE '2024-01-01', 3),"
                        + " (2, CAST(NULL AS DATE), CAST(NULL AS INT))");
        assertThat(names(warehouse.resolve("default.db").resolve("d")))
                .contains("dt=19723", "dt=__DEFAULT_PARTITION__");

        assertThat(query(env, "SHOW PARTITIONS d"))
                .containsExactlyInAnyOrder("+I[dt=2024-01-01/h=3]", "+I[dt=null/h=null]");
        assertThat(compute("'d'"))
                .containsExactlyInAnyOrder(
                        "+I[dt=2024-01-01/h=3, recomputed, 1, 1]",
                        "+I[dt=null/h=null, recomputed, 1, 1]");
    }

    private static List<String> names(Path dir) {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(f -> f.getFileName().toString()).collect(Collectors.toList());
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    void theProcedureIsListedInTheSystemDatabase() {
        assertThat(query(env, "SHOW PROCEDURES IN ft.sys"))
                .containsExactly(
                        "+I[compute_statistics]",
                        "+I[expire_partitions]",
                        "+I[remove_orphan_files]");
    }

    @Test
    void badArgumentsAreRefusedByName() {
        assertThatThrownBy(() -> compute("'default.nope'"))
                .hasStackTraceContaining(
                        "'table'='default.nope' of compute_statistics: table default.nope does"
                                + " not exist in catalog 'ft'");
        assertThatThrownBy(() -> compute("'a.b.c'"))
                .hasStackTraceContaining(
                        "'table'='a.b.c' of compute_statistics must be '<database>.<table>' or"
                                + " '<table>'");
        assertThatThrownBy(() -> compute("'default.t', 'q=1'"))
                .hasStackTraceContaining(
                        "'partitions'='q=1' of compute_statistics is refused: Partition spec"
                                + " 'q=1' names 'q', which is not a partition key; the partition"
                                + " keys are [p]");
        assertThat(table.resolve("p=0").resolve(StatisticsStore.FILE_NAME)).doesNotExist();
    }

    private static CatalogPartitionSpec spec(int p) {
        return new CatalogPartitionSpec(Map.of("p", String.valueOf(p)));
    }

    private int filesOf(int p) {
        return dataFiles(table.resolve("p=" + p)).size();
    }

    private static List<Path> dataFiles(Path dir) {
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(f -> !f.getFileName().toString().startsWith("."))
                    .filter(f -> !f.getFileName().toString().startsWith("_"))
                    .filter(Files::isRegularFile)
                    .collect(Collectors.toList());
        } catch (IOException e) {
            throw new RuntimeException(e);
        }
    }

    private void damageDataFilesExcept(int keep) throws IOException {
        Random random = new Random(42);
        for (int p = 0; p < PARTITIONS; p++) {
            if (p == keep) {
                continue;
            }
            for (Path f : dataFiles(table.resolve("p=" + p))) {
                FileTime time = Files.getLastModifiedTime(f);
                byte[] garbage = new byte[(int) Files.size(f)];
                random.nextBytes(garbage);
                Files.write(f, garbage);
                Files.setLastModifiedTime(f, time);
            }
        }
    }
}
