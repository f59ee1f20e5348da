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

import dev.formattable.flink.testutils.StreamingWriteTestBase;

import org.apache.flink.api.common.JobStatus;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.connector.source.util.ratelimit.RateLimiterStrategy;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.connector.datagen.source.DataGeneratorSource;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.core.execution.SavepointFormatType;
import org.apache.flink.runtime.minicluster.MiniCluster;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.runtime.typeutils.InternalTypeInfo;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.test.junit5.InjectMiniCluster;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A streaming job stopped with a savepoint, every file of its table then removed (published and
 * staged alike, as a retention job or a clean-up might), and the job started again from the
 * savepoint. The restored committer replays the savepoint's committables, whose files are gone: it
 * must skip them, not fail on every restart. The job then finishes, and every row written after the
 * savepoint is in the table exactly once.
 */
class SavepointRestoreITCase extends StreamingWriteTestBase {

    private static final long ROWS = 6000;

    private static final RowType TYPE =
            (RowType)
                    DataTypes.ROW(
                                    DataTypes.FIELD("id", DataTypes.BIGINT()),
                                    DataTypes.FIELD("payload", DataTypes.STRING()),
                                    DataTypes.FIELD("p", DataTypes.INT()))
                            .getLogicalType();

    @TempDir Path dir;

    @Test
    void aRestoreWhoseFilesWereRemovedFinishesExactlyOnce(@InjectMiniCluster MiniCluster cluster)
            throws Exception {
        Path table = dir.resolve("t");

        // First run: rate-limited, stopped with a savepoint once a commit has published a file.
        StreamExecutionEnvironment first = streamEnv(dir.resolve("checkpoints"), 100);
        job(first, table, 1500);
        JobClient running = first.executeAsync("first run");
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (!hasPublishedFile(table) && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertThat(hasPublishedFile(table)).as("a commit published a file").isTrue();
        String savepoint =
                running.stopWithSavepoint(
                                false,
                                dir.resolve("savepoints").toUri().toString(),
                                SavepointFormatType.CANONICAL)
                        .get();
        assertThat(running.getJobStatus().get()).isEqualTo(JobStatus.FINISHED);

        // Everything below the table is removed; the directory itself stays.
        List<Path> removed = removeAllFiles(table);
        assertThat(removed).isNotEmpty();

        // Second run, from the savepoint, as fast as it goes.
        Configuration restore = new Configuration();
        restore.setString("execution.state-recovery.path", savepoint);
        // No restart: a committer refusing the vanished files fails the job at once.
        restore.setString("restart-strategy.type", "none");
        StreamExecutionEnvironment second = streamEnv(dir.resolve("checkpoints"), 100, restore);
        job(second, table, 0);
        second.execute("second run");

        // Every id the second run wrote (a contiguous tail of the sequence) is there exactly once.
        TableEnvironment batch = batchEnv();
        exec(batch, createTable(table, "parquet", false));
        List<String> summary =
                query(
                        batch,
                        "SELECT count(*), count(DISTINCT id), max(id) - min(id) + 1, max(id) FROM t");
        assertThat(summary).hasSize(1);
        String[] f = summary.get(0).replaceAll("[+I\\[\\]]", "").split(", ");
        long count = Long.parseLong(f[0]);
        assertThat(count).as("rows written after the savepoint").isPositive().isLessThan(ROWS);
        assertThat(Long.parseLong(f[1])).as("distinct ids").isEqualTo(count);
        assertThat(Long.parseLong(f[2])).as("the ids form one range").isEqualTo(count);
        assertThat(Long.parseLong(f[3])).as("the last id").isEqualTo(ROWS - 1);
        assertThat(stagedFiles(table)).isEmpty();
    }

    private static void job(StreamExecutionEnvironment env, Path table, double perSecond) {
        env.setParallelism(1);
        DataGeneratorSource<RowData> source =
                new DataGeneratorSource<>(
                        id -> GenericRowData.of(id, StringData.fromString("row-" + id), 0),
                        ROWS,
                        perSecond > 0
                                ? RateLimiterStrategy.perSecond(perSecond)
                                : RateLimiterStrategy.noOp(),
                        InternalTypeInfo.of(TYPE));
        env.fromSource(source, WatermarkStrategy.noWatermarks(), "generator")
                .uid("generator")
                .sinkTo(FormatTableSink.forRowData(table.toString(), TYPE).build())
                .uid("sink");
    }

    private static List<Path> removeAllFiles(Path table) throws IOException {
        List<Path> files;
        try (Stream<Path> walk = Files.walk(table)) {
            files = walk.filter(Files::isRegularFile).collect(Collectors.toList());
        }
        files.forEach(
                f -> {
                    try {
                        Files.delete(f);
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                });
        return files;
    }
}
