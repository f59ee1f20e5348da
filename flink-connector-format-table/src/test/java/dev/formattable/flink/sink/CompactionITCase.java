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

import dev.formattable.flink.sink.compaction.CompactingOperator;
import dev.formattable.flink.testutils.StreamingWriteTestBase;

import org.apache.flink.api.common.JobID;
import org.apache.flink.runtime.executiongraph.AccessExecutionGraph;
import org.apache.flink.runtime.minicluster.MiniCluster;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.api.TableResult;
import org.apache.flink.table.api.bridge.java.StreamTableEnvironment;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.test.junit5.InjectMiniCluster;
import org.apache.flink.types.Row;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Streaming jobs with {@code auto-compaction}: the same input written with and without it, where
 * each checkpoint leaves a small file per writer and partition. With it, every row is in the table
 * exactly once, also when the job fails once after a completed checkpoint, in fewer files.
 */
class CompactionITCase extends StreamingWriteTestBase {

    private static final long ROWS = 4000;
    private static final int PARTITIONS = 3;

    @TempDir Path dir;

    private TableResult insert(Path table, String format, boolean compact, boolean fail) {
        StreamExecutionEnvironment env = streamEnv(dir.resolve("checkpoints-" + compact), 100);
        StreamingExactlyOnceITCase.FailOnceAfterCommit.reset();
        DataStream<Row> rows =
                generate(env, ROWS, PARTITIONS, 1, 2000)
                        .map(
                                new StreamingExactlyOnceITCase.FailOnceAfterCommit(
                                        fail
                                                ? StreamingExactlyOnceITCase.Failure.ON_ROW
                                                : StreamingExactlyOnceITCase.Failure.NONE,
                                        table.toString(),
                                        // At the source's pace alone, so that the runs with and
                                        // without compaction see alike checkpoints.
                                        false))
                        .returns(ROW_TYPE);
        StreamTableEnvironment tEnv = StreamTableEnvironment.create(env);
        tEnv.createTemporaryView("src", rows);
        tEnv.executeSql(
                "CREATE TABLE t (id BIGINT, payload STRING, p INT) PARTITIONED BY (p) WITH"
                        + " ('connector'='format-table', 'path'='"
                        + table
                        + "', 'file.format'='"
                        + format
                        + "', 'auto-compaction'='"
                        + compact
                        + "', 'compaction.parallelism'='2')");
        return tEnv.executeSql("INSERT INTO t SELECT id, payload, p FROM src");
    }

    private static long commits(AccessExecutionGraph job) {
        return job.getCheckpointStatsSnapshot().getCounts().getNumberOfCompletedCheckpoints() + 1;
    }

    private static long dataFiles(Path table) throws IOException {
        try (Stream<Path> files = Files.walk(table)) {
            return files.filter(Files::isRegularFile)
                    .filter(f -> !table.relativize(f).toString().contains("/_"))
                    .filter(f -> !f.getFileName().toString().startsWith("."))
                    .count();
        }
    }

    @ParameterizedTest(name = "{0} fail={1}")
    @CsvSource({"parquet, true", "orc, false", "csv, true"})
    void everyRowOnceInFewerFiles(
            String format, boolean fail, @InjectMiniCluster MiniCluster cluster) throws Exception {
        Path compacted = dir.resolve("compacted");
        TableResult withCompaction = insert(compacted, format, true, fail);
        JobID job = jobId(withCompaction);
        withCompaction.await(2, TimeUnit.MINUTES);
        AccessExecutionGraph compacting = finishedJob(cluster, job);
        assertThat(restarted(compacting)).isEqualTo(fail);
        assertExactlyOnce(compacted, format, true, ROWS, PARTITIONS, 1);
        assertThat(METRICS.counter(job, CompactingOperator.FILES_COMPACTED))
                .as("small files merged away")
                .isPositive();

        Path plain = dir.resolve("plain");
        TableResult without = insert(plain, format, false, false);
        without.await(2, TimeUnit.MINUTES);
        AccessExecutionGraph plainJob = finishedJob(cluster, jobId(without));
        assertExactlyOnce(plain, format, true, ROWS, PARTITIONS, 1);

        // Two writers leave about two files per partition and commit; merged, one. Per commit
        // (each checkpoint's and the end of input's): the two runs take different numbers of
        // checkpoints, as the machine's load decides.
        double filesWith = (double) dataFiles(compacted) / commits(compacting);
        double filesWithout = (double) dataFiles(plain) / commits(plainJob);
        assertThat(filesWith)
                .as("files per commit with compaction (without: %s)", filesWithout)
                .isLessThan(filesWithout * 3 / 4);
    }

    @org.junit.jupiter.api.Test
    void theDataStreamSinkCompactsToo() throws Exception {
        RowType type =
                (RowType)
                        DataTypes.ROW(
                                        DataTypes.FIELD("id", DataTypes.INT()),
                                        DataTypes.FIELD("p", DataTypes.INT()))
                                .getLogicalType();
        Path table = dir.resolve("datastream");
        FormatTableSink sink =
                FormatTableSink.forRowData(table.toString(), type)
                        .partitionKeys("p")
                        .option("auto-compaction", "true")
                        .build();
        java.util.List<Row> rows = new java.util.ArrayList<>();
        for (int i = 0; i < 40; i++) {
            rows.add(Row.of(i, i % 2));
        }
        // Four writers each write both partitions: eight small files, merged into two.
        dev.formattable.flink.testutils.DataStreamTestUtils.write(type, sink, rows, 4);
        assertThat(dataFiles(table)).isEqualTo(2);
        org.apache.flink.table.api.TableEnvironment batch = batchEnv();
        exec(
                batch,
                "CREATE TABLE t (id INT, p INT) PARTITIONED BY (p) WITH"
                        + " ('connector'='format-table', 'path'='"
                        + table
                        + "')");
        assertThat(query(batch, "SELECT count(*), count(DISTINCT id), sum(p) FROM t"))
                .containsExactly("+I[40, 40, 20]");
    }
}
