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

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Scenario: lookup joins against a parquet table of ten columns, 1 M and 10 M rows (100 k at the
 * tiny scale). Each run is a child JVM ({@link LookupJob}, {@value #XMX}):
 *
 * <ul>
 *   <li>the load of one subtask's cache: its time, and the heap it holds, whole and with the keys
 *       the shuffle hint routes to one of two subtasks;
 *   <li>the join of the probe rows at parallelism 2, in probe rows per second (the load included),
 *       as a lookup join on ours against the same join written as a regular streaming join on
 *       Flink's filesystem source, alternating; and with the shuffle hint, on the 2.x lines.
 * </ul>
 */
public final class LookupBenchmark {

    static final String XMX = "-Xmx12g";

    private final Args args;
    private final ResultTable table;

    public LookupBenchmark(Args args, ResultTable table) {
        this.args = args;
        this.table = table;
    }

    public void run() throws Exception {
        Path root = args.workDir.toAbsolutePath().resolve("lookup");
        Dirs.deleteRecursively(root);
        boolean tiny = args.scale == Scale.TINY;
        long[] sizes = tiny ? new long[] {100_000} : new long[] {1_000_000, 10_000_000};
        long probeRows = tiny ? 200_000 : 2_000_000;
        for (long rows : sizes) {
            Path dim = root.resolve("dim-" + rows);
            write(dim, rows);
            String size = rows >= 1_000_000 ? rows / 1_000_000 + " M" : rows / 1000 + " k";
            loads(dim, rows, size);
            joins(dim, rows, probeRows, size);
        }
    }

    private static void write(Path dim, long rows) throws Exception {
        org.apache.flink.table.api.TableEnvironment env = Sql.batch();
        Sql.createGenerator(env, "gen", rows);
        Sql.createTable(
                env,
                "dim",
                Sql.Side.OURS,
                "parquet",
                dim.toUri().toString(),
                LookupJob.COLUMNS,
                "");
        Sql.run(env, "INSERT INTO dim " + LookupJob.selectDimRows("gen"));
    }

    private void loads(Path dim, long rows, String size) throws Exception {
        for (String mode : List.of("LOAD_ALL", "LOAD_HALF")) {
            List<Double> millis = new ArrayList<>();
            List<Double> mib = new ArrayList<>();
            String answer = null;
            boolean same = true;
            for (int i = 0; i < args.pairs; i++) {
                String[] out = child(mode, dim, rows, 0);
                String[] figures = out[0].split(":");
                millis.add(Double.parseDouble(figures[0]));
                mib.add(Long.parseLong(figures[1]) / 1048576.0);
                same &= answer == null || answer.equals(out[1]);
                answer = out[1];
                System.err.printf("  lookup %s %s run %d: %s%n", size, mode, i + 1, out[0]);
            }
            String what =
                    mode.equals("LOAD_ALL")
                            ? "one subtask's cache, whole table"
                            : "one subtask's cache, shuffle hint, 1 of 2 subtasks";
            String note = (same ? answer : "runs disagree") + " rows cached; child JVM " + XMX;
            table.add(
                    new ResultTable.Row(
                            "lookup load, " + size + " rows, " + what,
                            "ms to load (lower is better)",
                            Stats.of(millis).format(),
                            "-",
                            "-",
                            note));
            table.add(
                    new ResultTable.Row(
                            "lookup load, " + size + " rows, " + what,
                            "MiB heap held after GC (lower is better)",
                            Stats.of(mib).format(),
                            "-",
                            "-",
                            note));
        }
    }

    private void joins(Path dim, long rows, long probeRows, String size) throws Exception {
        String label = "lookup join, " + size + " rows, " + probeRows / 1000 + " k probe rows";
        Pairs.Result lookupVsRegular =
                Pairs.run(
                        label,
                        0,
                        args.pairs,
                        run -> rate(child("LOOKUP", dim, rows, probeRows), probeRows),
                        run -> rate(child("REGULAR", dim, rows, probeRows), probeRows));
        table.add(
                label + " (theirs: regular join on filesystem)",
                "probe rows/s, load included (higher is better)",
                lookupVsRegular,
                "parallelism 2, child JVM " + XMX + "; answer " + lookupVsRegular.oursAnswer);
        if (!Cluster.flinkLine().equals("1.20")) {
            Pairs.Result shuffled =
                    Pairs.one(
                            label + " shuffle",
                            0,
                            args.pairs,
                            run -> rate(child("LOOKUP_SHUFFLE", dim, rows, probeRows), probeRows));
            // Theirs here: our lookup join without the hint, from the pairs above.
            Pairs.Result combined = Pairs.combine(shuffled, lookupVsRegular);
            table.add(
                    label + ", shuffle hint (theirs: ours without it)",
                    "probe rows/s, load included (higher is better)",
                    combined,
                    "parallelism 2; answer " + combined.oursAnswer);
        }
    }

    private static Sample rate(String[] out, long probeRows) {
        return new Sample(probeRows / (Double.parseDouble(out[0]) / 1000.0), out[1]);
    }

    /** Runs one child; returns its figure and its answer. */
    private static String[] child(String mode, Path dim, long rows, long probeRows)
            throws Exception {
        Path log = dim.resolveSibling(dim.getFileName() + "-" + mode + ".log");
        ChildJvm.Outcome run =
                ChildJvm.run(
                        LookupJob.class,
                        XMX,
                        log,
                        Duration.ofMinutes(30),
                        mode,
                        dim.toUri().toString(),
                        String.valueOf(rows),
                        String.valueOf(probeRows));
        if (run.result == null) {
            throw new IllegalStateException(
                    String.format(Locale.ROOT, "%s failed (exit %d), see %s", mode, run.exit, log));
        }
        return run.result.split(" ", 2);
    }
}
