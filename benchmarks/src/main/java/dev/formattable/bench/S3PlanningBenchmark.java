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

import org.apache.flink.core.fs.FSDataOutputStream;
import org.apache.flink.core.fs.FileSystem;
import org.apache.flink.table.api.TableEnvironment;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Scenario "plan-s3": the planning queries of scenario "plan" on a table of 20 x 10 partitions in
 * S3 (s3proxy, reached through S3A), one one-row file each, counting every request the S3 server's
 * store answers: LIST, HEAD and GET, not only directory listings. Ours alone: in this JVM the
 * {@code filesystem} connector's parquet reader reaches S3A through a Hadoop configuration without
 * the server's endpoint and keys (its statistics fail, then its reads).
 */
public final class S3PlanningBenchmark {

    private static final String COLUMNS = "id BIGINT, v INT, p1 INT, p2 INT";

    private final Args args;
    private final ResultTable table;
    private final TableEnvironment env;
    private byte[] file;

    public S3PlanningBenchmark(Args args, ResultTable table) throws Exception {
        this.args = args;
        this.table = table;
        this.env = Sql.batch();
    }

    public void run() throws Exception {
        try (S3Store s3 = new S3Store()) {
            String uri = s3.location("plan");
            createTable(uri);
            measure(s3, "point query", uri, "WHERE p1 = 4 AND p2 = 7");
            measure(s3, "first key (10 below)", uri, "WHERE p1 = 4");
            measure(s3, "whole table", uri, "");
        }
    }

    private void createTable(String uri) throws Exception {
        Path template = args.workDir.toAbsolutePath().resolve("plan-s3-template");
        Dirs.deleteRecursively(template);
        byte[] bytes = Files.readAllBytes(PlanningBenchmark.oneRowFile(env, template));
        Dirs.deleteRecursively(template);
        this.file = bytes;
        upload(uri);
    }

    /** The data file in every partition, written again: a new modification time each run. */
    private void upload(String uri) throws Exception {
        byte[] bytes = file;
        org.apache.flink.core.fs.Path root = new org.apache.flink.core.fs.Path(uri);
        FileSystem fs = root.getFileSystem();
        for (int p1 = 0; p1 < 20; p1++) {
            for (int p2 = 0; p2 < 10; p2++) {
                org.apache.flink.core.fs.Path file =
                        new org.apache.flink.core.fs.Path(
                                uri + "/p1=" + p1 + "/p2=" + p2 + "/data-0.parquet");
                try (FSDataOutputStream out = fs.create(file, FileSystem.WriteMode.OVERWRITE)) {
                    out.write(bytes);
                }
            }
        }
    }

    private void measure(S3Store s3, String name, String uri, String where) throws Exception {
        String label = "plan on S3: " + name + ", 200 partitions";
        String query = "SELECT COUNT(*), SUM(id) FROM t " + where;
        List<Map<String, Long>> ours = new ArrayList<>();
        Pairs.Result r =
                Pairs.one(label, 1, args.pairs, run -> query(s3, Side.OURS, uri, query, ours));
        table.add(
                new ResultTable.Row(
                        label,
                        "ms, whole query (lower is better)",
                        r.answersMatch ? r.ours.format() : "RUNS DISAGREE",
                        "-",
                        "-",
                        "ours alone; answer " + r.oursAnswer));
        for (String kind : new String[] {"list", "blobMetadata", "getBlob", "all"}) {
            table.add(
                    new ResultTable.Row(
                            label,
                            "S3 " + requestName(kind) + " requests, whole query",
                            stats(ours, kind).format(),
                            "-",
                            "-",
                            "counted at the S3 server's store"));
        }
    }

    private static String requestName(String kind) {
        switch (kind) {
            case "list":
                return "LIST";
            case "blobMetadata":
                return "HEAD";
            case "getBlob":
                return "GET";
            default:
                return "all";
        }
    }

    /** The counts of one kind over the timed runs (the warm-up pair's are dropped). */
    private static Stats stats(List<Map<String, Long>> runs, String kind) {
        List<Double> values = new ArrayList<>();
        for (Map<String, Long> run : runs.subList(1, runs.size())) {
            values.add((double) run.get(kind));
        }
        return Stats.of(values);
    }

    private Sample query(
            S3Store s3, Side side, String uri, String query, List<Map<String, Long>> counts)
            throws Exception {
        Sql.createTable(env, "t", side, "parquet", uri, COLUMNS, "p1, p2");
        // Cold footers for both sides: ours caches them per file (path, size, modification time).
        upload(uri);
        s3.resetCalls();
        long start = System.nanoTime();
        String answer = Sql.answer(env, query);
        double ms = (System.nanoTime() - start) / 1e6;
        counts.add(
                Map.of(
                        "list", s3.calls("list"),
                        "blobMetadata", s3.calls("blobMetadata"),
                        "getBlob", s3.calls("getBlob"),
                        "all", s3.allCalls()));
        return new Sample(ms, answer);
    }
}
