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

import org.apache.flink.configuration.Configuration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.api.bridge.java.StreamTableEnvironment;

import java.nio.file.Path;
import java.util.Locale;

/**
 * Scenario "compaction-modes": a day of data written by a streaming job that checkpoints every 10
 * seconds into 10 partitions by two writers, in the three modes of compaction: none, per checkpoint
 * ({@code auto-compaction}) and across checkpoints ({@code compaction.across-checkpoints} under the
 * {@code process-time} trigger with a delay of a day, so every partition is held until the end of
 * the input, the end of the day). The write is thirty times the scale's rows, so that it spans
 * several checkpoints. Two comparisons of rows per second, each mode that compacts against none,
 * and two of a full scan of the tables the last writes left. The notes give the files per
 * partition. Answers are checked: the same rows, whichever mode wrote them.
 */
public final class CompactionModesBenchmark {

    private final Args args;
    private final ResultTable table;
    private final Path root;

    public CompactionModesBenchmark(Args args, ResultTable table) {
        this.args = args;
        this.table = table;
        this.root = args.workDir.toAbsolutePath().resolve("compaction-modes");
    }

    /** One mode of compaction, and the options that ask for it. */
    private enum Mode {
        NONE(PartitionedStreamWrites.TWO_WRITERS),
        PER_CHECKPOINT("'auto-compaction'='true', " + PartitionedStreamWrites.TWO_WRITERS),
        ACROSS_CHECKPOINTS(
                "'auto-compaction'='true', 'compaction.across-checkpoints'='true',"
                        + " 'sink.partition-commit.delay'='1 d', "
                        + PartitionedStreamWrites.TWO_WRITERS);

        final String options;

        Mode(String options) {
            this.options = options;
        }

        String label() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }
    }

    public void run() throws Exception {
        long rows = args.scale.rows * 30;
        TableEnvironment streaming = streaming(rows);
        TableEnvironment batch = Sql.batch();
        String label = "streaming write parquet, 10 partitions, checkpoint every 10 s";
        for (Mode mode : new Mode[] {Mode.PER_CHECKPOINT, Mode.ACROSS_CHECKPOINTS}) {
            Pairs.Result write =
                    Pairs.run(
                            label + ": " + mode.label() + " / none",
                            0,
                            args.pairs,
                            run -> write(streaming, batch, mode, rows, run),
                            run -> write(streaming, batch, Mode.NONE, rows, run));
            table.add(
                    label + ", ours: compaction " + mode.label() + " / none",
                    "rows/s",
                    write,
                    String.format(
                            Locale.ROOT,
                            "%d rows; files per partition: %s %s, %s none",
                            rows,
                            filesPerPartition(mode),
                            mode.label(),
                            filesPerPartition(Mode.NONE)));
        }
        for (Mode mode : new Mode[] {Mode.PER_CHECKPOINT, Mode.ACROSS_CHECKPOINTS}) {
            Pairs.Result scan =
                    Pairs.run(
                            "full scan of the day: " + mode.label() + " / none",
                            1,
                            args.pairs,
                            run -> scan(batch, mode),
                            run -> scan(batch, Mode.NONE));
            table.add(
                    "full scan of the day written with checkpoints every 10 s (ours): compaction "
                            + mode.label()
                            + " / none",
                    "ms",
                    scan,
                    String.format(
                            Locale.ROOT,
                            "%s against %s files per partition",
                            filesPerPartition(mode),
                            filesPerPartition(Mode.NONE)));
        }
        Dirs.deleteRecursively(root);
    }

    /**
     * A streaming environment whose view {@code gen} holds the ids 0 to {@code rows - 1}, read by
     * two readers of Flink's number sequence source. Not SQL's {@code datagen}: it is a legacy
     * source, whose emitting thread holds the checkpoint lock so much that at full speed a
     * checkpoint due every 10 s came about every 30 s.
     */
    private TableEnvironment streaming(long rows) throws Exception {
        Configuration conf = new Configuration();
        Cluster.target(conf);
        conf.setString("execution.checkpointing.interval", "10 s");
        conf.setString("execution.checkpointing.storage", "filesystem");
        conf.setString(
                "execution.checkpointing.dir", root.resolve("checkpoints").toUri().toString());
        conf.setString("parallelism.default", "2");
        conf.setString("source.reader.close.timeout", "1000");
        // Not getExecutionEnvironment(conf), which would start a cluster of its own.
        StreamExecutionEnvironment env = new StreamExecutionEnvironment(conf);
        StreamTableEnvironment tEnv =
                StreamTableEnvironment.create(env, EnvironmentSettings.inStreamingMode());
        tEnv.createTemporaryView(
                "gen", tEnv.fromDataStream(env.fromSequence(0, rows - 1)).as("id"));
        return tEnv;
    }

    private Path dir(Mode mode) {
        return root.resolve(mode.label());
    }

    private String filesPerPartition(Mode mode) throws Exception {
        return PartitionedStreamWrites.filesPerPartition(dir(mode));
    }

    private Sample write(
            TableEnvironment streaming, TableEnvironment batch, Mode mode, long rows, int run)
            throws Exception {
        return PartitionedStreamWrites.write(
                streaming, batch, Side.OURS, dir(mode), mode.options, mode.label(), rows);
    }

    private Sample scan(TableEnvironment batch, Mode mode) throws Exception {
        return PartitionedStreamWrites.scan(batch, dir(mode));
    }
}
