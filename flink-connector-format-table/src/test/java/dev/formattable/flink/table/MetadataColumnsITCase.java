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
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/** The metadata columns file.path, file.name, file.size and file.modification-time. */
class MetadataColumnsITCase extends FlinkTestBase {

    @TempDir Path dir;

    private TableEnvironment table(String format) {
        TableEnvironment env = batchEnv();
        env.getConfig().set("table.local-time-zone", "UTC");
        exec(
                env,
                "CREATE TABLE t (a INT, p STRING,"
                        + " f STRING METADATA FROM 'file.name' VIRTUAL,"
                        + " s BIGINT METADATA FROM 'file.size' VIRTUAL,"
                        + " fp STRING METADATA FROM 'file.path' VIRTUAL,"
                        + " m TIMESTAMP_LTZ(3) METADATA FROM 'file.modification-time' VIRTUAL)"
                        + " PARTITIONED BY (p) WITH ('connector'='format-table', 'path'='"
                        + dir
                        + "', 'file.format'='"
                        + format
                        // One writer, so each partition gets exactly one file to describe.
                        + "', 'sink.parallelism'='1')");
        exec(env, "INSERT INTO t (a, p) VALUES (1, 'x'), (2, 'x'), (3, 'y')");
        env.getConfig().set("table.exec.resource.default-parallelism", "2");
        return env;
    }

    /** The one data file of a partition. */
    private Path file(String partition) throws IOException {
        try (Stream<Path> files = Files.list(dir.resolve(partition))) {
            List<Path> data =
                    files.filter(f -> !f.getFileName().toString().startsWith("."))
                            .filter(f -> !f.getFileName().toString().startsWith("_"))
                            .collect(Collectors.toList());
            assertThat(data).hasSize(1);
            return data.get(0);
        }
    }

    private static String utc(Path file) throws IOException {
        Instant t = Instant.ofEpochMilli(Files.getLastModifiedTime(file).toMillis());
        return t.toString().replace("T", " ").replace("Z", "");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"parquet", "orc"})
    void metadataColumnsDescribeTheFile(String format) throws IOException {
        TableEnvironment env = table(format);
        Path x = file("p=x");
        Path y = file("p=y");

        assertThat(query(env, "SELECT a, p, f, s FROM t"))
                .containsExactly(
                        String.format("+I[1, x, %s, %d]", x.getFileName(), Files.size(x)),
                        String.format("+I[2, x, %s, %d]", x.getFileName(), Files.size(x)),
                        String.format("+I[3, y, %s, %d]", y.getFileName(), Files.size(y)));

        // Only metadata and partition columns, in an order unlike the declaration.
        assertThat(query(env, "SELECT s, p, f FROM t WHERE p = 'y'"))
                .containsExactly(String.format("+I[%d, y, %s]", Files.size(y), y.getFileName()));
        assertThat(query(env, "SELECT f FROM t WHERE p = 'x'"))
                .containsExactly("+I[" + x.getFileName() + "]", "+I[" + x.getFileName() + "]");

        List<String> paths = query(env, "SELECT fp, m FROM t WHERE a = 3");
        assertThat(paths).hasSize(1);
        assertThat(paths.get(0)).contains(y.getFileName().toString()).contains("p=y/");
        String stamp = utc(y);
        // The timestamp is rendered without trailing zero millis.
        assertThat(paths.get(0).replace("T", " ")).contains(stamp.substring(0, 19));

        List<String> all = new ArrayList<>(query(env, "SELECT * FROM t WHERE a = 1"));
        assertThat(all).hasSize(1);
        assertThat(all.get(0)).startsWith("+I[1, x, " + x.getFileName() + ", " + Files.size(x));
    }
}
