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

import dev.formattable.flink.stats.Footers;
import dev.formattable.flink.tables.FormatTables;
import dev.formattable.flink.testutils.FlinkTestBase;

import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.api.ExplainDetail;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.expressions.CallExpression;
import org.apache.flink.table.expressions.FieldReferenceExpression;
import org.apache.flink.table.expressions.ResolvedExpression;
import org.apache.flink.table.expressions.ValueLiteralExpression;
import org.apache.flink.table.functions.BuiltInFunctionDefinitions;
import org.apache.flink.table.plan.stats.ColumnStats;
import org.apache.flink.table.plan.stats.TableStats;
import org.apache.flink.table.types.logical.RowType;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Statistics reported to the planner from footers (row counts, null counts, bounds), of the pruned
 * partitions only, and cached per file so that planning the same table again reads no footer.
 */
class StatisticsReportITCase extends FlinkTestBase {

    @TempDir Path dir;

    /** 3 days × 2 hours, 3 rows each, written by two INSERTs: 36 rows. */
    private TableEnvironment table(String format) {
        TableEnvironment env = batchEnv();
        exec(
                env,
                "CREATE TABLE t (v BIGINT, dt STRING, h INT) PARTITIONED BY (dt, h)"
                        + withFormatTable(dir, format));
        insertTwoRoundsOfDaysAndHours(
                env, (round, d, h, r) -> String.format("(%d, 'd%d', %d)", r, d, h));
        return env;
    }

    private long dataFilesBelow(String relative) throws IOException {
        try (Stream<Path> files = Files.walk(dir.resolve(relative))) {
            return files.filter(Files::isRegularFile)
                    .filter(p -> !p.getFileName().toString().startsWith("."))
                    .filter(p -> !p.getFileName().toString().startsWith("_"))
                    .count();
        }
    }

    private static String scanLine(TableEnvironment env, String sql) {
        String plan = env.explainSql(sql, ExplainDetail.ESTIMATED_COST);
        return Arrays.stream(plan.split("\n"))
                .filter(l -> l.contains("TableSourceScan"))
                .findFirst()
                .orElseThrow(() -> new AssertionError("No scan in " + plan));
    }

    @ParameterizedTest
    @ValueSource(strings = {"parquet", "orc"})
    void rowCountOfThePrunedPartitionsComesFromCachedFooters(String format) throws IOException {
        TableEnvironment env = table(format);
        String oneDay = "SELECT v FROM t WHERE dt = 'd1'";

        long before = Footers.footerReads();
        assertThat(scanLine(env, oneDay)).contains("rowcount = 12.0");
        // Only the footers of the files of dt=d1, each once.
        assertThat(Footers.footerReads() - before).isEqualTo(dataFilesBelow("dt=d1"));

        long afterFirst = Footers.footerReads();
        assertThat(scanLine(env, oneDay)).contains("rowcount = 12.0");
        assertThat(Footers.footerReads()).isEqualTo(afterFirst);

        // The whole table: only the files not read yet.
        assertThat(scanLine(env, "SELECT v FROM t")).contains("rowcount = 36.0");
        assertThat(Footers.footerReads() - afterFirst)
                .isEqualTo(dataFilesBelow("dt=d0") + dataFilesBelow("dt=d2"));
        assertThat(query(env, oneDay)).hasSize(12);
    }

    private static final RowType WIDE =
            (RowType)
                    DataTypes.ROW(
                                    DataTypes.FIELD("v", DataTypes.BIGINT()),
                                    DataTypes.FIELD("i", DataTypes.INT()),
                                    DataTypes.FIELD("d", DataTypes.DOUBLE()),
                                    DataTypes.FIELD("amount", DataTypes.DECIMAL(10, 2)),
                                    DataTypes.FIELD("day", DataTypes.DATE()),
                                    DataTypes.FIELD("name", DataTypes.STRING()),
                                    DataTypes.FIELD("dt", DataTypes.STRING()),
                                    DataTypes.FIELD("h", DataTypes.INT()))
                            .getLogicalType();

    /** Two days, each with hours 0 and 1 (and one NULL hour on d2); nulls in every data column. */
    private TableEnvironment wideTable(String format) {
        TableEnvironment env = batchEnv();
        exec(
                env,
                "CREATE TABLE w (v BIGINT, i INT, d DOUBLE, amount DECIMAL(10, 2), `day` DATE,"
                        + " name STRING, dt STRING, h INT) PARTITIONED BY (dt, h)"
                        + withFormatTable(dir, format));
        exec(
                env,
                "INSERT INTO w VALUES"
                        + " (1, 10, 0.5, 1.25, DATE '2024-01-05', 'a', 'd1', 0),"
                        + " (7, -3, 2.5, 99.99, DATE '2024-03-01', 'b', 'd1', 0),"
                        + " (CAST(NULL AS BIGINT), 4, CAST(NULL AS DOUBLE),"
                        + " CAST(NULL AS DECIMAL(10, 2)), CAST(NULL AS DATE), CAST(NULL AS STRING),"
                        + " 'd1', 1),"
                        + " (-20, 100, -1.5, -3.50, DATE '2023-12-31', 'c', 'd2', 0),"
                        + " (50, CAST(NULL AS INT), 8.0, 10.00, DATE '2024-06-30', 'd', 'd2', CAST(NULL AS INT))");
        return env;
    }

    private TableStats report(String format, List<Map<String, String>> partitions) {
        return report(WIDE, List.of("dt", "h"), format, partitions);
    }

    /** What the source reports for the table at dir, after the partition filters if given. */
    private TableStats report(
            RowType type,
            List<String> partitionKeys,
            String format,
            List<Map<String, String>> partitions) {
        FormatTableDynamicSource source =
                new FormatTableDynamicSource(
                        FormatTables.open(
                                dir.toString(), type, partitionKeys, Map.of("file.format", format)),
                        type,
                        1 << 20,
                        1024);
        if (partitions != null) {
            source.applyFilters(equalities(partitions));
        }
        return source.reportStatistics();
    }

    @ParameterizedTest
    @ValueSource(strings = {"parquet", "orc"})
    void nullCountsAndBoundsOfEveryColumnComeFromFooters(String format) {
        wideTable(format);
        TableStats all = report(format, null);
        assertThat(all.getRowCount()).isEqualTo(5);
        Map<String, ColumnStats> c = all.getColumnStats();
        assertThat(c.get("v").getNullCount()).isEqualTo(1);
        assertThat(c.get("v").getMin()).isEqualTo(-20L);
        assertThat(c.get("v").getMax()).isEqualTo(50L);
        assertThat(c.get("i").getNullCount()).isEqualTo(1);
        assertThat(c.get("i").getMin()).isEqualTo(-3L);
        assertThat(c.get("i").getMax()).isEqualTo(100L);
        assertThat(c.get("d").getMin()).isEqualTo(-1.5);
        assertThat(c.get("d").getMax()).isEqualTo(8.0);
        assertThat(c.get("amount").getNullCount()).isEqualTo(1);
        assertThat(c.get("amount").getMin()).isEqualTo(-3.5);
        assertThat(c.get("amount").getMax()).isEqualTo(99.99);
        assertThat(c.get("day").getMin()).isEqualTo(java.sql.Date.valueOf("2023-12-31"));
        assertThat(c.get("day").getMax()).isEqualTo(java.sql.Date.valueOf("2024-06-30"));
        // Strings have a null count but no bounds.
        assertThat(c.get("name").getNullCount()).isEqualTo(1);
        assertThat(c.get("name").getMin()).isNull();
        // Partition columns are exact, from the directory names, with distinct counts.
        assertThat(c.get("dt").getNdv()).isEqualTo(2);
        assertThat(c.get("dt").getNullCount()).isZero();
        assertThat(c.get("h").getNdv()).isEqualTo(2);
        assertThat(c.get("h").getNullCount()).isEqualTo(1);
        assertThat(c.get("h").getMin()).isEqualTo(0L);
        assertThat(c.get("h").getMax()).isEqualTo(1L);
    }

    @ParameterizedTest
    @ValueSource(strings = {"parquet", "orc"})
    void onlyThePrunedPartitionsCount(String format) {
        wideTable(format);
        TableStats d1 = report(format, List.of(Map.of("dt", "d1", "h", "0")));
        assertThat(d1.getRowCount()).isEqualTo(2);
        Map<String, ColumnStats> c = d1.getColumnStats();
        assertThat(c.get("v").getNullCount()).isZero();
        assertThat(c.get("v").getMin()).isEqualTo(1L);
        assertThat(c.get("v").getMax()).isEqualTo(7L);
        assertThat(c.get("day").getMax()).isEqualTo(java.sql.Date.valueOf("2024-03-01"));
        assertThat(c.get("h").getNdv()).isEqualTo(1);
    }

    @ParameterizedTest
    @ValueSource(strings = {"parquet", "orc"})
    void thePlannerEstimatesFiltersWithTheBounds(String format) {
        TableEnvironment env = wideTable(format);
        // v lies in [-20, 50]: a filter beyond the maximum selects (almost) nothing, one below
        // the minimum everything. Without bounds both would get the same default estimate.
        double beyond = calcRows(env, "SELECT v FROM w WHERE v > 1000");
        double below = calcRows(env, "SELECT v FROM w WHERE v > -1000");
        assertThat(beyond).isLessThan(below);
    }

    private static double calcRows(TableEnvironment env, String sql) {
        String plan = env.explainSql(sql, ExplainDetail.ESTIMATED_COST);
        String calc =
                Arrays.stream(plan.split("\n"))
                        .filter(l -> l.contains("Calc(") && l.contains("rowcount = "))
                        .reduce((a, b) -> b)
                        .orElseThrow(() -> new AssertionError("No Calc in " + plan));
        String n = calc.substring(calc.indexOf("rowcount = ") + "rowcount = ".length());
        return Double.parseDouble(n.substring(0, n.indexOf(',')));
    }

    private static final RowType SMALL =
            (RowType)
                    DataTypes.ROW(
                                    DataTypes.FIELD("v", DataTypes.BIGINT()),
                                    DataTypes.FIELD("name", DataTypes.STRING()),
                                    DataTypes.FIELD("dt", DataTypes.STRING()))
                            .getLogicalType();

    /** A batch environment with table s, (v, name, dt) partitioned by dt, at the test's dir. */
    private TableEnvironment statisticsTableEnv() {
        TableEnvironment env = batchEnv();
        exec(
                env,
                "CREATE TABLE s (v BIGINT, name STRING, dt STRING) PARTITIONED BY (dt)"
                        + withFormatTable(dir, "parquet"));
        return env;
    }

    /** Partition d1 holds v = i % 10 and d2 v = i % 20, for i < 100, with names "n<i>". */
    private dev.formattable.core.FormatTable storedStatisticsTable() throws IOException {
        TableEnvironment env = statisticsTableEnv();
        StringBuilder values = new StringBuilder();
        for (int i = 0; i < 100; i++) {
            values.append(i == 0 ? "" : ", ")
                    .append(
                            String.format(
                                    "(%d, 'n%d', 'd1'), (%d, 'n%d', 'd2')", i % 10, i, i % 20, i));
        }
        exec(env, "INSERT INTO s VALUES " + values);
        dev.formattable.core.FormatTable table =
                FormatTables.open(
                        dir.toString(), SMALL, List.of("dt"), Map.of("file.format", "parquet"));
        for (String day : List.of("d1", "d2")) {
            int modulus = day.equals("d1") ? 10 : 20;
            var v =
                    new dev.formattable.core.stats.ColumnStatisticsBuilder(
                            "v", dev.formattable.core.types.DataTypes.BIGINT(), 12);
            var name =
                    new dev.formattable.core.stats.ColumnStatisticsBuilder(
                            "name", dev.formattable.core.types.DataTypes.STRING(), 12);
            for (int i = 0; i < 100; i++) {
                v.add((long) (i % modulus));
                name.add("n" + i);
            }
            dev.formattable.core.fs.Path partition = table.location().child("dt=" + day);
            var splits =
                    table.newScan()
                            .withPartitionFilter(
                                    dev.formattable.core.partition.PartitionPredicate.equal(
                                            "dt", day))
                            .plan()
                            .splits();
            new dev.formattable.core.stats.StatisticsStore(table.fileIO())
                    .write(
                            partition,
                            new dev.formattable.core.stats.PartitionStatistics(
                                    100,
                                    dev.formattable.core.stats.Fingerprint.ofSplits(
                                            partition, splits),
                                    List.of(v.build(), name.build())));
        }
        return table;
    }

    private TableStats reportSmall(List<Map<String, String>> partitions) {
        return report(SMALL, List.of("dt"), "parquet", partitions);
    }

    @org.junit.jupiter.api.Test
    void storedStatisticsGiveDistinctCountsFromTheUnionOfSketches() throws IOException {
        storedStatisticsTable();
        long footersBefore = Footers.footerReads();

        TableStats all = reportSmall(null);
        assertThat(all.getRowCount()).isEqualTo(200);
        // The union of {0..9} and {0..19}: 20, not the sum (30) nor the larger (20 by luck).
        assertThat(all.getColumnStats().get("v").getNdv()).isEqualTo(20);
        assertThat(all.getColumnStats().get("v").getMax()).isEqualTo(19L);
        assertThat(all.getColumnStats().get("name").getNdv()).isEqualTo(100);
        assertThat(all.getColumnStats().get("name").getMaxLen()).isEqualTo(3);
        assertThat(Footers.footerReads()).as("no footer read").isEqualTo(footersBefore);

        TableStats d1 = reportSmall(List.of(Map.of("dt", "d1")));
        assertThat(d1.getRowCount()).isEqualTo(100);
        assertThat(d1.getColumnStats().get("v").getNdv()).isEqualTo(10);
        assertThat(d1.getColumnStats().get("v").getMax()).isEqualTo(9L);
    }

    @org.junit.jupiter.api.Test
    void aPartitionWhoseFilesChangedFallsBackToFooters() throws IOException {
        storedStatisticsTable();
        TableEnvironment env = statisticsTableEnv();
        exec(env, "INSERT INTO s VALUES (1000, 'late', 'd2')");

        TableStats all = reportSmall(null);
        // d2's stored statistics no longer cover its files: its footers count, and no distinct
        // count is claimed for the table.
        assertThat(all.getRowCount()).isEqualTo(201);
        assertThat(all.getColumnStats().get("v").getNdv()).isNull();
        assertThat(all.getColumnStats().get("v").getMax()).isEqualTo(1000L);
        assertThat(all.getColumnStats().get("v").getNullCount()).isZero();
        // d1's are still current.
        assertThat(reportSmall(List.of(Map.of("dt", "d1"))).getColumnStats().get("v").getNdv())
                .isEqualTo(10);
    }

    /** The filters a query on these partitions pushes: one AND of equalities per partition. */
    private static List<ResolvedExpression> equalities(List<Map<String, String>> partitions) {
        List<ResolvedExpression> any = new java.util.ArrayList<>();
        for (Map<String, String> partition : partitions) {
            List<ResolvedExpression> all = new java.util.ArrayList<>();
            partition.forEach(
                    (key, value) ->
                            all.add(
                                    CallExpression.permanent(
                                            BuiltInFunctionDefinitions.EQUALS,
                                            List.of(
                                                    key.equals("h")
                                                            ? new FieldReferenceExpression(
                                                                    key, DataTypes.INT(), 0, 0)
                                                            : new FieldReferenceExpression(
                                                                    key, DataTypes.STRING(), 0, 0),
                                                    key.equals("h")
                                                            ? new ValueLiteralExpression(
                                                                    Integer.parseInt(value))
                                                            : new ValueLiteralExpression(value)),
                                            DataTypes.BOOLEAN())));
            any.add(
                    all.size() == 1
                            ? all.get(0)
                            : CallExpression.permanent(
                                    BuiltInFunctionDefinitions.AND, all, DataTypes.BOOLEAN()));
        }
        return any.size() == 1
                ? any
                : List.of(
                        CallExpression.permanent(
                                BuiltInFunctionDefinitions.OR, any, DataTypes.BOOLEAN()));
    }
}
