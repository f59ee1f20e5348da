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

import org.apache.flink.table.api.TableEnvironment;

import java.nio.file.Path;

/**
 * Scenario 11: csv and json tables against Flink's {@code filesystem} connector with its csv and
 * json formats: a batch write into 100 partitions, and a full scan of one table both read.
 */
public final class LineFormatBenchmarks {

    private final Args args;
    private final ResultTable table;
    private final TableEnvironment env;
    private final Path root;

    public LineFormatBenchmarks(Args args, ResultTable table) throws Exception {
        this.args = args;
        this.table = table;
        this.env = Sql.batch();
        this.root = args.workDir.toAbsolutePath().resolve("lines");
    }

    public void run() throws Exception {
        long rows = args.scale.rows;
        Sql.createGenerator(env, "gen", rows);
        for (String format : new String[] {"csv", "json"}) {
            String write = "write " + format + ", 100 partitions";
            Pairs.Result w =
                    Pairs.run(
                            write,
                            1,
                            args.pairs,
                            run ->
                                    WriteRun.write(
                                            env,
                                            root,
                                            Side.OURS,
                                            format,
                                            true,
                                            WriteRun.From.DATAGEN,
                                            rows,
                                            run,
                                            ""),
                            run ->
                                    WriteRun.write(
                                            env,
                                            root,
                                            Side.THEIRS,
                                            format,
                                            true,
                                            WriteRun.From.DATAGEN,
                                            rows,
                                            run,
                                            ""));
            table.add(write, "rows/s", w, rows + " rows, 20 columns, uncompressed");

            Path dir = root.resolve("scan-" + format);
            Dirs.deleteRecursively(dir);
            Sql.createTable(
                    env, "src", Side.OURS, format, dir.toUri().toString(), Sql.COLUMNS, "p1, p2");
            Sql.run(env, "INSERT INTO src " + Sql.selectRows("gen"));
            String scan = "scan " + format + ", full";
            Pairs.Result s =
                    Pairs.run(
                            scan,
                            1,
                            args.pairs,
                            run -> scan(Side.OURS, format, dir, rows),
                            run -> scan(Side.THEIRS, format, dir, rows));
            table.add(scan, "rows/s", s, "100 partitions, the same files (written by ours)");
            Dirs.deleteRecursively(dir);
        }
    }

    private Sample scan(Side side, String format, Path dir, long rows) throws Exception {
        Sql.createTable(env, "t", side, format, dir.toUri().toString(), Sql.COLUMNS, "p1, p2");
        long start = System.nanoTime();
        String answer = Sql.answer(env, String.format(Sql.FULL_CHECKSUM, "t"));
        return new Sample(rows / ((System.nanoTime() - start) / 1e9), answer);
    }
}
