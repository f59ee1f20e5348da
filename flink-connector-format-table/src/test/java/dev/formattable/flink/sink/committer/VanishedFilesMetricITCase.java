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
package dev.formattable.flink.sink.committer;

import dev.formattable.core.FormatTable;
import dev.formattable.core.fs.FaultInjectingFileIO;
import dev.formattable.core.fs.Path;
import dev.formattable.flink.fs.FlinkFileIO;
import dev.formattable.flink.testutils.ReportedMetrics;
import dev.formattable.flink.testutils.SinkTables;

import org.apache.flink.api.common.RuntimeExecutionMode;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.runtime.typeutils.InternalTypeInfo;
import org.apache.flink.test.junit5.MiniClusterExtension;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;

import static dev.formattable.flink.testutils.SinkTables.row;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A staged file that vanishes before the commit (removed by someone else between the writers and
 * the committer) fails the committer's first attempt, naming the file, rather than end the job with
 * rows missing. After a restart the committer commits as after recovery: a file gone then is
 * skipped and counted in the committer's metric, where Flink's metric reporters see it, and the
 * other files are published.
 */
class VanishedFilesMetricITCase {

    private static final ReportedMetrics METRICS = new ReportedMetrics();

    @RegisterExtension static final MiniClusterExtension MINI_CLUSTER = METRICS.cluster();

    /** Set once the first staged file a commit looks at has been removed. */
    private static final AtomicBoolean REMOVED = new AtomicBoolean();

    /** The staged file removed. */
    private static final AtomicReference<String> REMOVED_FILE = new AtomicReference<>();

    /** Whether the first look at a staged file fails the commit, before anything is removed. */
    private static final AtomicBoolean FAIL_FIRST = new AtomicBoolean();

    @TempDir java.nio.file.Path dir;

    private JobClient write(FormatTable table, Configuration conf) throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(conf);
        env.setRuntimeMode(RuntimeExecutionMode.BATCH);
        env.setParallelism(1);
        env.fromData(
                        InternalTypeInfo.of(SinkTables.ROW_TYPE),
                        row(1, "a"),
                        row(2, "b"),
                        row(3, "c"))
                .sinkTo(SinkTables.sink(table));
        return env.executeAsync("write with a vanishing staged file");
    }

    @Test
    void aStagedFileRemovedBeforeTheFirstCommitFailsTheJobNamingIt() throws Exception {
        REMOVED.set(false);
        FAIL_FIRST.set(false);
        FormatTable table = SinkTables.table(new RemovingFirstStagedFile(), dir, Map.of());
        Configuration conf = new Configuration();
        conf.setString("restart-strategy.type", "none");
        JobClient job = write(table, conf);

        assertThatThrownBy(() -> job.getJobExecutionResult().get())
                .rootCause()
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(REMOVED_FILE.get())
                .hasMessageContaining("does not exist");
        assertThat(SinkTables.rows(table)).isEmpty();
    }

    @Test
    void aStagedFileRemovedBeforeARestartedCommitIsCountedAndSkipped() throws Exception {
        REMOVED.set(false);
        FAIL_FIRST.set(true);
        FormatTable table =
                SinkTables.table(
                        new RemovingFirstStagedFile(), dir, Map.of("commit.max-retries", "0"));
        Configuration conf = new Configuration();
        conf.setString("restart-strategy.type", "fixed-delay");
        conf.setString("restart-strategy.fixed-delay.attempts", "1");
        conf.setString("restart-strategy.fixed-delay.delay", "100 ms");
        JobClient job = write(table, conf);
        job.getJobExecutionResult().get();

        assertThat(FAIL_FIRST).as("the first commit failed").isFalse();
        assertThat(REMOVED).isTrue();
        assertThat(METRICS.counter(job.getJobID(), CommitterMetrics.VANISHED_FILES)).isEqualTo(1);
        assertThat(SinkTables.rows(table)).hasSize(2);
        assertThat(
                        SinkTables.stagedFiles(dir).stream()
                                .filter(f -> f.endsWith(".tmp"))
                                .collect(Collectors.toList()))
                .isEmpty();
    }

    /**
     * Flink's file system, except that the first existence check of a staged file removes it first:
     * someone else's clean-up, racing the commit; with {@link #FAIL_FIRST}, the check before that
     * fails, failing the commit's first attempt. Shared through static flags, as the cluster runs
     * in this JVM.
     */
    private static final class RemovingFirstStagedFile extends FaultInjectingFileIO {
        private static final long serialVersionUID = 1L;

        RemovingFirstStagedFile() {
            super(new FlinkFileIO());
        }

        @Override
        public boolean exists(Path path) throws IOException {
            // A staged data file, not the record the batch commit looks for first.
            if (path.toString().contains("/_temporary/") && path.name().endsWith(".tmp")) {
                if (FAIL_FIRST.compareAndSet(true, false)) {
                    throw new IOException("Injected failure of the first commit");
                }
                if (REMOVED.compareAndSet(false, true)) {
                    REMOVED_FILE.set(path.toString());
                    super.delete(path, false);
                }
            }
            return super.exists(path);
        }
    }
}
