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
package dev.formattable.spark;

import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Spark 4.2 in local mode reads the parquet and orc tables this connector writes, with its own
 * partition discovery. Under the options docs/interop.md recommends for Spark (ISO dates and Hive's
 * NULL partition name) it reads the partition columns typed and NULL as NULL; under our defaults
 * (Paimon's) it reads them as text, which these tests pin.
 */
class SparkReadsOurTablesITCase {

    private static final String COLUMNS = "(id INT, name STRING, dt DATE, h INT)";
    private static final String ROWS =
            "(1, 'a', DATE '2024-01-01', 3), (2, 'b', DATE '2024-01-02', 4),"
                    + " (3, CAST(NULL AS STRING), CAST(NULL AS DATE), CAST(NULL AS INT))";
    private static final String RECOMMENDED =
            "'partition.legacy-name'='false',"
                    + " 'partition.default-name'='__HIVE_DEFAULT_PARTITION__'";

    @TempDir static Path warehouse;

    private static SparkSession spark;

    @BeforeAll
    static void writeTablesAndStartSpark() throws IOException, InterruptedException {
        StringBuilder script = new StringBuilder();
        for (String format : List.of("parquet", "orc")) {
            script.append(create(format + "_recommended", format, RECOMMENDED));
            script.append(create(format + "_default", format, null));
        }
        runQuickstartRunner(script.toString());
        spark =
                SparkSession.builder()
                        .master("local[1]")
                        .appName("format-table interop")
                        .config("spark.ui.enabled", "false")
                        .config("spark.sql.session.timeZone", "UTC")
                        .getOrCreate();
    }

    @AfterAll
    static void stopSpark() {
        if (spark != null) {
            spark.stop();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"parquet", "orc"})
    void underTheRecommendedOptionsPartitionsAreTypedAndNullIsNull(String format) {
        Dataset<Row> table = read(format, format + "_recommended");

        assertThat(table.schema().simpleString())
                .isEqualTo("struct<id:int,name:string,dt:date,h:int>");
        assertThat(rows(table))
                .containsExactly("[1,a,2024-01-01,3]", "[2,b,2024-01-02,4]", "[3,null,null,null]");
    }

    @ParameterizedTest
    @ValueSource(strings = {"parquet", "orc"})
    void underOurDefaultsSparkSeesDayCountsAndThePaimonNullNameAsText(String format) {
        Dataset<Row> table = read(format, format + "_default");

        assertThat(table.schema().simpleString())
                .isEqualTo("struct<id:int,name:string,dt:string,h:string>");
        assertThat(rows(table))
                .containsExactly(
                        "[1,a,19723,3]",
                        "[2,b,19724,4]",
                        "[3,null,__DEFAULT_PARTITION__,__DEFAULT_PARTITION__]");
    }

    @Test
    void stagingDirectoriesAreNotRead() throws IOException {
        Path partition = warehouse.resolve("parquet_recommended/dt=2024-01-01/h=3");
        Path staging = Files.createDirectories(partition.resolve("_temporary"));
        Files.writeString(staging.resolve(".data-x.parquet.tmp"), "not parquet");

        assertThat(rows(read("parquet", "parquet_recommended"))).hasSize(3);
    }

    private static Dataset<Row> read(String format, String table) {
        return spark.read().format(format).load(warehouse.resolve(table).toString());
    }

    private static List<String> rows(Dataset<Row> table) {
        List<String> rows = new ArrayList<>();
        for (Row r : table.orderBy("id").collectAsList()) {
            rows.add(r.toString());
        }
        return rows;
    }

    private static String create(String name, String format, String options) {
        return String.format(
                "CREATE TABLE %s %s PARTITIONED BY (dt, h) WITH ('connector'='format-table',"
                        + " 'path'='${warehouse}/%s', 'file.format'='%s'%s);%n"
                        + "INSERT INTO %s VALUES %s;%n",
                name, COLUMNS, name, format, options == null ? "" : ", " + options, name, ROWS);
    }

    /** Writes the tables with this project's quickstart runner, in a JVM of its own. */
    private static void runQuickstartRunner(String sql) throws IOException, InterruptedException {
        Path script = Files.createTempFile("spark-interop", ".sql");
        Files.writeString(script, sql);
        String classpath =
                System.getProperty("quickstart.classes")
                        + java.io.File.pathSeparator
                        + Files.readString(Path.of(System.getProperty("quickstart.classpath-file")))
                                .trim();
        Path log = Files.createTempFile("spark-interop", ".log");
        Process process =
                new ProcessBuilder(
                                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                                "-cp",
                                classpath,
                                "dev.formattable.quickstart.SqlScriptRunner",
                                script.toString(),
                                "--warehouse",
                                warehouse.toString())
                        .redirectErrorStream(true)
                        .redirectOutput(log.toFile())
                        .start();
        assertThat(process.waitFor(5, TimeUnit.MINUTES)).isTrue();
        assertThat(process.exitValue()).as(Files.readString(log)).isZero();
    }
}
