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
import java.util.EnumMap;
import java.util.Map;

/**
 * Scenario "stream-write": the seeded rows written by a streaming job with a checkpoint every
 * second, ours against the {@code filesystem} connector's streaming sink. Both publish files at
 * each checkpoint (a bulk format rolls on checkpoint), so their file counts are alike; the note
 * gives both (ours with {@code write.max-open-files} at 100 for the 100 partitions, as the other
 * side keeps a file open per partition). Rows per second of the whole job, which ends after the
 * final checkpoint of its bounded input; the answer is read back in batch mode.
 */
public final class StreamingWriteBenchmark {

    private final Args args;
    private final ResultTable table;
    private final Path root;

    public StreamingWriteBenchmark(Args args, ResultTable table) {
        this.args = args;
        this.table = table;
        this.root = args.workDir.toAbsolutePath().resolve("stream-write");
    }

    public void run() throws Exception {
        TableEnvironment streaming = Sql.streaming("1 s", root.resolve("checkpoints"));
        TableEnvironment batch = Sql.batch();
        long rows = args.scale.rows;
        Sql.createGenerator(streaming, "gen", rows);
        for (boolean partitioned : new boolean[] {false, true}) {
            String label =
                    "streaming write parquet, "
                            + (partitioned ? "100 partitions" : "unpartitioned")
                            + ", checkpoint every 1 s";
            Map<Side, Long> files = new EnumMap<>(Side.class);
            Pairs.Result r =
                    Pairs.run(
                            label,
                            1,
                            args.pairs,
                            run ->
                                    write(
                                            streaming,
                                            batch,
                                            Side.OURS,
                                            partitioned,
                                            rows,
                                            run,
                                            files),
                            run ->
                                    write(
                                            streaming,
                                            batch,
                                            Side.THEIRS,
                                            partitioned,
                                            rows,
                                            run,
                                            files));
            table.add(
                    label,
                    "rows/s",
                    r,
                    String.format(
                            "%d rows; files of the last run: ours %d, theirs %d",
                            rows, files.get(Side.OURS), files.get(Side.THEIRS)));
        }
        Dirs.deleteRecursively(root);
    }

    private Sample write(
            TableEnvironment streaming,
            TableEnvironment batch,
            Side side,
            boolean partitioned,
            long rows,
            int run,
            Map<Side, Long> files)
            throws Exception {
        Path dir = root.resolve(side + "-" + partitioned + "-" + run);
        Dirs.deleteRecursively(dir);
        String uri = dir.toUri().toString();
        String keys = partitioned ? "p1, p2" : "";
        // Each of the two writers sees all 100 partitions in turn. With our default of 32 open
        // files that would finish a file on nearly every row (docs/streaming.md, "Bounded
        // memory"); like the filesystem sink, keep one file open per partition.
        String options = side == Side.OURS && partitioned ? "'write.max-open-files'='100'" : "";
        Sql.createTable(streaming, "sink", side, "parquet", uri, Sql.COLUMNS, keys, options);
        long start = System.nanoTime();
        Sql.run(streaming, "INSERT INTO sink " + Sql.selectRows("gen"));
        double seconds = (System.nanoTime() - start) / 1e9;
        Sql.createTable(batch, "written", side, "parquet", uri, Sql.COLUMNS, keys);
        String answer = Sql.answer(batch, "SELECT COUNT(*), SUM(id), SUM(p1 + p2) FROM written");
        files.put(side, Dirs.countVisibleFiles(dir));
        Dirs.deleteRecursively(dir);
        return new Sample(rows / seconds, answer);
    }
}
