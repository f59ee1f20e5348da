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

    /** 20 × 10 partitions and 100 × 100 partitions, one file of one row in each. */
    @BeforeAll
    static void writeTables() throws IOException {
        Path template = Files.createTempDirectory("listings-template");
        TableEnvironment env = batchEnv();
        exec(
                env,
                "CREATE TABLE seed (v BIGINT, d STRING, h INT) PARTITIONED BY (d, h) WITH"
                        + " ('connector'='format-table', 'path'='"
                        + template
                        + "')");
        exec(env, "INSERT INTO seed VALUES (7, 'x', 0)");
        Path file;
        try (Stream<Path> files = Files.walk(template.resolve("d=x/h=0"))) {
            file = files.filter(Files::isRegularFile).findFirst().orElseThrow();
        }
        fill(small, 20, 10, file);
        fill(large, 100, 100, file);
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
        TableEnvironment env = batch ? batchEnv() : streamingEnv();
        exec(
                env,
                "CREATE TABLE t (v BIGINT, d STRING, h INT) PARTITIONED BY (d, h) WITH"
                        + " ('connector'='format-table', 'path'='"
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
}
