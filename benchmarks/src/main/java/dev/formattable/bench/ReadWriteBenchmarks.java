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
import dev.formattable.flink.stats.Footers;

import org.apache.flink.table.api.TableEnvironment;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Scenarios 1, 2 and 5: batch writes, full and projected scans (with the raw readers as the limit),
 * and COUNT(*) answered from footers against Flink's full scan.
 */
public final class ReadWriteBenchmarks {

    private final Args args;
    private final ResultTable table;
    private final TableEnvironment env;
    private final Path root;

    public ReadWriteBenchmarks(Args args, ResultTable table) throws Exception {
        this.args = args;
        this.table = table;
        this.env = Sql.batch();
        this.root = args.workDir.toAbsolutePath().resolve("rw");
    }

    /**
     * Scenario 1: rows/s of a batch INSERT, unpartitioned and into 100 partitions. Parquet runs in
     * this JVM; orc in a child JVM ({@link OrcWrites}), where Flink's orc writer can have its own
     * orc-core 1.5.
     */
    public void write() throws Exception {
        long rows = args.scale.rows;
        Sql.createGenerator(env, "gen", rows);
        WriteRun.createCopySource(env, root);
        for (WriteRun.From from : WriteRun.From.values()) {
            for (boolean partitioned : new boolean[] {false, true}) {
                String label =
                        "write parquet, "
                                + (partitioned ? "100 partitions" : "unpartitioned")
                                + ", "
                                + from.label();
                Pairs.Result r =
                        Pairs.run(
                                label,
                                1,
                                args.pairs,
                                run -> write(Side.OURS, partitioned, from, rows, run),
                                run -> write(Side.THEIRS, partitioned, from, rows, run));
                table.add(label, "rows/s", r, rows + " rows, 20 columns");
            }
        }
        Dirs.deleteRecursively(root.resolve("rows27"));
        new OrcWrites(args, table).run();
    }

    /**
     * A job's fixed cost: a 1,000-row write takes the time of scheduling its tasks and of its
     * commit (both sides: {@code finalizeGlobal} on the JobManager, for ours in a batch job on a
     * local disk). A second row gives the time from the writers' end to the job's end, the commit.
     */
    public void smallWrite() throws Exception {
        long rows = 1000;
        Sql.createGenerator(env, "gen", rows);
        String label = "write parquet, 1000 rows, 100 partitions";
        List<Double> oursCommit = new ArrayList<>();
        List<Double> theirsCommit = new ArrayList<>();
        Pairs.Result r =
                Pairs.run(
                        label,
                        1,
                        args.pairs,
                        run -> smallWrite(Side.OURS, rows, run, oursCommit),
                        run -> smallWrite(Side.THEIRS, rows, run, theirsCommit));
        table.add(label, "ms, whole job (lower is better)", r, "a job's fixed cost");
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
                "the commit and the job's end");
        Sql.createGenerator(env, "gen", args.scale.rows);
    }

    private Sample smallWrite(Side side, long rows, int run, List<Double> commits)
            throws Exception {
        Sample whole = millis(write(side, true, WriteRun.From.DATAGEN, rows, run), rows);
        commits.add((double) Cluster.lastJobEndAfterWriters());
        return whole;
    }

    private static Sample millis(Sample rowsPerSecond, long rows) {
        return new Sample(1000.0 * rows / rowsPerSecond.value, rowsPerSecond.answer);
    }

    private Sample write(Side side, boolean partitioned, WriteRun.From from, long rows, int run)
            throws Exception {
        return WriteRun.write(env, root, side, "parquet", partitioned, from, rows, run, "");
    }

    /** Scenario 2: full and projected scans of one table written by us, read by both sides. */
    public void scan() throws Exception {
        long rows = args.scale.rows;
        Sql.createGenerator(env, "gen", rows);
        for (String format : new String[] {"parquet", "orc"}) {
            Path dir = root.resolve("scan-" + format);
            Dirs.deleteRecursively(dir);
            Sql.createTable(
                    env, "src", Side.OURS, format, dir.toUri().toString(), Sql.COLUMNS, "p1, p2");
            Sql.run(env, "INSERT INTO src " + Sql.selectRows("gen"));
            for (boolean projected : new boolean[] {false, true}) {
                String query = projected ? Sql.PROJECTED_CHECKSUM : Sql.FULL_CHECKSUM;
                String label = "scan " + format + (projected ? ", 2 of 20 columns" : ", full");
                Pairs.Result r =
                        Pairs.run(
                                label,
                                1,
                                args.pairs,
                                run -> scan(Side.OURS, format, dir, query, rows),
                                run -> scan(Side.THEIRS, format, dir, query, rows));
                table.add(label, "rows/s", r, "100 partitions, same files");
                RawReaders raw = new RawReaders(format, projected);
                Pairs.Result limit =
                        Pairs.one(label + " (raw)", 1, args.pairs, run -> raw.read(dir, rows));
                table.add(
                        label,
                        "rows/s vs raw " + (format.equals("orc") ? "orc-core" : "parquet-java"),
                        Pairs.combine(r, limit),
                        "other side: raw reader on 2 threads, no Flink");
            }
            Dirs.deleteRecursively(dir);
        }
    }

    private Sample scan(Side side, String format, Path dir, String query, long rows)
            throws Exception {
        Sql.createTable(env, "t", side, format, dir.toUri().toString(), Sql.COLUMNS, "p1, p2");
        long start = System.nanoTime();
        String answer = Sql.answer(env, String.format(query, "t"));
        return new Sample(rows / ((System.nanoTime() - start) / 1e9), answer);
    }

    /** Scenario 5: COUNT(*) from footers (ours) against Flink's scan of the same files. */
    public void count() throws Exception {
        long rows = args.scale.countRows;
        Path dir = root.resolve("count");
        Dirs.deleteRecursively(dir);
        Sql.createGenerator(env, "gen", rows);
        String columns = "id BIGINT, v INT";
        Sql.createTable(env, "c", Side.OURS, "parquet", dir.toUri().toString(), columns, "");
        Sql.run(env, "INSERT INTO c SELECT id, CAST(MOD(id, 1000) AS INT) FROM gen");
        Pairs.Result r =
                Pairs.run(
                        "count(*)",
                        1,
                        args.pairs,
                        run -> count(Side.OURS, dir, columns),
                        run -> count(Side.THEIRS, dir, columns));
        table.add(
                "COUNT(*) of " + Stats.fmt(rows) + " rows, parquet",
                "ms (lower is better)",
                r,
                "ours: footers only; theirs: scans the files");
        Dirs.deleteRecursively(dir);
    }

    private Sample count(Side side, Path dir, String columns) throws Exception {
        Sql.createTable(env, "c", side, "parquet", dir.toUri().toString(), columns, "");
        Dirs.touchAll(dir);
        long footers = Footers.footerReads();
        long start = System.nanoTime();
        String answer = Sql.answer(env, "SELECT COUNT(*) FROM c");
        double ms = (System.nanoTime() - start) / 1e6;
        if (side == Side.OURS && Footers.footerReads() == footers) {
            // The answer did not come from footers; say so rather than print a false figure.
            answer = "no footers were read: " + answer;
        }
        return new Sample(ms, answer);
    }
}
