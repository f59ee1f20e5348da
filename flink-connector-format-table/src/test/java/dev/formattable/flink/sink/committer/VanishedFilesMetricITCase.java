package dev.formattable.flink.sink.committer;

import dev.formattable.core.FormatTable;
import dev.formattable.core.fs.FaultInjectingFileIO;
import dev.formattable.core.fs.Path;
import dev.formattable.flink.fs.FlinkFileIO;
import dev.formattable.flink.testutils.ReportedMetrics;
import dev.formattable.flink.testutils.SinkTables;

import org.apache.flink.api.common.RuntimeExecutionMode;
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

import static dev.formattable.flink.testutils.SinkTables.row;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A staged file that vanishes before the commit (removed by someone else between the writers and
 * the committer) is skipped and counted in the committer's metric, where Flink's metric reporters
 * see it; the job succeeds and the other files are published.
 */
class VanishedFilesMetricITCase {

    private static final ReportedMetrics METRICS = new ReportedMetrics();

    @RegisterExtension static final MiniClusterExtension MINI_CLUSTER = METRICS.cluster();

    /** Set once the first staged file a commit looks at has been removed. */
    private static final AtomicBoolean REMOVED = new AtomicBoolean();

    @TempDir java.nio.file.Path dir;

    @Test
    void aStagedFileRemovedBeforeTheCommitIsCountedAndSkipped() throws Exception {
        REMOVED.set(false);
        FormatTable table = SinkTables.table(new RemovingFirstStagedFile(), dir, Map.of());
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setRuntimeMode(RuntimeExecutionMode.BATCH);
        env.setParallelism(1);
        env.fromData(
                        InternalTypeInfo.of(SinkTables.ROW_TYPE),
                        row(1, "a"),
                        row(2, "b"),
                        row(3, "c"))
                .sinkTo(SinkTables.sink(table));
        JobClient job = env.executeAsync("write with a vanishing staged file");
        job.getJobExecutionResult().get();

        assertThat(REMOVED).isTrue();
        assertThat(METRICS.counter(job.getJobID(), FormatTableCommitter.VANISHED_FILES))
                .isEqualTo(1);
        assertThat(SinkTables.rows(table)).hasSize(2);
        assertThat(SinkTables.stagedFiles(dir)).isEmpty();
    }

    /**
     * Flink's file system, except that the first existence check of a staged file removes it first:
     * someone else's clean-up, racing the commit. Shared through a static flag, as the cluster runs
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
            if (path.toString().contains("/_temporary/")
                    && path.name().endsWith(".tmp")
                    && REMOVED.compareAndSet(false, true)) {
                super.delete(path, false);
            }
            return super.exists(path);
        }
    }
}
