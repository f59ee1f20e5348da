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
package dev.formattable.flink.testutils;

import org.apache.flink.api.common.JobID;
import org.apache.flink.api.common.JobStatus;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.connector.source.util.ratelimit.RateLimiterStrategy;
import org.apache.flink.api.java.typeutils.RowTypeInfo;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.connector.datagen.source.DataGeneratorSource;
import org.apache.flink.runtime.executiongraph.AccessExecutionGraph;
import org.apache.flink.runtime.minicluster.MiniCluster;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.api.TableResult;
import org.apache.flink.table.api.bridge.java.StreamTableEnvironment;
import org.apache.flink.types.Row;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Streaming INSERT INTO jobs over a deterministic generator of rows {@code (id, payload, p)}:
 * {@code id} in {@code 0..n-1}, {@code payload = 'row-<id>'} and {@code p = (id / run) %
 * partitions}, so runs of {@code run} consecutive ids share a partition. Then the checks that every
 * id landed exactly once, with its payload, in its partition, and that nothing staged was left
 * behind.
 */
public abstract class StreamingWriteTestBase extends FlinkTestBase {

    protected static final RowTypeInfo ROW_TYPE =
            new RowTypeInfo(
                    new TypeInformation<?>[] {Types.LONG, Types.STRING, Types.INT},
                    new String[] {"id", "payload", "p"});

    /**
     * A streaming environment of parallelism 2 with checkpointing every {@code checkpointMillis}
     * into {@code checkpoints}, and a restart strategy that allows three restarts.
     */
    protected static StreamExecutionEnvironment streamEnv(Path checkpoints, long checkpointMillis) {
        return streamEnv(checkpoints, checkpointMillis, new Configuration());
    }

    /** The same, with {@code extra} settings on top (a savepoint to restore, a restart policy). */
    protected static StreamExecutionEnvironment streamEnv(
            Path checkpoints, long checkpointMillis, Configuration extra) {
        Configuration conf = new Configuration();
        conf.setString("execution.checkpointing.interval", checkpointMillis + " ms");
        conf.setString("execution.checkpointing.storage", "filesystem");
        conf.setString("execution.checkpointing.dir", checkpoints.toUri().toString());
        conf.setString("restart-strategy.type", "fixed-delay");
        conf.setString("restart-strategy.fixed-delay.attempts", "3");
        conf.setString("restart-strategy.fixed-delay.delay", "100 ms");
        conf.addAll(extra);
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment(conf);
        env.setParallelism(2);
        return env;
    }

    /**
     * The generated rows, at most {@code perSecond} of them per second over all readers (no limit
     * when not positive).
     */
    protected static DataStream<Row> generate(
            StreamExecutionEnvironment env, long rows, int partitions, int run, double perSecond) {
        return generate(
                env,
                rows,
                partitions,
                run,
                perSecond > 0
                        ? RateLimiterStrategy.perSecond(perSecond)
                        : RateLimiterStrategy.noOp());
    }

    /** The generated rows, at the pace {@code limits} sets for each reader it creates. */
    protected static DataStream<Row> generate(
            StreamExecutionEnvironment env,
            long rows,
            int partitions,
            int run,
            RateLimiterStrategy limits) {
        DataGeneratorSource<Row> source =
                new DataGeneratorSource<>(
                        id -> Row.of(id, "row-" + id, (int) (id / run % partitions)),
                        rows,
                        limits,
                        ROW_TYPE);
        return env.fromSource(source, WatermarkStrategy.noWatermarks(), "generator");
    }

    protected static String createTable(Path table, String format, boolean partitioned) {
        return "CREATE TABLE t (id BIGINT, payload STRING, p INT)"
                + (partitioned ? " PARTITIONED BY (p)" : "")
                + " WITH ('connector'='format-table', 'path'='"
                + table
                + "', 'file.format'='"
                + format
                + "')";
    }

    /** Submits {@code INSERT INTO t SELECT ... FROM rows}, without waiting for it. */
    protected static TableResult insert(
            StreamExecutionEnvironment env,
            DataStream<Row> rows,
            Path table,
            String format,
            boolean partitioned) {
        StreamTableEnvironment tEnv = StreamTableEnvironment.create(env);
        tEnv.createTemporaryView("src", rows);
        tEnv.executeSql(createTable(table, format, partitioned));
        return tEnv.executeSql("INSERT INTO t SELECT id, payload, p FROM src");
    }

    protected static JobID jobId(TableResult result) {
        return result.getJobClient().orElseThrow().getJobID();
    }

    /** The finished job as the cluster recorded it. */
    protected static AccessExecutionGraph finishedJob(MiniCluster cluster, JobID job)
            throws Exception {
        AccessExecutionGraph graph = cluster.getArchivedExecutionGraph(job).get();
        assertThat(graph.getState()).isEqualTo(JobStatus.FINISHED);
        return graph;
    }

    /** Whether the job went through at least one restart. */
    protected static boolean restarted(AccessExecutionGraph graph) {
        return graph.getStatusTimestamp(JobStatus.RESTARTING) > 0;
    }

    /**
     * Every id of {@code 0..n-1} is in the table exactly once, with its payload, in its partition;
     * and no staged file is left below the table.
     */
    protected static void assertExactlyOnce(
            Path table, String format, boolean partitioned, long n, int partitions, int run) {
        TableEnvironment batch = batchEnv();
        exec(batch, createTable(table, format, partitioned));
        assertThat(
                        query(
                                batch,
                                "SELECT count(*), count(DISTINCT id), min(id), max(id),"
                                        + " sum(CASE WHEN payload = CONCAT('row-', CAST(id AS"
                                        + " STRING)) AND p = CAST(id / "
                                        + run
                                        + " % "
                                        + partitions
                                        + " AS INT) THEN 1 ELSE 0 END) FROM t"))
                .as(
                        "count, distinct ids, min, max, rows with their payload and partition;"
                                + " %s",
                        (Object)
                                new Object() {
                                    @Override
                                    public String toString() {
                                        return whatIsWrong(batch, table, n);
                                    }
                                })
                .containsExactly("+I[" + n + ", " + n + ", 0, " + (n - 1) + ", " + n + "]");
        assertThat(stagedFiles(table)).as("staged files left below the table").isEmpty();
    }

    /** The ids missing from or doubled in the table, and its files, for a failed check. */
    private static String whatIsWrong(TableEnvironment batch, Path table, long n) {
        int[] seen = new int[(int) n];
        for (String row : query(batch, "SELECT id FROM t")) {
            long id = Long.parseLong(row.replaceAll("[^0-9]", ""));
            if (id >= 0 && id < n) {
                seen[(int) id]++;
            }
        }
        StringBuilder missing = new StringBuilder();
        StringBuilder doubled = new StringBuilder();
        for (int id = 0; id < n; id++) {
            StringBuilder to = seen[id] == 0 ? missing : seen[id] > 1 ? doubled : null;
            if (to != null && (id == 0 || seen[id - 1] != seen[id])) {
                to.append(' ').append(id).append('-');
            }
            if (to != null && (id == n - 1 || seen[id + 1] != seen[id])) {
                to.append(id);
            }
        }
        try (Stream<Path> files = Files.walk(table)) {
            String listing =
                    files.filter(Files::isRegularFile)
                            .map(f -> table.relativize(f) + " (" + f.toFile().length() + " B)")
                            .sorted()
                            .collect(Collectors.joining("\n  "));
            return "missing ids:" + missing + "; doubled ids:" + doubled + "; files:\n  " + listing;
        } catch (IOException e) {
            return "missing ids:" + missing + "; doubled ids:" + doubled + "; no listing: " + e;
        }
    }

    /**
     * Every regular file in a {@code _temporary} directory below {@code table}, but the record of
     * the commit at the end of a bounded input, which the committer keeps after publishing (see
     * {@code FormatTableCommitter}) for {@code remove_orphan_files} to remove.
     */
    protected static List<Path> stagedFiles(Path table) {
        try (Stream<Path> files = Files.walk(table)) {
            return files.filter(Files::isRegularFile)
                    .filter(f -> f.getParent().getFileName().toString().equals("_temporary"))
                    .filter(f -> !isEndOfInputRecord(table, f))
                    .collect(Collectors.toList());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static boolean isEndOfInputRecord(Path table, Path file) {
        String name = file.getFileName().toString();
        return file.getParent().getParent().equals(table)
                && name.startsWith(".commit.")
                && (name.endsWith("-end.journal") || name.endsWith("-end.published"));
    }

    /** Whether a published data file (a visible regular file) exists below {@code table}. */
    public static boolean hasPublishedFile(Path table) {
        if (!Files.isDirectory(table)) {
            return false;
        }
        try (Stream<Path> files = Files.walk(table)) {
            return files.anyMatch(f -> Files.isRegularFile(f) && visible(table.relativize(f)));
        } catch (IOException | UncheckedIOException e) {
            return false; // a staged file renamed away while walking; ask again later
        }
    }

    private static boolean visible(Path relative) {
        for (Path segment : relative) {
            String name = segment.toString();
            if (name.startsWith("_") || name.startsWith(".")) {
                return false;
            }
        }
        return true;
    }
}
