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
import dev.formattable.flink.testutils.StatisticsFiles;

import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.types.Row;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Tables written by Flink's own {@code filesystem} connector are read by ours, and the other way
 * round, in the same {@code key=value} layout. Where Flink 2.3's connector cannot read (DATE
 * partitions written as day counts, NULL partitions), the case is pinned here.
 */
class FilesystemConnectorInteropITCase extends FlinkTestBase {

    @TempDir Path dir;

    private static final String COLUMNS = "v INT, s STRING, dt DATE, k STRING";

    private void createBoth(TableEnvironment env, String ourOptions) {
        createBoth(env, "parquet", ourOptions);
    }

    private void createBoth(TableEnvironment env, String format, String ourOptions) {
        exec(
                env,
                "CREATE TABLE fs ("
                        + COLUMNS
                        + ") PARTITIONED BY (dt, k) WITH ("
                        + "'connector'='filesystem', 'path'='"
                        + dir
                        + "', 'format'='"
                        + format
                        + "')");
        exec(
                env,
                "CREATE TABLE ours ("
                        + COLUMNS
                        + ") PARTITIONED BY (dt, k) WITH ("
                        + "'connector'='format-table', 'path'='"
                        + dir
                        + "', 'file.format'='"
                        + format
                        + "'"
                        + ourOptions
                        + ")");
    }

    @Test
    void weReadWhatTheFilesystemConnectorWrites() throws IOException {
        TableEnvironment env = batchEnv();
        createBoth(env, "");

        exec(
                env,
                "INSERT INTO fs VALUES (1, 'a', DATE '2024-01-01', 'x'),"
                        + " (2, 'b', DATE '2024-01-02', 'y'), (3, 'c', DATE '2024-01-02', 'x')");

        // Its files have no extension; DATE partitions are day counts.
        assertThat(files()).allMatch(f -> f.matches("dt=1972[34]/k=[xy]/part-[^.]+"));
        assertThat(query(env, "SELECT * FROM ours"))
                .containsExactly(
                        "+I[1, a, 2024-01-01, x]",
                        "+I[2, b, 2024-01-02, y]",
                        "+I[3, c, 2024-01-02, x]");
        assertThat(query(env, "SELECT v FROM ours WHERE dt = DATE '2024-01-02' AND k = 'x'"))
                .containsExactly("+I[3]");
    }

    /**
     * Its csv and json, and ours, read by the other, values holding delimiters and quotes; a STRING
     * partition, as it cannot read its own DATE partitions (above).
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"csv", "json"})
    void csvAndJsonBothWays(String format) {
        TableEnvironment env = batchEnv();
        String fsCsvNull =
                // Its csv reads an empty field as an empty string unless told, as ours and
                // Paimon's default says, that it stands for NULL.
                format.equals("csv") ? ", 'csv.null-literal'=''" : "";
        createLineTables(
                env, format, "(v INT, s STRING, k STRING) PARTITIONED BY (k)", fsCsvNull, "");
        exec(
                env,
                "INSERT INTO fs VALUES (1, 'a, \"quoted\"', 'x'), (2, CAST(NULL AS STRING), 'y')");
        exec(env, "INSERT INTO ours VALUES (3, 'ünïcödé; \"b\", c', 'x')");

        List<String> all =
                List.of("+I[1, a, \"quoted\", x]", "+I[2, null, y]", "+I[3, ünïcödé; \"b\", c, x]");
        assertThat(query(env, "SELECT * FROM ours")).isEqualTo(all);
        assertThat(query(env, "SELECT * FROM fs")).isEqualTo(all);
    }

    /** Its TIMESTAMP_LTZ text ends in {@code Z} (UTC); ours is Paimon's wall time, both read. */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"csv", "json"})
    void weReadItsTimestampLtz(String format) {
        TableEnvironment env = batchEnv();
        createLineTables(
                env, format, "(v INT, moment TIMESTAMP_LTZ(3))", "", ", 'csv.mode'='FAILFAST'");
        exec(env, "INSERT INTO fs VALUES (1, TO_TIMESTAMP_LTZ(1704164645123, 3))");
        exec(env, "INSERT INTO ours VALUES (2, TO_TIMESTAMP_LTZ(0, 3))");

        assertThat(rows(env, "SELECT * FROM ours"))
                .containsExactlyInAnyOrder(
                        Row.of(1, Instant.ofEpochMilli(1704164645123L)), Row.of(2, Instant.EPOCH));
    }

    /** Tables fs (the filesystem connector's) and ours over the same directory, in a format. */
    private void createLineTables(
            TableEnvironment env, String format, String columns, String fsOptions, String ours) {
        exec(
                env,
                String.format(
                        "CREATE TABLE fs %s WITH ('connector'='filesystem', 'format'='%s',"
                                + " 'path'='%s'%s)",
                        columns, format, dir, fsOptions));
        exec(
                env,
                String.format(
                        "CREATE TABLE ours %s WITH ('connector'='format-table', 'file.format'='%s',"
                                + " 'path'='%s'%s)",
                        columns, format, dir, ours));
    }

    @Test
    void theFilesystemConnectorCannotReadItsOwnDatePartitionsButWeCan() {
        TableEnvironment env = batchEnv();
        createBoth(env, "");
        exec(env, "INSERT INTO fs VALUES (1, 'a', DATE '2024-01-01', 'x')");

        assertThatThrownBy(() -> query(env, "SELECT * FROM fs")).hasStackTraceContaining("19723");
        assertThat(query(env, "SELECT * FROM ours")).containsExactly("+I[1, a, 2024-01-01, x]");
    }

    @Test
    void weReadNullPartitionsTheFilesystemConnectorWrites() {
        TableEnvironment env = batchEnv();
        createBoth(env, ", 'partition.legacy-name'='false'");
        exec(
                env,
                "INSERT INTO fs VALUES (1, 'a', CAST(NULL AS DATE), CAST(NULL AS STRING)),"
                        + " (2, 'b', DATE '2024-01-01', 'x')");

        assertThat(query(env, "SELECT * FROM ours"))
                .containsExactly("+I[1, a, null, null]", "+I[2, b, 2024-01-01, x]");
    }

    @Test
    void theFilesystemConnectorReadsWhatWeWriteWithIsoDates() throws Exception {
        TableEnvironment env = batchEnv();
        createBoth(env, ", 'partition.legacy-name'='false'");
        exec(
                env,
                "INSERT INTO ours VALUES (1, 'a', DATE '2024-01-01', 'x'),"
                        + " (2, 'b', DATE '2024-01-02', 'y')");
        // Statistics files are hidden from it, as from us.
        StatisticsFiles.compute(env, "ours");

        assertThat(query(env, "SELECT * FROM fs"))
                .containsExactly("+I[1, a, 2024-01-01, x]", "+I[2, b, 2024-01-02, y]");
        assertThat(query(env, "SELECT v FROM fs WHERE k = 'y'")).containsExactly("+I[2]");
    }

    @Test
    void theFilesystemConnectorCannotReadOurDayCountDatesNorNullPartitions() {
        TableEnvironment env = batchEnv();
        createBoth(env, "");
        exec(env, "INSERT INTO ours VALUES (1, 'a', DATE '2024-01-01', 'x')");
        assertThatThrownBy(() -> query(env, "SELECT * FROM fs")).hasStackTraceContaining("19723");

        TableEnvironment iso = batchEnv();
        exec(
                iso,
                "CREATE TABLE fs2 (v INT, k STRING) PARTITIONED BY (k) WITH ("
                        + "'connector'='filesystem', 'path'='"
                        + dir.resolve("t2")
                        + "', 'format'='parquet')");
        exec(
                iso,
                "CREATE TABLE ours2 (v INT, k STRING) PARTITIONED BY (k) WITH ("
                        + "'connector'='format-table', 'path'='"
                        + dir.resolve("t2")
                        + "')");
        exec(iso, "INSERT INTO ours2 VALUES (1, CAST(NULL AS STRING)), (2, 'x')");
        assertThat(query(iso, "SELECT * FROM ours2")).containsExactly("+I[1, null]", "+I[2, x]");
        assertThatThrownBy(() -> query(iso, "SELECT * FROM fs2"))
                .hasStackTraceContaining("Path should not be null or empty");
    }

    private List<String> files() throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(Files::isRegularFile)
                    .map(p -> dir.relativize(p).toString())
                    .filter(p -> !p.contains("/.") && !p.startsWith("."))
                    .collect(Collectors.toList());
        }
    }
}
