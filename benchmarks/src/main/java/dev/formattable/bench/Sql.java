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

import org.apache.flink.configuration.Configuration;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.api.TableResult;
import org.apache.flink.types.Row;
import org.apache.flink.util.CloseableIterator;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * SQL on an embedded Flink, and the tables both sides use: the same 20 columns (18 data columns
 * derived from a sequence, so every run writes identical rows, and two partition keys).
 */
public final class Sql {

    /** The columns; p1 and p2 are the partition keys of the partitioned variant. */
    public static final String COLUMNS =
            "id BIGINT, i1 INT, i2 INT, i3 INT, i4 INT, i5 INT, i6 INT, "
                    + "l1 BIGINT, l2 BIGINT, l3 BIGINT, l4 BIGINT, "
                    + "d1 DOUBLE, d2 DOUBLE, d3 DOUBLE, d4 DOUBLE, "
                    + "s1 STRING, s2 STRING, s3 STRING, p1 INT, p2 INT";

    /** Every column read and folded into exact sums (doubles hold quarters, summed exactly). */
    public static final String FULL_CHECKSUM =
            "SELECT COUNT(*), SUM(id), SUM(CAST(i1 AS BIGINT) + i2 + i3 + i4 + i5 + i6),"
                    + " SUM(l1 + l2 + l3 + l4), SUM(d1 + d2 + d3 + d4),"
                    + " SUM(CHAR_LENGTH(s1) + CHAR_LENGTH(s2) + CHAR_LENGTH(s3)),"
                    + " SUM(p1 + p2) FROM %s";

    /** Two of the twenty columns. */
    public static final String PROJECTED_CHECKSUM = "SELECT SUM(id), SUM(d1) FROM %s";

    private Sql() {}

    /** A batch environment with parallelism 2 (the machine has two cores). */
    public static TableEnvironment batch() throws Exception {
        Configuration conf = new Configuration();
        Cluster.target(conf);
        return env(EnvironmentSettings.newInstance().inBatchMode(), conf);
    }

    /**
     * A streaming environment on the benchmark's cluster that checkpoints every {@code interval}
     * into {@code checkpoints}, on the file system: datagen's sequence keeps the ids still to come
     * in its state (8 bytes each), far past the JobManager's 5 MB in-memory limit at 5 M rows.
     */
    static TableEnvironment streaming(String interval, Path checkpoints) throws Exception {
        Configuration conf = new Configuration();
        Cluster.target(conf);
        conf.setString("execution.checkpointing.interval", interval);
        conf.setString("execution.checkpointing.storage", "filesystem");
        conf.setString("execution.checkpointing.dir", checkpoints.toUri().toString());
        return env(EnvironmentSettings.newInstance().inStreamingMode(), conf);
    }

    static TableEnvironment env(EnvironmentSettings.Builder settings, Configuration conf) {
        return env(settings, conf, 2);
    }

    static TableEnvironment env(
            EnvironmentSettings.Builder settings, Configuration conf, int parallelism) {
        conf.setString("parallelism.default", String.valueOf(parallelism));
        // FLINK-40660: a reader may stall 30 s on close; cap it so one stall cannot skew a run.
        conf.setString("source.reader.close.timeout", "1000");
        conf.setString("table.exec.resource.default-parallelism", String.valueOf(parallelism));
        return TableEnvironment.create(settings.withConfiguration(conf).build());
    }

    /** The sequence source of {@code rows} ids, 0 to rows - 1. */
    public static void createGenerator(TableEnvironment env, String name, long rows) {
        env.executeSql("DROP TEMPORARY TABLE IF EXISTS " + name);
        env.executeSql(
                String.format(
                        Locale.ROOT,
                        "CREATE TEMPORARY TABLE %s (id BIGINT) WITH ('connector'='datagen', 'number-of-rows'='%d',"
                                + " 'rows-per-second'='1000000000',"
                                + " 'fields.id.kind'='sequence', 'fields.id.start'='0',"
                                + " 'fields.id.end'='%d')",
                        name,
                        rows,
                        rows - 1));
    }

    /** The rows every write inserts, derived from the generator's ids only. */
    public static String selectRows(String generator) {
        StringBuilder s = new StringBuilder("SELECT id");
        for (int k = 1; k <= 6; k++) {
            s.append(String.format(", CAST(MOD(id * %d, 100000) AS INT)", k * 7 + 1));
        }
        for (int k = 1; k <= 4; k++) {
            s.append(String.format(", id * %d", k + 3));
        }
        for (int k = 1; k <= 4; k++) {
            s.append(String.format(", CAST(MOD(id * %d, 10000) AS DOUBLE) / 4", k + 11));
        }
        for (int k = 1; k <= 3; k++) {
            s.append(String.format(", CONCAT('v', CAST(MOD(id * %d, 9973) AS STRING))", k + 5));
        }
        // 10 x 10 partitions.
        s.append(", CAST(MOD(id, 10) AS INT), CAST(MOD(id, 100) - MOD(id, 10) AS INT)");
        return s.append(" FROM ").append(generator).toString();
    }

    /** Which connector a table is declared with. */
    public enum Side {
        OURS,
        THEIRS
    }

    /**
     * Declares a temporary table over {@code path} for one side, with extra WITH options, each
     * {@code "'k'='v', ..."}, or none.
     */
    public static void createTable(
            TableEnvironment env,
            String name,
            Side side,
            String format,
            String path,
            String columns,
            String partitionKeys,
            String... options) {
        env.executeSql("DROP TEMPORARY TABLE IF EXISTS " + name);
        String with =
                side == Side.OURS
                        ? String.format(
                                "'connector'='format-table', 'path'='%s', 'file.format'='%s'",
                                path, format)
                        : String.format(
                                "'connector'='filesystem', 'path'='%s', 'format'='%s'%s",
                                path,
                                format,
                                // Ours writes snappy parquet by default; theirs would write none.
                                format.equals("parquet") ? ", 'parquet.compression'='SNAPPY'" : "");
        for (String option : options) {
            with = option.isEmpty() ? with : with + ", " + option;
        }
        env.executeSql(
                String.format(
                        "CREATE TEMPORARY TABLE %s (%s) %s WITH (%s)",
                        name,
                        columns,
                        partitionKeys.isEmpty() ? "" : "PARTITIONED BY (" + partitionKeys + ")",
                        with));
    }

    /** Runs a statement to its end (see {@link Cluster#awaitJob} for how the end is seen). */
    public static void run(TableEnvironment env, String statement) throws Exception {
        Cluster.awaitJob(env.executeSql(statement));
    }

    /** The rows of a query, as one string (the answer both sides must agree on). */
    public static String answer(TableEnvironment env, String query) throws Exception {
        TableResult result = env.executeSql(query);
        List<String> rows = new ArrayList<>();
        try (CloseableIterator<Row> it = result.collect()) {
            while (it.hasNext()) {
                rows.add(it.next().toString());
            }
        }
        return String.join(";", rows);
    }
}
