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

import org.apache.flink.table.api.TableEnvironment;

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

/**
 * Writes and reads back every combination of format, partitioning, directory layout and date
 * naming, checking both the rows and the directories on disk.
 */
class RoundTripITCase extends FlinkTestBase {

    @TempDir Path dir;

    static Stream<Arguments> combinations() {
        Stream.Builder<Arguments> b = Stream.builder();
        for (String format : List.of("parquet", "orc")) {
            for (boolean partitioned : List.of(true, false)) {
                for (boolean valueOnly : List.of(false, true)) {
                    for (boolean legacy : List.of(true, false)) {
                        if (!partitioned && (valueOnly || !legacy)) {
                            continue; // layout options only matter for partitioned tables
                        }
                        b.add(Arguments.of(format, partitioned, valueOnly, legacy));
                    }
                }
            }
        }
        return b.build();
    }

    @ParameterizedTest(name = "{0} partitioned={1} valueOnly={2} legacy={3}")
    @MethodSource("combinations")
    void roundTrip(String format, boolean partitioned, boolean valueOnly, boolean legacy)
            throws IOException {
        TableEnvironment env = batchEnv();
        exec(
                env,
                "CREATE TABLE t (id INT, name STRING, dt DATE, h INT)"
                        + (partitioned ? " PARTITIONED BY (dt, h)" : "")
                        + " WITH ('connector'='format-table', 'path'='"
                        + dir
                        + "', 'file.format'='"
                        + format
                        + "', 'format-table.partition-path-only-value'='"
                        + valueOnly
                        + "', 'partition.legacy-name'='"
                        + legacy
                        + "')");
        exec(
                env,
                "INSERT INTO t VALUES (1, 'a', DATE '2024-01-01', 1),"
                        + " (2, 'b', DATE '2024-01-01', 2), (3, 'c', DATE '2024-01-02', 1),"
                        + " (4, CAST(NULL AS STRING), CAST(NULL AS DATE), CAST(NULL AS INT))");

        assertThat(query(env, "SELECT * FROM t"))
                .containsExactly(
                        "+I[1, a, 2024-01-01, 1]",
                        "+I[2, b, 2024-01-01, 2]",
                        "+I[3, c, 2024-01-02, 1]",
                        "+I[4, null, null, null]");
        assertThat(query(env, "SELECT h, id FROM t WHERE dt = DATE '2024-01-01' AND h = 2"))
                .containsExactly("+I[2, 2]");
        assertThat(query(env, "SELECT id FROM t WHERE dt IS NULL")).containsExactly("+I[4]");

        List<String> dataFiles = dataFiles();
        assertThat(dataFiles).allMatch(f -> f.matches(".*data-[0-9a-f-]{36}-\\d+\\." + format));
        if (partitioned) {
            String day = legacy ? "19723" : "2024-01-01";
            String first = valueOnly ? day + "/1" : "dt=" + day + "/h=1";
            String nulls =
                    valueOnly
                            ? "__DEFAULT_PARTITION__/__DEFAULT_PARTITION__"
                            : "dt=__DEFAULT_PARTITION__/h=__DEFAULT_PARTITION__";
            assertThat(dataFiles).anyMatch(f -> f.startsWith(first + "/"));
            assertThat(dataFiles).anyMatch(f -> f.startsWith(nulls + "/"));
            assertThat(dataFiles).hasSize(4);
        } else {
            assertThat(dataFiles).allMatch(f -> !f.contains("/"));
        }
    }

    private List<String> dataFiles() throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(Files::isRegularFile)
                    .map(p -> dir.relativize(p).toString())
                    .filter(
                            p ->
                                    !p.contains("_temporary")
                                            && !p.contains("/.")
                                            && !p.startsWith("."))
                    .sorted()
                    .collect(Collectors.toList());
        }
    }
}
