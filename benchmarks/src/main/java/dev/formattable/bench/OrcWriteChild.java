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
 * Scenario 1's orc writes of both sides, in a child JVM whose class path is a Flink installation:
 * Flink's jars, our shaded SQL jar (orc-core 2.3.1, relocated) and Flink's flink-sql-orc (orc-core
 * 1.5.6). Started by {@link OrcWrites}; prints one line per run on stdout:
 *
 * <pre>
 * SAMPLE &lt;DATAGEN|FLIP27&gt; &lt;partitioned&gt; &lt;OURS|THEIRS&gt; &lt;run&gt; &lt;rows/s&gt; &lt;answer&gt;
 * </pre>
 *
 * (tab-separated). Arguments: work directory, rows, pairs, orc codec.
 */
public final class OrcWriteChild {

    private OrcWriteChild() {}

    public static void main(String[] argv) {
        try {
            run(argv);
        } catch (Throwable t) {
            // The cluster's threads would keep the JVM alive; the parent reads the log.
            t.printStackTrace();
            System.exit(1);
        }
        System.exit(0);
    }

    private static void run(String[] argv) throws Exception {
        Path root = Path.of(argv[0]);
        long rows = Long.parseLong(argv[1]);
        int pairs = Integer.parseInt(argv[2]);
        String codec = argv[3];
        TableEnvironment env = Sql.batch();
        Sql.createGenerator(env, "gen", rows);
        WriteRun.createCopySource(env, root);
        for (WriteRun.From from : WriteRun.From.values()) {
            for (boolean partitioned : new boolean[] {false, true}) {
                // One warm-up pair, then the counted pairs, alternating ours and theirs.
                for (int i = 0; i < 1 + pairs; i++) {
                    for (Side side : Side.values()) {
                        int run = i * 2 + side.ordinal();
                        Sample s =
                                WriteRun.write(
                                        env,
                                        root,
                                        side,
                                        "orc",
                                        partitioned,
                                        from,
                                        rows,
                                        run,
                                        options(side, codec));
                        System.out.printf(
                                Locale.ROOT,
                                "SAMPLE\t%s\t%b\t%s\t%d\t%s\t%s%n",
                                from,
                                partitioned,
                                side,
                                run,
                                s.value,
                                s.answer);
                        System.out.flush();
                    }
                }
            }
        }
        Cluster.stop();
    }

    /** The same orc codec on both sides, each in its own option. */
    static String options(Side side, String codec) {
        return side == Side.OURS
                ? "'file.compression'='" + codec.toLowerCase(Locale.ROOT) + "'"
                : "'orc.compress'='" + codec.toUpperCase(Locale.ROOT) + "'";
    }
}
