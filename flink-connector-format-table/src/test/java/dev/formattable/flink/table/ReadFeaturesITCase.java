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

import dev.formattable.flink.source.enumerator.PlanningMetrics;
import dev.formattable.flink.testutils.CountingFileSystem;
import dev.formattable.flink.testutils.FlinkTestBase;

import org.apache.flink.table.api.TableEnvironment;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Projection, pruning (asserted through the core's listing counter), limit, splitting of large
 * files, hidden files, escaped and NULL partition values, and read errors that name the file.
 */
class ReadFeaturesITCase extends FlinkTestBase {

    @TempDir Path dir;

    private void create(
            TableEnvironment env,
            String name,
            String columns,
            String partitionedBy,
            String options) {
        exec(
                env,
                "CREATE TABLE "
                        + name
                        + " ("
                        + columns
                        + ")"
                        + (partitionedBy.isEmpty() ? "" : " PARTITIONED BY (" + partitionedBy + ")")
                        + " WITH ('connector'='format-table', 'path'='"
                        + dir
                        + "'"
                        + options
                        + ")");
    }

    /** 10 days × 5 hours, two rows each, under a file system that counts listings. */
    private TableEnvironment grid(boolean batch) {
        TableEnvironment env = batch ? batchEnv() : streamingEnv();
        exec(
                env,
                "CREATE TABLE t (v BIGINT, dt STRING, h INT) PARTITIONED BY (dt, h) WITH"
                        + " ('connector'='format-table', 'path'='"
                        + CountingFileSystem.uri(dir)
                        + "')");
        StringBuilder values = new StringBuilder();
        for (int d = 0; d < 10; d++) {
            for (int h = 0; h < 5; h++) {
                for (int r = 0; r < 2; r++) {
                    values.append(values.length() == 0 ? "" : ", ")
                            .append(String.format("(%d, 'd%d', %d)", d * 100 + h * 10 + r, d, h));
                }
            }
        }
        exec(env, "INSERT INTO t VALUES " + values);
        return env;
    }

    @Test
    void pointQueryListsOnlyTheLeafDirectory() {
        TableEnvironment env = grid(false);

        CountingFileSystem.reset();
        QueryRun run = run(env, "SELECT v FROM t WHERE dt = 'd3' AND h = 4");
        assertThat(run.rows).containsExactly("+I[340]", "+I[341]");
        // Streaming: the enumerator plans, starting its listing at dt=d3/h=4.
        assertThat(CountingFileSystem.lists()).isEqualTo(1);
        assertThat(run.counter(PlanningMetrics.LISTINGS)).isEqualTo(1);
        assertThat(run.counter(PlanningMetrics.SPLITS)).isEqualTo(dataFilesBelow("dt=d3/h=4"));
    }

    @Test
    void batchScanHandsTheStatisticsListingToTheEnumerator() {
        TableEnvironment env = grid(true);

        CountingFileSystem.reset();
        QueryRun run = run(env, "SELECT v FROM t WHERE dt = 'd3'");
        assertThat(run.rows).hasSize(10);
        // The client lists dt=d3 and its five hours for the planner's statistics; the enumerator
        // plans from that listing and lists nothing.
        assertThat(CountingFileSystem.lists()).isEqualTo(1 + 5);
        assertThat(run.counter(PlanningMetrics.LISTINGS)).isZero();
        assertThat(run.counter(PlanningMetrics.SPLITS)).isEqualTo(dataFilesBelow("dt=d3"));
    }

    @Test
    void rangeQueryListsOnlyMatchingSubtrees() {
        TableEnvironment env = grid(true);

        CountingFileSystem.reset();
        assertThat(query(env, "SELECT count(*) FROM t WHERE dt >= 'd8'")).containsExactly("+I[20]");
        // The root, to find the days at or after d8, then those two days and their ten hours.
        assertThat(CountingFileSystem.lists()).isEqualTo(1 + 2 + 10);

        CountingFileSystem.reset();
        assertThat(query(env, "SELECT count(*) FROM t")).containsExactly("+I[100]");
        assertThat(CountingFileSystem.lists()).isEqualTo(1 + 10 + 50);
    }

    @Test
    void projectionOfPartitionColumnsOnly() {
        TableEnvironment env = grid(true);

        assertThat(query(env, "SELECT DISTINCT h FROM t WHERE dt = 'd1'"))
                .containsExactly("+I[0]", "+I[1]", "+I[2]", "+I[3]", "+I[4]");
        assertThat(query(env, "SELECT h, dt, v FROM t WHERE v = 121"))
                .containsExactly("+I[2, d1, 121]");
    }

    @Test
    void limitStopsTheRead() {
        TableEnvironment env = grid(true);

        assertThat(query(env, "SELECT * FROM t LIMIT 3")).hasSize(3);
        assertThat(query(env, "SELECT * FROM t LIMIT 0")).isEmpty();
    }

    @Test
    void largeFilesAreSplitAcrossReaders() {
        TableEnvironment env = batchEnv();
        create(
                env,
                "big",
                "v BIGINT, s STRING",
                "",
                ", 'scan.split.target-size'='4 kb', 'parquet.block.size'='4096',"
                        + " 'parquet.page.size'='1024'");
        // A bounded sequence: planning an array literal of 20,000 values took half a minute.
        exec(
                env,
                "CREATE TEMPORARY TABLE numbers (v BIGINT) WITH ('connector'='datagen',"
                        + " 'fields.v.kind'='sequence', 'fields.v.start'='1',"
                        + " 'fields.v.end'='20000', 'number-of-rows'='20000')");
        exec(env, "INSERT INTO big SELECT v, CONCAT('row-', CAST(v AS STRING)) FROM numbers");

        QueryRun run = run(env, "SELECT count(*), sum(v), count(DISTINCT s) FROM big");
        assertThat(run.rows).containsExactly("+I[20000, 200010000, 20000]");
        assertThat(run.counter(PlanningMetrics.SPLITS)).isGreaterThan(parquetFiles());
    }

    /** Data files below a directory of the table, as a scan would read them. */
    private long dataFilesBelow(String relative) {
        try (Stream<Path> files = Files.walk(dir.resolve(relative))) {
            return files.filter(Files::isRegularFile)
                    .filter(p -> !p.toString().contains("_temporary"))
                    .count();
        } catch (IOException e) {
            throw new RuntimeException(e);
        }
    }

    private long parquetFiles() {
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(
                            p ->
                                    p.toString().endsWith(".parquet")
                                            && !p.toString().contains("_temporary"))
                    .count();
        } catch (IOException e) {
            throw new RuntimeException(e);
        }
    }

    @Test
    void hiddenFilesAndDirectoriesAreIgnored() throws IOException {
        TableEnvironment env = batchEnv();
        create(env, "t", "v INT, k STRING", "k", "");
        exec(env, "INSERT INTO t VALUES (1, 'a')");
        Path partition = dir.resolve("k=a");
        Files.writeString(partition.resolve("_SUCCESS"), "");
        Files.writeString(partition.resolve(".data.parquet.crc"), "garbage");
        Files.createDirectories(partition.resolve("_temporary/0"));
        Files.writeString(partition.resolve("_temporary/0/part-0.parquet"), "garbage");
        Files.createDirectories(dir.resolve(".hidden/k=b"));
        Files.writeString(dir.resolve(".hidden/k=b/data.parquet"), "garbage");
        Files.writeString(dir.resolve("_SUCCESS"), "");

        assertThat(query(env, "SELECT * FROM t")).containsExactly("+I[1, a]");
    }

    @Test
    void nullAndEscapedPartitionValuesRoundTrip() throws IOException {
        TableEnvironment env = batchEnv();
        create(env, "t", "v INT, k STRING", "k", "");
        exec(
                env,
                "INSERT INTO t VALUES (1, 'a b'), (2, 'x/y'), (3, 'k=v'), (4, '50%'),"
                        + " (5, 'über'), (6, CAST(NULL AS STRING)), (7, ''), (8, 'a:b')");

        assertThat(query(env, "SELECT * FROM t"))
                .containsExactly(
                        "+I[1, a b]",
                        "+I[2, x/y]",
                        "+I[3, k=v]",
                        "+I[4, 50%]",
                        "+I[5, über]",
                        "+I[6, null]",
                        "+I[7, null]",
                        "+I[8, a:b]");
        assertThat(directories())
                .contains(
                        "k=a b",
                        "k=x%2Fy",
                        "k=k%3Dv",
                        "k=50%25",
                        "k=über",
                        "k=__DEFAULT_PARTITION__",
                        "k=a%3Ab");
        assertThat(query(env, "SELECT v FROM t WHERE k = 'x/y'")).containsExactly("+I[2]");
        assertThat(query(env, "SELECT v FROM t WHERE k IS NULL")).containsExactly("+I[6]", "+I[7]");
    }

    private List<String> directories() throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(p -> p.getFileName().toString()).collect(Collectors.toList());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"parquet", "orc"})
    void aColumnMissingFromAFileReadsAsNullUnlessNotNull(String format) {
        TableEnvironment env = batchEnv();
        String options = ", 'file.format'='" + format + "'";
        create(env, "narrow", "a INT, b STRING", "", options);
        exec(env, "INSERT INTO narrow VALUES (1, 'x')");
        create(env, "wide", "b STRING, extra INT, a INT", "", options);
        create(env, "strict", "a INT, extra INT NOT NULL", "", options);

        // Matched by name, in whatever order the file stores them.
        assertThat(query(env, "SELECT * FROM wide")).containsExactly("+I[x, null, 1]");
        // The error names the file and the column (parquet's own check, or ours for orc).
        assertThatThrownBy(() -> query(env, "SELECT * FROM strict"))
                .hasStackTraceContaining("file:" + dir)
                .hasStackTraceContaining("extra");
    }

    @ParameterizedTest
    @ValueSource(strings = {"parquet", "orc"})
    void aCorruptFileIsNamedInTheError(String format) throws IOException {
        TableEnvironment env = batchEnv();
        create(env, "t", "a INT", "", ", 'file.format'='" + format + "'");
        Path corrupt = dir.resolve("data-corrupt." + format);
        Files.writeString(corrupt, "this is not a data file");

        assertThatThrownBy(() -> query(env, "SELECT * FROM t"))
                .hasStackTraceContaining(corrupt.toString());
    }

    @Test
    void filesRollAtTheRowTarget() throws IOException {
        TableEnvironment env = batchEnv();
        create(env, "t", "a INT", "", ", 'target-file-row-num'='2', 'sink.parallelism'='1'");
        exec(env, "INSERT INTO t VALUES (1), (2), (3), (4), (5)");

        assertThat(query(env, "SELECT * FROM t"))
                .containsExactly("+I[1]", "+I[2]", "+I[3]", "+I[4]", "+I[5]");
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files.filter(p -> p.toString().endsWith(".parquet")).count()).isEqualTo(3);
        }
    }
}
