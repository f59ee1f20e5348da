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

import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** The command line of {@link BenchmarkMain}: scale, pairs, scenarios and the work directory. */
public final class Args {

    /** Every scenario, in the order they run. */
    public static final List<String> SCENARIOS =
            List.of(
                    "write",
                    "small-write",
                    "stream-write",
                    "compaction",
                    "compaction-modes",
                    "lines",
                    "files",
                    "scan",
                    "count",
                    "plan",
                    "plan-scale",
                    "plan-s3",
                    "hive-planning",
                    "commit",
                    "hive-commit",
                    "stream-write-s3",
                    "heap",
                    "lookup");

    public final Scale scale;
    public final int pairs;
    public final Set<String> scenarios;
    public final Path workDir;

    private Args(Scale scale, int pairs, Set<String> scenarios, Path workDir) {
        this.scale = scale;
        this.pairs = pairs;
        this.scenarios = scenarios;
        this.workDir = workDir;
    }

    /**
     * Parses {@code [--scale tiny|small|medium|large] [--pairs N] [--only a,b] [--work-dir DIR]}.
     *
     * @throws IllegalArgumentException naming what is wrong
     */
    public static Args parse(String... args) {
        Scale scale = Scale.SMALL;
        int pairs = 5;
        Set<String> scenarios = new LinkedHashSet<>(SCENARIOS);
        Path workDir = Path.of("benchmarks/target/bench-work");
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            if (a.equals("--help") || a.equals("-h")) {
                throw new IllegalArgumentException(usage());
            }
            if (i + 1 >= args.length) {
                throw new IllegalArgumentException("Missing value after " + a + "\n" + usage());
            }
            String v = args[++i];
            switch (a) {
                case "--scale":
                    scale = Scale.of(v);
                    break;
                case "--pairs":
                    pairs = Integer.parseInt(v);
                    if (pairs < 5) {
                        throw new IllegalArgumentException("--pairs must be at least 5, got " + v);
                    }
                    break;
                case "--only":
                    scenarios = new LinkedHashSet<>();
                    for (String s : v.split(",")) {
                        if (!SCENARIOS.contains(s.trim())) {
                            throw new IllegalArgumentException(
                                    "Unknown scenario '" + s + "', expected one of " + SCENARIOS);
                        }
                        scenarios.add(s.trim());
                    }
                    break;
                case "--work-dir":
                    workDir = Path.of(v);
                    break;
                default:
                    throw new IllegalArgumentException("Unknown argument " + a + "\n" + usage());
            }
        }
        return new Args(scale, pairs, scenarios, workDir);
    }

    static String usage() {
        return "usage: benchmarks.sh [--scale tiny|small|medium|large] [--pairs N>=5] [--only "
                + String.join(",", SCENARIOS)
                + "] [--work-dir DIR]";
    }
}
