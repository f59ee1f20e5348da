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
package dev.formattable.flink.datastream;

import dev.formattable.core.FormatTable;
import dev.formattable.flink.config.FormatTableConnectorOptions;
import dev.formattable.flink.read.ReadSpec;
import dev.formattable.flink.sink.FormatTableSink;
import dev.formattable.flink.source.FormatTableSource;
import dev.formattable.flink.source.enumerator.ScanSpec;
import dev.formattable.flink.tables.FormatTables;
import dev.formattable.flink.testutils.CountingFileSystem;
import dev.formattable.flink.testutils.DataStreamTestUtils;
import dev.formattable.flink.testutils.DataStreamTestUtils.CollectingSink;
import dev.formattable.flink.testutils.FlinkTestBase;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.functions.MapFunction;
import org.apache.flink.api.common.state.CheckpointListener;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.RestartStrategyOptions;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.runtime.typeutils.InternalTypeInfo;
import org.apache.flink.table.types.logical.IntType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.VarCharType;
import org.apache.flink.types.Row;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The continuous source reads each newly published file exactly once: while it runs, and across a
 * failure and restore, where a copy job (continuous source into our sink, with checkpoints) must
 * publish every row of the source table exactly once.
 */
class ContinuousSourceITCase extends FlinkTestBase {

    @TempDir Path dir;

    static final RowType TYPE =
            RowType.of(
                    new LogicalType[] {new IntType(), VarCharType.STRING_TYPE, new IntType()},
                    new String[] {"id", "name", "p"});

    /** Rows {@code from} to {@code to - 1}, over three partitions. */
    static List<Row> batch(int from, int to) {
        return IntStream.range(from, to)
                .mapToObj(i -> Row.of(i, "name-" + i, i % 3))
                .collect(Collectors.toList());
    }

    static List<String> rendered(List<Row> rows) {
        return rows.stream().map(Row::toString).sorted().collect(Collectors.toList());
    }

    private void publish(String path, String format, List<Row> rows) throws Exception {
        DataStreamTestUtils.write(
                TYPE,
                FormatTableSink.forRowData(path, TYPE).partitionKeys("p").format(format).build(),
                rows,
                1);
    }

    private static void await(String what, Supplier<Boolean> condition) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (!condition.get()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("Timed out waiting for " + what);
            }
            Thread.sleep(100);
        }
    }

    @Test
    void readsEachPublishedFileOnce() throws Exception {
        String path = CountingFileSystem.uri(dir.resolve("a"));
        Files.createDirectories(dir.resolve("a"));
        String name = "continuous-" + dir;
        Queue<String> received = CollectingSink.rows(name);

        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setParallelism(2);
        // A split size of one byte (below what the options accept, so given to the source
        // directly) is ignored in continuous mode: a file cut into ranges would be read only up
        // to its first range, which here holds no row.
        FormatTable table = FormatTables.open(path, TYPE, List.of("p"), Map.of());
        FormatTableSource source =
                FormatTableSource.create(
                        ScanSpec.builder(table)
                                .splitSize(1)
                                .monitorContinuously(Duration.ofMillis(200))
                                .build(),
                        ReadSpec.builder(table, TYPE)
                                .batchSize(
                                        FormatTableConnectorOptions.READ_BATCH_SIZE.defaultValue())
                                .build(),
                        List.of());
        env.fromSource(source, WatermarkStrategy.noWatermarks(), "a")
                .sinkTo(new CollectingSink(name, TYPE));
        JobClient job = env.executeAsync("continuous read");
        List<Row> published = new ArrayList<>();
        try {
            for (int b = 0; b < 3; b++) {
                List<Row> rows = batch(b * 10, b * 10 + 10);
                publish(path, "parquet", rows);
                published.addAll(rows);
                await("batch " + b, () -> received.size() >= published.size());
            }
            // Several more listings of the same files: none may be read again.
            CountingFileSystem.awaitMoreListsOf(dir.resolve("a"), 3);
        } finally {
            job.cancel().get();
        }
        assertThat(received.stream().sorted().collect(Collectors.toList()))
                .containsExactlyElementsOf(rendered(published));
    }

    /** Fails the job once, on a row of the second batch, after a checkpoint has completed. */
    static final class FailOnce implements MapFunction<RowData, RowData>, CheckpointListener {
        private static final long serialVersionUID = 1L;
        static final AtomicBoolean FAILED = new AtomicBoolean();
        static volatile boolean checkpointCompleted;
        private final int failAt;

        FailOnce(int failAt) {
            this.failAt = failAt;
        }

        @Override
        public RowData map(RowData row) {
            if (row.getInt(0) == failAt
                    && checkpointCompleted
                    && FAILED.compareAndSet(false, true)) {
                throw new IllegalStateException("Failing once, on purpose, at row " + failAt);
            }
            return row;
        }

        @Override
        public void notifyCheckpointComplete(long checkpointId) {
            checkpointCompleted = true;
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"parquet", "orc"})
    void aRestoredCopyJobPublishesEveryRowOnce(String format) throws Exception {
        FailOnce.FAILED.set(false);
        FailOnce.checkpointCompleted = false;
        String a = CountingFileSystem.uri(dir.resolve("a"));
        String b = dir.resolve("b").toString();
        List<Row> published = new ArrayList<>(batch(0, 10));
        publish(a, format, published);

        Configuration conf = new Configuration();
        conf.set(RestartStrategyOptions.RESTART_STRATEGY, "fixed-delay");
        conf.set(RestartStrategyOptions.RESTART_STRATEGY_FIXED_DELAY_ATTEMPTS, 3);
        conf.set(RestartStrategyOptions.RESTART_STRATEGY_FIXED_DELAY_DELAY, Duration.ofMillis(200));
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(conf);
        env.setParallelism(2);
        env.enableCheckpointing(200);
        env.fromSource(
                        FormatTableSource.forRowData(a, TYPE)
                                .partitionKeys("p")
                                .format(format)
                                .monitorContinuously(Duration.ofMillis(200))
                                .build(),
                        WatermarkStrategy.noWatermarks(),
                        "a")
                .map(new FailOnce(15))
                .returns(InternalTypeInfo.of(TYPE))
                .sinkTo(
                        FormatTableSink.forRowData(b, TYPE)
                                .partitionKeys("p")
                                .format(format)
                                .build());
        JobClient job = env.executeAsync("copy a to b");
        try {
            awaitPublished(b, format, published.size());
            // Published before the failure; a row of this batch fails the job.
            List<Row> second = batch(10, 20);
            publish(a, format, second);
            published.addAll(second);
            awaitPublished(b, format, published.size());
            assertThat(FailOnce.FAILED).isTrue();
            // Published after the restore.
            List<Row> third = batch(20, 30);
            publish(a, format, third);
            published.addAll(third);
            awaitPublished(b, format, published.size());
            // Several more listings of the same files: none may be copied again.
            CountingFileSystem.awaitMoreListsOf(dir.resolve("a"), 3);
        } finally {
            job.cancel().get();
        }
        assertThat(readAll(b, format)).containsExactlyElementsOf(rendered(published));
    }

    private List<String> readAll(String path, String format) throws Exception {
        return DataStreamTestUtils.read(
                FormatTableSource.forRowData(path, TYPE).partitionKeys("p").format(format).build(),
                TYPE,
                1);
    }

    private void awaitPublished(String path, String format, int rows) throws Exception {
        await(
                rows + " rows in " + path,
                () -> {
                    if (!Files.isDirectory(Path.of(path))) {
                        return false;
                    }
                    try {
                        return readAll(path, format).size() >= rows;
                    } catch (Exception e) {
                        throw new RuntimeException(e);
                    }
                });
    }
}
