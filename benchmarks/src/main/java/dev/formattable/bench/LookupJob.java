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

import dev.formattable.core.FormatTable;
import dev.formattable.flink.internal.LookupKeyHash;
import dev.formattable.flink.lookup.FullCache;
import dev.formattable.flink.lookup.FullTableLoader;
import dev.formattable.flink.read.FormatTableBulkFormat;
import dev.formattable.flink.read.ReadSpec;
import dev.formattable.flink.source.enumerator.ScanSpec;
import dev.formattable.flink.tables.FormatTables;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.api.TableResult;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.types.Row;
import org.apache.flink.util.CloseableIterator;

import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The child JVM of {@link LookupBenchmark}: one run of one mode against the dimension table at a
 * path. Prints one line, {@code RESULT <figure> <answer>}:
 *
 * <ul>
 *   <li>{@code LOAD_ALL}, {@code LOAD_HALF}: one subtask's cache loaded once, whole or with the
 *       keys the shuffle hint routes to subtask 0 of 2; the figure is {@code <millis>:<heap bytes
 *       the loaded cache holds, after GC>}, the answer the rows cached.
 *   <li>{@code LOOKUP}, {@code LOOKUP_SHUFFLE}, {@code REGULAR}: a streaming job at parallelism 2
 *       joining the probe rows with the table (a lookup join on ours, with or without the hint, or
 *       a regular join on Flink's filesystem source) and aggregating the result; the figure is the
 *       job's milliseconds, the answer its aggregate.
 * </ul>
 */
public final class LookupJob {

    /** The dimension table's ten columns. */
    static final String COLUMNS =
            "id BIGINT, i1 INT, i2 INT, i3 INT, l1 BIGINT, l2 BIGINT, d1 DOUBLE, d2 DOUBLE,"
                    + " s1 STRING, s2 STRING";

    /** The rows of the dimension table, from a generator of ids. */
    static String selectDimRows(String generator) {
        return "SELECT id, CAST(MOD(id, 1000) AS INT), CAST(MOD(id * 7, 100000) AS INT),"
                + " CAST(MOD(id * 13, 10) AS INT), id * 3, id * 5, CAST(MOD(id, 1000) AS DOUBLE) / 4,"
                + " CAST(MOD(id, 77) AS DOUBLE), CONCAT('s', CAST(MOD(id, 9973) AS STRING)),"
                + " CONCAT('t', CAST(MOD(id * 11, 99991) AS STRING)) FROM "
                + generator;
    }

    private LookupJob() {}

    public static void main(String[] args) throws Exception {
        String mode = args[0];
        String path = args[1];
        long dimRows = Long.parseLong(args[2]);
        long probeRows = Long.parseLong(args[3]);
        String result;
        switch (mode) {
            case "LOAD_ALL":
            case "LOAD_HALF":
                result = load(path, mode.equals("LOAD_HALF"));
                break;
            default:
                result = join(mode, path, dimRows, probeRows);
        }
        System.out.println("RESULT " + result);
        System.exit(0);
    }

    private static String load(String path, boolean half) throws Exception {
        RowType type =
                (RowType)
                        DataTypes.ROW(
                                        DataTypes.FIELD("id", DataTypes.BIGINT()),
                                        DataTypes.FIELD("i1", DataTypes.INT()),
                                        DataTypes.FIELD("i2", DataTypes.INT()),
                                        DataTypes.FIELD("i3", DataTypes.INT()),
                                        DataTypes.FIELD("l1", DataTypes.BIGINT()),
                                        DataTypes.FIELD("l2", DataTypes.BIGINT()),
                                        DataTypes.FIELD("d1", DataTypes.DOUBLE()),
                                        DataTypes.FIELD("d2", DataTypes.DOUBLE()),
                                        DataTypes.FIELD("s1", DataTypes.STRING()),
                                        DataTypes.FIELD("s2", DataTypes.STRING()))
                                .getLogicalType();
        FormatTable table =
                FormatTables.open(path, type, List.of(), Map.of("file.format", "parquet"));
        FullTableLoader loader =
                new FullTableLoader(
                        ScanSpec.builder(table).build(),
                        new FormatTableBulkFormat(
                                ReadSpec.builder(table, type).build(), List.of()));
        FullCache cache =
                new FullCache(
                        loader,
                        type,
                        new int[] {0},
                        Long.MAX_VALUE,
                        path,
                        half ? key -> LookupKeyHash.subtaskOf(key, 2) == 0 : null);
        long before = heapAfterGc();
        long start = System.nanoTime();
        cache.load();
        long millis = (System.nanoTime() - start) / 1_000_000;
        long held = heapAfterGc() - before;
        return millis + ":" + held + " " + cache.rowCount();
    }

    private static long heapAfterGc() {
        for (int i = 0; i < 3; i++) {
            System.gc();
        }
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }

    private static String join(String mode, String path, long dimRows, long probeRows)
            throws Exception {
        Configuration conf = new Configuration();
        conf.setString("table.exec.mini-batch.enabled", "true");
        conf.setString("table.exec.mini-batch.allow-latency", "1 s");
        conf.setString("table.exec.mini-batch.size", "100000");
        TableEnvironment env = Sql.env(EnvironmentSettings.newInstance().inStreamingMode(), conf);
        env.executeSql(
                String.format(
                        Locale.ROOT,
                        "CREATE TEMPORARY TABLE probe (id BIGINT, pt AS PROCTIME()) WITH ("
                                + "'connector'='datagen', 'number-of-rows'='%d',"
                                + " 'rows-per-second'='1000000000', 'fields.id.kind'='sequence',"
                                + " 'fields.id.start'='0', 'fields.id.end'='%d')",
                        probeRows,
                        probeRows - 1));
        env.executeSql(
                String.format(
                        Locale.ROOT,
                        "CREATE TEMPORARY VIEW keys AS SELECT MOD(id * 7919, %d) AS k, pt FROM probe",
                        dimRows));
        boolean ours = !mode.equals("REGULAR");
        Sql.createTable(
                env,
                "dim",
                ours ? Sql.Side.OURS : Sql.Side.THEIRS,
                "parquet",
                path,
                COLUMNS,
                "",
                ours ? "'lookup.full-cache.max-size'='8 gb'" : "");
        String aggregate = "SELECT COUNT(*), SUM(d.l1), SUM(CAST(d.i2 AS BIGINT)) FROM keys AS p";
        String query;
        if (mode.equals("REGULAR")) {
            query = aggregate + " JOIN dim AS d ON p.k = d.id";
        } else {
            String hint =
                    mode.equals("LOOKUP_SHUFFLE")
                            ? " /*+ LOOKUP('table'='d', 'shuffle'='true') */"
                            : "";
            query =
                    aggregate.replace("SELECT", "SELECT" + hint)
                            + " JOIN dim FOR SYSTEM_TIME AS OF p.pt AS d ON p.k = d.id";
        }
        long start = System.nanoTime();
        TableResult result = env.executeSql(query);
        Row last = null;
        try (CloseableIterator<Row> it = result.collect()) {
            while (it.hasNext()) {
                last = it.next();
            }
        }
        long millis = (System.nanoTime() - start) / 1_000_000;
        String answer =
                last == null
                        ? "none"
                        : last.getField(0) + "/" + last.getField(1) + "/" + last.getField(2);
        return millis + " " + answer;
    }
}
