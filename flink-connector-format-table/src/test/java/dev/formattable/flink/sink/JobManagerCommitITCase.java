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
import dev.formattable.core.fs.FaultInjectingFileIO;
import dev.formattable.core.fs.Path;
import dev.formattable.flink.fs.FlinkFileIO;
import dev.formattable.flink.sink.partition.RecordingPolicy;
import dev.formattable.flink.testutils.SinkTables;
import dev.formattable.testing.MiniClusters;

import org.apache.flink.api.common.RuntimeExecutionMode;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.runtime.executiongraph.AccessExecutionGraph;
import org.apache.flink.runtime.minicluster.MiniCluster;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.test.junit5.InjectMiniCluster;
import org.apache.flink.test.junit5.MiniClusterExtension;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A batch write whose commit on the JobManager fails part way, with no retry left: Flink fails the
 * job over, the writers run again and write new files, and the second commit publishes what the
 * first one recorded. Every row ends up in the table exactly once, with nothing left staged.
 */
class JobManagerCommitITCase {

    private static final int ROWS = 1000;
    private static final int PARTITIONS = 5;

    @RegisterExtension static final MiniClusterExtension MINI_CLUSTER = MiniClusters.of(2);

    @TempDir java.nio.file.Path dir;

    @ParameterizedTest(name = "overwrite={0}")
    @ValueSource(booleans = {false, true})
    void aFailedCommitFailsTheJobOverAndEveryRowLandsOnce(
            boolean overwrite, @InjectMiniCluster MiniCluster cluster) throws Exception {
        FormatTable table =
                SinkTables.table(
                        new FirstCommitFailingFileIO(),
                        dir.resolve("t"),
                        Map.of("target-file-row-num", "100", "commit.max-retries", "0"));
        if (overwrite) {
            // Rows the overwrite replaces, in the partitions it writes.
            SinkTables.appendOneRowPerPartition(table, PARTITIONS);
        }
        FirstCommitFailingFileIO.arm();

        StreamExecutionEnvironment env = batchWithRestarts();
        SinkTables.sink(table, overwrite).attachTo(SinkTables.sequence(env, ROWS, PARTITIONS));
        JobClient job = env.executeAsync("batch write whose commit on the JobManager fails once");

        AccessExecutionGraph graph =
                BatchRecovery.finishedAfterARestart(cluster, job, table, ROWS, PARTITIONS);
        assertThat(graph.getAllVertices()).as("no task after the writers").hasSize(1);
        assertThat(FirstCommitFailingFileIO.FAILED.get()).as("the first commit failed").isTrue();
    }

    /**
     * A partition commit policy that fails once after the commit published fails the job over; the
     * rerun publishes nothing new and runs the policies again: every row once, every partition's
     * success file written, nothing left staged.
     */
    @Test
    void aPolicyFailingOnceAfterThePublishFailsTheJobOverAndEveryRowLandsOnce(
            @InjectMiniCluster MiniCluster cluster) throws Exception {
        FormatTable table =
                SinkTables.table(
                        new FirstCommitFailingFileIO(),
                        dir.resolve("t"),
                        Map.of("target-file-row-num", "100"));
        RecordingPolicy.CALLS.clear();
        RecordingPolicy.FailingFirst.FAILURES.set(1);

        StreamExecutionEnvironment env = batchWithRestarts();
        FormatTableSink.builder(table, SinkTables.ROW_TYPE)
                .partitionCommit(RecordingPolicy.FailingFirst.afterSuccessFile(table))
                .build()
                .attachTo(SinkTables.sequence(env, ROWS, PARTITIONS));
        JobClient job = env.executeAsync("batch write whose partition commit fails once");

        BatchRecovery.finishedAfterARestart(cluster, job, table, ROWS, PARTITIONS);
        assertThat(RecordingPolicy.FailingFirst.FAILURES.get())
                .as("the policy failed")
                .isNegative();
        assertThat(RecordingPolicy.CALLS).hasSize(PARTITIONS);
        for (int p = 0; p < PARTITIONS; p++) {
            assertThat(dir.resolve("t").resolve("k=k" + p).resolve("_SUCCESS")).exists();
        }
    }

    /** A batch environment of two writers that restarts a failed job up to twice. */
    private static StreamExecutionEnvironment batchWithRestarts() {
        Configuration conf = new Configuration();
        conf.setString("restart-strategy.type", "fixed-delay");
        conf.setString("restart-strategy.fixed-delay.attempts", "2");
        conf.setString("restart-strategy.fixed-delay.delay", "100 ms");
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(conf);
        env.setRuntimeMode(RuntimeExecutionMode.BATCH);
        env.setParallelism(2);
        return env;
    }

    /**
     * Flink's file system on which renames are cheap (so the JobManager commits), failing the third
     * publishing rename of the first commit. Shared through static state, as the JobManager runs in
     * this JVM.
     */
    static final class FirstCommitFailingFileIO extends FaultInjectingFileIO {
        private static final long serialVersionUID = 1L;

        private static final AtomicBoolean ARMED = new AtomicBoolean();
        static final AtomicBoolean FAILED = new AtomicBoolean();
        private static final AtomicInteger PUBLISHING_RENAMES = new AtomicInteger();

        FirstCommitFailingFileIO() {
            super(new FlinkFileIO());
        }

        static void arm() {
            PUBLISHING_RENAMES.set(0);
            FAILED.set(false);
            ARMED.set(true);
        }

        @Override
        public boolean renamesInPlace(Path path) {
            return new FlinkFileIO().renamesInPlace(path);
        }

        @Override
        public void rename(Path source, Path target) throws IOException {
            if (source.toString().contains("/_temporary/")
                    && !target.toString().contains("/_temporary/")
                    && ARMED.get()
                    && PUBLISHING_RENAMES.incrementAndGet() == 3
                    && ARMED.compareAndSet(true, false)) {
                FAILED.set(true);
                throw new IOException("Injected: the store refused " + source);
            }
            super.rename(source, target);
        }
    }
}
