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

import org.apache.flink.table.api.ExplainDetail;
import org.apache.flink.table.api.TableEnvironment;

import org.apache.hadoop.hive.metastore.api.Partition;
import org.apache.hadoop.hive.metastore.api.Table;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;

/**
 * Scenario "hive-planning": a table of 100 x 100 = 10,000 partitions (STRING keys p1 and p2, one
 * one-row parquet file each) registered in a Hive Metastore ({@link HiveMetastoreServer}), read
 * through the catalog ({@code 'metastore'='hive'}), which plans from the metastore's partition
 * list, against the same directory declared as a path table ({@code 'connector'='format-table'}),
 * which lists directories. Both sides are ours. Two queries, each timed whole and as {@code
 * explainSql} alone, in alternating pairs: every partition, and the first key pinned ({@code p1 =
 * '7'}, 100 partitions), where the catalog sends the pinned value to the metastore as a filter (the
 * metastore filters STRING keys only, hence STRING keys). Listing calls are counted in the file
 * system and Thrift calls in the metastore, both sides alike.
 */
public final class HivePlanningBenchmark {

    static final String COLUMNS = "id BIGINT, v INT, p1 STRING, p2 STRING";
    private static final int FIRST = 100;
    private static final int SECOND = 100;
    private static final int BATCH = 1000;

    private final Args args;
    private final ResultTable table;
    private final TableEnvironment env;

    public HivePlanningBenchmark(Args args, ResultTable table) throws Exception {
        this.args = args;
        this.table = table;
        this.env = Sql.batch();
    }

    public void run() throws Exception {
        String catalog = createCatalog(env, args);
        env.executeSql(
                "CREATE TABLE "
                        + catalog
                        + ".planned ("
                        + COLUMNS
                        + ") PARTITIONED BY (p1, p2) WITH ('file.format'='parquet')");
        try {
            Path dir = populate();
            String uri = CountingFileSystem.uri(dir);
            String hive = catalog + ".planned";
            measure(
                    "hive-planning: all 10,000 partitions",
                    dir,
                    uri,
                    hive,
                    "SELECT COUNT(*) FROM %s");
            measure(
                    "hive-planning: first key (p1 = '7', 100 below), 10,000 partitions",
                    dir,
                    uri,
                    hive,
                    "SELECT COUNT(*), SUM(id) FROM %s WHERE p1 = '7'");
        } finally {
            // An external table that purges its files: metadata and directory go together.
            env.executeSql("DROP TABLE IF EXISTS " + catalog + ".planned");
        }
    }

    /**
     * The catalog {@code h} over this JVM's metastore (started here on first use), with its
     * warehouse under the work directory, through {@link CountingFileSystem}; returns the database
     * {@code h.bench}, created on first use.
     */
    static String createCatalog(TableEnvironment env, Args args) throws Exception {
        Path work = args.workDir.toAbsolutePath();
        Path warehouse = work.resolve("hive-warehouse");
        if (HiveMetastoreServer.start(work.resolve("hive-metastore"))) {
            // A new metastore knows no table: what an earlier run left in the warehouse goes.
            Dirs.deleteRecursively(warehouse);
        }
        Files.createDirectories(warehouse);
        env.executeSql(
                "CREATE CATALOG h WITH ('type'='format-table', 'metastore'='hive', 'uri'='"
                        + HiveMetastoreServer.uri()
                        + "', 'warehouse'='"
                        + CountingFileSystem.uri(warehouse)
                        + "')");
        // Asked first: the metastore logs an error for every database created twice.
        if (!HiveMetastoreServer.client().getAllDatabases().contains("bench")) {
            env.executeSql("CREATE DATABASE h.bench");
        }
        return "h.bench";
    }

    /** The local directory of a location the metastore records ({@code countingfile:/...}). */
    static Path localPath(String location) {
        return Path.of(URI.create(location).getPath());
    }

    /**
     * One row written through the catalog into partition ('0', '0'), which registers it as every
     * commit does; its file copied into the other 9,999 partition directories, and those registered
     * with {@code add_partitions} in batches, at the location the commit gave the first one, the
     * work not timed in pairs.
     */
    private Path populate() throws Exception {
        Sql.run(env, "INSERT INTO h.bench.planned VALUES (CAST(1 AS BIGINT), 7, '0', '0')");
        Table t = HiveMetastoreServer.client().getTable("bench", "planned");
        Partition first =
                HiveMetastoreServer.client().getPartition("bench", "planned", List.of("0", "0"));
        String firstLocation = first.getSd().getLocation();
        String suffix = "p1=0/p2=0";
        if (!firstLocation.endsWith(suffix)) {
            throw new IllegalStateException("Partition ('0', '0') registered at " + firstLocation);
        }
        String base = firstLocation.substring(0, firstLocation.length() - suffix.length());
        Path dir = localPath(t.getSd().getLocation());
        Path file;
        try (var files = Dirs.visibleFiles(dir)) {
            file = files.findFirst().orElseThrow();
        }
        long start = System.nanoTime();
        for (int p1 = 0; p1 < FIRST; p1++) {
            for (int p2 = 0; p2 < SECOND; p2++) {
                if (p1 == 0 && p2 == 0) {
                    continue;
                }
                Path part = dir.resolve("p1=" + p1).resolve("p2=" + p2);
                Files.createDirectories(part);
                Files.copy(
                        file, part.resolve("data-0.parquet"), StandardCopyOption.REPLACE_EXISTING);
            }
        }
        System.err.printf(
                Locale.ROOT,
                "  %d partition directories written in %.1f s%n",
                FIRST * SECOND - 1,
                (System.nanoTime() - start) / 1e9);
        start = System.nanoTime();
        HiveMetastoreServer.resetCalls();
        List<Partition> batch = new ArrayList<>();
        int registered = 0;
        for (int p1 = 0; p1 < FIRST; p1++) {
            for (int p2 = 0; p2 < SECOND; p2++) {
                if (p1 == 0 && p2 == 0) {
                    continue;
                }
                Partition p = first.deepCopy();
                p.setValues(List.of(String.valueOf(p1), String.valueOf(p2)));
                p.getSd().setLocation(base + "p1=" + p1 + "/p2=" + p2);
                p.setParameters(new HashMap<>());
                batch.add(p);
                if (batch.size() == BATCH) {
                    registered += register(batch);
                }
            }
        }
        registered += register(batch);
        double seconds = (System.nanoTime() - start) / 1e9;
        int listed =
                HiveMetastoreServer.client()
                        .listPartitionNames("bench", "planned", (short) -1)
                        .size();
        System.err.printf(
                Locale.ROOT,
                "  %d partitions registered in %.1f s (add_partitions, %d a call): %s;"
                        + " the metastore lists %d%n",
                registered,
                seconds,
                BATCH,
                HiveMetastoreServer.describeCalls(),
                listed);
        if (listed != FIRST * SECOND) {
            throw new IllegalStateException("The metastore lists " + listed + " partitions");
        }
        table.add(
                new ResultTable.Row(
                        "hive-planning: registering 9,999 partitions (setup, once)",
                        "s, add_partitions of 1,000 each, from one client",
                        String.format(Locale.ROOT, "%.1f", seconds),
                        "-",
                        "-",
                        "Derby in this JVM; not timed in pairs"));
        return dir;
    }

    private static int register(List<Partition> batch) throws Exception {
        int n = batch.size();
        if (n > 0) {
            HiveMetastoreServer.client().add_partitions(new ArrayList<>(batch), false, false);
            batch.clear();
        }
        return n;
    }

    private void measure(String label, Path dir, String uri, String hive, String query)
            throws Exception {
        for (boolean explainOnly : new boolean[] {false, true}) {
            List<Double> oursLists = new ArrayList<>();
            List<Double> theirsLists = new ArrayList<>();
            List<Double> oursOpens = new ArrayList<>();
            List<Double> theirsOpens = new ArrayList<>();
            List<Double> oursCalls = new ArrayList<>();
            List<Double> theirsCalls = new ArrayList<>();
            List<Double> oursServing = new ArrayList<>();
            String[] lastCalls = new String[1];
            Pairs.Result r =
                    Pairs.run(
                            label + (explainOnly ? " (explain)" : ""),
                            1,
                            args.pairs,
                            run -> {
                                Sample s =
                                        query(
                                                dir,
                                                String.format(query, hive),
                                                explainOnly,
                                                oursLists,
                                                oursOpens,
                                                oursCalls);
                                oursServing.add(HiveMetastoreServer.millisServing("get_partition"));
                                lastCalls[0] = HiveMetastoreServer.describeCalls();
                                return s;
                            },
                            run -> {
                                Sql.createTable(
                                        env, "t", Side.OURS, "parquet", uri, COLUMNS, "p1, p2");
                                return query(
                                        dir,
                                        String.format(query, "t"),
                                        explainOnly,
                                        theirsLists,
                                        theirsOpens,
                                        theirsCalls);
                            });
            String what = explainOnly ? "planner only: explainSql" : "whole query";
            table.add(
                    label,
                    "ms, " + what + " (lower is better)",
                    r,
                    "other side: path table; answer "
                            + (explainOnly ? r.oursAnswer + " in the plan" : r.oursAnswer));
            addCounts(label, "listStatus calls, " + what, r, oursLists, theirsLists, "");
            addCounts(label, "files opened, " + what, r, oursOpens, theirsOpens, "");
            addCounts(
                    label,
                    "metastore calls, " + what,
                    r,
                    oursCalls,
                    theirsCalls,
                    "; last run: " + lastCalls[0]);
            Stats serving = Stats.of(oursServing.subList(1, oursServing.size()));
            table.add(
                    new ResultTable.Row(
                            label,
                            "ms serving get_partitions*, " + what,
                            serving.format(),
                            "-",
                            "-",
                            "the metastore's own time, in its handler"));
        }
    }

    private void addCounts(
            String label,
            String metric,
            Pairs.Result r,
            List<Double> ours,
            List<Double> theirs,
            String note) {
        // The warm-up pair's counts are dropped like its times.
        Stats o = Stats.of(ours.subList(1, ours.size()));
        Stats t = Stats.of(theirs.subList(1, theirs.size()));
        table.add(
                new ResultTable.Row(
                        label,
                        metric,
                        r.answersMatch ? o.format() : "ANSWERS DIFFER",
                        r.answersMatch ? t.format() : "ANSWERS DIFFER",
                        "-",
                        "counted in this JVM, both sides" + note));
    }

    /**
     * One run, the whole query or {@code explainSql} alone; the answer of an explain is the row
     * count the plan estimates for its scan ({@link PlanningBenchmark#scanRows}).
     */
    private Sample query(
            Path dir,
            String query,
            boolean explainOnly,
            List<Double> lists,
            List<Double> opens,
            List<Double> calls)
            throws Exception {
        // Cold footers for both sides: the planner caches them per file across queries.
        Dirs.touchAll(dir);
        CountingFileSystem.reset();
        HiveMetastoreServer.resetCalls();
        long start = System.nanoTime();
        String answer =
                explainOnly
                        ? PlanningBenchmark.scanRows(
                                env.explainSql(query, ExplainDetail.ESTIMATED_COST))
                        : Sql.answer(env, query);
        double ms = (System.nanoTime() - start) / 1e6;
        lists.add((double) CountingFileSystem.lists());
        opens.add((double) CountingFileSystem.opens());
        calls.add((double) HiveMetastoreServer.calls());
        return new Sample(ms, answer);
    }
}
