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
 * Scenario "stream-write-s3": the seeded rows written by a streaming job with a checkpoint every 10
 * s to an S3 server in this JVM (s3proxy), through Flink's S3 plugin, ours against the {@code
 * filesystem} connector's streaming sink ({@code FileSink} on the plugin's recoverable writer).
 * Both write multipart uploads to the final keys and complete them at each checkpoint. Rows per
 * second of the whole job; the answer is read back in batch mode; the note gives the copy requests
 * and completed uploads the store served during the last run of each side.
 */
public final class S3StreamingWriteBenchmark {

    private final Args args;
    private final ResultTable table;

    public S3StreamingWriteBenchmark(Args args, ResultTable table) {
        this.args = args;
        this.table = table;
    }

    public void run() throws Exception {
        Path checkpoints = args.workDir.toAbsolutePath().resolve("stream-write-s3");
        Dirs.deleteRecursively(checkpoints);
        long rows = args.scale.streamingRows;
        try (S3Store s3 = new S3Store(true)) {
            TableEnvironment streaming = Sql.streaming("10 s", checkpoints);
            TableEnvironment batch = Sql.batch();
            Sql.createGenerator(streaming, "gen", rows);
            Map<Side, String> requests = new EnumMap<>(Side.class);
            String label = "streaming write parquet to S3, 10 partitions, checkpoint every 10 s";
            Pairs.Result r =
                    Pairs.run(
                            label,
                            1,
                            args.pairs,
                            run -> write(s3, streaming, batch, Side.OURS, rows, run, requests),
                            run -> write(s3, streaming, batch, Side.THEIRS, rows, run, requests));
            table.add(
                    label,
                    "rows/s",
                    r,
                    String.format(
                            "%d rows, s3proxy through Flink's S3 plugin; last run's requests:"
                                    + " ours %s, theirs %s",
                            rows, requests.get(Side.OURS), requests.get(Side.THEIRS)));
        } finally {
            Dirs.deleteRecursively(checkpoints);
        }
    }

    private static Sample write(
            S3Store s3,
            TableEnvironment streaming,
            TableEnvironment batch,
            Side side,
            long rows,
            int run,
            Map<Side, String> requests)
            throws Exception {
        String uri = s3.location("stream-" + side + "-" + run);
        Sql.createTable(streaming, "sink", side, "parquet", uri, Sql.COLUMNS, "p1");
        s3.resetCalls();
        long start = System.nanoTime();
        Sql.run(streaming, "INSERT INTO sink " + Sql.selectRows("gen"));
        double seconds = (System.nanoTime() - start) / 1e9;
        requests.put(
                side,
                String.format(
                        "%d copies, %d completed uploads",
                        s3.calls("copyBlob"), s3.calls("completeMultipartUpload")));
        Sql.createTable(batch, "written", side, "parquet", uri, Sql.COLUMNS, "p1");
        String answer = Sql.answer(batch, "SELECT COUNT(*), SUM(id), SUM(p1 + p2) FROM written");
        return new Sample(rows / seconds, answer);
    }
}
