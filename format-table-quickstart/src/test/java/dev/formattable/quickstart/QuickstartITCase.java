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

import dev.formattable.quickstart.SqlScriptRunnerTest.Output;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** Runs the real examples/quickstart.sql, and a failing script, through the runner. */
class QuickstartITCase {

    @TempDir Path dir;

    /**
     * The quickstart shows the overwrite replacing one partition; run again on the same warehouse,
     * it starts empty and shows the same (five orders in the end, not ten).
     */
    @Test
    void theQuickstartShowsTheOverwriteReplacingOnePartitionAndRunsTwiceOnTheSameWarehouse() {
        Path warehouse = dir.resolve("warehouse");
        for (int run = 1; run <= 2; run++) {
            Output output = runQuickstart(warehouse);
            String out = output.out();

            assertThat(output.code).as("run %d: %s", run, output.err()).isZero();
            String[] parts = out.split("INSERT OVERWRITE", -1);
            assertThat(parts).as(out).hasSize(2);
            String before = normalize(parts[0]);
            String after = normalize(parts[1]);

            assertThat(before)
                    .as("run %d", run)
                    .contains(
                            "| 1 | alice | 12.50 | 2024-01-01 |\n"
                                    + "| 2 | bob | 30.00 | 2024-01-01 |\n"
                                    + "| 3 | carol | 7.25 | 2024-01-02 |\n"
                                    + "| 4 | dave | 99.99 | 2024-01-02 |\n"
                                    + "| 5 | erin | 15.00 | 2024-01-03 |\n");
            // Only 2024-01-02 changed; 2024-01-01 and 2024-01-03 are as they were.
            assertThat(after)
                    .as("run %d", run)
                    .contains(
                            "| 1 | alice | 12.50 | 2024-01-01 |\n"
                                    + "| 2 | bob | 30.00 | 2024-01-01 |\n"
                                    + "| 30 | carol | 8.25 | 2024-01-02 |\n"
                                    + "| 31 | frank | 42.00 | 2024-01-02 |\n"
                                    + "| 5 | erin | 15.00 | 2024-01-03 |\n")
                    .doesNotContain("dave")
                    .contains(
                            "| dt | orders | total |",
                            "| 2024-01-01 | 2 | 42.50 |\n"
                                    + "| 2024-01-02 | 2 | 50.25 |\n"
                                    + "| 2024-01-03 | 1 | 15.00 |\n");
            assertThat(out).contains("Warehouse: " + warehouse.toAbsolutePath().normalize());
            // Dates are partition directories named by their day number (2024-01-02 is day
            // 19724).
            assertThat(warehouse.resolve("orders/dt=19724")).isDirectory();
        }
    }

    @Test
    void aFailingStatementNamesItsLineAndStopsTheRun() throws IOException {
        Path script = dir.resolve("broken.sql");
        Files.writeString(
                script,
                "-- A script whose first statement fails.\n"
                        + "-- The statement is on line 3.\n"
                        + "SELECT * FROM missing_table;\n"
                        + "SELECT 'never printed';\n");
        Output output = new Output();

        int code =
                SqlScriptRunner.run(
                        new String[] {
                            script.toString(), "--warehouse", dir.resolve("warehouse").toString()
                        },
                        output.out,
                        output.err);

        assertThat(code).isNotZero();
        assertThat(output.err())
                .contains("Statement at line 3 failed:")
                .contains("line 3")
                .contains("missing_table");
        assertThat(output.out()).doesNotContain("never printed");
    }

    /**
     * A successful run, in its own JVM as the quickstart script starts it, prints no stack trace,
     * not even after "Done" from a shutdown hook: an orc catalog table is read, written, counted
     * and its statistics computed.
     */
    @Test
    void aSuccessfulRunPrintsNoStackTrace() throws IOException, InterruptedException {
        Path script = dir.resolve("orc.sql");
        Files.writeString(
                script,
                "CREATE CATALOG c WITH ('type'='format-table', 'warehouse'='${warehouse}/c');\n"
                        + "USE CATALOG c;\n"
                        + "CREATE TABLE t (id INT, dt DATE) PARTITIONED BY (dt)"
                        + " WITH ('file.format'='orc');\n"
                        + "INSERT INTO t VALUES (1, DATE '2024-01-01'), (2, DATE '2024-01-02');\n"
                        + "SELECT COUNT(*) FROM t;\n"
                        + "SELECT * FROM t WHERE id > 1;\n"
                        + "SHOW PARTITIONS t;\n"
                        + "CALL c.sys.compute_statistics('default.t');\n");
        Path log = dir.resolve("run.log");
        Process process =
                new ProcessBuilder(
                                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                                "-cp",
                                System.getProperty("java.class.path"),
                                SqlScriptRunner.class.getName(),
                                script.toString(),
                                "--warehouse",
                                dir.resolve("warehouse").toString())
                        .redirectErrorStream(true)
                        .redirectOutput(log.toFile())
                        .start();
        assertThat(process.waitFor(5, java.util.concurrent.TimeUnit.MINUTES)).isTrue();
        String output = Files.readString(log);

        assertThat(process.exitValue()).as(output).isZero();
        assertThat(output)
                .contains("Done: 8 statements.")
                // Partitions are named the same typed way by both statements.
                .contains("| dt=2024-01-02 |")
                .doesNotContain("dt=19724")
                .doesNotContain("Exception")
                .doesNotContain("\tat ");
    }

    /**
     * The script runs on Flink 2.3 or, with {@code --flink 1.20}, on 1.20; another line is refused
     * before anything is built, naming the lines it takes.
     */
    @Test
    void theScriptRefusesAFlinkLineItDoesNotRunOn() throws IOException, InterruptedException {
        Path shell = quickstartScript().getParent().getParent().resolve("scripts/quickstart.sh");
        Process process =
                new ProcessBuilder("bash", shell.toString(), "--flink", "1.19")
                        .redirectErrorStream(true)
                        .start();
        String output = new String(process.getInputStream().readAllBytes());
        assertThat(process.waitFor(1, java.util.concurrent.TimeUnit.MINUTES)).isTrue();

        assertThat(process.exitValue()).isEqualTo(2);
        assertThat(output)
                .contains("--flink 1.19: the quickstart runs on Flink 2.3 (the default) or 1.20")
                .doesNotContain("Building");
    }

    private static Output runQuickstart(Path warehouse) {
        Output output = new Output();
        output.code =
                SqlScriptRunner.run(
                        new String[] {
                            quickstartScript().toString(), "--warehouse", warehouse.toString()
                        },
                        output.out,
                        output.err);
        return output;
    }

    /** examples/quickstart.sql, found from the working directory (the module or the root). */
    private static Path quickstartScript() {
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            Path script = p.resolve(SqlScriptRunner.DEFAULT_SCRIPT);
            if (Files.isRegularFile(script)) {
                return script;
            }
        }
        throw new IllegalStateException(
                "examples/quickstart.sql not found above " + Path.of("").toAbsolutePath());
    }

    /** Table rows with their padding collapsed, so the assertions ignore column widths. */
    private static String normalize(String text) {
        return text.replaceAll(" +", " ");
    }
}
