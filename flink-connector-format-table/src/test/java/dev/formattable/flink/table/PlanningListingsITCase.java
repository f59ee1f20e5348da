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

import dev.formattable.flink.testutils.CountingFileSystem;
import dev.formattable.flink.testutils.FlinkTestBase;

import org.apache.flink.table.api.TableEnvironment;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every directory listing a SQL query makes, in planning and execution together, counted by the
 * file system itself: a query lists the partitions it keeps, not the table.
 */
class PlanningListingsITCase extends FlinkTestBase {

    @TempDir static Path small;
    @TempDir static Path large;
    @TempDir static Path smallOrc;

    /** 20 × 10 partitions and 100 × 100 partitions, one file of one row in each. */
    @BeforeAll
    static void writeTables() throws IOException {
        Path file = seedFile("parquet");
        fill(small, 20, 10, file);
        fill(large, 100, 100, file);
        fill(smallOrc, 20, 10, seedFile("orc"));
    }

    /** One data file of one row, written by a SQL insert. */
    private static Path seedFile(String format) throws IOException {
        Path template = Files.createTempDirectory("listings-template");
        TableEnvironment env = batchEnv();
        exec(
                env,
                "CREATE TABLE seed (v BIGINT, d STRING, h INT) PARTITIONED BY (d, h) WITH"
                        + " ('connector'='format-table', 'file.format'='"
                        + format
                        + "', 'path'='"
                        + template
                        + "')");
        exec(env, "INSERT INTO seed VALUES (7, 'x', 0)");
        try (Stream<Path> files = Files.walk(template.resolve("d=x/h=0"))) {
            return files.filter(Files::isRegularFile).findFirst().orElseThrow();
        }
    }

    private static void fill(Path root, int days, int hours, Path file) throws IOException {
        for (int d = 0; d < days; d++) {
            for (int h = 0; h < hours; h++) {
                Path partition = Files.createDirectories(root.resolve("d=d" + d + "/h=" + h));
                Files.copy(file, partition.resolve(file.getFileName()));
            }
        }
    }

    private static TableEnvironment env(Path root, boolean batch) {
        return env(root, batch, "parquet");
    }

    private static TableEnvironment env(Path root, boolean batch, String format) {
        TableEnvironment env = batch ? batchEnv() : streamingEnv();
        exec(
                env,
                "CREATE TABLE t (v BIGINT, d STRING, h INT) PARTITIONED BY (d, h) WITH"
                        + " ('connector'='format-table', 'file.format'='"
                        + format
                        + "', 'path'='"
                        + CountingFileSystem.uri(root)
                        + "')");
        return env;
    }

    /** The rows of the query, and the listings it made (planning and execution). */
    private static long listings(TableEnvironment env, String sql, List<String> expected) {
        CountingFileSystem.reset();
        List<String> rows = query(env, sql);
        long lists = CountingFileSystem.lists();
        assertThat(rows).containsExactlyInAnyOrderElementsOf(expected);
        return lists;
    }

    private static List<String> rows(int n, String row) {
        return Stream.generate(() -> row).limit(n).collect(Collectors.toList());
    }

    @Test
    void pointQueryOn200Partitions() {
        for (boolean batch : new boolean[] {true, false}) {
            TableEnvironment env = env(small, batch);
            assertThat(
                            listings(
                                    env,
                                    "SELECT v, d, h FROM t WHERE d = 'd3' AND h = 4",
                                    List.of("+I[7, d3, 4]")))
                    .as(batch ? "batch" : "streaming")
                    .isEqualTo(1);
        }
    }

    @Test
    void prefixQueryOn200Partitions() {
        for (boolean batch : new boolean[] {true, false}) {
            TableEnvironment env = env(small, batch);
            assertThat(listings(env, "SELECT v FROM t WHERE d = 'd3'", rows(10, "+I[7]")))
                    .as(batch ? "batch" : "streaming")
                    .isEqualTo(11);
        }
    }

    @Test
    void pointAndPrefixQueriesOn10000Partitions() {
        TableEnvironment env = env(large, true);
        assertThat(listings(env, "SELECT v FROM t WHERE d = 'd42' AND h = 17", List.of("+I[7]")))
                .isEqualTo(1);
        assertThat(listings(env, "SELECT v FROM t WHERE d = 'd42'", rows(100, "+I[7]")))
                .isEqualTo(101);
    }

    /**
     * A reader opens each file once, whatever the file's types; in batch mode the planner's
     * statistics read each footer once more.
     */
    @Test
    void aReaderOpensEachFileOnce() throws IOException {
        Path file = seedFile("parquet");
        for (boolean batch : new boolean[] {true, false}) {
            // A table of its own: footers the planner read before would be cached.
            Path root = Files.createTempDirectory("listings-opens");
            fill(root, 2, 10, file);
            TableEnvironment env = env(root, batch);
            CountingFileSystem.reset();
            assertThat(query(env, "SELECT v FROM t WHERE d = 'd1'")).hasSize(10);
            // Batch: the planner's footer of each of the 10 files, then the reader's one open.
            assertThat(CountingFileSystem.opens())
                    .as(batch ? "batch" : "streaming")
                    .isEqualTo(batch ? 20 : 10);
        }
    }

    /**
     * A table of the catalog takes its partitions as the catalog lists them by filter (so that the
     * planner uses the catalog's partition statistics); that listing is pruned too.
     */
    @Test
    void catalogTablesListByFilter() throws IOException {
        Path warehouse = Files.createTempDirectory("listings-warehouse");
        TableEnvironment env = batchEnv();
        exec(
                env,
                "CREATE CATALOG ft WITH ('type'='format-table', 'warehouse'='"
                        + CountingFileSystem.uri(warehouse)
                        + "')");
        exec(env, "CREATE TABLE ft.`default`.t (v BIGINT, d STRING, h INT) PARTITIONED BY (d, h)");
        Path root;
        try (Stream<Path> dirs = Files.walk(warehouse)) {
            root =
                    dirs.filter(p -> p.getFileName().toString().equals("t"))
                            .findFirst()
                            .orElseThrow();
        }
        fill(root, 20, 10, seedFile("parquet"));

        CountingFileSystem.reset();
        assertThat(query(env, "SELECT v FROM ft.`default`.t WHERE d = 'd3' AND h = 4"))
                .containsExactly("+I[7]");
        // Of the partition directories: the catalog's statistics of d=d3/h=4 look at its files
        // once (its column statistics reuse what its table statistics read), the planner's
        // statistics list it once, and the enumerator not at all. (Each lookup of the table also
        // lists its schema directory.)
        assertThat(CountingFileSystem.listsOf("/d=")).isEqualTo(2);

        CountingFileSystem.reset();
        assertThat(query(env, "SELECT v FROM ft.`default`.t WHERE d = 'd3'")).hasSize(10);
        // The catalog's listing by filter lists d=d3; its statistics look at each hour once; the
        // planner's statistics list each hour once.
        assertThat(CountingFileSystem.listsOf("/d=")).isEqualTo(1 + 10 + 10);
    }
}
