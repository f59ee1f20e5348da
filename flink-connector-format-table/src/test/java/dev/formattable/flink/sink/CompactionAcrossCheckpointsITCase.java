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

import dev.formattable.flink.sink.writer.FormatTableSinkWriter;
import dev.formattable.flink.testutils.StreamingWriteTestBase;

import org.apache.flink.api.common.JobID;
import org.apache.flink.api.common.JobStatus;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.functions.RichMapFunction;
import org.apache.flink.api.connector.source.util.ratelimit.RateLimiterStrategy;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.connector.datagen.source.DataGeneratorSource;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.core.execution.SavepointFormatType;
import org.apache.flink.runtime.executiongraph.AccessExecutionGraph;
import org.apache.flink.runtime.minicluster.MiniCluster;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.runtime.typeutils.InternalTypeInfo;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.test.junit5.InjectMiniCluster;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Streaming jobs with {@code compaction.across-checkpoints}: the writers hold each partition's
 * files in their state across checkpoints and release them when the {@code partition-time} trigger
 * finds the partition over, and compaction merges them then. Partition {@code p} is the day {@code
 * 2026-12-1p}; two readers each read a contiguous range of ids (the days in order, a day after
 * another), with event times on the rows' days, so a writer releases a day once its rows reach the
 * next day plus the delay of one day, and the rest at the end of the input. Checkpoints come every
 * 100 ms, many per day: without holding, each would leave a file per writer and day.
 */
class CompactionAcrossCheckpointsITCase extends StreamingWriteTestBase {

    private static final long ROWS = 6000;
    private static final int DAYS = 3;
    private static final int RUN = 2000;

    private static final RowType TYPE =
            (RowType)
                    DataTypes.ROW(
                                    DataTypes.FIELD("id", DataTypes.BIGINT()),
                                    DataTypes.FIELD("payload", DataTypes.STRING()),
                                    DataTypes.FIELD("p", DataTypes.INT()))
                            .getLogicalType();

    @TempDir Path dir;

    private static void job(
            StreamExecutionEnvironment env,
            Path table,
            RateLimiterStrategy pace,
            boolean failOnce) {
        job(env, table, pace, failOnce, Map.of());
    }

    private static void job(
            StreamExecutionEnvironment env,
            Path table,
            RateLimiterStrategy pace,
            boolean failOnce,
            Map<String, String> options) {
        Map<String, String> all =
                new java.util.HashMap<>(
                        Map.of(
                                "auto-compaction", "true",
                                "compaction.across-checkpoints", "true",
                                "sink.partition-commit.trigger", "partition-time",
                                "sink.partition-commit.delay", "1 d",
                                "partition.time-extractor.timestamp-pattern",
                                        "2026-12-1$p 00:00:00"));
        all.putAll(options);
        DataGeneratorSource<RowData> source =
                new DataGeneratorSource<>(
                        id -> GenericRowData.of(id, StringData.fromString("row-" + id), day(id)),
                        ROWS,
                        pace,
                        InternalTypeInfo.of(TYPE));
        DataStream<RowData> rows =
                env.fromSource(
                                source,
                                WatermarkStrategy.<RowData>forMonotonousTimestamps()
                                        .withTimestampAssigner(
                                                (row, t) ->
                                                        midnight(row.getInt(2))
                                                                + row.getLong(0) % RUN),
                                "generator")
                        .uid("generator");
        if (failOnce) {
            rows =
                    rows.map(new FailOnceAfterAPublish(table.toString()))
                            .returns(InternalTypeInfo.of(TYPE))
                            .uid("fail-once");
        }
        rows.sinkTo(
                        FormatTableSink.forRowData(table.toString(), TYPE)
                                .partitionKeys("p")
                                .options(all)
                                .build())
                .uid("sink");
    }

    private static int day(long id) {
        return (int) (id / RUN % DAYS);
    }

    private static long midnight(int day) {
        return LocalDate.of(2026, 12, 10 + day)
                .atStartOfDay()
                .toInstant(ZoneOffset.UTC)
                .toEpochMilli();
    }

    /** Published data files per partition directory. */
    private static Map<String, Long> filesPerPartition(Path table) throws IOException {
        try (Stream<Path> files = Files.walk(table)) {
            return files.filter(Files::isRegularFile)
                    .map(table::relativize)
                    .filter(f -> f.getNameCount() == 2)
                    .filter(f -> !f.getFileName().toString().startsWith("."))
                    .filter(f -> !f.getFileName().toString().startsWith("_"))
                    .collect(
                            Collectors.groupingBy(
                                    f -> f.getName(0).toString(),
                                    TreeMap::new,
                                    Collectors.counting()));
        }
    }

    private static long completedCheckpoints(AccessExecutionGraph job) {
        return job.getCheckpointStatsSnapshot().getCounts().getNumberOfCompletedCheckpoints();
    }

    /**
     * The job fails once after a partition was published, with files of the other days held in the
     * restored checkpoint; it ends with every row once, in at most one file per writer and day,
     * after many more checkpoints than that.
     */
    @Test
    void aFailoverKeepsEveryRowOnceInOneFilePerWriterAndDay(@InjectMiniCluster MiniCluster cluster)
            throws Exception {
        Path table = dir.resolve("failover");
        FailOnceAfterAPublish.FAILED.set(false);
        StreamExecutionEnvironment env = streamEnv(dir.resolve("checkpoints"), 100);
        job(env, table, RateLimiterStrategy.perSecond(1500), true);
        JobID job = env.executeAsync("across checkpoints, failing once").getJobID();
        waitForTheEnd(cluster, job);
        AccessExecutionGraph graph = finishedJob(cluster, job);

        assertThat(restarted(graph)).isTrue();
        assertExactlyOnce(table, "parquet", true, ROWS, DAYS, RUN);
        assertThat(completedCheckpoints(graph)).isGreaterThan(10);
        // Day 0 is written by the first reader alone, day 2 by the second; day 1 by both.
        assertThat(filesPerPartition(table)).isEqualTo(Map.of("p=0", 1L, "p=1", 2L, "p=2", 1L));
    }

    /**
     * Files of a few kilobytes: writers merge a held day's small files every few checkpoints, and
     * the job fails once in between. Every row is there once, in files that are not all small.
     */
    @Test
    void aFailoverAmongMergesOfHeldFilesKeepsEveryRowOnce(@InjectMiniCluster MiniCluster cluster)
            throws Exception {
        Path table = dir.resolve("merging");
        FailOnceAfterAPublish.FAILED.set(false);
        StreamExecutionEnvironment env = streamEnv(dir.resolve("checkpoints"), 100);
        job(
                env,
                table,
                RateLimiterStrategy.perSecond(1500),
                true,
                Map.of("compaction.file-size", "8 kb", "target-file-size", "16 kb"));
        JobID job = env.executeAsync("across checkpoints, merging held files").getJobID();
        waitForTheEnd(cluster, job);
        AccessExecutionGraph graph = finishedJob(cluster, job);

        assertThat(restarted(graph)).isTrue();
        assertExactlyOnce(table, "parquet", true, ROWS, DAYS, RUN);
        assertThat(METRICS.counter(job, FormatTableSinkWriter.HELD_FILES_MERGED))
                .as("held files merged away by the writers")
                .isPositive();
        assertThat(filesPerPartition(table).values()).allMatch(files -> files <= 8);
    }

    /**
     * Stopped with a savepoint while the first reader's day is held: none of its rows are visible,
     * and its files are staged. Restored with one writer instead of two, which takes over both
     * writers' held files, the job ends with every row once.
     */
    @Test
    void aStopWithSavepointKeepsHeldFilesForTheRescaledRestore(
            @InjectMiniCluster MiniCluster cluster) throws Exception {
        Path table = dir.resolve("savepoint");
        StreamExecutionEnvironment first = streamEnv(dir.resolve("checkpoints"), 100);
        // Slow, so that day 0 is still being read when the second reader's day 1 is published.
        job(first, table, RateLimiterStrategy.perSecond(800), false);
        JobClient running = first.executeAsync("across checkpoints, first run");
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (!hasPublishedFile(table) && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertThat(hasPublishedFile(table)).as("a partition was published").isTrue();
        String savepoint =
                running.stopWithSavepoint(
                                false,
                                dir.resolve("savepoints").toUri().toString(),
                                SavepointFormatType.CANONICAL)
                        .get(60, TimeUnit.SECONDS);
        assertThat(running.getJobStatus().get()).isEqualTo(JobStatus.FINISHED);
        assertThat(filesPerPartition(table))
                .as("published before the stop")
                .doesNotContainKey("p=0");
        assertThat(stagedFiles(table))
                .as("day 0's files, held in the savepoint")
                .anyMatch(f -> table.relativize(f).startsWith("p=0"));

        Configuration restore = new Configuration();
        restore.setString("execution.state-recovery.path", savepoint);
        StreamExecutionEnvironment second = streamEnv(dir.resolve("checkpoints"), 100, restore);
        second.setParallelism(1);
        job(second, table, RateLimiterStrategy.noOp(), false);
        second.execute("across checkpoints, restored with one writer");

        assertExactlyOnce(table, "parquet", true, ROWS, DAYS, RUN);
        assertThat(filesPerPartition(table).values()).allMatch(files -> files <= 2);
    }

    private static void waitForTheEnd(MiniCluster cluster, JobID job) throws Exception {
        cluster.requestJobResult(job).get(3, TimeUnit.MINUTES);
    }

    /** Fails the job once, on a row, after the first partition was published. */
    static final class FailOnceAfterAPublish extends RichMapFunction<RowData, RowData> {

        static final AtomicBoolean FAILED = new AtomicBoolean();

        private final String table;
        private transient long nextLook;

        FailOnceAfterAPublish(String table) {
            this.table = table;
        }

        @Override
        public RowData map(RowData row) {
            if (!FAILED.get() && System.nanoTime() >= nextLook) {
                nextLook = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(10);
                if (hasPublishedFile(Path.of(table)) && FAILED.compareAndSet(false, true)) {
                    throw new RuntimeException("Planned failure after a partition was published");
                }
            }
            return row;
        }
    }
}
