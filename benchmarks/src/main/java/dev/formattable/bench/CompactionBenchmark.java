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
import java.util.Locale;

/**
 * Scenario "compaction": the seeded rows written by a streaming job that checkpoints every 200 ms
 * into 10 partitions by two writers, so each checkpoint leaves two small files per partition. Three
 * comparisons: the write with {@code auto-compaction} against the same write without it (what
 * compaction costs), against the {@code filesystem} connector's write with its own {@code
 * auto-compaction}, and a full scan of the table each of the first two writes left (what compaction
 * saves a reader). The notes give the files per partition. Answers are checked: the same rows,
 * whatever wrote them.
 */
public final class CompactionBenchmark {

    private final Args args;
    private final ResultTable table;
    private final Path root;

    public CompactionBenchmark(Args args, ResultTable table) {
        this.args = args;
        this.table = table;
        this.root = args.workDir.toAbsolutePath().resolve("compaction");
    }

    /** One way of writing: who writes, and whether it compacts. */
    private enum Writer {
        COMPACTED(Side.OURS, "'auto-compaction'='true', " + PartitionedStreamWrites.TWO_WRITERS),
        PLAIN(Side.OURS, PartitionedStreamWrites.TWO_WRITERS),
        FILESYSTEM_COMPACTED(
                Side.THEIRS, "'auto-compaction'='true', " + PartitionedStreamWrites.TWO_WRITERS);

        final Side side;
        final String options;

        Writer(Side side, String options) {
            this.side = side;
            this.options = options;
        }
    }

    public void run() throws Exception {
        TableEnvironment streaming = Sql.streaming("200 ms", root.resolve("checkpoints"));
        TableEnvironment batch = Sql.batch();
        long rows = args.scale.rows;
        Sql.createGenerator(streaming, "gen", rows);

        String label = "streaming write parquet, 10 partitions, checkpoint every 200 ms";
        Pairs.Result cost =
                Pairs.run(
                        label + ": auto-compaction / none",
                        1,
                        args.pairs,
                        run -> write(streaming, batch, Writer.COMPACTED, rows, run),
                        run -> write(streaming, batch, Writer.PLAIN, rows, run));
        table.add(
                label + ", ours: auto-compaction / none",
                "rows/s",
                cost,
                String.format(
                        Locale.ROOT,
                        "%d rows; files per partition: %s with, %s without",
                        rows,
                        filesPerPartition(Writer.COMPACTED),
                        filesPerPartition(Writer.PLAIN)));

        Pairs.Result versus =
                Pairs.run(
                        label + ": ours / filesystem, both auto-compaction",
                        1,
                        args.pairs,
                        run -> write(streaming, batch, Writer.COMPACTED, rows, run),
                        run -> write(streaming, batch, Writer.FILESYSTEM_COMPACTED, rows, run));
        table.add(
                label + ", auto-compaction: ours / filesystem",
                "rows/s",
                versus,
                String.format(
                        Locale.ROOT,
                        "files per partition: ours %s, filesystem %s",
                        filesPerPartition(Writer.COMPACTED),
                        filesPerPartition(Writer.FILESYSTEM_COMPACTED)));

        // The tables the last write of each kind left, read back whole.
        Pairs.Result scan =
                Pairs.run(
                        "full scan after the streaming write: compacted / not",
                        1,
                        args.pairs,
                        run -> scan(batch, Writer.COMPACTED),
                        run -> scan(batch, Writer.PLAIN));
        table.add(
                "full scan of the streamed table (ours): auto-compaction / none",
                "ms",
                scan,
                String.format(
                        Locale.ROOT,
                        "%s against %s files per partition",
                        filesPerPartition(Writer.COMPACTED),
                        filesPerPartition(Writer.PLAIN)));
        Dirs.deleteRecursively(root);
    }

    private Path dir(Writer writer) {
        return root.resolve(writer.name().toLowerCase(Locale.ROOT));
    }

    private String filesPerPartition(Writer writer) throws Exception {
        return PartitionedStreamWrites.filesPerPartition(dir(writer));
    }

    private Sample write(
            TableEnvironment streaming, TableEnvironment batch, Writer writer, long rows, int run)
            throws Exception {
        return PartitionedStreamWrites.write(
                streaming, batch, writer.side, dir(writer), writer.options, writer.name(), rows);
    }

    private Sample scan(TableEnvironment batch, Writer writer) throws Exception {
        return PartitionedStreamWrites.scan(batch, dir(writer));
    }
}
