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
package dev.formattable.e2e;

import dev.formattable.e2e.servers.StorageView;
import dev.formattable.e2e.testutils.E2eSqlTestBase;
import dev.formattable.e2e.testutils.GatedSequence;
import dev.formattable.e2e.testutils.OrderRows;
import dev.formattable.e2e.testutils.OrderRows.Order;
import dev.formattable.e2e.testutils.TableFiles;

import org.apache.flink.runtime.executiongraph.AccessExecutionGraph;
import org.apache.flink.runtime.minicluster.MiniCluster;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.api.TableResult;
import org.apache.flink.table.api.bridge.java.StreamTableEnvironment;
import org.apache.flink.table.functions.ScalarFunction;
import org.apache.flink.test.junit5.InjectMiniCluster;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The SQL scenarios every storage must pass, in parquet and orc: a batch INSERT into a table
 * partitioned by {@code (dt, h)}, an INSERT OVERWRITE of one day, and a streaming INSERT with
 * checkpoints. After each, the rows read back are exactly those written, and the storage server
 * holds only published data files: nothing staged, nothing half-written outside {@code _temporary}.
 * A subclass names the storage.
 */
public abstract class TableScenarios extends E2eSqlTestBase {

    private static final List<String> DAYS = List.of("2024-03-01", "2024-03-02", "2024-03-03");
    private static final String OVERWRITTEN_DAY = "2024-03-02";
    private static final long STREAM_ROWS = 3000;
    private static final int STREAM_PARTITIONS = 5;

    @TempDir Path localDir;

    /**
     * Set by a scenario whose writes publish some files by renaming them (which copies on an object
     * store): compaction stages the files it may merge, and renames those it does not.
     */
    protected boolean renamesExpected;

    /** Where a table named {@code name} lives on the storage under test (a full URI). */
    protected abstract String tableLocation(String name);

    /** The server's own view of what it stores. */
    protected abstract StorageView storage();

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"parquet", "orc"})
    void batchInsertOverwriteAndRead(String format) throws Exception {
        String location = tableLocation("orders-" + format);
        TableEnvironment env = batchEnv();
        exec(env, createOrders(location, format));

        List<Order> first = OrderRows.generate(42, 1, 120, DAYS, 3);
        exec(env, "INSERT INTO orders " + OrderRows.values(first));

        assertThat(readOrders(location, format, "SELECT * FROM orders"))
                .isEqualTo(OrderRows.printed(first));
        List<String> written = storage().filesBelow(location);
        TableFiles.assertOnlyPublishedDataFiles(written, format, 2);
        assertThat(TableFiles.partitionDirs(written))
                .containsExactlyInAnyOrderElementsOf(
                        first.stream().map(Order::partitionDir).distinct().toList());

        // Replace one day with rows of other ids and hours.
        List<Order> replacement = OrderRows.generate(43, 1001, 25, List.of(OVERWRITTEN_DAY), 2);
        exec(
                env,
                "INSERT OVERWRITE orders PARTITION (dt='"
                        + OVERWRITTEN_DAY
                        + "') "
                        + OrderRows.selectWithoutDate(replacement));

        List<Order> expected = new ArrayList<>(replacement);
        first.stream().filter(o -> !o.dt.toString().equals(OVERWRITTEN_DAY)).forEach(expected::add);
        assertThat(readOrders(location, format, "SELECT * FROM orders"))
                .isEqualTo(OrderRows.printed(expected));
        assertThat(
                        readOrders(
                                location,
                                format,
                                "SELECT count(*) FROM orders WHERE dt = DATE '"
                                        + OVERWRITTEN_DAY
                                        + "'"))
                .containsExactly("+I[" + replacement.size() + "]");

        List<String> overwritten = storage().filesBelow(location);
        TableFiles.assertOnlyPublishedDataFiles(overwritten, format, 2);
        String day = "dt=" + LocalDate.parse(OVERWRITTEN_DAY).toEpochDay();
        assertThat(TableFiles.notBelow(overwritten, day))
                .as("files of the days the overwrite does not name")
                .isEqualTo(TableFiles.notBelow(written, day));
        assertThat(TableFiles.below(overwritten, day))
                .as("files of the overwritten day")
                .isNotEmpty()
                .doesNotContainAnyElementsOf(TableFiles.below(written, day));
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"parquet", "orc"})
    void streamingInsertWithCheckpoints(String format, @InjectMiniCluster MiniCluster cluster)
            throws Exception {
        String location = tableLocation("events-" + format);
        TableEnvironment env = streamingEnv(localDir.resolve("checkpoints"), 200);
        // A bounded sequence at a limited rate: the job runs for a few seconds, across several
        // checkpoints, and commits the rest with its final checkpoint.
        exec(env, createGenerator());
        exec(env, createEvents(location, format));
        TableResult insert =
                env.executeSql(
                        "INSERT INTO events SELECT id, CONCAT('row-', CAST(id AS STRING)),"
                                + " CAST(id % "
                                + STREAM_PARTITIONS
                                + " AS INT) FROM gen");
        insert.await(5, TimeUnit.MINUTES);

        AccessExecutionGraph job = job(cluster, jobId(insert));
        assertThat(completedCheckpoints(job)).as("completed checkpoints").isPositive();

        assertEveryStreamedRowOnce(location, format);
    }

    /**
     * A streaming INSERT that fails once, on a row, after a checkpoint's commit has published
     * files: the job restarts from its last checkpoint, the committer replays that checkpoint's
     * committable (its files published already, recognised and skipped), and every row is in the
     * table exactly once. The second half of the input waits for the first published file and its
     * first row fails the job, so the failure follows a commit however slow the machine is.
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"parquet"})
    void streamingInsertSurvivesAFailure(String format) throws Exception {
        String location = tableLocation("failover-" + format);
        long half = STREAM_ROWS / 2;
        GatedSequence.shutUntil(() -> !publishedDataFiles(location).isEmpty());
        FailOnce.armAt(half);
        StreamExecutionEnvironment streams =
                streamingStreamEnv(localDir.resolve("failover-checkpoints"), 200);
        StreamTableEnvironment env = StreamTableEnvironment.create(streams);
        env.createTemporaryView(
                "gen", env.fromDataStream(GatedSequence.read(streams, STREAM_ROWS, half)).as("id"));
        exec(env, "CREATE TEMPORARY FUNCTION fail_once AS '" + FailOnce.class.getName() + "'");
        exec(env, createEvents(location, format));

        TableResult insert =
                env.executeSql(
                        "INSERT INTO events SELECT fail_once(id), CONCAT('row-', CAST(id AS"
                                + " STRING)), CAST(id % "
                                + STREAM_PARTITIONS
                                + " AS INT) FROM gen");
        insert.await(5, TimeUnit.MINUTES);

        assertThat(GatedSequence.opened())
                .as("a commit published files before the failure")
                .isTrue();
        assertThat(FailOnce.failed()).as("the planned failure happened").isTrue();
        assertEveryStreamedRowOnce(location, format);
    }

    /**
     * A streaming INSERT with {@code auto-compaction} and success files: on this storage too, the
     * compactors read the writers' staged files and publish merged ones (uploads on an object
     * store); every row is in the table once, no staged file is left, and each partition has its
     * success file. (A failover during compaction is tested on a MiniCluster, in the connector's
     * CompactionITCase.)
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"parquet"})
    void streamingInsertWithCompactionAndSuccessFiles(String format) throws Exception {
        renamesExpected = true;
        String location = tableLocation("compaction-" + format);
        TableEnvironment env = streamingEnv(localDir.resolve("compaction-checkpoints"), 200);
        exec(env, createGenerator());
        exec(
                env,
                createEvents(
                        location,
                        format,
                        ", 'auto-compaction'='true', 'compaction.parallelism'='2',"
                                + " 'sink.partition-commit.policy.kind'='success-file'"));

        TableResult insert =
                env.executeSql(
                        "INSERT INTO events SELECT id, CONCAT('row-', CAST(id AS STRING)), CAST(id"
                                + " % "
                                + STREAM_PARTITIONS
                                + " AS INT) FROM gen");
        insert.await(5, TimeUnit.MINUTES);

        assertThat(
                        storage().filesBelow(location).stream()
                                .filter(f -> f.endsWith("/_SUCCESS"))
                                .count())
                .as("success files, one per partition")
                .isEqualTo(STREAM_PARTITIONS);
        assertEveryStreamedRowOnce(location, format);
    }

    /** The data files outside hidden directories. */
    private List<String> publishedDataFiles(String location) {
        List<String> files;
        try {
            files = new ArrayList<>(storage().filesBelow(location));
        } catch (IOException e) {
            throw new java.io.UncheckedIOException("Listing " + location + " failed", e);
        }
        files.removeAll(TableFiles.staged(files));
        return files;
    }

    private void assertEveryStreamedRowOnce(String location, String format) throws IOException {
        TableEnvironment batch = batchEnv();
        exec(batch, createEvents(location, format));
        assertThat(
                        query(
                                batch,
                                "SELECT count(*), count(DISTINCT id), min(id), max(id),"
                                        + " sum(CASE WHEN payload = CONCAT('row-', CAST(id AS"
                                        + " STRING)) AND p = CAST(id % "
                                        + STREAM_PARTITIONS
                                        + " AS INT) THEN 1 ELSE 0 END) FROM events"))
                .as("count, distinct ids, min, max, rows with their payload and partition")
                .containsExactly(
                        String.format(
                                "+I[%d, %d, 0, %d, %d]",
                                STREAM_ROWS, STREAM_ROWS, STREAM_ROWS - 1, STREAM_ROWS));
        List<String> files = new ArrayList<>(storage().filesBelow(location));
        files.removeIf(f -> f.endsWith("/_SUCCESS"));
        TableFiles.assertOnlyPublishedDataFiles(files, format, 1);
        assertThat(TableFiles.partitionDirs(files)).hasSize(STREAM_PARTITIONS);
    }

    /**
     * Passes ids through and throws once, on the first id from a given one on. The cluster runs in
     * this JVM, so the state is shared by every subtask and attempt.
     */
    public static final class FailOnce extends ScalarFunction {
        private static final java.util.concurrent.atomic.AtomicBoolean FAILED =
                new java.util.concurrent.atomic.AtomicBoolean();
        private static volatile long failAt;

        static void armAt(long id) {
            FAILED.set(false);
            failAt = id;
        }

        static boolean failed() {
            return FAILED.get();
        }

        public Long eval(Long id) {
            if (id >= failAt && FAILED.compareAndSet(false, true)) {
                throw new IllegalStateException("Planned failure on row " + id);
            }
            return id;
        }

        @Override
        public boolean isDeterministic() {
            return false;
        }
    }

    /**
     * Writes one orc row to a table at {@code location}, checks that the storage holds it as a
     * published file, and returns what reading the table back through the location gives.
     */
    protected List<String> orcReadBack(String location) throws IOException {
        TableEnvironment env = batchEnv();
        exec(env, createOrders(location, "orc"));
        List<Order> row = OrderRows.generate(44, 1, 1, DAYS, 1);
        exec(env, "INSERT INTO orders " + OrderRows.values(row));
        TableFiles.assertOnlyPublishedDataFiles(storage().filesBelow(location), "orc", 2);
        return query(env, "SELECT * FROM orders");
    }

    /** Runs a query on a fresh {@code orders} table over what the storage holds. */
    private List<String> readOrders(String location, String format, String sql) throws Exception {
        TableEnvironment env = batchEnv();
        exec(env, createOrders(location, format));
        return query(env, sql);
    }

    protected static String createOrders(String location, String format) {
        return "CREATE TABLE orders ("
                + OrderRows.COLUMNS
                + ") PARTITIONED BY ("
                + OrderRows.PARTITION_KEYS
                + ") WITH ('connector'='format-table', 'path'='"
                + location
                + "', 'file.format'='"
                + format
                + "')";
    }

    /** The ids 0 to STREAM_ROWS - 1, 1,000 a second. */
    private static String createGenerator() {
        return "CREATE TEMPORARY TABLE gen (id BIGINT) WITH ('connector'='datagen',"
                + " 'fields.id.kind'='sequence', 'fields.id.start'='0', 'fields.id.end'='"
                + (STREAM_ROWS - 1)
                + "', 'rows-per-second'='1000')";
    }

    private static String createEvents(String location, String format) {
        return createEvents(location, format, "");
    }

    private static String createEvents(String location, String format, String options) {
        return "CREATE TABLE events (id BIGINT, payload STRING, p INT) PARTITIONED BY (p) WITH"
                + " ('connector'='format-table', 'path'='"
                + location
                + "', 'file.format'='"
                + format
                + "'"
                + options
                + ")";
    }
}
