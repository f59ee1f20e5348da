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

import dev.formattable.flink.testutils.CountingFileSystem;

import java.lang.management.ManagementFactory;
import java.time.Instant;
import java.util.Locale;

/**
 * Runs every benchmark scenario at the chosen scale and prints one table (scripts/benchmarks.sh).
 * Progress goes to stderr, the table to stdout.
 */
public final class BenchmarkMain {

    private BenchmarkMain() {}

    public static void main(String[] argv) throws Exception {
        Args args;
        try {
            args = Args.parse(argv);
        } catch (IllegalArgumentException e) {
            System.err.println(e.getMessage());
            System.exit(2);
            return;
        }
        CountingFileSystem.install();
        long start = System.nanoTime();
        ResultTable table = new ResultTable();
        ReadWriteBenchmarks rw = null;
        for (String scenario : args.scenarios) {
            System.err.println("== " + scenario);
            long t0 = System.nanoTime();
            try {
                switch (scenario) {
                    case "write":
                        rw = rw == null ? new ReadWriteBenchmarks(args, table) : rw;
                        rw.write();
                        break;
                    case "small-write":
                        rw = rw == null ? new ReadWriteBenchmarks(args, table) : rw;
                        rw.smallWrite();
                        break;
                    case "scan":
                        rw = rw == null ? new ReadWriteBenchmarks(args, table) : rw;
                        rw.scan();
                        break;
                    case "count":
                        rw = rw == null ? new ReadWriteBenchmarks(args, table) : rw;
                        rw.count();
                        break;
                    case "plan":
                        new PlanningBenchmark(args, table).run();
                        break;
                    case "plan-scale":
                        new PlanningAtScaleBenchmark(args, table).run();
                        break;
                    case "plan-s3":
                        new S3PlanningBenchmark(args, table).run();
                        break;
                    case "hive-planning":
                        new HivePlanningBenchmark(args, table).run();
                        break;
                    case "commit":
                        new CommitBenchmark(args, table).run();
                        break;
                    case "hive-commit":
                        new HiveCommitBenchmark(args, table).run();
                        break;
                    case "stream-write":
                        new StreamingWriteBenchmark(args, table).run();
                        break;
                    case "stream-write-s3":
                        new S3StreamingWriteBenchmark(args, table).run();
                        break;
                    case "compaction":
                        new CompactionBenchmark(args, table).run();
                        break;
                    case "compaction-modes":
                        new CompactionModesBenchmark(args, table).run();
                        break;
                    case "lines":
                        new LineFormatBenchmarks(args, table).run();
                        break;
                    case "files":
                        new FileSizeBenchmark(args, table).run();
                        break;
                    case "lookup":
                        new LookupBenchmark(args, table).run();
                        break;
                    case "heap":
                        new HeapBenchmark(args, table).run();
                        break;
                    default:
                        throw new IllegalStateException(scenario);
                }
            } catch (Exception | Error e) {
                // One broken scenario must not hide the others' figures.
                e.printStackTrace();
                table.add(
                        new ResultTable.Row(
                                scenario, "-", "FAILED", "FAILED", "-", String.valueOf(e)));
            }
            System.err.printf(
                    Locale.ROOT, "== %s took %.0f s%n", scenario, (System.nanoTime() - t0) / 1e9);
        }
        Cluster.stop();
        double minutes = (System.nanoTime() - start) / 60e9;
        System.out.printf(
                Locale.ROOT,
                "%nformat-table benchmarks, scale %s, %d pairs after one warm-up pair, %s%n"
                        + "Flink %s, Java %s, %d cores, max heap %d MiB; %.1f minutes in all%n"
                        + "Figures are median (min–max); ratio = ours / theirs of the medians.%n%n",
                args.scale.name().toLowerCase(Locale.ROOT),
                args.pairs,
                Instant.now(),
                Cluster.flinkVersion(),
                System.getProperty("java.version"),
                Runtime.getRuntime().availableProcessors(),
                ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getMax() >> 20,
                minutes);
        System.out.print(table.render());
        System.out.flush();
        // A split fetcher thread that Flink failed to stop (FLINK-40660) is not a daemon and would
        // keep this JVM alive after the table is printed; it once did, until killed.
        System.exit(0);
    }
}
