package dev.formattable.flink.stats;

import dev.formattable.core.fs.LocalFileIO;
import dev.formattable.core.stats.PartitionStatistics;
import dev.formattable.core.stats.StatisticsStore;
import dev.formattable.flink.testutils.FlinkTestBase;

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

    @Test
    void theProcedureIsListedInTheSystemDatabase() {
        assertThat(query(env, "SHOW PROCEDURES IN ft.sys"))
                .containsExactly("+I[compute_statistics]");
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
