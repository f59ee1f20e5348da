package dev.formattable.flink.sink;

import dev.formattable.core.FormatTable;
import dev.formattable.core.fs.FileIO;
import dev.formattable.core.fs.FileStatus;
import dev.formattable.core.fs.Path;
import dev.formattable.core.fs.PositionOutputStream;
import dev.formattable.core.fs.SeekableInputStream;
import dev.formattable.flink.fs.FlinkFileIO;
import dev.formattable.flink.testutils.SinkTables;

import org.apache.flink.api.common.JobStatus;
import org.apache.flink.api.common.RuntimeExecutionMode;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.runtime.executiongraph.AccessExecutionGraph;
import org.apache.flink.runtime.minicluster.MiniCluster;
import org.apache.flink.runtime.testutils.MiniClusterResourceConfiguration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.runtime.typeutils.InternalTypeInfo;
import org.apache.flink.test.junit5.InjectMiniCluster;
import org.apache.flink.test.junit5.MiniClusterExtension;

import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
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

    @RegisterExtension
    static final MiniClusterExtension MINI_CLUSTER =
            new MiniClusterExtension(
                    new MiniClusterResourceConfiguration.Builder()
                            .setNumberTaskManagers(1)
                            .setNumberSlotsPerTaskManager(2)
                            .build());

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
            List<RowData> old = new ArrayList<>();
            for (int i = 0; i < PARTITIONS; i++) {
                old.add(SinkTables.row(-1 - i, "k" + i));
            }
            table.newCommit()
                    .append(
                            SinkTables.stage(table, "earlier", old.toArray(new RowData[0]))
                                    .messages());
        }
        FirstCommitFailingFileIO.arm();

        Configuration conf = new Configuration();
        conf.setString("restart-strategy.type", "fixed-delay");
        conf.setString("restart-strategy.fixed-delay.attempts", "2");
        conf.setString("restart-strategy.fixed-delay.delay", "100 ms");
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(conf);
        env.setRuntimeMode(RuntimeExecutionMode.BATCH);
        env.setParallelism(2);
        new FormatTableSink(table, SinkTables.ROW_TYPE, overwrite, Map.of(), false)
                .attachTo(
                        env.fromSequence(0, ROWS - 1)
                                .map(
                                        id ->
                                                (RowData)
                                                        GenericRowData.of(
                                                                (int) (long) id,
                                                                StringData.fromString(
                                                                        "k" + id % PARTITIONS)))
                                .returns(InternalTypeInfo.of(SinkTables.ROW_TYPE)));
        JobClient job = env.executeAsync("batch write whose commit on the JobManager fails once");

        job.getJobExecutionResult().get(3, TimeUnit.MINUTES);
        AccessExecutionGraph graph =
                cluster.getExecutionGraphInfo(job.getJobID()).get().getArchivedExecutionGraph();
        assertThat(graph.getState()).isEqualTo(JobStatus.FINISHED);
        assertThat(graph.getAllVertices()).as("no task after the writers").hasSize(1);
        assertThat(FirstCommitFailingFileIO.FAILED.get()).as("the first commit failed").isTrue();
        assertThat(graph.getStatusTimestamp(JobStatus.RESTARTING))
                .as("the job restarted")
                .isPositive();

        List<String> expected = new ArrayList<>();
        for (int id = 0; id < ROWS; id++) {
            expected.add("k" + id % PARTITIONS + "|" + id);
        }
        expected.sort(null);
        assertThat(SinkTables.rows(table)).as("every row exactly once").isEqualTo(expected);
        assertThat(SinkTables.stagedFiles(dir.resolve("t")))
                .as("staged files, spools and commit records left")
                .isEmpty();
    }

    /**
     * Flink's file system on which renames are cheap (so the JobManager commits), failing the third
     * publishing rename of the first commit. Shared through static state, as the JobManager runs in
     * this JVM.
     */
    static final class FirstCommitFailingFileIO implements FileIO {
        private static final long serialVersionUID = 1L;

        private static final AtomicBoolean ARMED = new AtomicBoolean();
        static final AtomicBoolean FAILED = new AtomicBoolean();
        private static final AtomicInteger PUBLISHING_RENAMES = new AtomicInteger();

        private final FileIO delegate = new FlinkFileIO();

        static void arm() {
            PUBLISHING_RENAMES.set(0);
            FAILED.set(false);
            ARMED.set(true);
        }

        @Override
        public boolean renamesInPlace(Path path) {
            return delegate.renamesInPlace(path);
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
            delegate.rename(source, target);
        }

        @Override
        public FileStatus getStatus(Path path) throws IOException {
            return delegate.getStatus(path);
        }

        @Override
        public List<FileStatus> list(Path directory) throws IOException {
            return delegate.list(directory);
        }

        @Override
        public boolean exists(Path path) throws IOException {
            return delegate.exists(path);
        }

        @Override
        public void mkdirs(Path path) throws IOException {
            delegate.mkdirs(path);
        }

        @Override
        public boolean delete(Path path, boolean recursive) throws IOException {
            return delegate.delete(path, recursive);
        }

        @Override
        public SeekableInputStream newInputStream(Path path) throws IOException {
            return delegate.newInputStream(path);
        }

        @Override
        public PositionOutputStream newOutputStream(Path path, boolean overwrite)
                throws IOException {
            return delegate.newOutputStream(path, overwrite);
        }

        @Override
        public Path qualify(Path path) {
            return delegate.qualify(path);
        }
    }
}
