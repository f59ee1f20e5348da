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

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Scenario "plan-scale": our planning on a table of 1,000 x 100 = 100,000 partitions, one one-row
 * file each, through SQL and {@link CountingFileSystem}: a point query, a query on the first key
 * (100 partitions below it) and a range over five values of it (500). Ours alone: the figures show
 * that what a query costs follows what it keeps, not the size of the table; scenario "plan" has the
 * same queries on 10,000 partitions side by side with the {@code filesystem} connector.
 */
public final class PlanningAtScaleBenchmark {

    private static final String COLUMNS = "id BIGINT, v INT, p1 INT, p2 INT";
    private static final int FIRST = 1000;
    private static final int SECOND = 100;

    private final Args args;
    private final ResultTable table;
    private final TableEnvironment env;

    public PlanningAtScaleBenchmark(Args args, ResultTable table) throws Exception {
        this.args = args;
        this.table = table;
        this.env = Sql.batch();
    }

    public void run() throws Exception {
        Path root = args.workDir.toAbsolutePath().resolve("plan-scale");
        Dirs.deleteRecursively(root);
        Path dir = root.resolve("table");
        long start = System.nanoTime();
        createTable(root, dir);
        System.err.printf(
                "  100,000 partitions written in %.0f s%n", (System.nanoTime() - start) / 1e9);
        String uri = CountingFileSystem.uri(dir);
        measure("point query", dir, uri, "WHERE p1 = 420 AND p2 = 17");
        measure("first key (100 below)", dir, uri, "WHERE p1 = 420");
        measure("range on first key (500 below)", dir, uri, "WHERE p1 BETWEEN 100 AND 104");
        Dirs.deleteRecursively(root);
    }

    private void createTable(Path root, Path dir) throws Exception {
        Path file = PlanningBenchmark.oneRowFile(env, root.resolve("template"));
        PlanningBenchmark.copyIntoPartitions(file, dir, FIRST, SECOND);
    }

    private void measure(String name, Path dir, String uri, String where) throws Exception {
        String label = "plan at scale: " + name + ", 100,000 partitions";
        String query = "SELECT COUNT(*), SUM(id) FROM t " + where;
        for (boolean explainOnly : new boolean[] {false, true}) {
            List<Double> calls = new ArrayList<>();
            Pairs.Result r =
                    Pairs.one(
                            label + (explainOnly ? " (explain)" : ""),
                            1,
                            args.pairs,
                            run -> query(dir, uri, query, calls, explainOnly));
            String what = explainOnly ? "planner only: explainSql" : "whole query";
            table.add(
                    new ResultTable.Row(
                            label,
                            "ms, " + what + " (lower is better)",
                            r.answersMatch ? r.ours.format() : "RUNS DISAGREE",
                            "-",
                            "-",
                            "ours alone; answer " + r.oursAnswer));
            Stats c = Stats.of(calls.subList(1, calls.size()));
            table.add(
                    new ResultTable.Row(
                            label,
                            "listStatus calls, " + what,
                            c.format(),
                            "-",
                            "-",
                            "counted in the file system"));
        }
    }

    private Sample query(
            Path dir, String uri, String query, List<Double> calls, boolean explainOnly)
            throws Exception {
        Sql.createTable(env, "t", Side.OURS, "parquet", uri, COLUMNS, "p1, p2");
        // Cold footers: our planner caches them per file (path, size, modification time).
        Dirs.touchAll(dir);
        CountingFileSystem.reset();
        long start = System.nanoTime();
        String answer =
                explainOnly
                        ? PlanningBenchmark.scanRows(
                                env.explainSql(query, ExplainDetail.ESTIMATED_COST))
                        : Sql.answer(env, query);
        double ms = (System.nanoTime() - start) / 1e6;
        calls.add((double) CountingFileSystem.lists());
        return new Sample(ms, answer);
    }
}
