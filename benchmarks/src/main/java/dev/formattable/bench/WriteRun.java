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
 * One timed batch write of the seeded rows (scenario 1), read back by the same connector for the
 * answer. Touches only Flink and this module's plain helpers, so that {@link OrcWriteChild} can run
 * it on a class path that holds our connector only as the shaded SQL jar.
 */
public final class WriteRun {

    private WriteRun() {}

    /** Where the rows of a write come from. */
    public enum From {
        /** SQL datagen's sequence: a legacy SourceFunction. */
        DATAGEN,
        /**
         * The same rows read from a table of ours ({@link #createCopySource}): a FLIP-27 source.
         */
        FLIP27;

        String query() {
            return this == DATAGEN ? Sql.selectRows("gen") : "SELECT * FROM rows27";
        }

        String label() {
            return this == DATAGEN ? "from datagen" : "from a FLIP-27 source";
        }
    }

    /**
     * Writes the seeded rows once into an unpartitioned parquet table of ours, {@code rows27}, that
     * {@link From#FLIP27} reads: the same rows, from a FLIP-27 source, whose read cost both sides
     * pay alike.
     */
    public static void createCopySource(TableEnvironment env, Path root) throws Exception {
        Path dir = root.resolve("rows27");
        Dirs.deleteRecursively(dir);
        Sql.createTable(
                env, "rows27", Side.OURS, "parquet", dir.toUri().toString(), Sql.COLUMNS, "");
        Sql.run(env, "INSERT INTO rows27 " + Sql.selectRows("gen"));
    }

    /**
     * Writes {@code rows} rows ({@code from} the generator or the copy source) into a fresh table
     * under {@code root}; {@code options} are extra WITH options for this side ("" for none).
     */
    public static Sample write(
            TableEnvironment env,
            Path root,
            Side side,
            String format,
            boolean partitioned,
            From from,
            long rows,
            int run,
            String options)
            throws Exception {
        Path dir =
                root.resolve(
                        "write-"
                                + side
                                + "-"
                                + format
                                + "-"
                                + partitioned
                                + "-"
                                + from
                                + "-"
                                + run);
        Dirs.deleteRecursively(dir);
        Sql.createTable(
                env,
                "sink",
                side,
                format,
                dir.toUri().toString(),
                Sql.COLUMNS,
                partitioned ? "p1, p2" : "",
                options);
        long start = System.nanoTime();
        Sql.run(env, "INSERT INTO sink " + from.query());
        double seconds = (System.nanoTime() - start) / 1e9;
        String answer = Sql.answer(env, "SELECT COUNT(*), SUM(id), SUM(p1 + p2) FROM sink");
        Dirs.deleteRecursively(dir);
        return new Sample(rows / seconds, answer);
    }
}
