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
 * The streaming writes of the compaction scenarios: the 20-column rows of a view {@code gen}
 * written into 10 partitions by two writers, read back with the checksum query, scanned, and their
 * visible files counted.
 */
final class PartitionedStreamWrites {

    static final int PARTITIONS = 10;

    /**
     * The tens digit of the id. Not {@code p1}, the last digit: the sequence source deals ids out
     * to its readers by turns, so with two readers each {@code p1} partition would see one writer
     * only, and no checkpoint would leave two files in a partition to merge.
     */
    static final String KEY = "p2";

    /**
     * The sequence source may run in one task, and the writers would take its parallelism: two
     * writers, so that a checkpoint leaves two files in each partition, as a parallel job does.
     */
    static final String TWO_WRITERS = "'sink.parallelism'='2'";

    private PartitionedStreamWrites() {}

    /**
     * Writes the rows of {@code gen} into a new table at {@code dir} by {@code side} with the table
     * options {@code options}; the rows per second, and the table's checksums as the answer.
     */
    static Sample write(
            TableEnvironment streaming,
            TableEnvironment batch,
            Side side,
            Path dir,
            String options,
            String label,
            long rows)
            throws Exception {
        Dirs.deleteRecursively(dir);
        String uri = dir.toUri().toString();
        Sql.createTable(streaming, "sink", side, "parquet", uri, Sql.COLUMNS, KEY, options);
        long start = System.nanoTime();
        Sql.run(streaming, "INSERT INTO sink " + Sql.selectRows("gen"));
        double seconds = (System.nanoTime() - start) / 1e9;
        Sql.createTable(batch, "written", side, "parquet", uri, Sql.COLUMNS, KEY);
        System.err.printf(
                Locale.ROOT,
                "  %s wrote %d files into %d partitions in %.1f s%n",
                label,
                Dirs.countVisibleFiles(dir),
                PARTITIONS,
                seconds);
        return new Sample(
                rows / seconds, Sql.answer(batch, String.format(Sql.FULL_CHECKSUM, "written")));
    }

    /** A full checksum scan by ours of the table at {@code dir}: its time in ms. */
    static Sample scan(TableEnvironment batch, Path dir) throws Exception {
        Sql.createTable(
                batch, "written", Side.OURS, "parquet", dir.toUri().toString(), Sql.COLUMNS, KEY);
        long start = System.nanoTime();
        String answer = Sql.answer(batch, String.format(Sql.FULL_CHECKSUM, "written"));
        return new Sample((System.nanoTime() - start) / 1e6, answer);
    }

    /** The visible files per partition below {@code dir}, with one decimal. */
    static String filesPerPartition(Path dir) throws Exception {
        return String.format(
                Locale.ROOT, "%.1f", Dirs.countVisibleFiles(dir) / (double) PARTITIONS);
    }
}
