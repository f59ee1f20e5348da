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

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * Scenario 3: a point query (equality on both partition keys) and a range query on a table of 100 x
 * 100 partitions with one one-row file each, read by both connectors through {@link
 * CountingFileSystem}. Two figures: the wall time of the whole query (planning, listing, reading
 * one or 500 tiny files, job start-up) and that of the optimizer alone ({@code explainSql}), each
 * with its listing calls. The planner-only figure's answer is the row count the plan estimates for
 * the scan.
 */
public final class PlanningBenchmark {

    private static final String COLUMNS = "id BIGINT, v INT, p1 INT, p2 INT";

    private final Args args;
    private final ResultTable table;
    private final TableEnvironment env;

    public PlanningBenchmark(Args args, ResultTable table) throws Exception {
        this.args = args;
        this.table = table;
        this.env = Sql.batch();
    }

    public void run() throws Exception {
        Path root = args.workDir.toAbsolutePath().resolve("plan");
        Dirs.deleteRecursively(root);
        Path dir = root.resolve("table");
        createTable(root, dir);
        String uri = CountingFileSystem.uri(dir);
        measure(
                "plan point query, 10,000 partitions",
                dir,
                uri,
                "SELECT COUNT(*), SUM(id) FROM t WHERE p1 = 42 AND p2 = 17");
        measure(
                "plan range query (p1 in 5 of 100), 10,000 partitions",
                dir,
                uri,
                "SELECT COUNT(*), SUM(id) FROM t WHERE p1 BETWEEN 10 AND 14");
        Dirs.deleteRecursively(root);
    }

    /** One tiny parquet file written by us, copied into every partition directory. */
    private void createTable(Path root, Path dir) throws Exception {
        copyIntoPartitions(oneRowFile(env, root.resolve("template")), dir, 100, 100);
    }

    /** A parquet file of one row {@code (1, 7)} of {@code (id BIGINT, v INT)}, written by us. */
    static Path oneRowFile(TableEnvironment env, Path template) throws Exception {
        Sql.createTable(
                env,
                "tmpl",
                Side.OURS,
                "parquet",
                template.toUri().toString(),
                "id BIGINT, v INT",
                "");
        Sql.run(env, "INSERT INTO tmpl VALUES (CAST(1 AS BIGINT), 7)");
        try (Stream<Path> files = Dirs.visibleFiles(template)) {
            return files.findFirst().orElseThrow();
        }
    }

    /** The file in each of the {@code first} x {@code second} partitions {@code p1=/p2=}. */
    static void copyIntoPartitions(Path file, Path dir, int first, int second) throws Exception {
        for (int p1 = 0; p1 < first; p1++) {
            for (int p2 = 0; p2 < second; p2++) {
                Path part = dir.resolve("p1=" + p1).resolve("p2=" + p2);
                Files.createDirectories(part);
                Files.copy(
                        file, part.resolve("data-0.parquet"), StandardCopyOption.REPLACE_EXISTING);
            }
        }
    }

    private void measure(String label, Path dir, String uri, String query) throws Exception {
        List<Double> oursCalls = new ArrayList<>();
        List<Double> theirsCalls = new ArrayList<>();
        Pairs.Result r =
                Pairs.run(
                        label,
                        1,
                        args.pairs,
                        run -> query(Side.OURS, dir, uri, query, oursCalls, false),
                        run -> query(Side.THEIRS, dir, uri, query, theirsCalls, false));
        table.add(label, "ms, whole query (lower is better)", r, "answer " + r.oursAnswer);
        addCalls(label, "listStatus calls, whole query", r, oursCalls, theirsCalls);
        // The optimizer alone: partition listing and statistics, no job.
        List<Double> oursPlanCalls = new ArrayList<>();
        List<Double> theirsPlanCalls = new ArrayList<>();
        Pairs.Result p =
                Pairs.run(
                        label + " (explain)",
                        1,
                        args.pairs,
                        run -> query(Side.OURS, dir, uri, query, oursPlanCalls, true),
                        run -> query(Side.THEIRS, dir, uri, query, theirsPlanCalls, true));
        table.add(
                label,
                "ms, planner only: explainSql (lower is better)",
                p,
                "answer: " + p.oursAnswer + " in the plan");
        addCalls(label, "listStatus calls, planner only", p, oursPlanCalls, theirsPlanCalls);
    }

    private void addCalls(
            String label, String metric, Pairs.Result r, List<Double> ours, List<Double> theirs) {
        // The warm-up pair's counts are dropped like its times.
        Stats o = Stats.of(ours.subList(1, ours.size()));
        Stats t = Stats.of(theirs.subList(1, theirs.size()));
        table.add(
                new ResultTable.Row(
                        label,
                        metric,
                        r.answersMatch ? o.format() : "ANSWERS DIFFER",
                        r.answersMatch ? t.format() : "ANSWERS DIFFER",
                        t.median == 0
                                ? "-"
                                : String.format(Locale.ROOT, "%.3f", o.median / t.median),
                        "counted in the file system, both sides"));
    }

    /**
     * One run: the whole query, or only {@code explainSql} when {@code explainOnly}. The answer of
     * an explain is the number of partitions the plan's source scan keeps, which both sides' plans
     * print.
     */
    private Sample query(
            Side side, Path dir, String uri, String query, List<Double> calls, boolean explainOnly)
            throws Exception {
        Sql.createTable(env, "t", side, "parquet", uri, COLUMNS, "p1, p2");
        // Cold footers for both sides: ours caches them per file across queries, theirs does not.
        Dirs.touchAll(dir);
        CountingFileSystem.reset();
        long start = System.nanoTime();
        String answer =
                explainOnly
                        ? scanRows(env.explainSql(query, ExplainDetail.ESTIMATED_COST))
                        : Sql.answer(env, query);
        double ms = (System.nanoTime() - start) / 1e6;
        calls.add((double) CountingFileSystem.lists());
        return new Sample(ms, answer);
    }

    /**
     * "N rows": the row count the optimized plan estimates for its first TableSourceScan, from the
     * statistics of the partitions it keeps. Both sides report it from the same footers, whether
     * they take partitions through partition push-down (theirs) or filters (ours).
     */
    static String scanRows(String plan) {
        int optimized = plan.indexOf("== Optimized");
        String tail = optimized < 0 ? plan : plan.substring(optimized);
        int scan = tail.indexOf("TableSourceScan");
        if (scan < 0) {
            return "no TableSourceScan in the plan";
        }
        int end = tail.indexOf('\n', scan);
        String line = tail.substring(scan, end < 0 ? tail.length() : end);
        int from = line.indexOf("rowcount = ");
        if (from < 0) {
            return "no row count in the plan";
        }
        from += "rowcount = ".length();
        int to = from;
        while (to < line.length()
                && (Character.isDigit(line.charAt(to)) || line.charAt(to) == '.')) {
            to++;
        }
        return line.substring(from, to) + " rows";
    }
}
