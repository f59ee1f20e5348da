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

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Scenario 1 for orc, both sides: Flink's orc writer needs orc-core 1.5, which cannot share a JVM
 * with the unshaded orc-core 2.3.1 of our connector. So {@link OrcWriteChild} runs the pairs in a
 * child JVM on a Flink installation's class path (e2e-flink-dist/flink-2.3's lib/, with our shaded
 * SQL jar, plus flink-sql-orc), and this class turns its samples into rows of the table.
 */
public final class OrcWrites {

    /** The orc codec of both sides: orc-core 1.5.6 (Flink's) has no zstd, our orc default. */
    static final String CODEC = "snappy";

    private final Args args;
    private final ResultTable table;

    public OrcWrites(Args args, ResultTable table) {
        this.args = args;
        this.table = table;
    }

    /** Runs the child and adds the unpartitioned and the 100-partition orc rows. */
    public void run() throws Exception {
        try {
            measure();
        } catch (Exception e) {
            e.printStackTrace();
            for (WriteRun.From from : WriteRun.From.values()) {
                for (boolean partitioned : new boolean[] {false, true}) {
                    table.add(
                            new ResultTable.Row(
                                    label(partitioned, from),
                                    "rows/s",
                                    "FAILED",
                                    "FAILED",
                                    "-",
                                    "" + e));
                }
            }
        }
    }

    private void measure() throws Exception {
        long rows = args.scale.rows;
        Path root = args.workDir.toAbsolutePath().resolve("rw-orc");
        Files.createDirectories(root);
        Path log = root.resolve("child.log");
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add("-Xmx4g");
        cmd.add("-XX:+UseG1GC");
        cmd.addAll(Cluster.moduleFlags());
        // As Flink's launch scripts pass it (env.java.default-opts.all): the aircompressor of
        // flink-sql-orc's orc-core 1.5.6 reaches into java.nio buffers for snappy.
        cmd.add("--add-opens=java.base/java.nio=ALL-UNNAMED");
        cmd.add("-cp");
        cmd.add(classPath());
        cmd.add(OrcWriteChild.class.getName());
        cmd.add(root.toString());
        cmd.add(String.valueOf(rows));
        cmd.add(String.valueOf(args.pairs));
        cmd.add(CODEC);
        System.err.println("  orc writes in a child JVM on a Flink installation, log " + log);
        Process p = new ProcessBuilder(cmd).redirectError(log.toFile()).start();
        List<String[]> samples = new ArrayList<>();
        try (BufferedReader out =
                new BufferedReader(
                        new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = out.readLine()) != null) {
                if (line.startsWith("SAMPLE\t")) {
                    String[] f = line.split("\t", 7);
                    samples.add(f);
                    System.err.printf(
                            "  orc child: %s %s %s run %s: %s%n", f[1], f[2], f[3], f[4], f[5]);
                }
            }
        }
        if (!p.waitFor(30, TimeUnit.MINUTES) || p.exitValue() != 0) {
            p.destroyForcibly();
            throw new IllegalStateException("orc write child failed, see " + log);
        }
        for (WriteRun.From from : WriteRun.From.values()) {
            for (boolean partitioned : new boolean[] {false, true}) {
                String label = label(partitioned, from);
                // Replayed through Pairs: the same warm-up, alternation and answer check as in-JVM
                // rows.
                Pairs.Result r =
                        Pairs.run(
                                label,
                                1,
                                args.pairs,
                                run -> sample(samples, from, partitioned, "OURS", run),
                                run -> sample(samples, from, partitioned, "THEIRS", run));
                table.add(
                        label,
                        "rows/s",
                        r,
                        rows
                                + " rows, 20 columns; orc "
                                + CODEC
                                + " both sides; child JVM, our shaded SQL jar");
            }
        }
    }

    private static String label(boolean partitioned, WriteRun.From from) {
        return "write orc, "
                + (partitioned ? "100 partitions" : "unpartitioned")
                + ", "
                + from.label();
    }

    private static Sample sample(
            List<String[]> samples, WriteRun.From from, boolean partitioned, String side, int run) {
        for (String[] f : samples) {
            if (f[1].equals(from.name())
                    && f[2].equals(String.valueOf(partitioned))
                    && f[3].equals(side)
                    && f[4].equals(String.valueOf(run))) {
                return new Sample(Double.parseDouble(f[5]), f[6]);
            }
        }
        throw new IllegalStateException("The orc child printed no sample for " + side + " " + run);
    }

    /**
     * This module's classes, the Flink installation of the benchmarked line (e2e-flink-dist's
     * flink-&lt;line&gt;/target/flink/lib, built by the same reactor) and Flink's orc format,
     * copied into this module's build directory's flink-orc by the build: flink-sql-orc, or on a
     * line without one on Maven Central the line's flink-orc and its libraries.
     */
    static String classPath() throws Exception {
        Path classes =
                Path.of(
                        OrcWriteChild.class
                                .getProtectionDomain()
                                .getCodeSource()
                                .getLocation()
                                .toURI());
        Path target = classes.getParent();
        Path root = target;
        while (root != null && !Files.isDirectory(root.resolve("e2e-flink-dist"))) {
            root = root.getParent();
        }
        if (root == null) {
            throw new IllegalStateException("No e2e-flink-dist above " + target);
        }
        Path lib =
                root.resolve("e2e-flink-dist/flink-" + Cluster.flinkLine() + "/target/flink/lib");
        List<Path> jars = new ArrayList<>(jars(lib, "flink-sql-connector-format-table-"));
        jars.addAll(jars(target.resolve("flink-orc"), "flink-"));
        return Stream.concat(Stream.of(classes), jars.stream())
                .map(Path::toString)
                .collect(Collectors.joining(File.pathSeparator));
    }

    /** Every jar in {@code dir}, which must hold one whose name starts with {@code required}. */
    private static List<Path> jars(Path dir, String required) throws IOException {
        List<Path> jars;
        try (Stream<Path> files = Files.isDirectory(dir) ? Files.list(dir) : Stream.empty()) {
            jars = files.filter(f -> f.toString().endsWith(".jar")).sorted().toList();
        }
        if (jars.stream().noneMatch(j -> j.getFileName().toString().startsWith(required))) {
            throw new IllegalStateException(
                    "No " + required + "*.jar in " + dir + "; build with scripts/benchmarks.sh");
        }
        return jars;
    }
}
