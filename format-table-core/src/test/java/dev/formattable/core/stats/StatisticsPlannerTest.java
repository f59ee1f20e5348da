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
package dev.formattable.core.stats;

import dev.formattable.core.FormatTable;
import dev.formattable.core.fs.LocalFileIO;
import dev.formattable.core.partition.PartitionSpecText;
import dev.formattable.core.scan.DataSplit;
import dev.formattable.core.schema.TableSchema;
import dev.formattable.core.stats.StatisticsTask.Action;
import dev.formattable.core.testutils.LinesFormat;
import dev.formattable.core.testutils.TestTables;
import dev.formattable.core.types.DataTypes;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Which partitions an incremental statistics run reads, and what it stores. */
class StatisticsPlannerTest {

    @TempDir java.nio.file.Path dir;

    private final LocalFileIO io = new LocalFileIO();

    private FormatTable table(Map<String, String> options) {
        TableSchema schema = TestTables.schema(options, "dt", DataTypes.INT());
        return TestTables.table(io, dir, schema);
    }

    private static void append(FormatTable table, int dt, String... lines) throws IOException {
        table.newCommit().append(TestTables.write(table, List.of(dt), lines));
    }

    /** What an engine does: reads each task's files into a builder, then finishes the task. */
    private static List<PartitionReport> run(StatisticsPlanner planner, List<StatisticsTask> tasks)
            throws IOException {
        List<PartitionReport> reports = new ArrayList<>();
        for (StatisticsTask task : tasks) {
            PartitionStatisticsBuilder builder = planner.newBuilder();
            for (DataSplit file : task.files()) {
                for (String line : LinesFormat.read(new LocalFileIO(), file.path())) {
                    builder.add(new Object[] {line});
                }
            }
            reports.add(planner.finish(task, builder.build(StatisticsPlanner.fingerprintOf(task))));
        }
        return reports;
    }

    private static List<Action> actions(List<StatisticsTask> tasks) {
        return tasks.stream().map(StatisticsTask::action).toList();
    }

    @Test
    void firstRunReadsEverythingAndTheNextReadsNothing() throws IOException {
        FormatTable table = table(Map.of());
        append(table, 1, "a", "b");
        append(table, 2, "c");
        StatisticsPlanner planner = new StatisticsPlanner(table);

        List<StatisticsTask> first = planner.plan(null);
        assertThat(actions(first)).containsExactly(Action.RECOMPUTE, Action.RECOMPUTE);
        assertThat(run(planner, first))
                .containsExactly(
                        new PartitionReport("dt=1", PartitionReport.RECOMPUTED, 1, 2),
                        new PartitionReport("dt=2", PartitionReport.RECOMPUTED, 1, 1));
        assertThat(dir.resolve("dt=1").resolve(StatisticsStore.FILE_NAME)).exists();

        List<StatisticsTask> second = planner.plan(null);
        assertThat(actions(second)).containsExactly(Action.REUSE, Action.REUSE);
        assertThat(second).allSatisfy(t -> assertThat(t.files()).isEmpty());
        assertThat(run(planner, second))
                .containsExactly(
                        new PartitionReport("dt=1", PartitionReport.REUSED, 0, 2),
                        new PartitionReport("dt=2", PartitionReport.REUSED, 0, 1));
    }

    @Test
    void addedFilesAreReadAloneAndMergedIntoTheStoredStatistics() throws IOException {
        FormatTable table = table(Map.of());
        append(table, 1, "a", "b");
        append(table, 2, "c");
        StatisticsPlanner planner = new StatisticsPlanner(table);
        run(planner, planner.plan(null));
        append(table, 1, "b", "x", "y");

        List<StatisticsTask> tasks = planner.plan(null);
        assertThat(actions(tasks)).containsExactly(Action.ADD_FILES, Action.REUSE);
        assertThat(tasks.get(0).files()).hasSize(1);
        assertThat(run(planner, tasks).get(0))
                .isEqualTo(new PartitionReport("dt=1", PartitionReport.ADDED_FILES, 1, 5));

        PartitionStatistics stored =
                new StatisticsStore(io).read(tasks.get(0).directory()).orElseThrow();
        assertThat(stored.fingerprint().size()).isEqualTo(2);
        assertThat(stored.column("v").orElseThrow().distinctCount()).isEqualTo(4); // a b x y
        assertThat(actions(planner.plan(null))).containsExactly(Action.REUSE, Action.REUSE);
    }

    @Test
    void aRemovedOrChangedFileRecomputesItsPartition() throws IOException {
        FormatTable table = table(Map.of());
        append(table, 1, "a");
        append(table, 1, "b");
        append(table, 2, "c");
        StatisticsPlanner planner = new StatisticsPlanner(table);
        run(planner, planner.plan(null));
        DataSplit first = table.newScan().plan().splits().get(0);
        Files.delete(java.nio.file.Path.of(first.path().path()));

        List<StatisticsTask> tasks = planner.plan(null);
        assertThat(actions(tasks)).containsExactly(Action.RECOMPUTE, Action.REUSE);
        assertThat(run(planner, tasks).get(0))
                .isEqualTo(new PartitionReport("dt=1", PartitionReport.RECOMPUTED, 1, 1));

        table.newCommit()
                .overwrite(Map.of("dt", "2"), TestTables.write(table, List.of(2), "d", "e"));
        assertThat(actions(planner.plan(null))).containsExactly(Action.REUSE, Action.RECOMPUTE);
    }

    @Test
    void anotherSketchSizeOrColumnSetRecomputes() throws IOException {
        append(table(Map.of()), 1, "a");
        StatisticsPlanner planner = new StatisticsPlanner(table(Map.of()));
        run(planner, planner.plan(null));

        FormatTable resized = table(Map.of("statistics.hll.lg-k", "10"));
        assertThat(actions(new StatisticsPlanner(resized).plan(null)))
                .containsExactly(Action.RECOMPUTE);
    }

    @Test
    void aFilterLimitsTheRunToTheNamedPartitions() throws IOException {
        FormatTable table = table(Map.of());
        append(table, 1, "a");
        append(table, 2, "b");
        append(table, 3, "c");
        StatisticsPlanner planner = new StatisticsPlanner(table);

        List<StatisticsTask> tasks =
                planner.plan(PartitionSpecText.parse(table.layout(), "dt=1; dt=3"));

        assertThat(tasks).extracting(StatisticsTask::partition).containsExactly("dt=1", "dt=3");
    }

    @Test
    void addingToStatisticsThatChangedSincePlanningWritesNothing() throws IOException {
        FormatTable table = table(Map.of());
        append(table, 1, "a");
        StatisticsPlanner planner = new StatisticsPlanner(table);
        run(planner, planner.plan(null));
        append(table, 1, "b");
        List<StatisticsTask> tasks = planner.plan(null);
        append(table, 1, "c");
        run(planner, planner.plan(null)); // another run got there first
        PartitionStatistics before =
                new StatisticsStore(io).read(tasks.get(0).directory()).orElseThrow();

        PartitionReport report = run(planner, tasks).get(0);

        assertThat(report.outcome()).startsWith("skipped: its statistics changed");
        assertThat(new StatisticsStore(io).read(tasks.get(0).directory()).orElseThrow().rowCount())
                .isEqualTo(before.rowCount())
                .isEqualTo(3);
    }

    @Test
    void badPartitionTextIsRefusedByName() {
        FormatTable table = table(Map.of());
        assertThatThrownBy(() -> PartitionSpecText.parse(table.layout(), "day=1"))
                .hasMessage(
                        "Partition spec 'day=1' names 'day', which is not a partition key; the"
                                + " partition keys are [dt]");
        assertThatThrownBy(() -> PartitionSpecText.parse(table.layout(), "dt=x"))
                .hasMessage("'x' is not a valid INT value for partition column 'dt'");
        assertThatThrownBy(() -> PartitionSpecText.parse(table.layout(), "dt=1,dt=2"))
                .hasMessage("Partition spec 'dt=1,dt=2' names 'dt' twice");
        assertThatThrownBy(() -> PartitionSpecText.parse(table.layout(), "dt"))
                .hasMessage("Partition spec 'dt' must be key=value pairs separated by ','");
        assertThatThrownBy(() -> PartitionSpecText.parse(table.layout(), "dt=1;"))
                .hasMessage("Partitions 'dt=1;' hold an empty spec");
        assertThatThrownBy(() -> PartitionSpecText.of(table.layout(), Map.of()))
                .hasMessage("A partition spec must name a partition key");
        assertThatThrownBy(() -> PartitionSpecText.of(table.layout(), Map.of("day", "1")))
                .hasMessage(
                        "Partition spec '{day=1}' names 'day', which is not a partition key; the"
                                + " partition keys are [dt]");
        FormatTable flat = TestTables.table(io, dir, TestTables.schema(Map.of()));
        assertThatThrownBy(() -> PartitionSpecText.parse(flat.layout(), "dt=1"))
                .hasMessage("Partitions 'dt=1' are given, but the table is not partitioned");
    }
}
