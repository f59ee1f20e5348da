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

    /**
     * Writes {@code rows} rows from the generator table {@code gen} into a fresh table under {@code
     * root}; {@code options} are extra WITH options for this side ("" for none).
     */
    public static Sample write(
            TableEnvironment env,
            Path root,
            Side side,
            String format,
            boolean partitioned,
            long rows,
            int run,
            String options)
            throws Exception {
        Path dir = root.resolve("write-" + side + "-" + format + "-" + partitioned + "-" + run);
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
        Sql.run(env, "INSERT INTO sink " + Sql.selectRows("gen"));
        double seconds = (System.nanoTime() - start) / 1e9;
        String answer = Sql.answer(env, "SELECT COUNT(*), SUM(id), SUM(p1 + p2) FROM sink");
        Dirs.deleteRecursively(dir);
        return new Sample(rows / seconds, answer);
    }
}
