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
package dev.formattable.quickstart;

import dev.formattable.quickstart.SqlScriptRunner.Statement;

import org.apache.flink.types.Row;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Splitting, the warehouse reset, argument handling and the table rendering; no Flink job. */
class SqlScriptRunnerTest {

    @TempDir Path dir;

    @Test
    void splitsOnSemicolonsAndRemembersStartingLines() {
        List<Statement> statements =
                SqlScriptRunner.split("CREATE TABLE a (x INT);\n\nSELECT 1;\nSELECT\n  2;\n");

        assertThat(statements)
                .containsExactly(
                        new Statement(1, "CREATE TABLE a (x INT)"),
                        new Statement(3, "SELECT 1"),
                        new Statement(4, "SELECT\n  2"));
    }

    @Test
    void aSemicolonInQuotesDoesNotSplit() {
        List<Statement> statements =
                SqlScriptRunner.split(
                        "INSERT INTO t VALUES ('a;b', 'it''s; fine');\n"
                                + "SELECT `odd;name`, \"x;y\" FROM t;");

        assertThat(statements)
                .containsExactly(
                        new Statement(1, "INSERT INTO t VALUES ('a;b', 'it''s; fine')"),
                        new Statement(2, "SELECT `odd;name`, \"x;y\" FROM t"));
    }

    @Test
    void commentsAreDroppedAndDoNotSplit() {
        String script =
                "-- a comment; with a semicolon\n"
                        + "-- and another one\n"
                        + "SELECT 1; -- trailing; comment\n"
                        + "/* block; comment\n"
                        + "   over two lines */ SELECT\n"
                        + "  '--not a comment' -- but this is\n"
                        + "  ;\n"
                        + "-- only a comment after the last statement";

        assertThat(SqlScriptRunner.split(script))
                .containsExactly(
                        new Statement(3, "SELECT 1"),
                        new Statement(5, "SELECT\n  '--not a comment'"));
    }

    @Test
    void aCommentInsideAStatementKeepsItsLines() {
        List<Statement> statements =
                SqlScriptRunner.split("SELECT a, -- first\n  b /* second */ FROM t\n;");

        assertThat(statements).containsExactly(new Statement(1, "SELECT a,\n  b   FROM t"));
    }

    @Test
    void aLastStatementWithoutSemicolonIsKept() {
        assertThat(SqlScriptRunner.split("SELECT 1;\n\n  SELECT 2\n"))
                .containsExactly(new Statement(1, "SELECT 1"), new Statement(3, "SELECT 2"));
    }

    @Test
    void emptyStatementsAreSkipped() {
        assertThat(SqlScriptRunner.split(";;\n -- nothing\n ; \n")).isEmpty();
        assertThat(SqlScriptRunner.split("")).isEmpty();
    }

    @Test
    void theWarehouseIsRecreatedEmptyOnEveryRun() throws Exception {
        Path home = dir.resolve("warehouse");
        SqlScriptRunner.resetWarehouse(home);
        Files.createDirectories(home.resolve("orders/dt=1"));
        Files.writeString(home.resolve("orders/dt=1/data-0.parquet"), "x");

        SqlScriptRunner.resetWarehouse(home);

        assertThat(home).isDirectory();
        assertThat(home.resolve("orders")).doesNotExist();
        assertThat(home.resolve(SqlScriptRunner.MARKER)).isRegularFile();
    }

    @Test
    void aForeignNonEmptyDirectoryIsNeverDeleted() throws Exception {
        Files.writeString(dir.resolve("precious.txt"), "keep me");

        assertThatThrownBy(() -> SqlScriptRunner.resetWarehouse(dir))
                .hasMessageContaining("not empty");
        assertThat(dir.resolve("precious.txt")).hasContent("keep me");
    }

    @Test
    void aForeignWarehouseStopsTheRunBeforeAnyStatement() throws Exception {
        Files.writeString(dir.resolve("precious.txt"), "keep me");
        Path script = dir.resolve("s.sql");
        Files.writeString(script, "SELECT 1;");
        Output output = new Output();

        int code =
                SqlScriptRunner.run(
                        new String[] {script.toString(), "--warehouse", dir.toString()},
                        output.out,
                        output.err);

        assertThat(code).isEqualTo(SqlScriptRunner.USAGE);
        assertThat(output.err()).contains("Cannot prepare the warehouse").contains("not empty");
        assertThat(dir.resolve("precious.txt")).hasContent("keep me");
    }

    @Test
    void badArgumentsPrintTheUsage() {
        Output output = new Output();

        int code = SqlScriptRunner.run(new String[] {"a.sql", "b.sql"}, output.out, output.err);

        assertThat(code).isEqualTo(SqlScriptRunner.USAGE);
        assertThat(output.err()).contains("Unexpected argument: b.sql").contains("Usage:");
    }

    @Test
    void aMissingScriptIsReported() {
        Output output = new Output();

        int code =
                SqlScriptRunner.run(
                        new String[] {
                            dir.resolve("nope.sql").toString(),
                            "--warehouse",
                            dir.resolve("w").toString()
                        },
                        output.out,
                        output.err);

        assertThat(code).isEqualTo(SqlScriptRunner.USAGE);
        assertThat(output.err()).contains("Cannot read the script").contains("nope.sql");
    }

    @Test
    void rendersAnAsciiTable() {
        String table =
                AsciiTable.render(
                        List.of("id", "name"), List.of(Row.of(1, "alice"), Row.of(100, null)));

        assertThat(table)
                .isEqualTo(
                        "+-----+--------+\n"
                                + "| id  | name   |\n"
                                + "+-----+--------+\n"
                                + "|   1 | alice  |\n"
                                + "| 100 | <NULL> |\n"
                                + "+-----+--------+\n"
                                + "2 rows\n");
    }

    @Test
    void headlineIsOneShortLine() {
        assertThat(SqlScriptRunner.headline("SELECT\n  a,\n  b\nFROM t"))
                .isEqualTo("SELECT a, b FROM t");
        assertThat(SqlScriptRunner.headline("SELECT " + "x".repeat(200)))
                .hasSize(100)
                .endsWith("...");
    }

    /** Captures what the runner prints. */
    static final class Output {
        private final ByteArrayOutputStream outBytes = new ByteArrayOutputStream();
        private final ByteArrayOutputStream errBytes = new ByteArrayOutputStream();
        final PrintStream out = new PrintStream(outBytes, true, StandardCharsets.UTF_8);
        final PrintStream err = new PrintStream(errBytes, true, StandardCharsets.UTF_8);
        int code = -1;

        String out() {
            return outBytes.toString(StandardCharsets.UTF_8);
        }

        String err() {
            return errBytes.toString(StandardCharsets.UTF_8);
        }
    }
}
