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

import dev.formattable.core.FormatTable;
import dev.formattable.core.fs.FileIO;
import dev.formattable.core.fs.FileStatus;
import dev.formattable.core.fs.Path;
import dev.formattable.core.fs.PositionOutputStream;
import dev.formattable.core.fs.SeekableInputStream;
import dev.formattable.flink.fs.FlinkFileIO;
import dev.formattable.flink.sink.committable.FormatTableCommittable;
import dev.formattable.flink.sink.committable.StagingToken;
import dev.formattable.flink.testutils.SinkTables;
import dev.formattable.testing.MiniClusters;

import org.apache.flink.api.common.RuntimeExecutionMode;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.runtime.minicluster.MiniCluster;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.test.junit5.InjectMiniCluster;
import org.apache.flink.test.junit5.MiniClusterExtension;

import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A batch INSERT INTO (and INSERT OVERWRITE) whose commit is cut short by the loss of the
 * TaskManager running it still ends with every row exactly once. The commit is held open after a
 * few files are published; the TaskManager is then terminated, with its file system "dead" from
 * that moment, as under SIGKILL (nothing it started is taken back). Its result partitions are lost
 * with it, so Flink reruns the writers, which write new files, and then the committer.
 */
class BatchTaskManagerLossITCase {

    private static final int ROWS = 3000;
    private static final int PARTITIONS = 5;

    /** The rename of a staged file into place the commit is held on (1-based). */
    private static final int HELD_RENAME = 6;

    @RegisterExtension static final MiniClusterExtension MINI_CLUSTER = MiniClusters.of(4);

    /** The index of the live TaskManager; an index is never reused. */
    private static int liveTaskManager = 0;

    @TempDir java.nio.file.Path dir;

    @ParameterizedTest(name = "overwrite={0}")
    @ValueSource(booleans = {false, true})
    void everyRowExactlyOnce(boolean overwrite, @InjectMiniCluster MiniCluster cluster)
            throws Exception {
        KillableFileIO.DEAD.set(false);
        // Many retries with a doubling wait: the held commit must not fail on its own before the
        // TaskManager is gone.
        FormatTable table =
                SinkTables.table(
                        new KillableFileIO(),
                        dir.resolve("t"),
                        Map.of("target-file-row-num", "100", "commit.max-retries", "20"));
        if (overwrite) {
            // Rows the overwrite replaces, in the partitions it writes.
            SinkTables.appendOneRowPerPartition(table, PARTITIONS);
        }
        KillableFileIO.arm();

        Configuration conf = new Configuration();
        conf.setString("restart-strategy.type", "fixed-delay");
        conf.setString("restart-strategy.fixed-delay.attempts", "3");
        conf.setString("restart-strategy.fixed-delay.delay", "100 ms");
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(conf);
        env.setRuntimeMode(RuntimeExecutionMode.BATCH);
        env.setParallelism(2);
        FormatTableSink sink = SinkTables.sink(table, overwrite);
        SinkTables.sequence(env, ROWS, PARTITIONS).sinkTo(sink);
        JobClient job = env.executeAsync("batch write losing its TaskManager during the commit");

        assertThat(KillableFileIO.HELD.await(2, TimeUnit.MINUTES))
                .as("the commit reached rename " + HELD_RENAME)
                .isTrue();
        assertThat(SinkTables.dataFiles(table))
                .as("files the first commit published before its TaskManager went")
                .hasSizeGreaterThanOrEqualTo(HELD_RENAME - 1);
        // Dead first, so that nothing the lost TaskManager still runs touches the files.
        KillableFileIO.DEAD.set(true);
        try {
            cluster.terminateTaskManager(liveTaskManager).get(1, TimeUnit.MINUTES);
        } finally {
            KillableFileIO.DEAD.set(false);
            liveTaskManager++;
        }
        cluster.startTaskManager();

        String commitId =
                FormatTableCommittable.endOfInputCommitId(
                        StagingToken.jobToken(job.getJobID().toHexString(), sink.sinkId()));
        BatchRecovery.finishedAfterARestart(
                cluster,
                job,
                table,
                ROWS,
                PARTITIONS,
                List.of(
                        "_temporary/.commit." + commitId + ".journal",
                        "_temporary/.commit." + commitId + ".published"));
    }

    /**
     * Flink's file system, which holds the first commit on the rename of its {@value
     * #HELD_RENAME}th staged file, and which fails every call while {@link #DEAD}: the
     * TaskManager's process is gone, so nothing more happens to the files, not even a take-back.
     * Shared through static state, as the cluster runs in this JVM.
     */
    static final class KillableFileIO implements FileIO {
        private static final long serialVersionUID = 1L;

        static final AtomicBoolean DEAD = new AtomicBoolean();
        private static final AtomicBoolean ARMED = new AtomicBoolean();
        private static final AtomicInteger PUBLISHING_RENAMES = new AtomicInteger();
        static volatile CountDownLatch HELD = new CountDownLatch(1);

        private final FileIO delegate = new FlinkFileIO();

        static void arm() {
            DEAD.set(false);
            PUBLISHING_RENAMES.set(0);
            HELD = new CountDownLatch(1);
            ARMED.set(true);
        }

        private static void alive(Object what) throws IOException {
            if (DEAD.get()) {
                throw new IOException("The process is gone: " + what);
            }
        }

        @Override
        public void rename(Path source, Path target) throws IOException {
            alive(source);
            if (source.toString().contains("/_temporary/")
                    && !target.toString().contains("/_temporary/")
                    && ARMED.get()
                    && PUBLISHING_RENAMES.incrementAndGet() == HELD_RENAME
                    && ARMED.compareAndSet(true, false)) {
                HELD.countDown();
                try {
                    while (!DEAD.get()) {
                        Thread.sleep(5);
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new InterruptedIOException("Interrupted while renaming " + source);
                }
                alive(source);
            }
            delegate.rename(source, target);
        }

        @Override
        public FileStatus getStatus(Path path) throws IOException {
            alive(path);
            return delegate.getStatus(path);
        }

        @Override
        public List<FileStatus> list(Path directory) throws IOException {
            alive(directory);
            return delegate.list(directory);
        }

        @Override
        public boolean exists(Path path) throws IOException {
            alive(path);
            return delegate.exists(path);
        }

        @Override
        public void mkdirs(Path path) throws IOException {
            alive(path);
            delegate.mkdirs(path);
        }

        @Override
        public boolean delete(Path path, boolean recursive) throws IOException {
            alive(path);
            return delegate.delete(path, recursive);
        }

        @Override
        public SeekableInputStream newInputStream(Path path) throws IOException {
            alive(path);
            return delegate.newInputStream(path);
        }

        @Override
        public PositionOutputStream newOutputStream(Path path, boolean overwrite)
                throws IOException {
            alive(path);
            return delegate.newOutputStream(path, overwrite);
        }

        @Override
        public Path qualify(Path path) {
            return delegate.qualify(path);
        }
    }
}
