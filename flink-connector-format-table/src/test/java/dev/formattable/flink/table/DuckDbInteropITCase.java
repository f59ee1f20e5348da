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
import dev.formattable.flink.testutils.InteropRows;
import dev.formattable.flink.testutils.StatisticsFiles;

import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.types.Row;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.UUID;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * DuckDB (JDBC, in process) reads the parquet tables we write with {@code hive_partitioning}, and
 * we read the partitioned parquet DuckDB writes. DuckDB has no orc reader, so parquet only.
 *
 * <p>DuckDB 1.4 parses partition directories its own way: {@code key=NULL} is NULL, but Paimon's
 * default name {@code __DEFAULT_PARTITION__} is the text it spells, and a DATE must be spelled as a
 * date, not a day count. A table meant for DuckDB therefore sets {@code
 * 'partition.legacy-name'='false'} and {@code 'partition.default-name'='NULL'}; with the defaults,
 * DuckDB still reads every data column, and the partition columns as text (pinned below).
 */
class DuckDbInteropITCase extends FlinkTestBase {

    private static final long SEED = 0xD0CDL;

    /** The layout options that make our directories DuckDB's. */
    private static final String FOR_DUCKDB =
            ", 'partition.legacy-name'='false', 'partition.default-name'='NULL'";

    private static final String HIVE_TYPES = "hive_types = {'dt': DATE, 'h': INTEGER}";

    private static final java.time.format.DateTimeFormatter TS =
            java.time.format.DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSS");

    @TempDir Path dir;

    /** Success files in every partition written, which DuckDB's globs do not take for data. */
    private static final String SUCCESS_FILES =
            ", 'sink.partition-commit.policy.kind'='success-file'";

    private List<Path> successFiles() throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(f -> f.getFileName().toString().equals("_SUCCESS"))
                    .collect(Collectors.toList());
        }
    }

    private TableEnvironment create(boolean partitioned, String options) {
        return create("parquet", partitioned, options);
    }

    private TableEnvironment create(String format, boolean partitioned, String options) {
        TableEnvironment env = batchEnv();
        exec(
                env,
                "CREATE TABLE t ("
                        + InteropRows.COLUMNS
                        + ")"
                        + (partitioned ? " PARTITIONED BY (dt, h)" : "")
                        + withFormatTable(dir, format, options));
        return env;
    }

    private List<Row> write(TableEnvironment env, long seed) {
        List<Row> rows = InteropRows.random(new Random(seed));
        exec(env, "INSERT INTO t VALUES " + InteropRows.sqlValues(rows));
        return rows;
    }

    @Test
    void duckDbReadsAPartitionedTableWithItsLayout() throws Exception {
        TableEnvironment env = create(true, FOR_DUCKDB + SUCCESS_FILES);
        List<Row> rows = write(env, SEED);
        assertThat(successFiles()).isNotEmpty();
        stageAFile();
        StatisticsFiles.compute(env, "t");

        List<Row> read =
                duckDb(
                        "SELECT id, name, big, score, amount, ts, dt, h FROM read_parquet('"
                                + dir
                                + "/**/*.parquet', hive_partitioning = true, "
                                + HIVE_TYPES
                                + ")");

        assertThat(read).containsExactlyInAnyOrderElementsOf(rows);
        assertThat(read).anyMatch(r -> r.getField(6) == null && r.getField(7) == null);
    }

    @Test
    void duckDbReadsAnUnpartitionedTable() throws Exception {
        TableEnvironment env = create(false, SUCCESS_FILES);
        List<Row> rows = write(env, SEED + 1);
        assertThat(successFiles()).isNotEmpty();
        stageAFile();
        StatisticsFiles.compute(env, "t");

        assertThat(duckDb("SELECT * FROM read_parquet('" + dir + "/*.parquet')"))
                .containsExactlyInAnyOrderElementsOf(rows);
    }

    /**
     * With Paimon's default names, DuckDB reads the data columns exactly but the partition columns
     * as text: the day count ({@code 19723}) and {@code __DEFAULT_PARTITION__}, not a date and
     * NULL. Pinned, and why {@link #FOR_DUCKDB} exists.
     */
    @Test
    void withPaimonsDefaultNamesDuckDbSeesPartitionValuesAsText() throws Exception {
        List<Row> rows = write(create(true, ""), SEED + 2);
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
                Statement s = c.createStatement();
                ResultSet rs =
                        s.executeQuery(
                                "SELECT id, dt, h FROM read_parquet('"
                                        + dir
                                        + "/**/*.parquet', hive_partitioning = true)")) {
            int seen = 0;
            while (rs.next()) {
                Row row = rows.get(rs.getInt(1));
                LocalDate dt = (LocalDate) row.getField(6);
                Integer h = (Integer) row.getField(7);
                assertThat(rs.getString(2))
                        .isEqualTo(dt == null ? "__DEFAULT_PARTITION__" : "" + dt.toEpochDay());
                assertThat(rs.getString(3)).isEqualTo(h == null ? "__DEFAULT_PARTITION__" : "" + h);
                seen++;
            }
            assertThat(seen).isEqualTo(rows.size());
        }
    }

    @Test
    void weReadWhatDuckDbWrites() throws Exception {
        List<Row> rows = InteropRows.random(new Random(SEED + 3));
        duckDbWrites(rows, "FORMAT parquet");
        TableEnvironment env = create(true, FOR_DUCKDB);

        assertThat(rows(env, "SELECT * FROM t")).containsExactlyInAnyOrderElementsOf(rows);
        assertThat(rows(env, "SELECT * FROM t WHERE dt IS NULL AND h IS NULL"))
                .containsExactlyInAnyOrderElementsOf(
                        rows.stream()
                                .filter(r -> r.getField(6) == null && r.getField(7) == null)
                                .collect(Collectors.toList()))
                .isNotEmpty();
    }

    /** The columns DuckDB's csv and json readers are told, in the table's order. */
    private static final String DUCKDB_COLUMNS =
            "columns = {'id': 'INTEGER', 'name': 'VARCHAR', 'big': 'BIGINT', 'score': 'DOUBLE',"
                    + " 'amount': 'DECIMAL(10, 2)', 'ts': 'TIMESTAMP'}";

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"csv", "json"})
    void duckDbReadsOurCsvAndJsonTables(String format) throws Exception {
        TableEnvironment env = create(format, true, FOR_DUCKDB + SUCCESS_FILES);
        List<Row> rows = write(env, SEED + 4 + format.length());
        stageAFile(format);
        String reader =
                format.equals("csv")
                        ? "read_csv('" + dir + "/**/*.csv', header = false, escape = '\\', "
                        : "read_json('" + dir + "/**/*.json', format = 'newline_delimited', ";

        List<Row> read =
                duckDb(
                        "SELECT id, name, big, score, amount, ts, dt, h FROM "
                                + reader
                                + DUCKDB_COLUMNS
                                + ", hive_partitioning = true, "
                                + HIVE_TYPES
                                + ")");

        assertThat(read).containsExactlyInAnyOrderElementsOf(rows);
    }

    @Test
    void weReadTheCsvDuckDbWrites() throws Exception {
        List<Row> rows = InteropRows.random(new Random(SEED + 5));
        duckDbWrites(rows, "FORMAT csv, HEADER true");
        TableEnvironment env = create("csv", true, FOR_DUCKDB + ", 'csv.include-header'='true'");

        assertThat(rows(env, "SELECT * FROM t")).containsExactlyInAnyOrderElementsOf(rows);
    }

    /** DuckDB writes the rows below the table's directory, partitioned by dt and h. */
    private void duckDbWrites(List<Row> rows, String format) throws SQLException {
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
                Statement s = c.createStatement()) {
            s.execute(
                    "CREATE TABLE src (id INTEGER, name VARCHAR, big BIGINT, score DOUBLE,"
                            + " amount DECIMAL(10, 2), ts TIMESTAMP, dt DATE, h INTEGER)");
            s.execute("INSERT INTO src VALUES " + duckDbValues(rows));
            s.execute(
                    "COPY src TO '"
                            + dir
                            + "' ("
                            + format
                            + ", PARTITION_BY (dt, h), OVERWRITE_OR_IGNORE)");
        }
    }

    /** A staged, never committed file: as invisible to DuckDB's glob as to us. */
    private void stageAFile() throws IOException {
        stageAFile("parquet");
    }

    private void stageAFile(String format) throws IOException {
        Path published;
        try (Stream<Path> files = Files.walk(dir)) {
            published =
                    files.filter(p -> p.getFileName().toString().endsWith("." + format))
                            .findFirst()
                            .orElseThrow();
        }
        Path staging = Files.createDirectories(published.resolveSibling("_temporary"));
        Files.copy(
                published,
                staging.resolve("." + published.getFileName() + "." + UUID.randomUUID() + ".tmp"));
    }

    private static List<Row> duckDb(String sql) throws SQLException {
        List<Row> rows = new ArrayList<>();
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
                Statement s = c.createStatement();
                ResultSet rs = s.executeQuery(sql)) {
            while (rs.next()) {
                rows.add(
                        Row.of(
                                rs.getObject(1, Integer.class),
                                rs.getObject(2, String.class),
                                rs.getObject(3, Long.class),
                                rs.getObject(4, Double.class),
                                rs.getObject(5, BigDecimal.class),
                                rs.getObject(6) == null
                                        ? null
                                        : rs.getObject(6, LocalDateTime.class),
                                rs.getObject(7) == null ? null : rs.getObject(7, LocalDate.class),
                                rs.getObject(8, Integer.class)));
            }
        }
        return rows;
    }

    private static String duckDbValues(List<Row> rows) {
        return rows.stream()
                .map(
                        r ->
                                Stream.of(
                                                r.getField(0),
                                                quote(r.getField(1)),
                                                r.getField(2),
                                                r.getField(3),
                                                r.getField(4),
                                                quote(
                                                        r.getField(5) == null
                                                                ? null
                                                                : TS.format(
                                                                        (LocalDateTime)
                                                                                r.getField(5))),
                                                quote(r.getField(6)),
                                                r.getField(7))
                                        .map(v -> v == null ? "NULL" : v.toString())
                                        .collect(Collectors.joining(", ", "(", ")")))
                .collect(Collectors.joining(", "));
    }

    private static Object quote(Object value) {
        return value == null ? null : "'" + value + "'";
    }
}
