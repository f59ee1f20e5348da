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

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Reading csv, json and text files: a large file read in byte ranges by several readers, and lines
 * that cannot be read under each of the modes the table's options choose.
 */
class LineFormatsReadITCase extends FlinkTestBase {

    private static final int ROWS = 20_000;

    @TempDir Path dir;

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({"csv, ''", "csv, 'csv.include-header'='true',", "json, ''", "text, ''"})
    void aLargeFileIsReadInRangesEveryLineOnce(String format, String extra) throws IOException {
        TableEnvironment env = batchEnv();
        boolean text = format.equals("text");
        exec(
                env,
                "CREATE TABLE t ("
                        + (text ? "line STRING" : "id BIGINT, name STRING")
                        + ") WITH ('connector'='format-table', 'path'='"
                        + dir
                        + "', 'file.format'='"
                        + format
                        + "', 'sink.parallelism'='1'"
                        + (extra.isEmpty() ? "" : ", " + extra.replaceAll(",$", ""))
                        + ")");
        exec(
                env,
                "CREATE TEMPORARY TABLE gen (id BIGINT) WITH ('connector'='datagen', 'number-of-rows'='"
                        + ROWS
                        + "',"
                        + " 'fields.id.kind'='sequence', 'fields.id.start'='1',"
                        + " 'fields.id.end'='"
                        + ROWS
                        + "')");
        // Values with the delimiter and quotes, so that csv quotes them.
        exec(
                env,
                "INSERT INTO t SELECT "
                        + (text
                                ? "CAST(id AS STRING)"
                                : "id, CONCAT('name, \"', CAST(id AS STRING), '\"')")
                        + " FROM gen");
        List<Path> files = dataFiles();
        assertThat(files).hasSize(1);
        assertThat(Files.size(files.get(0))).isGreaterThan(100 * 1024);

        String id = text ? "CAST(line AS BIGINT)" : "id";
        String sums =
                "SELECT COUNT(*), COUNT(DISTINCT "
                        + id
                        + "), SUM("
                        + id
                        + ") FROM t"
                        + " /*+ OPTIONS('scan.split.target-size'='1kb') */";
        assertThat(query(env, sums))
                .containsExactly(
                        "+I[" + ROWS + ", " + ROWS + ", " + (long) ROWS * (ROWS + 1) / 2 + "]");
        if (!text) {
            assertThat(
                            query(
                                    env,
                                    "SELECT name FROM t /*+ OPTIONS('scan.split.target-size'='1kb')"
                                            + " */ WHERE id = 12345"))
                    .containsExactly("+I[name, \"12345\"]");
        }
    }

    private List<Path> dataFiles() throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(Files::isRegularFile)
                    .filter(f -> !f.getFileName().toString().startsWith("."))
                    .filter(f -> !f.getFileName().toString().startsWith("_"))
                    .collect(Collectors.toList());
        }
    }

    private Path file(String name, String content) throws IOException {
        return Files.write(dir.resolve(name), content.getBytes(StandardCharsets.UTF_8));
    }

    private TableEnvironment table(String columns, String format, String options) {
        TableEnvironment env = batchEnv();
        exec(env, "CREATE TABLE t (" + columns + ")" + withFormatTable(dir, format, options));
        return env;
    }

    @Test
    void aMalformedCsvLineFailsNamesOrBecomesNullsAsTheModeSays() throws IOException {
        Path file = file("data-foreign.csv", "1,a\r\nx,b\r\n3,c\r\n");

        TableEnvironment failing = table("id INT, name STRING", "csv", ", 'csv.mode'='FAILFAST'");
        assertThatThrownBy(() -> query(failing, "SELECT * FROM t"))
                .hasStackTraceContaining(
                        "Cannot read line 2 of data file file:"
                                + file
                                + " under 'csv.mode'='FAILFAST'");

        QueryRun dropped =
                run(
                        table("id INT, name STRING", "csv", ", 'csv.mode'='DROPMALFORMED'"),
                        "SELECT * FROM t");
        assertThat(dropped.rows).containsExactly("+I[1, a]", "+I[3, c]");
        assertThat(dropped.counter(FormatTableSource.MALFORMED_LINES_DROPPED)).isEqualTo(1);

        assertThat(query(table("id INT, name STRING", "csv", ""), "SELECT * FROM t"))
                .containsExactly("+I[1, a]", "+I[3, c]", "+I[null, b]");
    }

    @Test
    void jsonFieldsAreReadByNameAndBadLinesAsTheOptionSays() throws IOException {
        Path file =
                file(
                        "data-foreign.json",
                        "{\"name\":\"a\",\"id\":1,\"extra\":[1,2]}\n"
                                + "not json\n"
                                + "{\"id\":\"x\",\"name\":\"c\"}\n"
                                + "{\"name\":\"d\"}\n");

        TableEnvironment failing = table("id INT, name STRING", "json", "");
        assertThatThrownBy(() -> query(failing, "SELECT * FROM t"))
                .hasStackTraceContaining(
                        "Cannot read line 2 of data file file:"
                                + file
                                + " under 'json.ignore-parse-errors'='false'");

        QueryRun ignored =
                run(
                        table("id INT, name STRING", "json", ", 'json.ignore-parse-errors'='true'"),
                        "SELECT * FROM t");
        assertThat(ignored.rows).containsExactly("+I[1, a]", "+I[null, c]", "+I[null, d]");
        assertThat(ignored.counter(FormatTableSource.MALFORMED_LINES_DROPPED)).isEqualTo(1);
    }

    @Test
    void aNotNullColumnALineLacksIsRefusedNamingTheFile() throws IOException {
        Path file = file("data-foreign.json", "{\"id\":1,\"name\":\"a\"}\n{\"id\":2}\n");

        TableEnvironment env = table("id INT, name STRING NOT NULL", "json", "");
        assertThatThrownBy(() -> query(env, "SELECT * FROM t"))
                .hasStackTraceContaining(
                        "Data file file:"
                                + file
                                + " has no value for column 'name', which the table declares"
                                + " NOT NULL");
    }

    @Test
    void aTextTableOfOtherColumnsIsRefusedWhenPlanned() {
        TableEnvironment env = table("a STRING, b INT", "text", "");

        assertThatThrownBy(() -> env.executeSql("INSERT INTO t VALUES ('x', 1)"))
                .hasStackTraceContaining(
                        "'file.format'='text' holds one STRING column per line besides the"
                                + " partition columns, but the data columns are ROW<`a` STRING,"
                                + " `b` INT>");
        assertThatThrownBy(() -> env.executeSql("SELECT * FROM t"))
                .hasStackTraceContaining("'file.format'='text' holds one STRING column");
    }

    @Test
    void aCsvHeaderNamesTheColumnsOfItsFile() throws IOException {
        StringBuilder reordered = new StringBuilder("name,id\n");
        for (int i = 1; i <= 5000; i++) {
            reordered.append("n").append(i).append(',').append(i).append('\n');
        }
        file("data-reordered.csv", reordered.toString());
        // A header of other names: the columns are read by position, as Paimon reads them.
        file("data-other.csv", "a,b\n-1,n1\n");

        TableEnvironment env = table("id INT, name STRING", "csv", ", 'csv.include-header'='true'");

        assertThat(
                        query(
                                env,
                                "SELECT COUNT(*), SUM(id), SUM(CASE WHEN name = CONCAT('n',"
                                        + " CAST(ABS(id) AS STRING)) THEN 1 ELSE 0 END) FROM t"
                                        + " /*+ OPTIONS('scan.split.target-size'='1kb') */"))
                .containsExactly("+I[5001, 12502499, 5001]");
    }
}
