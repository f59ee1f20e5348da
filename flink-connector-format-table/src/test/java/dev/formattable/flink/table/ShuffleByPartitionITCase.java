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
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * With {@code sink.shuffle-by-partition.enable}, rows are hashed by partition before the writers:
 * four writers write one file per partition, where without it each writer writes its share of every
 * partition.
 */
class ShuffleByPartitionITCase extends FlinkTestBase {

    private static final int PARTITIONS = 8;

    @TempDir Path dir;

    @ParameterizedTest(name = "shuffle={0}")
    @ValueSource(booleans = {true, false})
    void filesPerPartition(boolean shuffle) throws IOException {
        Path table = dir.resolve("t");
        TableEnvironment env = batchEnv();
        exec(
                env,
                "CREATE TEMPORARY TABLE gen (id BIGINT) WITH ('connector'='datagen',"
                        + " 'number-of-rows'='4000', 'fields.id.kind'='sequence',"
                        + " 'fields.id.start'='1', 'fields.id.end'='4000')");
        exec(
                env,
                "CREATE TABLE t (id BIGINT, p INT) PARTITIONED BY (p) WITH"
                        + " ('connector'='format-table', 'path'='"
                        + table
                        + "', 'sink.parallelism'='4', 'sink.shuffle-by-partition.enable'='"
                        + shuffle
                        + "')");
        exec(env, "INSERT INTO t SELECT id, CAST(id % " + PARTITIONS + " AS INT) FROM gen");

        assertThat(query(env, "SELECT COUNT(*), COUNT(DISTINCT id), MIN(id), MAX(id) FROM t"))
                .containsExactly("+I[4000, 4000, 1, 4000]");
        List<Long> filesPerPartition = new ArrayList<>();
        for (int p = 0; p < PARTITIONS; p++) {
            try (Stream<Path> files = Files.list(table.resolve("p=" + p))) {
                filesPerPartition.add(
                        files.filter(Files::isRegularFile).collect(Collectors.counting()));
            }
        }
        if (shuffle) {
            assertThat(filesPerPartition).as("files per partition").allMatch(n -> n == 1);
        } else {
            assertThat(filesPerPartition).as("files per partition").anyMatch(n -> n > 1);
        }
    }
}
