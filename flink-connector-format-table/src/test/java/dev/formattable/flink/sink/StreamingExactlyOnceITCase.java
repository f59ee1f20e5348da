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

import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.functions.RichMapFunction;
import org.apache.flink.api.common.state.CheckpointListener;
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
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A streaming INSERT INTO with checkpoints every 100 ms writes every generated row exactly once and
 * leaves no staged file behind, also when the job fails once on purpose after a checkpoint's commit
 * has published files. The source then rewinds to the last completed checkpoint, the committer
 * replays that checkpoint's committable (its files are already published and skipped), and the
 * restarted writers drop what the failed attempt staged for checkpoints that never completed.
 *
 * <p>Two places to fail: on a row between checkpoints (the failed attempt's writers delete their
 * open files as they close), and in the snapshot of a checkpoint, after the writers handed out that
 * checkpoint's files, which then never completes: those staged files are left for the restarted
 * writers to remove.
 */
class StreamingExactlyOnceITCase extends StreamingWriteTestBase {

    // Up to four seconds of input at 1500 rows/s (750 per subtask): room for a checkpoint and a
    // commit before it ends, even on a loaded machine. The rest flows unthrottled once the case
    // has seen what it is about (see FailOnceAfterCommit).
    private static final long ROWS = 6000;
    private static final long NANOS_PER_ROW_AND_SUBTASK = TimeUnit.SECONDS.toNanos(1) / 750;
    private static final int PARTITIONS = 7;

    /** Where the job fails once, if at all. */
    enum Failure {
        NONE,
        ON_ROW,
        ON_SNAPSHOT
    }

    @TempDir Path dir;

    static Stream<Arguments> cases() {
        Stream.Builder<Arguments> b = Stream.builder();
        for (Failure failure : Failure.values()) {
            for (String format : List.of("parquet", "orc", "csv")) {
                for (boolean partitioned : List.of(true, false)) {
                    b.add(Arguments.of(failure, format, partitioned));
                }
            }
        }
        return b.build();
    }

    @ParameterizedTest(name = "failure={0} {1} partitioned={2}")
    @MethodSource("cases")
    void everyRowExactlyOnce(
            Failure failure,
            String format,
            boolean partitioned,
            @InjectMiniCluster MiniCluster cluster)
            throws Exception {
        Path table = dir.resolve("t");
        FailOnceAfterCommit.reset();
        StreamExecutionEnvironment env = streamEnv(dir.resolve("checkpoints"), 100);
        DataStream<Row> rows =
                generate(env, ROWS, PARTITIONS, 1, 0)
                        .map(new FailOnceAfterCommit(failure, table.toString(), true))
                        .returns(ROW_TYPE);

        TableResult result = insert(env, rows, table, format, partitioned);
        result.await(2, TimeUnit.MINUTES);

        AccessExecutionGraph job = finishedJob(cluster, jobId(result));
        if (failure != Failure.NONE) {
            assertThat(FailOnceAfterCommit.STATE.get())
                    .as("the planned failure happened")
                    .isIn(FailOnceAfterCommit.FAILED, FailOnceAfterCommit.DONE);
        }
        assertThat(restarted(job)).as("the job restarted").isEqualTo(failure != Failure.NONE);
        assertExactlyOnce(table, format, partitioned, ROWS, PARTITIONS, 1);
    }

    /** How the writers' inputs end unevenly, and where the job fails once, if at all. */
    enum UnevenEnd {
        /** The first writer ends checkpoints before the second. */
        NO_FAILURE,
        /** The same, and the job fails after the first writer ended. */
        FAILURE_AFTER_THE_FIRST_ENDED,
        /**
         * The job fails in a checkpoint's snapshot; restored, the first writer ends before the next
         * checkpoint, so it hands out its last files under a checkpoint that never completed.
         */
        FIRST_ENDS_RIGHT_AFTER_A_RESTORE
    }

    /**
     * One writer ends its input checkpoints before the other: the files it handed out at its end
     * are published, whether or not the job fails around that, while the other still writes.
     */
    @ParameterizedTest(name = "{0}")
    @EnumSource(UnevenEnd.class)
    void aWriterEndingBeforeTheOthersLosesNothing(
            UnevenEnd end, @InjectMiniCluster MiniCluster cluster) throws Exception {
        Path table = dir.resolve("t");
        long rows = 1200;
        UnevenInputs.reset();
        StreamExecutionEnvironment env = streamEnv(dir.resolve("checkpoints"), 100);
        DataStream<Row> input =
                generate(env, rows, PARTITIONS, 1, 0).map(new UnevenInputs(end)).returns(ROW_TYPE);

        TableResult result = insert(env, input, table, "parquet", true);
        result.await(2, TimeUnit.MINUTES);

        AccessExecutionGraph job = finishedJob(cluster, jobId(result));
        assertThat(UnevenInputs.FAILURES.get())
                .as("planned failures")
                .isEqualTo(end == UnevenEnd.NO_FAILURE ? 0 : 1);
        assertThat(restarted(job)).as("the job restarted").isEqualTo(end != UnevenEnd.NO_FAILURE);
        assertExactlyOnce(table, "parquet", true, rows, PARTITIONS, 1);
    }

    /**
     * Paces the second subtask's rows over several checkpoints and lets the first subtask's flow,
     * so that its input ends first (after the restart, for {@link
     * UnevenEnd#FIRST_ENDS_RIGHT_AFTER_A_RESTORE}); fails once where its {@link UnevenEnd} says.
     */
    static final class UnevenInputs extends RichMapFunction<Row, Row>
            implements CheckpointListener, CheckpointedFunction {

        static final AtomicInteger CHECKPOINTS_AFTER_FIRST_ENDED = new AtomicInteger(-1);
        static final AtomicInteger CHECKPOINTS = new AtomicInteger();
        static final AtomicInteger FAILURES = new AtomicInteger();

        /**
         * Counted down by the second subtask's first row. The source hands its two splits to the
         * readers as they ask, so the first subtask, were it quick to finish its split, could ask
         * for and take the second's too: it waits for the second to have started.
         */
        static volatile CountDownLatch secondStarted = new CountDownLatch(1);

        private final UnevenEnd end;
        private transient int subtask;
        private transient int attempt;
        private transient boolean started;

        UnevenInputs(UnevenEnd end) {
            this.end = end;
        }

        static void reset() {
            CHECKPOINTS_AFTER_FIRST_ENDED.set(-1);
            CHECKPOINTS.set(0);
            FAILURES.set(0);
            secondStarted = new CountDownLatch(1);
        }

        @Override
        public void open(OpenContext context) {
            subtask = getRuntimeContext().getTaskInfo().getIndexOfThisSubtask();
            attempt = getRuntimeContext().getTaskInfo().getAttemptNumber();
        }

        @Override
        public Row map(Row row) throws InterruptedException {
            if (attempt == 0 && !started) {
                started = true;
                if (subtask == 1) {
                    secondStarted.countDown();
                } else {
                    assertThat(secondStarted.await(1, TimeUnit.MINUTES))
                            .as("the second subtask started")
                            .isTrue();
                }
            }
            boolean paced =
                    subtask == 1
                            || (end == UnevenEnd.FIRST_ENDS_RIGHT_AFTER_A_RESTORE && attempt == 0);
            if (paced) {
                LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(2));
            }
            if (end == UnevenEnd.FAILURE_AFTER_THE_FIRST_ENDED
                    && subtask == 1
                    && CHECKPOINTS_AFTER_FIRST_ENDED.get() >= 2
                    && FAILURES.compareAndSet(0, 1)) {
                throw new RuntimeException("Planned failure after the first writer ended");
            }
            return row;
        }

        @Override
        public void snapshotState(FunctionSnapshotContext context) {
            if (end == UnevenEnd.FIRST_ENDS_RIGHT_AFTER_A_RESTORE
                    && subtask == 1
                    && CHECKPOINTS.get() >= 2
                    && FAILURES.compareAndSet(0, 1)) {
                throw new RuntimeException(
                        "Planned failure in the snapshot of checkpoint "
                                + context.getCheckpointId());
            }
        }

        @Override
        public void initializeState(FunctionInitializationContext context) {}

        @Override
        public void close() {
            if (subtask == 0 && attempt == 0 && end != UnevenEnd.FIRST_ENDS_RIGHT_AFTER_A_RESTORE) {
                CHECKPOINTS_AFTER_FIRST_ENDED.compareAndSet(-1, 0);
            }
        }

        @Override
        public void notifyCheckpointComplete(long checkpointId) {
            if (subtask == 1) {
                CHECKPOINTS.incrementAndGet();
                CHECKPOINTS_AFTER_FIRST_ENDED.getAndUpdate(n -> n < 0 ? n : n + 1);
            }
        }
    }

    /**
     * Passes rows on, and fails once, in the way its {@link Failure} says, as soon as a checkpoint
     * has completed and a commit has published a file into the table.
     *
     * <p>Paced, it also holds the rows back (it is chained to the source) until the case has
     * happened: a checkpoint completed after a published commit without a failure, or after the
     * restart with one. From then on, the rest of the input flows as fast as it can and ends in the
     * commit at the end of input.
     */
    static final class FailOnceAfterCommit extends RichMapFunction<Row, Row>
            implements CheckpointListener, CheckpointedFunction {

        static final int WAITING = 0;
        static final int ARMED = 1;
        static final int FAILED = 2;
        static final int DONE = 3;

        /** Shared by every subtask and attempt: the cluster runs in this JVM. */
        static final AtomicInteger STATE = new AtomicInteger();

        private final Failure failure;
        private final String table;
        private final boolean paced;
        private transient long nextLook;
        private transient long nextRow;
        private transient int attempt;

        FailOnceAfterCommit(Failure failure, String table, boolean paced) {
            this.failure = failure;
            this.table = table;
            this.paced = paced;
        }

        static void reset() {
            STATE.set(WAITING);
        }

        private boolean failNow() {
            return STATE.get() == ARMED
                    && hasPublishedFile(Paths.get(table))
                    && STATE.compareAndSet(ARMED, FAILED);
        }

        @Override
        public void open(OpenContext context) {
            attempt = getRuntimeContext().getTaskInfo().getAttemptNumber();
        }

        private void pace() {
            if (!paced || STATE.get() == DONE) {
                return;
            }
            long now = System.nanoTime();
            if (nextRow > now) {
                LockSupport.parkNanos(nextRow - now);
            }
            nextRow = Math.max(now, nextRow) + NANOS_PER_ROW_AND_SUBTASK;
        }

        @Override
        public Row map(Row row) {
            pace();
            if (failure == Failure.ON_ROW && System.nanoTime() >= nextLook) {
                nextLook = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(10);
                if (failNow()) {
                    throw new RuntimeException("Planned failure on a row");
                }
            }
            return row;
        }

        @Override
        public void snapshotState(FunctionSnapshotContext context) {
            if (failure == Failure.ON_SNAPSHOT && failNow()) {
                throw new RuntimeException(
                        "Planned failure in the snapshot of checkpoint "
                                + context.getCheckpointId());
            }
        }

        @Override
        public void initializeState(FunctionInitializationContext context) {}

        @Override
        public void notifyCheckpointComplete(long checkpointId) {
            if (failure == Failure.NONE) {
                if (hasPublishedFile(Paths.get(table))) {
                    STATE.set(DONE);
                }
            } else if (attempt > 0) {
                STATE.compareAndSet(FAILED, DONE);
            } else {
                STATE.compareAndSet(WAITING, ARMED);
            }
        }
    }
}
