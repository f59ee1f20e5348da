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

import dev.formattable.flink.sink.partition.RecordingPolicy;
import dev.formattable.flink.testutils.StreamingWriteTestBase;

import org.apache.flink.api.common.JobID;
import org.apache.flink.api.common.JobStatus;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.functions.MapFunction;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.connector.source.util.ratelimit.RateLimiterStrategy;
import org.apache.flink.api.java.typeutils.RowTypeInfo;
import org.apache.flink.connector.datagen.source.DataGeneratorSource;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.runtime.minicluster.MiniCluster;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.api.Schema;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.api.TableResult;
import org.apache.flink.table.api.bridge.java.StreamTableEnvironment;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.test.junit5.InjectMiniCluster;
import org.apache.flink.types.Row;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Streaming jobs that commit partitions while they run: event time with watermarks under {@code
 * partition-time}, processing time with a delay, a custom policy across a failover. Rows carry
 * event time {@code id * 9 s}, so each hour of 1970-01-01 holds 400 rows, and land in partition
 * {@code (dt, hr)}. The table directory is watched while the job runs: a success file may appear
 * only when its partition is complete.
 */
class PartitionCommitITCase extends StreamingWriteTestBase {

    private static final int HOURS = 6;
    private static final int PER_HOUR = 400;
    private static final long ROWS = (long) HOURS * PER_HOUR;
    private static final long MILLIS_PER_ROW = 3_600_000L / PER_HOUR;

    private static final RowTypeInfo EVENTS =
            new RowTypeInfo(
                    new TypeInformation<?>[] {
                        Types.LONG, Types.STRING, Types.LOCAL_DATE, Types.INT
                    },
                    new String[] {"id", "payload", "dt", "hr"});

    @TempDir Path dir;

    private Path table;

    @BeforeEach
    void setUp() {
        table = dir.resolve("t");
        RecordingPolicy.CALLS.clear();
        FailOnceAfterAPartitionCommit.FAILED.set(false);
    }

    /** The events, from one reader, at most {@code perSecond} a second, with their event time. */
    private static DataStream<Row> events(StreamExecutionEnvironment env, double perSecond) {
        DataGeneratorSource<Row> source =
                new DataGeneratorSource<>(
                        id -> Row.of(id, "row-" + id, LocalDate.EPOCH, (int) (id / PER_HOUR)),
                        ROWS,
                        RateLimiterStrategy.perSecond(perSecond),
                        EVENTS);
        return env.fromSource(
                        source,
                        WatermarkStrategy.<Row>forMonotonousTimestamps()
                                .withTimestampAssigner(
                                        (row, ts) -> (long) row.getField(0) * MILLIS_PER_ROW),
                        "events")
                .setParallelism(1);
    }

    private TableResult insert(StreamExecutionEnvironment env, DataStream<Row> rows, String opts) {
        StreamTableEnvironment tEnv = StreamTableEnvironment.create(env);
        // The rows' event time and the source's watermarks, as SQL sees them.
        tEnv.createTemporaryView(
                "src",
                rows,
                Schema.newBuilder()
                        .columnByMetadata("rowtime", "TIMESTAMP_LTZ(3)")
                        .watermark("rowtime", "SOURCE_WATERMARK()")
                        .build());
        tEnv.executeSql(
                "CREATE TABLE t (id BIGINT, payload STRING, dt DATE, hr INT) PARTITIONED BY (dt,"
                        + " hr) WITH ('connector'='format-table', 'path'='"
                        + table
                        + "'"
                        + opts
                        + ")");
        return tEnv.executeSql("INSERT INTO t SELECT id, payload, dt, hr FROM src");
    }

    /** What the watcher saw the first time a partition's success file was there. */
    private static final class Sighting {
        final boolean jobRunning;
        final List<String> files;
        final Map<Integer, List<String>> allFiles;
        final long millis;

        Sighting(
                boolean jobRunning,
                List<String> files,
                Map<Integer, List<String>> allFiles,
                long millis) {
            this.jobRunning = jobRunning;
            this.files = files;
            this.allFiles = allFiles;
            this.millis = millis;
        }
    }

    /** Watches the table until the job ends: each hour's first sighting of its success file. */
    private Map<Integer, Sighting> watch(JobClient job) throws Exception {
        Map<Integer, Sighting> seen = new TreeMap<>();
        while (true) {
            boolean running = job.getJobStatus().get() == JobStatus.RUNNING;
            boolean done = job.getJobStatus().get().isGloballyTerminalState();
            Map<Integer, List<String>> files = dataFiles();
            for (int hour = 0; hour < HOURS; hour++) {
                if (!seen.containsKey(hour) && Files.exists(partition(hour).resolve("_SUCCESS"))) {
                    // The files are listed before the success file is looked for, so a file
                    // published after the success file would show up as missing here.
                    seen.put(
                            hour,
                            new Sighting(
                                    running,
                                    files.getOrDefault(hour, List.of()),
                                    files,
                                    System.currentTimeMillis()));
                }
            }
            if (done) {
                return seen;
            }
            Thread.sleep(10);
        }
    }

    private Path partition(int hour) {
        return table.resolve("dt=0").resolve("hr=" + hour);
    }

    /** The published data files of each hour. */
    private Map<Integer, List<String>> dataFiles() throws IOException {
        Map<Integer, List<String>> result = new HashMap<>();
        for (int hour = 0; hour < HOURS; hour++) {
            Path p = partition(hour);
            if (!Files.isDirectory(p)) {
                continue;
            }
            try (Stream<Path> files = Files.list(p)) {
                result.put(
                        hour,
                        files.map(f -> f.getFileName().toString())
                                .filter(n -> !n.startsWith("_") && !n.startsWith("."))
                                .sorted()
                                .collect(Collectors.toList()));
            } catch (java.nio.file.NoSuchFileException e) {
                // Created meanwhile; the next round sees it.
            }
        }
        return result;
    }

    private void assertEveryRowOnce() {
        TableEnvironment batch = batchEnv();
        exec(
                batch,
                "CREATE TABLE t (id BIGINT, payload STRING, dt DATE, hr INT) PARTITIONED BY (dt,"
                        + " hr) WITH ('connector'='format-table', 'path'='"
                        + table
                        + "')");
        assertThat(
                        query(
                                batch,
                                "SELECT count(*), count(DISTINCT id), sum(CASE WHEN hr = CAST(id /"
                                        + " 400 AS INT) AND dt = DATE '1970-01-01' THEN 1 ELSE 0"
                                        + " END) FROM t"))
                .containsExactly("+I[" + ROWS + ", " + ROWS + ", " + ROWS + "]");
        assertThat(stagedFiles(table)).isEmpty();
    }

    @Test
    void partitionTimeCommitsEachHourOnceTheWatermarkPassesItsEndWhileTheJobRuns()
            throws Exception {
        StreamExecutionEnvironment env = streamEnv(dir.resolve("checkpoints"), 100);
        TableResult result =
                insert(
                        env,
                        events(env, 1000),
                        ", 'sink.partition-commit.trigger'='partition-time',"
                                + " 'sink.partition-commit.delay'='1 h',"
                                + " 'partition.time-extractor.timestamp-pattern'='$dt"
                                + " $hr:00:00',"
                                + " 'sink.partition-commit.policy.kind'='success-file,custom',"
                                + " 'sink.partition-commit.policy.class'='"
                                + RecordingPolicy.class.getName()
                                + "'");
        Map<Integer, Sighting> seen = watch(result.getJobClient().orElseThrow());
        result.await(1, TimeUnit.MINUTES);

        Map<Integer, List<String>> finalFiles = dataFiles();
        assertThat(seen).as("every hour's success file").containsOnlyKeys(0, 1, 2, 3, 4, 5);
        for (int hour = 0; hour < HOURS; hour++) {
            assertThat(seen.get(hour).files)
                    .as("hour %s's files when its success file appeared", hour)
                    .isNotEmpty()
                    .isEqualTo(finalFiles.get(hour));
        }
        for (int hour = 0; hour < HOURS - 1; hour++) {
            // The watermark passed the end of the hour: rows of the next one were published.
            assertThat(seen.get(hour).allFiles.get(hour + 1))
                    .as("hour %s's files when hour %s was committed", hour + 1, hour)
                    .isNotEmpty();
        }
        assertThat(seen.get(0).jobRunning).as("hour 0 committed while the job ran").isTrue();
        assertThat(seen.get(0).millis).isLessThan(seen.get(HOURS - 1).millis);

        // One call per hour (no failover), in order, each seeing the hour's final files.
        List<RecordingPolicy.Call> calls = new ArrayList<>(RecordingPolicy.CALLS);
        assertThat(calls).hasSize(HOURS);
        for (int hour = 0; hour < HOURS; hour++) {
            RecordingPolicy.Call call = calls.get(hour);
            assertThat(call.values).containsExactly("1970-01-01", String.valueOf(hour));
            assertThat(call.table).isEqualTo("t");
            assertThat(call.files).isEqualTo(finalFiles.get(hour));
        }
        assertEveryRowOnce();
    }

    @Test
    void processTimeCommitsAPartitionTheDelayAfterItWasFirstPublished() throws Exception {
        StreamExecutionEnvironment env = streamEnv(dir.resolve("checkpoints"), 100);
        TableResult result =
                insert(
                        env,
                        events(env, 800),
                        ", 'sink.partition-commit.delay'='1 s',"
                                + " 'sink.partition-commit.policy.kind'='success-file'");
        Map<Integer, Sighting> seen = watch(result.getJobClient().orElseThrow());
        result.await(1, TimeUnit.MINUTES);

        assertThat(seen).containsOnlyKeys(0, 1, 2, 3, 4, 5);
        assertThat(seen.get(0).jobRunning).as("hour 0 committed while the job ran").isTrue();
        // At 800 rows a second an hour takes half a second to write; the last hours are
        // committed at the end of the input, before their delay has passed (as in the
        // filesystem connector).
        for (int hour = 0; hour < HOURS - 3; hour++) {
            Path success = partition(hour).resolve("_SUCCESS");
            long firstData;
            try (Stream<Path> files = Files.list(partition(hour))) {
                firstData =
                        files.filter(f -> !f.getFileName().toString().startsWith("_"))
                                .mapToLong(f -> f.toFile().lastModified())
                                .min()
                                .orElseThrow();
            }
            assertThat(success.toFile().lastModified() - firstData)
                    .as(
                            "hour %s: success file written at least the delay after its first file",
                            hour)
                    .isGreaterThanOrEqualTo(1000);
        }
        assertEveryRowOnce();
    }

    @Test
    void aReplayAfterAFailoverCommitsOnlyCompletePartitions(@InjectMiniCluster MiniCluster cluster)
            throws Exception {
        StreamExecutionEnvironment env = streamEnv(dir.resolve("checkpoints"), 100);
        DataStream<Row> rows =
                events(env, 1000).map(new FailOnceAfterAPartitionCommit()).returns(EVENTS);
        TableResult result =
                insert(
                        env,
                        rows,
                        ", 'sink.partition-commit.trigger'='partition-time',"
                                + " 'sink.partition-commit.delay'='1 h',"
                                + " 'partition.time-extractor.timestamp-pattern'='$dt"
                                + " $hr:00:00',"
                                + " 'sink.partition-commit.policy.kind'='custom',"
                                + " 'sink.partition-commit.policy.class'='"
                                + RecordingPolicy.class.getName()
                                + "', 'sink.partition-commit.policy.class.parameters'='x;y'");
        JobID job = jobId(result);
        result.await(2, TimeUnit.MINUTES);

        assertThat(FailOnceAfterAPartitionCommit.FAILED.get()).isTrue();
        assertThat(restarted(finishedJob(cluster, job))).isTrue();
        Map<Integer, List<String>> finalFiles = dataFiles();
        Map<Integer, Integer> callsPerHour = new TreeMap<>();
        for (RecordingPolicy.Call call : RecordingPolicy.CALLS) {
            int hour = Integer.parseInt(call.values.get(1));
            callsPerHour.merge(hour, 1, Integer::sum);
            assertThat(call.parameters).containsExactly("x", "y");
            assertThat(call.files)
                    .as("files of hour %s when it was committed", hour)
                    .isEqualTo(finalFiles.get(hour));
        }
        assertThat(callsPerHour).containsOnlyKeys(0, 1, 2, 3, 4, 5);
        assertEveryRowOnce();
    }

    @Test
    void batchWritesASuccessFileIntoEveryPartitionItWrote() throws Exception {
        TableEnvironment env = batchEnv();
        String columns = "CREATE TABLE %s (id INT, p INT) PARTITIONED BY (p) WITH (%s)";
        String location = "'path'='" + table + "'";
        exec(env, String.format(columns, "plain", "'connector'='format-table', " + location));
        exec(
                env,
                String.format(
                        columns,
                        "t",
                        "'connector'='format-table', "
                                + location
                                + ", 'sink.partition-commit.policy.kind'='success-file'"));
        exec(
                env,
                String.format(
                        columns,
                        "fs",
                        "'connector'='filesystem', 'format'='parquet', " + location));
        exec(env, "INSERT INTO plain VALUES (0, 9)");
        exec(env, "INSERT INTO t VALUES (1, 1), (2, 2), (3, 2)");

        assertThat(Files.exists(table.resolve("p=1/_SUCCESS"))).isTrue();
        assertThat(Files.exists(table.resolve("p=2/_SUCCESS"))).isTrue();
        assertThat(Files.exists(table.resolve("p=9/_SUCCESS")))
                .as("a partition not written")
                .isFalse();
        // Every reader skips the success files.
        List<String> rows = List.of("+I[0, 9]", "+I[1, 1]", "+I[2, 2]", "+I[3, 2]");
        assertThat(query(env, "SELECT * FROM t")).isEqualTo(rows);
        assertThat(query(env, "SELECT * FROM fs")).isEqualTo(rows);
        assertThat(query(env, "SELECT count(*) FROM t")).containsExactly("+I[4]");

        exec(env, "INSERT OVERWRITE t PARTITION (p = 2) SELECT 5");
        assertThat(Files.exists(table.resolve("p=2/_SUCCESS"))).isTrue();
        assertThat(query(env, "SELECT * FROM t WHERE p = 2")).containsExactly("+I[5, 2]");
    }

    @Test
    void anUnpartitionedTableGetsItsSuccessFileAtItsRoot() throws Exception {
        TableEnvironment env = batchEnv();
        exec(
                env,
                "CREATE TABLE u (id INT) WITH ('connector'='format-table', 'path'='"
                        + table
                        + "', 'sink.partition-commit.policy.kind'='success-file',"
                        + " 'sink.partition-commit.success-file.name'='.done')");
        exec(env, "INSERT INTO u VALUES (1), (2)");
        assertThat(Files.exists(table.resolve(".done"))).isTrue();
        assertThat(query(env, "SELECT * FROM u")).containsExactly("+I[1]", "+I[2]");
    }

    @Test
    void theDataStreamSinkCommitsPartitionsToo() throws Exception {
        RowType type =
                (RowType)
                        DataTypes.ROW(
                                        DataTypes.FIELD("id", DataTypes.INT()),
                                        DataTypes.FIELD("dt", DataTypes.DATE()))
                                .getLogicalType();
        FormatTableSink sink =
                FormatTableSink.forRowData(table.toString(), type)
                        .partitionKeys("dt")
                        .option("partition.legacy-name", "false")
                        .option("sink.partition-commit.policy.kind", "success-file,custom")
                        .option(
                                "sink.partition-commit.policy.class",
                                RecordingPolicy.class.getName())
                        .build();
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            rows.add(Row.of(i, LocalDate.of(2024, 1, 1 + i % 2)));
        }
        dev.formattable.flink.testutils.DataStreamTestUtils.write(type, sink, rows, 2);
        assertThat(Files.exists(table.resolve("dt=2024-01-01/_SUCCESS"))).isTrue();
        assertThat(Files.exists(table.resolve("dt=2024-01-02/_SUCCESS"))).isTrue();
        assertThat(RecordingPolicy.CALLS)
                .extracting(c -> c.values + " " + c.table)
                .containsExactlyInAnyOrder("[2024-01-01] t", "[2024-01-02] t");
    }

    /** Fails the job once, on a row, after some partition was committed. */
    static final class FailOnceAfterAPartitionCommit implements MapFunction<Row, Row> {
        static final AtomicBoolean FAILED = new AtomicBoolean();

        @Override
        public Row map(Row row) {
            if (!RecordingPolicy.CALLS.isEmpty() && FAILED.compareAndSet(false, true)) {
                throw new RuntimeException("Planned failure after a partition commit");
            }
            return row;
        }
    }
}
