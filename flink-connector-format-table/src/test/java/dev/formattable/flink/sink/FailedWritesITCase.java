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
import dev.formattable.flink.fs.FlinkFileIO;
import dev.formattable.flink.testutils.FailingFileSystem;
import dev.formattable.flink.testutils.FailingFileSystem.Op;
import dev.formattable.flink.testutils.SinkTables;
import dev.formattable.testing.MiniClusters;
import dev.formattable.testing.SqlStatements;

import org.apache.flink.api.common.JobStatus;
import org.apache.flink.api.common.RuntimeExecutionMode;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.runtime.minicluster.MiniCluster;
import org.apache.flink.runtime.testutils.CommonTestUtils;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.api.TableResult;
import org.apache.flink.test.junit5.InjectMiniCluster;
import org.apache.flink.test.junit5.MiniClusterExtension;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Batch writes that fail, on one TaskManager: each fails with its own error, leaves the table with
 * exactly the files it had, and the TaskManager serves the next job. Flink treats an exception
 * thrown by an operator's cleanup while its task is already failing as fatal to the TaskManager, so
 * a cleanup of ours that threw would leave the next job waiting for a slot (here at most {@value
 * #SLOT_TIMEOUT}).
 */
class FailedWritesITCase {

    private static final String SLOT_TIMEOUT = "30 s";

    @RegisterExtension
    static final MiniClusterExtension MINI_CLUSTER = MiniClusters.of(2, clusterConf());

    @TempDir Path dir;

    private static Configuration clusterConf() {
        Configuration conf = new Configuration();
        conf.setString("slot.request.timeout", SLOT_TIMEOUT);
        return conf;
    }

    private static TableEnvironment batch() {
        TableEnvironment env = TableEnvironment.create(EnvironmentSettings.inBatchMode());
        env.getConfig().set("table.exec.resource.default-parallelism", "2");
        return env;
    }

    private static String table(String name, Path path, String partitionedBy) {
        return "CREATE TABLE "
                + name
                + " (id INT, v STRING, k STRING)"
                + (partitionedBy.isEmpty() ? "" : " PARTITIONED BY (" + partitionedBy + ")")
                + " WITH ('connector'='format-table', 'path'='"
                + path.toUri()
                + "', 'file.format'='parquet')";
    }

    /** After every test: the TaskManager is still there, and a job runs to the end on it. */
    @AfterEach
    void theNextJobRuns(@InjectMiniCluster MiniCluster cluster) throws Exception {
        TableEnvironment env = batch();
        Path next = dir.resolve("after_failure");
        SqlStatements.exec(env, table("after_failure", next, ""));
        SqlStatements.exec(env, "INSERT INTO after_failure VALUES (7, 'x', 'k')");
        assertThat(SqlStatements.query(env, "SELECT * FROM after_failure"))
                .containsExactly("+I[7, x, k]");
        assertThat(cluster.requestClusterOverview().get().getNumTaskManagersConnected())
                .isEqualTo(1);
    }

    @Test
    void aTablePathThatIsAFileFailsTheInsertNamingIt() throws IOException {
        Path file = Files.writeString(dir.resolve("not-a-dir"), "plain text");
        TableEnvironment env = batch();
        SqlStatements.exec(env, table("t", file, ""));

        assertThatThrownBy(() -> SqlStatements.exec(env, "INSERT INTO t VALUES (1, 'a', 'k')"))
                .hasStackTraceContaining("not-a-dir");
        assertThat(Files.readString(file)).isEqualTo("plain text");
    }

    /**
     * A value that cannot be cast fails the job after the writers have staged rows before it; an
     * append, a static and a dynamic overwrite each leave the table's files as they were.
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(
            strings = {
                "INSERT INTO t",
                "INSERT OVERWRITE t PARTITION (k='a')",
                "INSERT OVERWRITE t"
            })
    void aRowThatCannotBeCastLeavesTheTableAsItWas(String insert) throws IOException {
        TableEnvironment env = batch();
        env.getConfig().set("table.exec.resource.default-parallelism", "1");
        Path t = dir.resolve("t");
        SqlStatements.exec(env, table("t", t, "k"));
        SqlStatements.exec(env, "INSERT INTO t VALUES (1, 'one', 'a'), (2, 'two', 'b')");
        List<String> before = files(t);

        boolean staticPartition = insert.contains("PARTITION");
        StringBuilder values = new StringBuilder();
        for (int i = 0; i < 200; i++) {
            values.append(i == 0 ? "" : ", ")
                    .append("('")
                    .append(i == 199 ? "not a number" : String.valueOf(i))
                    .append("', 'a')");
        }
        String select =
                staticPartition
                        ? "SELECT CAST(s AS INT), 'new' FROM (VALUES " + values + ") AS x(s, k)"
                        : "SELECT CAST(s AS INT), 'new', k FROM (VALUES " + values + ") AS x(s, k)";
        env.getConfig().set("table.exec.resource.default-parallelism", "2");

        assertThatThrownBy(() -> SqlStatements.exec(env, insert + " " + select))
                .hasStackTraceContaining("not a number");
        assertThat(files(t)).isEqualTo(before);
        assertThat(SqlStatements.query(env, "SELECT * FROM t"))
                .containsExactly("+I[1, one, a]", "+I[2, two, b]");
    }

    /**
     * A streaming job cancelled while its writers hold open files publishes nothing, and the
     * TaskManager serves the next job. (What the writers staged is invisible; their cleanup removes
     * it when Flink lets it run to the end, and remove_orphan_files otherwise.)
     */
    @Test
    void aCancelledStreamingJobPublishesNothing() throws Exception {
        TableEnvironment env = TableEnvironment.create(EnvironmentSettings.inStreamingMode());
        env.getConfig().set("table.exec.resource.default-parallelism", "1");
        // No checkpoint completes while the job runs: Flink may take the first one at once unless
        // a pause before it is set.
        env.getConfig().set("execution.checkpointing.interval", "1 h");
        env.getConfig().set("execution.checkpointing.min-pause", "1 h");
        Path t = tableAndEndlessRows(env);
        TableResult insert = env.executeSql("INSERT INTO t SELECT * FROM rows_forever");
        JobClient job = insert.getJobClient().orElseThrow();
        CommonTestUtils.waitUntilCondition(() -> !files(t).isEmpty());

        job.cancel().get();
        CommonTestUtils.waitUntilCondition(() -> job.getJobStatus().get() == JobStatus.CANCELED);

        assertThat(files(t)).as("nothing published").allMatch(f -> f.contains("_temporary/"));
    }

    /**
     * Creates table {@code t}, partitioned by {@code k}, and {@code rows_forever}, which never
     * ends.
     */
    private Path tableAndEndlessRows(TableEnvironment env) {
        Path t = dir.resolve("t");
        SqlStatements.exec(env, table("t", t, "k"));
        SqlStatements.exec(
                env,
                "CREATE TABLE rows_forever (id INT, v STRING, k STRING) WITH ("
                        + "'connector'='datagen', 'rows-per-second'='1000',"
                        + " 'fields.k.length'='1')");
        return t;
    }

    /**
     * A streaming job over an unbounded source without checkpoints would never publish: it fails
     * when it starts, naming the table and the option, and leaves nothing in the table.
     */
    @Test
    void anUnboundedStreamingJobWithoutCheckpointsIsRefused() throws Exception {
        TableEnvironment env = TableEnvironment.create(EnvironmentSettings.inStreamingMode());
        env.getConfig().set("table.exec.resource.default-parallelism", "1");
        Path t = tableAndEndlessRows(env);

        assertThatThrownBy(
                        () -> SqlStatements.exec(env, "INSERT INTO t SELECT * FROM rows_forever"))
                .hasStackTraceContaining(
                        "reads unbounded input in a streaming job without checkpoints")
                .hasStackTraceContaining(t.toString())
                .hasStackTraceContaining("'execution.checkpointing.interval'");
        assertThat(published(t)).isEmpty();
    }

    /**
     * A batch job cancelled while its writers hold open files publishes nothing, and the
     * TaskManager serves the next job.
     */
    @Test
    void aCancelledBatchJobPublishesNothing() throws Exception {
        TableEnvironment env = batch();
        env.getConfig().set("table.exec.resource.default-parallelism", "1");
        Path t = dir.resolve("t");
        // Unpartitioned: a batch job sorts a partitioned table's input before its writers.
        SqlStatements.exec(env, table("t", t, ""));
        SqlStatements.exec(env, "INSERT INTO t VALUES (1, 'one', 'a')");
        List<String> before = files(t);
        SqlStatements.exec(
                env,
                "CREATE TABLE slow_rows (id INT, v STRING, k STRING) WITH ("
                        + "'connector'='datagen', 'number-of-rows'='1000000',"
                        + " 'rows-per-second'='100', 'fields.k.length'='1')");
        JobClient job =
                env.executeSql("INSERT INTO t SELECT * FROM slow_rows")
                        .getJobClient()
                        .orElseThrow();
        CommonTestUtils.waitUntilCondition(() -> files(t).size() > before.size());

        job.cancel().get();
        CommonTestUtils.waitUntilCondition(() -> job.getJobStatus().get() == JobStatus.CANCELED);

        assertThat(published(t)).isEqualTo(published(before));
    }

    /** Where a storage fault strikes, as the failing file system is told to fail. */
    enum StorageFault {
        OPEN(false, EnumSet.of(Op.CREATE), "/_temporary/", 0),
        WRITE(false, EnumSet.of(Op.WRITE), "/_temporary/", 0),
        ROLL(false, EnumSet.of(Op.CREATE), "/_temporary/", 1),
        CLOSE(false, EnumSet.of(Op.CLOSE), "/_temporary/", 0),
        COMMIT(false, EnumSet.of(Op.RENAME), "/_temporary/", 0),
        SPOOL(true, EnumSet.of(Op.CREATE, Op.MKDIRS), ".commit-spool.", 0),
        COMMIT_ON_JOBMANAGER(true, EnumSet.of(Op.RENAME), "/_temporary/", 0);

        final boolean commitsOnJobManager;
        final Set<Op> ops;
        final String pathPart;
        final int passing;

        StorageFault(boolean commitsOnJobManager, Set<Op> ops, String pathPart, int passing) {
            this.commitsOnJobManager = commitsOnJobManager;
            this.ops = ops;
            this.pathPart = pathPart;
            this.passing = passing;
        }
    }

    /**
     * A batch write (one writer, files of 5 rows) on a store that fails at one step: the job fails
     * with the store's error, the table keeps exactly the files and rows it had, and the next job
     * runs. Renames on the failing store copy, so a committer task commits; the JobManager commits
     * where the table says renames are cheap.
     */
    @ParameterizedTest(name = "{0}")
    @EnumSource(StorageFault.class)
    void aStorageFaultFailsTheWriteAndLeavesTheTableAsItWas(StorageFault fault) throws Exception {
        FormatTable table =
                SinkTables.table(
                        fault.commitsOnJobManager ? new CheapRenames() : new FlinkFileIO(),
                        FailingFileSystem.uri(dir.resolve("t")),
                        Map.of("target-file-row-num", "5", "commit.max-retries", "0"));
        SinkTables.appendOneRowPerPartition(table, 1);
        List<String> before = files(dir.resolve("t"));
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setRuntimeMode(RuntimeExecutionMode.BATCH);
        env.setParallelism(1);
        FormatTableSink.builder(table, SinkTables.ROW_TYPE)
                .build()
                .attachTo(SinkTables.sequence(env, 20, 1));

        FailingFileSystem.failFrom(fault.ops, fault.pathPart, fault.passing);
        try {
            assertThatThrownBy(() -> env.execute("write on a failing store"))
                    .hasStackTraceContaining("Injected storage fault");
        } finally {
            FailingFileSystem.heal();
        }

        assertThat(FailingFileSystem.failures()).as("the store failed").isPositive();
        assertThat(published(files(dir.resolve("t")))).isEqualTo(published(before));
        assertThat(SinkTables.rows(table)).containsExactly("k0|-1");
    }

    /** The local store under the failing scheme, taken for one whose renames are cheap. */
    static final class CheapRenames extends FlinkFileIO {
        private static final long serialVersionUID = 1L;

        @Override
        public boolean renamesInPlace(dev.formattable.core.fs.Path path) {
            return true;
        }
    }

    /** The published files among {@code files}: those outside the staging directories. */
    private static List<String> published(List<String> files) {
        return files.stream().filter(f -> !f.contains("_temporary")).toList();
    }

    private static List<String> published(Path table) throws IOException {
        return published(files(table));
    }

    /** Every file below the table, staged ones included, relative to it. */
    private static List<String> files(Path table) throws IOException {
        if (!Files.exists(table)) {
            return List.of();
        }
        try (Stream<Path> all = Files.walk(table)) {
            return all.filter(Files::isRegularFile)
                    .map(p -> table.relativize(p).toString())
                    .sorted()
                    .toList();
        }
    }
}
