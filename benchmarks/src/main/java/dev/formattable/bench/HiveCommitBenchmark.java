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
package dev.formattable.bench;

import dev.formattable.bench.Sql.Side;
import dev.formattable.flink.testutils.CountingFileSystem;

import org.apache.flink.table.api.TableEnvironment;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * Scenario "hive-commit": a batch {@code INSERT} of 1,000 rows into 100 new partitions (STRING
 * keys, 10 x 10) of a fresh table in the Hive catalog, whose commit registers the 100 partitions
 * with one {@code add_partitions} call, against the same {@code INSERT} into a fresh path table,
 * which registers nothing. Both sides are ours, on the same file system; the difference is what
 * registration costs a job. Timed: the whole job, and the time from the end of the writers to the
 * job's end (the commit on the JobManager, {@link Cluster#lastJobEndAfterWriters}). The answer is
 * the rows read back and the partition directories, and on the Hive side the partitions the
 * metastore lists must be those directories.
 */
public final class HiveCommitBenchmark {

    private static final long ROWS = 1000;
    private static final String SELECT =
            "SELECT id, CAST(MOD(id, 1000) AS INT), CAST(MOD(id, 10) AS STRING),"
                    + " CAST(MOD(id / 10, 10) AS STRING) FROM gen";

    private final Args args;
    private final ResultTable table;
    private final TableEnvironment env;
    private String lastCalls = "none";

    public HiveCommitBenchmark(Args args, ResultTable table) throws Exception {
        this.args = args;
        this.table = table;
        this.env = Sql.batch();
    }

    public void run() throws Exception {
        String catalog = HivePlanningBenchmark.createCatalog(env, args);
        Path root = args.workDir.toAbsolutePath().resolve("hive-commit");
        Dirs.deleteRecursively(root);
        Sql.createGenerator(env, "gen", ROWS);
        String label = "hive-commit: INSERT 1,000 rows into 100 new partitions, parquet";
        List<Double> oursCommit = new ArrayList<>();
        List<Double> theirsCommit = new ArrayList<>();
        List<Double> oursCalls = new ArrayList<>();
        List<Double> oursRegistering = new ArrayList<>();
        Pairs.Result r =
                Pairs.run(
                        label,
                        1,
                        args.pairs,
                        run -> hive(catalog, run, oursCommit, oursCalls, oursRegistering),
                        run -> path(root, run, theirsCommit));
        table.add(
                label,
                "ms, whole job (lower is better)",
                r,
                "other side: path table, nothing registered; answer " + r.oursAnswer);
        // Without the warm-up pair, as the figures above.
        table.add(
                label,
                "ms after the writers (lower is better)",
                new Pairs.Result(
                        Stats.of(oursCommit.subList(1, oursCommit.size())),
                        Stats.of(theirsCommit.subList(1, theirsCommit.size())),
                        r.answersMatch,
                        r.oursAnswer,
                        r.theirsAnswer),
                "the commit and the job's end, on the JobManager");
        table.add(
                new ResultTable.Row(
                        label,
                        "metastore calls, whole job",
                        Stats.of(oursCalls.subList(1, oursCalls.size())).format(),
                        "-",
                        "-",
                        "last run: " + lastCalls));
        table.add(
                new ResultTable.Row(
                        label,
                        "ms serving add_partitions (100 partitions)",
                        Stats.of(oursRegistering.subList(1, oursRegistering.size())).format(),
                        "-",
                        "-",
                        "the metastore's own time, in its handler"));
        Dirs.deleteRecursively(root);
    }

    private Sample hive(
            String catalog,
            int run,
            List<Double> commits,
            List<Double> calls,
            List<Double> registering)
            throws Exception {
        String name = "commit_" + run;
        String qualified = catalog + "." + name;
        env.executeSql("DROP TABLE IF EXISTS " + qualified);
        env.executeSql(
                "CREATE TABLE "
                        + qualified
                        + " ("
                        + HivePlanningBenchmark.COLUMNS
                        + ") PARTITIONED BY (p1, p2) WITH ('file.format'='parquet')");
        Path dir =
                HivePlanningBenchmark.localPath(
                        HiveMetastoreServer.client().getTable("bench", name).getSd().getLocation());
        HiveMetastoreServer.resetCalls();
        long start = System.nanoTime();
        Sql.run(env, "INSERT INTO " + qualified + " " + SELECT);
        double ms = (System.nanoTime() - start) / 1e6;
        commits.add((double) Cluster.lastJobEndAfterWriters());
        // Read before the answer's own calls.
        calls.add((double) HiveMetastoreServer.calls());
        registering.add(HiveMetastoreServer.millisServing("add_partitions"));
        lastCalls = HiveMetastoreServer.describeCalls();
        long directories = partitionDirectories(dir);
        int registered =
                HiveMetastoreServer.client().listPartitionNames("bench", name, (short) -1).size();
        String answer = answer(qualified) + " partitions=" + directories;
        if (registered != directories) {
            answer += " but " + registered + " registered";
        }
        env.executeSql("DROP TABLE " + qualified);
        return new Sample(ms, answer);
    }

    private Sample path(Path root, int run, List<Double> commits) throws Exception {
        Path dir = root.resolve("path-" + run);
        Dirs.deleteRecursively(dir);
        Sql.createTable(
                env,
                "sink",
                Side.OURS,
                "parquet",
                CountingFileSystem.uri(dir),
                HivePlanningBenchmark.COLUMNS,
                "p1, p2");
        long start = System.nanoTime();
        Sql.run(env, "INSERT INTO sink " + SELECT);
        double ms = (System.nanoTime() - start) / 1e6;
        commits.add((double) Cluster.lastJobEndAfterWriters());
        String answer = answer("sink") + " partitions=" + partitionDirectories(dir);
        Dirs.deleteRecursively(dir);
        return new Sample(ms, answer);
    }

    private String answer(String name) throws Exception {
        return Sql.answer(
                env,
                String.format(
                        Locale.ROOT,
                        "SELECT COUNT(*), SUM(id), COUNT(DISTINCT CONCAT(p1, '/', p2)) FROM %s",
                        name));
    }

    /** Directories {@code p1=../p2=..} below a table's directory. */
    private static long partitionDirectories(Path dir) throws Exception {
        long n = 0;
        try (Stream<Path> first = Files.list(dir)) {
            for (Path p1 : (Iterable<Path>) first::iterator) {
                if (!p1.getFileName().toString().startsWith("p1=")) {
                    continue;
                }
                try (Stream<Path> second = Files.list(p1)) {
                    n += second.filter(p -> p.getFileName().toString().startsWith("p2=")).count();
                }
            }
        }
        return n;
    }
}
