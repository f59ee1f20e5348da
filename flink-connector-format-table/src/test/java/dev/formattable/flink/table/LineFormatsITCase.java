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
import dev.formattable.flink.testutils.TableFiles;

import org.apache.flink.table.api.TableEnvironment;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * csv, json and text tables written and read back: every supported type, values holding the
 * delimiters, quotes, escapes, line breaks and non-ASCII text, NULLs, both layouts, each
 * compression with its file suffix.
 */
class LineFormatsITCase extends FlinkTestBase {

    private static final List<String> COMPRESSIONS =
            List.of("gzip", "bzip2", "deflate", "snappy", "lz4", "zstd");

    @TempDir Path dir;

    static Stream<Arguments> tables() {
        Stream.Builder<Arguments> b = Stream.builder();
        for (String format : List.of("csv", "json")) {
            b.add(Arguments.of(format, "none", false, false));
            b.add(Arguments.of(format, "none", true, false));
            b.add(Arguments.of(format, "none", true, true));
            for (String compression : COMPRESSIONS) {
                b.add(Arguments.of(format, compression, true, false));
            }
        }
        return b.build();
    }

    private static final String COLUMNS =
            "id INT, b BOOLEAN, ti TINYINT, si SMALLINT, bi BIGINT, f FLOAT, d DOUBLE,"
                    + " amount DECIMAL(10, 2), s STRING, bin BYTES, dt DATE, ts3 TIMESTAMP(3),"
                    + " ts6 TIMESTAMP(6), ts9 TIMESTAMP(9), ltz TIMESTAMP_LTZ(3), p STRING";

    private static final String ROWS =
            "(1, true, CAST(1 AS TINYINT), CAST(2 AS SMALLINT), 3000000000, CAST(1.5 AS FLOAT),"
                    + " 1.0E10, 12.30, 'plain', X'0102FF', DATE '2024-01-02',"
                    + " TIMESTAMP '2024-01-02 03:04:05.123', TIMESTAMP '2024-01-02 03:04:05.123456',"
                    + " TIMESTAMP '2024-01-02 03:04:05.123456789',"
                    + " TO_TIMESTAMP_LTZ(1704164645123, 3), 'a'),"
                    + " (2, false, CAST(-1 AS TINYINT), CAST(-2 AS SMALLINT), -3, CAST(-0.25 AS FLOAT),"
                    + " -2.5, -0.05, 'he said \"hi\", ok; back\\slash | pipe', X'AB', DATE '1970-01-01',"
                    + " TIMESTAMP '1970-01-01 00:00:00', TIMESTAMP '1999-12-31 23:59:59.000001',"
                    + " TIMESTAMP '2000-01-01 00:00:00.000000001', TO_TIMESTAMP_LTZ(0, 3), 'a'),"
                    + " (3, CAST(NULL AS BOOLEAN), CAST(NULL AS TINYINT), CAST(NULL AS SMALLINT),"
                    + " CAST(NULL AS BIGINT), CAST(NULL AS FLOAT), CAST(NULL AS DOUBLE),"
                    + " CAST(NULL AS DECIMAL(10, 2)), CAST(NULL AS STRING), CAST(NULL AS BYTES),"
                    + " CAST(NULL AS DATE), CAST(NULL AS TIMESTAMP(3)), CAST(NULL AS TIMESTAMP(6)),"
                    + " CAST(NULL AS TIMESTAMP(9)), CAST(NULL AS TIMESTAMP_LTZ(3)), 'b'),"
                    + " (4, true, CAST(0 AS TINYINT), CAST(0 AS SMALLINT), 0, CAST(0 AS FLOAT), 0.0,"
                    + " 0.00, 'two\nlines\r\nand ünïcödé 日本', X'00', DATE '2024-02-29',"
                    + " TIMESTAMP '2024-02-29 12:00:00.5', TIMESTAMP '2024-02-29 12:00:00.5',"
                    + " TIMESTAMP '2024-02-29 12:00:00.5', TO_TIMESTAMP_LTZ(1, 3),"
                    + " CAST(NULL AS STRING))";

    private static final List<String> EXPECTED =
            List.of(
                    "+I[1, true, 1, 2, 3000000000, 1.5, 1.0E10, 12.30, plain, [1, 2, -1],"
                            + " 2024-01-02, 2024-01-02T03:04:05.123, 2024-01-02T03:04:05.123456,"
                            + " 2024-01-02T03:04:05.123456789, 2024-01-02T03:04:05.123Z, a]",
                    "+I[2, false, -1, -2, -3, -0.25, -2.5, -0.05, he said \"hi\", ok;"
                            + " back\\slash | pipe, [-85], 1970-01-01, 1970-01-01T00:00,"
                            + " 1999-12-31T23:59:59.000001, 2000-01-01T00:00:00.000000001,"
                            + " 1970-01-01T00:00:00Z, a]",
                    "+I[3, null, null, null, null, null, null, null, null, null, null, null, null,"
                            + " null, null, b]",
                    "+I[4, true, 0, 0, 0, 0.0, 0.0, 0.00, two\nlines\r\nand ünïcödé 日本, [0],"
                            + " 2024-02-29, 2024-02-29T12:00:00.500, 2024-02-29T12:00:00.500,"
                            + " 2024-02-29T12:00:00.500, 1970-01-01T00:00:00.001Z, null]");

    @ParameterizedTest(name = "{0} compression={1} partitioned={2} valueOnly={3}")
    @MethodSource("tables")
    void everyTypeAndAwkwardValueReadsBack(
            String format, String compression, boolean partitioned, boolean valueOnly)
            throws IOException {
        TableEnvironment env = batchEnv();
        env.getConfig().set("table.local-time-zone", "UTC");
        exec(
                env,
                "CREATE TABLE t ("
                        + COLUMNS
                        + ")"
                        + (partitioned ? " PARTITIONED BY (p)" : "")
                        + " WITH ('connector'='format-table', 'path'='"
                        + dir
                        + "', 'file.format'='"
                        + format
                        + "', 'file.compression'='"
                        + compression
                        + "', 'format-table.partition-path-only-value'='"
                        + valueOnly
                        + "')");
        exec(env, "INSERT INTO t VALUES " + ROWS);

        assertThat(query(env, "SELECT * FROM t")).isEqualTo(EXPECTED);
        assertThat(query(env, "SELECT p, id FROM t WHERE id > 2"))
                .containsExactly("+I[b, 3]", "+I[null, 4]");
        assertThat(query(env, "SELECT COUNT(*) FROM t")).containsExactly("+I[4]");
        String suffix = TableFiles.lineSuffix(format, compression);
        assertThat(TableFiles.dataFileNames(dir)).isNotEmpty().allMatch(n -> n.endsWith(suffix));
    }

    @ParameterizedTest(name = "compression={0}")
    @org.junit.jupiter.params.provider.ValueSource(strings = {"none", "gzip", "zstd"})
    void aTextTableHoldsALinePerRow(String compression) throws IOException {
        TableEnvironment env = batchEnv();
        exec(
                env,
                "CREATE TABLE t (line STRING, p INT) PARTITIONED BY (p)"
                        + withFormatTable(
                                dir, "text", ", 'file.compression'='" + compression + "'"));
        exec(
                env,
                "INSERT INTO t VALUES ('first, with a comma', 1), ('ünïcödé \"quoted\"', 1),"
                        + " ('', 2), (CAST(NULL AS STRING), 2)");

        // NULL is written as an empty line and reads back empty, as with Paimon.
        assertThat(query(env, "SELECT * FROM t"))
                .containsExactly(
                        "+I[, 2]",
                        "+I[, 2]",
                        "+I[first, with a comma, 1]",
                        "+I[ünïcödé \"quoted\", 1]");
        if (compression.equals("none")) {
            Path file =
                    Files.list(dir.resolve("p=1")).filter(Files::isRegularFile).findFirst().get();
            assertThat(Files.readString(file))
                    .isIn(
                            "first, with a comma\nünïcödé \"quoted\"\n",
                            "ünïcödé \"quoted\"\nfirst, with a comma\n");
        }
    }

    @Test
    void aHeaderAndOtherDelimitersAreWrittenAndRead() throws IOException {
        TableEnvironment env = batchEnv();
        exec(
                env,
                "CREATE TABLE t (id INT, name STRING) WITH ('connector'='format-table', 'path'='"
                        + dir
                        + "', 'file.format'='csv', 'csv.include-header'='true',"
                        + " 'csv.field-delimiter'=';', 'csv.line-delimiter'='|\n',"
                        + " 'csv.null-literal'='NULL')");
        exec(env, "INSERT INTO t VALUES (1, 'a;b'), (2, ''), (3, CAST(NULL AS STRING))");

        assertThat(query(env, "SELECT * FROM t"))
                .containsExactly("+I[1, a;b]", "+I[2, ]", "+I[3, null]");
        List<Path> files;
        try (Stream<Path> s = Files.list(dir)) {
            files =
                    s.filter(f -> f.getFileName().toString().endsWith(".csv"))
                            .collect(Collectors.toList());
        }
        assertThat(files).isNotEmpty();
        for (Path f : files) {
            assertThat(Files.readString(f)).startsWith("id;name|\n");
        }
    }

    @Test
    void filesRollByTimeAsTheRollingPolicySays() throws IOException {
        TableEnvironment env = batchEnv();
        exec(
                env,
                "CREATE TEMPORARY TABLE gen (id BIGINT) WITH ('connector'='datagen',"
                        + " 'number-of-rows'='4000', 'fields.id.kind'='sequence',"
                        + " 'fields.id.start'='1', 'fields.id.end'='4000')");
        for (String format : List.of("csv", "parquet")) {
            exec(
                    env,
                    "CREATE TABLE "
                            + format
                            + " (id BIGINT) WITH ('connector'='format-table', 'path'='"
                            + dir.resolve(format)
                            + "', 'file.format'='"
                            + format
                            + "', 'sink.parallelism'='1',"
                            + " 'sink.rolling-policy.rollover-interval'='1 ms')");
            exec(env, "INSERT INTO " + format + " SELECT id FROM gen");
            assertThat(query(env, "SELECT COUNT(*), SUM(id) FROM " + format))
                    .containsExactly("+I[4000, 8002000]");
        }
        // A csv file is finished by the first row written a millisecond after it was opened;
        // parquet and orc roll by size and checkpoints only, as the filesystem connector's.
        assertThat(TableFiles.dataFileNames(dir.resolve("csv"))).hasSizeGreaterThan(1);
        assertThat(TableFiles.dataFileNames(dir.resolve("parquet"))).hasSize(1);

        exec(
                env,
                "CREATE TABLE bad (id BIGINT) WITH ('connector'='format-table', 'path'='"
                        + dir.resolve("bad")
                        + "', 'file.format'='json', 'sink.rolling-policy.inactivity-interval'='0 s')");
        assertThatThrownBy(() -> env.executeSql("INSERT INTO bad VALUES (1)"))
                .hasStackTraceContaining(
                        "'sink.rolling-policy.inactivity-interval'='0 s' must be a positive"
                                + " duration");
        exec(
                env,
                "CREATE TABLE bad2 (id BIGINT) WITH ('connector'='format-table', 'path'='"
                        + dir.resolve("bad2")
                        + "', 'file.format'='csv', 'sink.rolling-policy.check-interval'='0 ms')");
        assertThatThrownBy(() -> env.executeSql("INSERT INTO bad2 VALUES (1)"))
                .hasStackTraceContaining(
                        "'sink.rolling-policy.check-interval'='0 ms' must be a positive"
                                + " duration");
    }

    @Test
    void jsonHoldsNestedTypes() {
        TableEnvironment env = batchEnv();
        exec(
                env,
                "CREATE TABLE t (id INT, arr ARRAY<INT>, m MAP<STRING, INT>,"
                        + " r ROW<a INT, b STRING>, tm TIME, nested ARRAY<ROW<x DOUBLE>>)"
                        + " WITH ('connector'='format-table', 'path'='"
                        + dir
                        + "', 'file.format'='json')");
        exec(
                env,
                "INSERT INTO t VALUES (1, ARRAY[1, CAST(NULL AS INT), 3], MAP['k', 1, 'l', 2],"
                        + " ROW(7, 'seven'), TIME '10:11:12', ARRAY[ROW(0.5), ROW(-1.5)]),"
                        + " (2, CAST(NULL AS ARRAY<INT>), CAST(NULL AS MAP<STRING, INT>),"
                        + " CAST(NULL AS ROW<a INT, b STRING>), CAST(NULL AS TIME),"
                        + " CAST(NULL AS ARRAY<ROW<x DOUBLE>>))");

        assertThat(query(env, "SELECT id, arr, m['l'], r.b, tm, nested[2].x FROM t"))
                .containsExactly(
                        "+I[1, [1, null, 3], 2, seven, 10:11:12, -1.5]",
                        "+I[2, null, null, null, null, null]");
    }
}
