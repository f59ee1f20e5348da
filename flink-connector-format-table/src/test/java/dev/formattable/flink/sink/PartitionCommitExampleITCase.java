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
package dev.formattable.flink.sink;

import dev.formattable.flink.testutils.FlinkTestBase;

import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.api.TableResult;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Runs {@code examples/partition-commit.sql}, the example of docs/streaming.md, and checks that the
 * page shows it as it is.
 */
class PartitionCommitExampleITCase extends FlinkTestBase {

    private static final Path ROOT = repositoryRoot();
    private static final Path EXAMPLE = ROOT.resolve("examples/partition-commit.sql");

    /** The checkout's root, found upwards from where the test runs (failsafe runs in target). */
    private static Path repositoryRoot() {
        Path dir = Path.of("").toAbsolutePath();
        while (dir != null && !Files.isDirectory(dir.resolve("examples"))) {
            dir = dir.getParent();
        }
        if (dir == null) {
            throw new IllegalStateException("No examples/ above " + Path.of("").toAbsolutePath());
        }
        return dir;
    }

    private static final Pattern SET = Pattern.compile("SET '([^']+)' = '([^']*)'");

    @TempDir Path warehouse;

    @Test
    void theExampleCommitsEveryHour() throws Exception {
        String script = Files.readString(EXAMPLE);
        TableEnvironment env = TableEnvironment.create(EnvironmentSettings.inStreamingMode());
        TableResult last = null;
        for (String statement : statements(script.replace("${warehouse}", warehouse.toString()))) {
            Matcher set = SET.matcher(statement);
            if (set.matches()) {
                // As the SQL client does it.
                env.getConfig().set(set.group(1), set.group(2));
            } else {
                last = env.executeSql(statement);
            }
        }
        last.await(2, TimeUnit.MINUTES);

        Path table = warehouse.resolve("clicks_by_hour");
        try (Stream<Path> files = Files.walk(table)) {
            assertThat(
                            files.filter(f -> f.getFileName().toString().equals("_SUCCESS"))
                                    .map(f -> table.relativize(f).toString())
                                    .sorted()
                                    .collect(Collectors.toList()))
                    .containsExactly(
                            "dt=1970-01-01/hr=00/_SUCCESS",
                            "dt=1970-01-01/hr=01/_SUCCESS",
                            "dt=1970-01-01/hr=02/_SUCCESS",
                            "dt=1970-01-01/hr=03/_SUCCESS",
                            "dt=1970-01-01/hr=04/_SUCCESS",
                            "dt=1970-01-01/hr=05/_SUCCESS");
        }
        TableEnvironment batch = batchEnv();
        batch.executeSql(
                "CREATE TABLE t (id BIGINT, dt STRING, hr STRING) PARTITIONED BY (dt, hr) WITH"
                        + " ('connector'='format-table', 'path'='"
                        + table
                        + "')");
        assertThat(query(batch, "SELECT count(*), count(DISTINCT id) FROM t"))
                .containsExactly("+I[2400, 2400]");
    }

    @Test
    void theDocsShowTheExample() throws Exception {
        String page = Files.readString(ROOT.resolve("docs/streaming.md"));
        String script = Files.readString(EXAMPLE);
        assertThat(page).contains(script.strip());
    }

    /** The statements of a script: split on ';' at the end of a line, comments dropped. */
    private static List<String> statements(String script) {
        List<String> result = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        for (String line : script.split("\n")) {
            if (line.strip().startsWith("--")) {
                continue;
            }
            current.append(line).append('\n');
            if (line.strip().endsWith(";")) {
                String s = current.toString().strip();
                result.add(s.substring(0, s.length() - 1));
                current.setLength(0);
            }
        }
        return result;
    }
}
