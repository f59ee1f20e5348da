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

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

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
        // Every run is a fresh JVM, so there is nothing to warm up. A run that fails (out of
        // heap) has no figure; the side's cell then says how many runs failed and why.
        List<Double> ours = new ArrayList<>();
        List<Double> theirs = new ArrayList<>();
        List<String> failures = new ArrayList<>();
        String expected = null;
        boolean agree = true;
        for (int i = 0; i < args.pairs; i++) {
            for (Side side : Side.values()) {
                int run = i * 2 + side.ordinal();
                Sample s = child(side, root.resolve(side.name().toLowerCase() + "-" + run), rows);
                System.err.printf("  %s %s run %d: %s%n", label, side, i + 1, s.answer);
                if (Double.isNaN(s.value)) {
                    failures.add(side + ": " + s.answer);
                    continue;
                }
                agree &= expected == null || expected.equals(s.answer);
                expected = expected == null ? s.answer : expected;
                (side == Side.OURS ? ours : theirs).add(s.value);
            }
        }
        String note = rows + " rows, 1 writer, child JVM " + XMX + "; answer " + expected;
        table.add(
                new ResultTable.Row(
                        label,
                        "MiB heap after GC, max (lower is better)",
                        cell(ours, agree, Side.OURS, failures),
                        cell(theirs, agree, Side.THEIRS, failures),
                        agree && !ours.isEmpty() && ours.size() == theirs.size()
                                ? String.format(
                                        Locale.ROOT,
                                        "%.2f",
                                        Stats.of(ours).median / Stats.of(theirs).median)
                                : "-",
                        note));
    }

    private String cell(List<Double> values, boolean agree, Side side, List<String> failures) {
        long failed = failures.stream().filter(f -> f.startsWith(side + ":")).count();
        if (!agree) {
            return "ANSWERS DIFFER";
        }
        if (failed > 0) {
            String why =
                    failures.stream()
                                    .filter(f -> f.startsWith(side + ":"))
                                    .anyMatch(f -> f.contains("OutOfMemoryError"))
                            ? "OutOfMemoryError"
                            : "failed";
            return why + " in " + failed + " of " + args.pairs + " runs";
        }
        return Stats.of(values).format();
    }

    private Sample child(Side side, Path dir, long rows) throws Exception {
        Path log = dir.resolveSibling(dir.getFileName() + ".log");
        ChildJvm.Outcome run =
                ChildJvm.run(
                        HeapJob.class,
                        XMX,
                        log,
                        Duration.ofMinutes(10),
                        side.name(),
                        "parquet",
                        dir.toUri().toString(),
                        String.valueOf(rows),
                        dir.resolveSibling(dir.getFileName() + "-checkpoints").toUri().toString());
        if (run.result == null) {
            // No figure: the answer marks the failure, so the pair cannot count.
            boolean oom = Files.readString(log).contains("java.lang.OutOfMemoryError");
            return new Sample(
                    Double.NaN, (oom ? "OutOfMemoryError" : "exit " + run.exit) + ", see " + log);
        }
        // Written tables stay until the next run starts: deleting 10,000 directories is slow.
        String answer = FooterSummary.summary(dir);
        return new Sample(Long.parseLong(run.result.split(" ")[0]) / 1048576.0, answer);
    }
}
