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

import dev.formattable.flink.source.FormatTableSource;
import dev.formattable.flink.testutils.FlinkTestBase;

import org.apache.flink.table.api.TableEnvironment;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Predicates on data columns reach the parquet and orc readers, which skip row groups and stripes
 * (orc: row index groups) whose statistics exclude them; the rows returned are still exact, as
 * Flink evaluates the predicates on the rows read.
 */
class FilterPushDownITCase extends FlinkTestBase {

    static final int ROWS = 5000;

    @TempDir Path dir;

    private TableEnvironment table(String format) {
        TableEnvironment env = batchEnv();
        String small =
                format.equals("parquet")
                        ? "'parquet.block.size'='2048', 'parquet.page.size'='512',"
                                + " 'parquet.block.size.row.check.min'='10',"
                                + " 'parquet.block.size.row.check.max'='50'"
                        : "'orc.stripe.size'='2048', 'orc.row.index.stride'='1000',"
                                + " 'orc.rows.between.memory.checks'='50'";
        exec(
                env,
                "CREATE TABLE t (a INT, b BIGINT, s STRING, d DOUBLE, p STRING)"
                        + " PARTITIONED BY (p) WITH ('connector'='format-table', 'path'='"
                        + dir
                        + "', 'file.format'='"
                        + format
                        + "', "
                        + small
                        + ")");
        // One writer over an ordered sequence: each row group holds a narrow range of values.
        env.getConfig().set("table.exec.resource.default-parallelism", "1");
        exec(
                env,
                "CREATE TEMPORARY TABLE gen (a INT) WITH ('connector'='datagen', 'number-of-rows'='"
                        + ROWS
                        + "',"
                        + " 'fields.a.kind'='sequence', 'fields.a.start'='0', 'fields.a.end'='"
                        + (ROWS - 1)
                        + "')");
        exec(
                env,
                "INSERT INTO t SELECT a, CAST(a AS BIGINT) * 10,"
                        + " CONCAT('s', LPAD(CAST(a AS STRING), 5, '0')), CAST(a AS DOUBLE) + 0.5,"
                        + " CASE WHEN a < 100 THEN 'x' ELSE 'y' END FROM gen");
        env.getConfig().set("table.exec.resource.default-parallelism", "2");
        return env;
    }

    /** Row groups in the table's parquet files: many, so that statistics can skip some. */
    private int parquetRowGroups() throws java.io.IOException {
        int groups = 0;
        try (java.util.stream.Stream<Path> files = java.nio.file.Files.walk(dir)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                String name = f.getFileName().toString();
                if (java.nio.file.Files.isRegularFile(f)
                        && !name.startsWith(".")
                        && !name.startsWith("_")
                        && !f.toString().contains("checkpoints")) {
                    try (org.apache.parquet.hadoop.ParquetFileReader reader =
                            org.apache.parquet.hadoop.ParquetFileReader.open(
                                    org.apache.parquet.hadoop.util.HadoopInputFile.fromPath(
                                            new org.apache.hadoop.fs.Path(f.toUri()),
                                            new org.apache.hadoop.conf.Configuration()))) {
                        groups += reader.getRowGroups().size();
                    }
                }
            }
        }
        return groups;
    }

    /** The parquet row groups the last query's filters kept from being read. */
    private long rowGroupsSkipped;

    private long rowsReadBy(TableEnvironment env, String sql, List<String> result) {
        QueryRun run = run(env, sql);
        result.addAll(run.rows);
        rowGroupsSkipped = run.counter(FormatTableSource.ROW_GROUPS_SKIPPED);
        return run.counter(FormatTableSource.ROWS_READ);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"parquet", "orc"})
    void selectivePredicatesSkipRowGroups(String format) throws Exception {
        TableEnvironment env = table(format);

        List<String> all = new ArrayList<>();
        assertThat(rowsReadBy(env, "SELECT count(a) FROM t", all)).isEqualTo(ROWS);
        assertThat(all).containsExactly("+I[" + ROWS + "]");

        int groups = format.equals("parquet") ? parquetRowGroups() : 0;
        if (format.equals("parquet")) {
            assertThat(groups).isGreaterThan(10);
        }
        assertThat(rowGroupsSkipped).as("row groups skipped without a filter").isZero();

        List<String> one = new ArrayList<>();
        long read = rowsReadBy(env, "SELECT a, s FROM t WHERE a = 4321", one);
        assertThat(one).containsExactly("+I[4321, s04321]");
        assertThat(read).isLessThan(ROWS / 5);
        if (format.equals("parquet")) {
            // Each row group holds a narrow range of a: all but the one holding 4321 (and those
            // its statistics cannot tell apart) are skipped, and counted.
            assertThat(rowGroupsSkipped)
                    .as("row groups skipped")
                    .isBetween(groups - 3L, groups - 1L);
        } else {
            // ORC skips row groups inside its own reader, where no counter sees them.
            assertThat(rowGroupsSkipped).as("row groups skipped").isZero();
        }

        List<String> range = new ArrayList<>();
        read = rowsReadBy(env, "SELECT count(*) FROM t WHERE b >= 49000 AND s <> 's04999'", range);
        assertThat(range).containsExactly("+I[99]");
        assertThat(read).isLessThan(ROWS / 5);

        List<String> or = new ArrayList<>();
        read = rowsReadBy(env, "SELECT a FROM t WHERE a < 3 OR d > 4997.0", or);
        assertThat(or)
                .containsExactly("+I[0]", "+I[1]", "+I[2]", "+I[4997]", "+I[4998]", "+I[4999]");
        assertThat(read).isLessThan(ROWS / 5);

        // A predicate the readers cannot use (a function of the column) reads every row, exactly.
        List<String> mod = new ArrayList<>();
        read = rowsReadBy(env, "SELECT count(*) FROM t WHERE MOD(a, 1000) = 7", mod);
        assertThat(mod).containsExactly("+I[5]");
        assertThat(read).isEqualTo(ROWS);
        assertThat(rowGroupsSkipped).as("row groups skipped by an unusable filter").isZero();

        // Mixed with a partition predicate and NOT, still exact.
        List<String> mixed = new ArrayList<>();
        rowsReadBy(env, "SELECT a FROM t WHERE p = 'x' AND NOT (a >= 2) ", mixed);
        assertThat(mixed).containsExactly("+I[0]", "+I[1]");
        List<String> nulls = new ArrayList<>();
        read = rowsReadBy(env, "SELECT count(*) FROM t WHERE s IS NULL", nulls);
        assertThat(nulls).containsExactly("+I[0]");

        // A column the files lack reads as NULL: a predicate on it skips nothing wrongly.
        exec(
                env,
                "CREATE TABLE wider (a INT, e INT, p STRING) PARTITIONED BY (p)"
                        + withFormatTable(dir, format));
        assertThat(query(env, "SELECT count(*) FROM wider WHERE e = 1")).containsExactly("+I[0]");
        assertThat(query(env, "SELECT count(*) FROM wider WHERE e IS NULL AND a < 10"))
                .containsExactly("+I[10]");
        assertThat(query(env, "SELECT count(*) FROM wider WHERE e <> 1 OR a = 7"))
                .containsExactly("+I[1]");
    }
}
