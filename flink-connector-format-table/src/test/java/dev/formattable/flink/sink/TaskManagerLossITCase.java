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

import org.apache.flink.api.common.JobID;
import org.apache.flink.api.common.JobStatus;
import org.apache.flink.api.common.functions.RichMapFunction;
import org.apache.flink.api.common.state.CheckpointListener;
import org.apache.flink.api.connector.source.util.ratelimit.RateLimiterStrategy;
import org.apache.flink.runtime.executiongraph.AccessExecutionGraph;
import org.apache.flink.runtime.minicluster.MiniCluster;
import org.apache.flink.runtime.state.FunctionInitializationContext;
import org.apache.flink.runtime.state.FunctionSnapshotContext;
import org.apache.flink.streaming.api.checkpoint.CheckpointedFunction;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.api.TableResult;
import org.apache.flink.test.junit5.InjectMiniCluster;
import org.apache.flink.types.Row;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A streaming INSERT INTO writes every row exactly once, and leaves no staged file behind, when the
 * only TaskManager is terminated in the middle of the job, after a checkpoint's commit published
 * files, and a new one takes over.
 *
 * <p>Two moments: between checkpoints (seen from the test, as soon as a file is published), and
 * during a checkpoint, from the snapshot of an operator upstream of the writers. In the second, the
 * writers have already handed out that checkpoint's files, which then never completes, so they stay
 * staged until the restarted writers remove them.
 */
class TaskManagerLossITCase extends StreamingWriteTestBase {

    // Four seconds of input at 1500 rows/s: room for a checkpoint and a commit before the
    // TaskManager goes, even on a loaded machine. The readers of the restarted job read the rest at
    // full speed: the rows after the restart only have to be there.
    private static final long ROWS = 6000;

    private static volatile boolean taskManagerLost;

    @SuppressWarnings({"rawtypes", "unchecked"})
    private static final RateLimiterStrategy PACE_UNTIL_LOST =
            parallelism ->
                    (taskManagerLost
                                    ? RateLimiterStrategy.noOp()
                                    : RateLimiterStrategy.perSecond(1500))
                            .createRateLimiter(parallelism);

    private static final int PARTITIONS = 7;

    /** When the TaskManager goes. */
    enum Moment {
        BETWEEN_CHECKPOINTS,
        DURING_CHECKPOINT
    }

    /**
     * The index of the live TaskManager. The cluster belongs to this class, and an index is never
     * reused, so each case terminates this one and starts the next.
     */
    private static int liveTaskManager = 0;

    @TempDir Path dir;

    static Stream<Arguments> cases() {
        Stream.Builder<Arguments> b = Stream.builder();
        for (Moment moment : Moment.values()) {
            for (String format : List.of("parquet", "orc")) {
                for (boolean partitioned : List.of(true, false)) {
                    b.add(Arguments.of(moment, format, partitioned));
                }
            }
        }
        return b.build();
    }

    @ParameterizedTest(name = "{0} {1} partitioned={2}")
    @MethodSource("cases")
    void everyRowExactlyOnce(
            Moment moment,
            String format,
            boolean partitioned,
            @InjectMiniCluster MiniCluster cluster)
            throws Exception {
        Path table = dir.resolve("t");
        taskManagerLost = false;
        TerminateOnSnapshot.arm(
                moment == Moment.DURING_CHECKPOINT ? cluster : null, liveTaskManager);
        StreamExecutionEnvironment env = streamEnv(dir.resolve("checkpoints"), 100);
        DataStream<Row> rows =
                generate(env, ROWS, PARTITIONS, 1, PACE_UNTIL_LOST)
                        .map(new TerminateOnSnapshot(table.toString()))
                        .returns(ROW_TYPE);
        TableResult result = insert(env, rows, table, format, partitioned);
        JobID job = jobId(result);

        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(1);
        if (moment == Moment.BETWEEN_CHECKPOINTS) {
            while (!hasPublishedFile(table)) {
                assertThat(System.nanoTime()).as("a commit published a file").isLessThan(deadline);
                Thread.sleep(5);
            }
            assertThat(cluster.getJobStatus(job).get())
                    .as("the job still runs when its TaskManager goes")
                    .isEqualTo(JobStatus.RUNNING);
            taskManagerLost = true;
            cluster.terminateTaskManager(liveTaskManager).get(1, TimeUnit.MINUTES);
        } else {
            while (TerminateOnSnapshot.TERMINATION.get() == null) {
                assertThat(System.nanoTime())
                        .as("a snapshot after a commit terminated the TaskManager")
                        .isLessThan(deadline);
                Thread.sleep(5);
            }
            TerminateOnSnapshot.TERMINATION.get().get(1, TimeUnit.MINUTES);
        }
        cluster.startTaskManager();
        liveTaskManager++;

        result.await(2, TimeUnit.MINUTES);
        AccessExecutionGraph graph = finishedJob(cluster, job);
        assertThat(restarted(graph)).as("the job restarted").isTrue();
        assertExactlyOnce(table, format, partitioned, ROWS, PARTITIONS, 1);
    }

    /**
     * Passes rows on. Once armed with a cluster, the first snapshot after a completed checkpoint
     * whose commit published a file terminates the TaskManager it runs on.
     */
    static final class TerminateOnSnapshot extends RichMapFunction<Row, Row>
            implements CheckpointListener, CheckpointedFunction {

        /** Shared by every subtask and attempt: the cluster runs in this JVM. */
        private static volatile MiniCluster cluster;

        private static volatile int taskManager;
        private static final AtomicBoolean CHECKPOINT_COMPLETED = new AtomicBoolean();
        static final AtomicReference<CompletableFuture<Void>> TERMINATION = new AtomicReference<>();

        private final String table;

        TerminateOnSnapshot(String table) {
            this.table = table;
        }

        static void arm(MiniCluster cluster, int taskManager) {
            TerminateOnSnapshot.cluster = cluster;
            TerminateOnSnapshot.taskManager = taskManager;
            CHECKPOINT_COMPLETED.set(false);
            TERMINATION.set(null);
        }

        @Override
        public Row map(Row row) {
            return row;
        }

        @Override
        public void snapshotState(FunctionSnapshotContext context) {
            MiniCluster target = cluster;
            if (target != null
                    && CHECKPOINT_COMPLETED.get()
                    && hasPublishedFile(Paths.get(table))
                    && TERMINATION.compareAndSet(null, new CompletableFuture<>())) {
                taskManagerLost = true;
                target.terminateTaskManager(taskManager)
                        .whenComplete(
                                (ok, e) -> {
                                    if (e != null) {
                                        TERMINATION.get().completeExceptionally(e);
                                    } else {
                                        TERMINATION.get().complete(null);
                                    }
                                });
            }
        }

        @Override
        public void initializeState(FunctionInitializationContext context) {}

        @Override
        public void notifyCheckpointComplete(long checkpointId) {
            CHECKPOINT_COMPLETED.set(true);
        }
    }
}
