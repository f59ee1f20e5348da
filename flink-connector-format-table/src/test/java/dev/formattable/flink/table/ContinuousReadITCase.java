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

import dev.formattable.flink.testutils.CountingFileSystem;
import dev.formattable.flink.testutils.FlinkTestBase;

import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.api.TableResult;
import org.apache.flink.types.Row;
import org.apache.flink.util.CloseableIterator;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code source.monitor-interval} makes a SQL scan unbounded: files published while the query runs
 * are read exactly once, and partition pruning still applies.
 */
class ContinuousReadITCase extends FlinkTestBase {

    @TempDir Path dir;

    private void create(TableEnvironment env, String format, String extra) {
        exec(
                env,
                "CREATE TABLE t (id INT, p STRING) PARTITIONED BY (p) WITH ("
                        + "'connector'='format-table', 'path'='"
                        + CountingFileSystem.uri(dir)
                        + "', 'file.format'='"
                        + format
                        + "'"
                        + extra
                        + ")");
    }

    /** Rows {@code from} to {@code to - 1}, half in partition 'a' and half in 'b'. */
    private static String values(int from, int to) {
        List<String> rows = new ArrayList<>();
        for (int i = from; i < to; i++) {
            rows.add(String.format("(%d, '%s')", i, i % 2 == 0 ? "a" : "b"));
        }
        return String.join(", ", rows);
    }

    private static void await(String what, Queue<String> received, int size) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(90).toNanos();
        while (received.size() < size) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError(
                        "Timed out waiting for " + what + "; received " + received);
            }
            Thread.sleep(100);
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"parquet", "orc"})
    void readsFilesPublishedWhileRunningOnceWithPruning(String format) throws Exception {
        TableEnvironment writer = writerOfTenRows(format);
        TableEnvironment reader = continuousReader(format);
        TableResult result = reader.executeSql("SELECT id, p FROM t WHERE p = 'a'");
        Queue<String> received = new ConcurrentLinkedQueue<>();
        Thread collector =
                new Thread(
                        () -> {
                            try (CloseableIterator<Row> it = result.collect()) {
                                while (it.hasNext()) {
                                    received.add(it.next().toString());
                                }
                            } catch (Exception ignored) {
                                // The job is cancelled at the end of the test.
                            }
                        });
        collector.setDaemon(true);
        collector.start();
        List<String> expected = new ArrayList<>();
        try {
            for (int b = 0; b < 3; b++) {
                if (b > 0) {
                    exec(writer, "INSERT INTO t VALUES " + values(b * 10, b * 10 + 10));
                }
                for (int i = b * 10; i < b * 10 + 10; i += 2) {
                    expected.add("+I[" + i + ", a]");
                }
                await("batch " + b, received, expected.size());
            }
            // Several more listings of the same files (the pruned scan lists p=a alone): none may
            // be read again.
            CountingFileSystem.awaitMoreListsOf(dir.resolve("p=a"), 3);
        } finally {
            result.getJobClient().get().cancel().get();
        }
        assertThat(received.stream().sorted().collect(Collectors.toList()))
                .containsExactlyElementsOf(expected.stream().sorted().collect(Collectors.toList()));
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"parquet"})
    void limitIsNotPushedIntoAContinuousScan(String format) throws Exception {
        TableEnvironment writer = writerOfTenRows(format);
        TableEnvironment reader = continuousReader(format);
        // The limit is not pushed into the source (which refuses one when continuous); Flink
        // applies it on the rows of the unbounded scan.
        TableResult result = reader.executeSql("SELECT id FROM t WHERE p = 'b' LIMIT 3");
        List<String> rows = new ArrayList<>();
        try (CloseableIterator<Row> it = result.collect()) {
            while (rows.size() < 3 && it.hasNext()) {
                rows.add(it.next().toString());
            }
        } finally {
            result.getJobClient().get().cancel();
        }
        assertThat(rows).hasSize(3).allMatch(r -> r.matches("\\+I\\[[13579]]"));
    }

    /** Fails its job once, at a given id, after a checkpoint has completed. */
    public static final class FailOnce extends org.apache.flink.table.functions.ScalarFunction {
        static final java.util.concurrent.atomic.AtomicBoolean FAILED =
                new java.util.concurrent.atomic.AtomicBoolean();

        public Integer eval(Integer id) {
            if (id != null
                    && id == 15
                    && CheckpointCounter.completed.get() > 0
                    && FAILED.compareAndSet(false, true)) {
                throw new IllegalStateException("Failing once, on purpose, at id " + id);
            }
            return id;
        }
    }

    /** Counts completed checkpoints of this JVM's jobs through the sink's commits. */
    static final class CheckpointCounter {
        static final java.util.concurrent.atomic.AtomicInteger completed =
                new java.util.concurrent.atomic.AtomicInteger();
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"parquet", "orc"})
    void aRestoredContinuousQueryNeitherRereadsNorSkipsAFile(String format) throws Exception {
        FailOnce.FAILED.set(false);
        CheckpointCounter.completed.set(0);
        Path out = java.nio.file.Files.createDirectories(dir.resolve("out"));
        TableEnvironment writer = batchEnv();
        create(writer, format, "");
        exec(writer, "INSERT INTO t VALUES " + values(0, 10));
        exec(
                writer,
                "CREATE TABLE o (id INT, p STRING) PARTITIONED BY (p)"
                        + withFormatTable(out, format));

        TableEnvironment copier = streamingEnv();
        copier.getConfig().set("execution.checkpointing.interval", "200 ms");
        copier.getConfig().set("restart-strategy.type", "fixed-delay");
        copier.getConfig().set("restart-strategy.fixed-delay.attempts", "3");
        copier.getConfig().set("restart-strategy.fixed-delay.delay", "200 ms");
        create(copier, format, ", 'source.monitor-interval'='200 ms'");
        exec(
                copier,
                "CREATE TABLE o (id INT, p STRING) PARTITIONED BY (p)"
                        + withFormatTable(out, format));
        copier.createTemporarySystemFunction("fail_once", FailOnce.class);
        TableResult job = copier.executeSql("INSERT INTO o SELECT fail_once(id), p FROM t");
        List<String> expected = new ArrayList<>();
        try {
            for (int b = 0; b < 3; b++) {
                if (b > 0) {
                    exec(writer, "INSERT INTO t VALUES " + values(b * 10, b * 10 + 10));
                }
                for (int i = b * 10; i < b * 10 + 10; i++) {
                    expected.add("+I[" + i + ", " + (i % 2 == 0 ? "a" : "b") + "]");
                }
                awaitRows(writer, expected.size());
                // A published commit implies a completed checkpoint.
                CheckpointCounter.completed.incrementAndGet();
            }
            // Several more listings of the files already read; then a last batch, whose rows
            // arrive after any file read again would have been, and are counted exactly.
            CountingFileSystem.awaitMoreListsOf(dir.resolve("p=a"), 3);
            exec(writer, "INSERT INTO t VALUES " + values(30, 40));
            for (int i = 30; i < 40; i++) {
                expected.add("+I[" + i + ", " + (i % 2 == 0 ? "a" : "b") + "]");
            }
            awaitRows(writer, expected.size());
        } finally {
            job.getJobClient().get().cancel().get();
        }
        assertThat(FailOnce.FAILED).isTrue();
        assertThat(query(writer, "SELECT id, p FROM o"))
                .containsExactlyElementsOf(expected.stream().sorted().collect(Collectors.toList()));
    }

    private static void awaitRows(TableEnvironment env, int rows) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(90).toNanos();
        while (true) {
            List<String> count = query(env, "SELECT count(*) FROM o");
            if (count.equals(List.of("+I[" + rows + "]"))) {
                return;
            }
            long seen = Long.parseLong(count.get(0).replaceAll("\\D", ""));
            if (seen > rows) {
                throw new AssertionError("Expected " + rows + " rows, found " + seen);
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("Timed out waiting for " + rows + " rows: " + count);
            }
            Thread.sleep(200);
        }
    }

    /** A batch environment over table t that has written ten rows. */
    private TableEnvironment writerOfTenRows(String format) {
        TableEnvironment writer = batchEnv();
        create(writer, format, "");
        exec(writer, "INSERT INTO t VALUES " + values(0, 10));
        return writer;
    }

    /** A streaming environment whose table t is listed again every 200 ms. */
    private TableEnvironment continuousReader(String format) {
        TableEnvironment reader = streamingEnv();
        create(reader, format, ", 'source.monitor-interval'='200 ms'");
        return reader;
    }
}
