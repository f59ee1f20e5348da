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
package dev.formattable.e2e.cluster;

import org.junit.jupiter.api.BeforeEach;
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

/**
 * The connector on a real standalone Flink cluster: separate JobManager, TaskManager and SQL
 * Gateway processes, the SQL jar in {@code lib/}, and SQL submitted through the gateway's REST API.
 * The table lives on the local file system, which all processes share. A subclass per Flink line
 * starts the cluster of its line.
 */
abstract class StandaloneClusterTestBase {

    /** The cluster of the subclass's line, started once per class. */
    abstract StandaloneFlinkCluster cluster();

    private ClusterScenarios scenarios;

    @TempDir Path warehouse;

    // Built here, not in a field initializer, which would call the subclass before it is made.
    @BeforeEach
    void scenarios() {
        scenarios = new ClusterScenarios(cluster());
    }

    @ParameterizedTest
    @ValueSource(strings = {"parquet", "orc", "csv", "json"})
    void createInsertOverwriteAndQuery(String format) throws IOException {
        Path table = warehouse.resolve("t");
        scenarios.createInsertOverwriteAndQuery(table.toUri().toString(), format);

        assertThat(visibleFiles(table))
                .isNotEmpty()
                .allMatch(f -> f.getFileName().toString().matches("data-.*\\." + format));
        assertThat(visibleFiles(table.resolve("dt=d1"))).hasSize(1);
    }

    /**
     * A failed INSERT (its table's path is a plain file) leaves the TaskManager process running,
     * and the next statement through the SQL Gateway succeeds on it.
     */
    @Test
    void aFailedInsertLeavesTheTaskManagerRunning() throws Exception {
        Path file = Files.writeString(warehouse.resolve("not-a-dir"), "plain text");
        long taskManager = cluster().runningTaskManager();

        scenarios.aFailedInsertLeavesTheClusterServing(
                file.toUri().toString(), warehouse.resolve("after_failure").toUri().toString());

        assertThat(cluster().runningTaskManager())
                .as("the same TaskManager process")
                .isEqualTo(taskManager);
        assertThat(Files.readString(file)).isEqualTo("plain text");
    }

    @Test
    void streamingInsertSurvivesAKilledTaskManager() throws Exception {
        Path table = warehouse.resolve("s");
        scenarios.streamingInsertSurvivesAKilledTaskManager(table.toUri().toString(), 10_000);

        // Nothing staged is visible: every file outside hidden directories is a data file.
        assertThat(visibleFiles(table))
                .isNotEmpty()
                .allMatch(f -> f.getFileName().toString().matches("data-.*\\.parquet"));
    }

    /**
     * A batch INSERT whose commit is cut short by a SIGKILL of the TaskManager running it: the
     * rerun commits the first try's recorded files and removes the rerun writers' files.
     */
    @Test
    void batchInsertSurvivesATaskManagerKilledDuringItsCommit() throws Exception {
        Path table = warehouse.resolve("b");
        scenarios.batchInsertSurvivesATaskManagerKilledDuringItsCommit(
                HoldingFileSystem.SCHEME + "://" + table.toAbsolutePath(),
                cluster().holdControl(),
                3000);

        assertThat(visibleFiles(table))
                .isNotEmpty()
                .allMatch(f -> f.getFileName().toString().matches("data-.*\\.parquet"));
        try (Stream<Path> files = Files.walk(table)) {
            // The committer task keeps its commit's record (marked published) for
            // remove_orphan_files: a rerun of the job must not publish again.
            assertThat(
                            files.filter(Files::isRegularFile)
                                    .filter(f -> !visible(table, f))
                                    .map(f -> table.relativize(f).toString()))
                    .as("staged files left")
                    .allMatch(
                            f -> f.matches("_temporary/\\.commit\\..+-end\\.(journal|published)"));
        }
    }

    private static boolean visible(Path table, Path f) {
        for (Path segment : table.relativize(f)) {
            String name = segment.toString();
            if (name.startsWith("_") || name.startsWith(".")) {
                return false;
            }
        }
        return true;
    }

    /** Files below the table whose path has no segment starting with '_' or '.'. */
    private static List<Path> visibleFiles(Path table) throws IOException {
        try (Stream<Path> files = Files.walk(table)) {
            return files.filter(Files::isRegularFile)
                    .filter(f -> visible(table, f))
                    .collect(Collectors.toList());
        }
    }
}
