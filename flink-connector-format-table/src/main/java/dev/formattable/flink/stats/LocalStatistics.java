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
package dev.formattable.flink.stats;

import dev.formattable.core.FormatTable;
import dev.formattable.core.partition.PartitionPredicate;
import dev.formattable.core.scan.DataSplit;
import dev.formattable.core.stats.PartitionReport;
import dev.formattable.core.stats.PartitionStatistics;
import dev.formattable.core.stats.StatisticsPlanner;
import dev.formattable.core.stats.StatisticsTask;
import dev.formattable.core.utils.Parallel;

import org.apache.flink.annotation.Internal;

import javax.annotation.Nullable;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Computes a table's statistics in this process on a few threads, with the same planning, file
 * reading and finishing as {@link StatisticsJob}. The catalog uses it for {@code ANALYZE TABLE},
 * which reaches the catalog without an execution environment.
 */
@Internal
public final class LocalStatistics {

    private LocalStatistics() {}

    /**
     * @throws IOException when the table cannot be listed, or a file read or statistics written
     */
    public static List<PartitionReport> run(
            FormatTable table, @Nullable PartitionPredicate filter, int threads)
            throws IOException {
        StatisticsPlanner planner = new StatisticsPlanner(table);
        List<StatisticsTask> tasks = planner.plan(filter);
        List<StatisticsTask> work = new ArrayList<>();
        for (StatisticsTask task : tasks) {
            if (task.action() != StatisticsTask.Action.REUSE) {
                work.add(task);
            }
        }
        // One reader per thread: a reader keeps its format and converters.
        ThreadLocal<FileStatisticsReader> readers =
                ThreadLocal.withInitial(() -> new FileStatisticsReader(table));
        List<PartitionReport> computed =
                Parallel.map(
                        work,
                        threads,
                        task -> {
                            PartitionStatistics stats = null;
                            for (DataSplit file : task.files()) {
                                PartitionStatistics one = readers.get().read(file);
                                stats = stats == null ? one : stats.merge(one);
                            }
                            return planner.finish(task, stats);
                        });
        return StatisticsJob.inPlanOrder(planner, tasks, computed);
    }
}
