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

import org.apache.flink.annotation.Internal;
import org.apache.flink.api.common.RuntimeExecutionMode;
import org.apache.flink.api.common.functions.MapFunction;
import org.apache.flink.api.common.functions.ReduceFunction;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.java.tuple.Tuple3;
import org.apache.flink.api.java.tuple.Tuple4;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.util.CloseableIterator;

import javax.annotation.Nullable;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Computes a table's statistics with a parallel Flink batch job: one record per file to read
 * (statistics of that file, read by {@link FileStatisticsReader}), united per partition, then each
 * partition finished by the core's {@link StatisticsPlanner} (stored, or merged into what is stored
 * when files were only added). Partitions whose statistics are current are not read.
 */
@Internal
public final class StatisticsJob {

    private static final TypeInformation<Tuple3<Integer, Integer, byte[]>> PARTIAL =
            Types.TUPLE(Types.INT, Types.INT, Types.PRIMITIVE_ARRAY(Types.BYTE));
    private static final TypeInformation<Tuple4<String, String, Integer, Long>> REPORT =
            Types.TUPLE(Types.STRING, Types.STRING, Types.INT, Types.LONG);

    private StatisticsJob() {}

    /**
     * Runs the job on the environment (switched to batch execution) and reports every partition the
     * filter accepts, in the order of the plan.
     *
     * @throws IOException when the table cannot be listed or the job fails
     */
    public static List<PartitionReport> run(
            StreamExecutionEnvironment env, FormatTable table, @Nullable PartitionPredicate filter)
            throws IOException {
        StatisticsPlanner planner = new StatisticsPlanner(table);
        List<StatisticsTask> tasks = planner.plan(filter);
        List<StatisticsTask> work = new ArrayList<>();
        List<int[]> files = new ArrayList<>();
        for (StatisticsTask task : tasks) {
            if (task.action() != StatisticsTask.Action.REUSE) {
                for (int f = 0; f < task.files().size(); f++) {
                    files.add(new int[] {work.size(), f});
                }
                work.add(task);
            }
        }
        List<PartitionReport> computed = new ArrayList<>();
        if (!work.isEmpty()) {
            env.setRuntimeMode(RuntimeExecutionMode.BATCH);
            FileStatisticsReader reader = new FileStatisticsReader(table);
            try (CloseableIterator<Tuple4<String, String, Integer, Long>> results =
                    env.fromSequence(0, files.size() - 1)
                            .map(new ReadFile(reader, work, files))
                            .returns(PARTIAL)
                            .name("Read statistics of files")
                            .keyBy(t -> t.f0, Types.INT)
                            .reduce(new Unite())
                            .name("Unite per partition")
                            .map(new Finish(reader, work))
                            .returns(REPORT)
                            .name("Store statistics")
                            .executeAndCollect("Compute statistics of " + table.location())) {
                results.forEachRemaining(
                        r -> computed.add(new PartitionReport(r.f0, r.f1, r.f2, r.f3)));
            } catch (Exception e) {
                throw new IOException(
                        "Computing the statistics of " + table.location() + " failed", e);
            }
        }
        List<PartitionReport> reports = inPlanOrder(planner, tasks, computed);
        planner.recordInRegistry(tasks, reports);
        return reports;
    }

    static List<PartitionReport> inPlanOrder(
            StatisticsPlanner planner, List<StatisticsTask> tasks, List<PartitionReport> computed)
            throws IOException {
        Map<String, PartitionReport> byPartition = new HashMap<>();
        computed.forEach(r -> byPartition.put(r.partition(), r));
        List<PartitionReport> reports = new ArrayList<>();
        for (StatisticsTask task : tasks) {
            if (task.action() == StatisticsTask.Action.REUSE) {
                reports.add(planner.finish(task, null));
            } else if (byPartition.containsKey(task.partition())) {
                reports.add(byPartition.get(task.partition()));
            }
        }
        return reports;
    }

    /** Index of a file to read → (task index, 1 file, statistics of the file). */
    private static final class ReadFile
            implements MapFunction<Long, Tuple3<Integer, Integer, byte[]>> {
        private final FileStatisticsReader reader;
        private final List<StatisticsTask> work;
        private final List<int[]> files;

        ReadFile(FileStatisticsReader reader, List<StatisticsTask> work, List<int[]> files) {
            this.reader = reader;
            this.work = work;
            this.files = files;
        }

        @Override
        public Tuple3<Integer, Integer, byte[]> map(Long index) throws IOException {
            int[] ref = files.get(Math.toIntExact(index));
            DataSplit file = work.get(ref[0]).files().get(ref[1]);
            return Tuple3.of(ref[0], 1, reader.read(file).toBytes());
        }
    }

    /** Statistics of two sets of files of one partition → those of both. */
    private static final class Unite implements ReduceFunction<Tuple3<Integer, Integer, byte[]>> {
        @Override
        public Tuple3<Integer, Integer, byte[]> reduce(
                Tuple3<Integer, Integer, byte[]> a, Tuple3<Integer, Integer, byte[]> b) {
            PartitionStatistics merged =
                    PartitionStatistics.fromBytes(a.f2).merge(PartitionStatistics.fromBytes(b.f2));
            return Tuple3.of(a.f0, a.f1 + b.f1, merged.toBytes());
        }
    }

    /** The statistics of a partition's files → stored, and the report of it. */
    private static final class Finish
            implements MapFunction<
                    Tuple3<Integer, Integer, byte[]>, Tuple4<String, String, Integer, Long>> {
        private final FileStatisticsReader reader;
        private final List<StatisticsTask> work;

        Finish(FileStatisticsReader reader, List<StatisticsTask> work) {
            this.reader = reader;
            this.work = work;
        }

        @Override
        public Tuple4<String, String, Integer, Long> map(Tuple3<Integer, Integer, byte[]> t)
                throws IOException {
            PartitionReport r =
                    reader.planner().finish(work.get(t.f0), PartitionStatistics.fromBytes(t.f2));
            return Tuple4.of(r.partition(), r.outcome(), t.f1, r.rowCount());
        }
    }
}
