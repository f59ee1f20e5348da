package dev.formattable.bench;

import dev.formattable.bench.Sql.Side;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Scenario 6: the heap a streaming job needs to write 10,000 partitions. Each run is a child JVM
 * ({@link HeapJob}) with a fixed {@value #XMX} heap; the figure is the largest heap left after a
 * garbage collection, in MiB. A side that runs out of heap gets no figure.
 */
public final class HeapBenchmark {

    // Flink's filesystem sink ran out of a 1 GiB heap here (one open parquet writer per
    // partition); 4 GiB lets both sides finish, so both get a figure.
    static final String XMX = "-Xmx4g";

    private final Args args;
    private final ResultTable table;

    public HeapBenchmark(Args args, ResultTable table) {
        this.args = args;
        this.table = table;
    }

    public void run() throws Exception {
        Path root = args.workDir.toAbsolutePath().resolve("heap");
        Dirs.deleteRecursively(root);
        long rows = args.scale.streamingRows;
        String label = "streaming write, 10,000 partitions, parquet";
        // Every run is a fresh JVM, so there is nothing to warm up.
        Pairs.Result r =
                Pairs.run(
                        label,
                        0,
                        args.pairs,
                        run -> child(Side.OURS, root.resolve("ours-" + run), rows),
                        run -> child(Side.THEIRS, root.resolve("theirs-" + run), rows));
        // The child logs stay for a failed run; a run that answered leaves nothing worth keeping.
        table.add(
                label,
                "MiB heap after GC, max (lower is better)",
                r,
                rows
                        + " rows, 1 writer, child JVM "
                        + XMX
                        + "; answer = rows and partitions from footers");
    }

    private Sample child(Side side, Path dir, long rows) throws Exception {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add(XMX);
        cmd.add("-XX:+UseG1GC");
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(HeapJob.class.getName());
        cmd.add(side.name());
        cmd.add("parquet");
        cmd.add(dir.toUri().toString());
        cmd.add(String.valueOf(rows));
        cmd.add(dir.resolveSibling(dir.getFileName() + "-checkpoints").toUri().toString());
        Path log = dir.resolveSibling(dir.getFileName() + ".log");
        java.nio.file.Files.createDirectories(dir.getParent());
        Process p = new ProcessBuilder(cmd).redirectError(log.toFile()).start();
        String result = null;
        List<String> tail = new ArrayList<>();
        try (BufferedReader out =
                new BufferedReader(
                        new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = out.readLine()) != null) {
                if (line.startsWith("RESULT ")) {
                    result = line;
                }
                tail.add(line);
            }
        }
        if (!p.waitFor(10, TimeUnit.MINUTES)) {
            p.destroyForcibly();
        }
        if (result == null) {
            // No figure: the answer marks the failure, so the pair cannot count.
            return new Sample(Double.NaN, side + " failed, exit " + p.exitValue() + ", see " + log);
        }
        // Written tables stay until the next run starts: deleting 10,000 directories is slow.
        String answer = FooterSummary.summary(dir);
        return new Sample(Long.parseLong(result.split(" ")[1]) / 1048576.0, answer);
    }
}
