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

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * Scenario "files": the files a batch write of the seeded rows produces for a 1 MB and a 128 MB
 * {@code target-file-size}, and how their sizes spread. One run each (the sizes do not vary between
 * runs). The other side is the {@code filesystem} connector with the same size in {@code
 * sink.rolling-policy.file-size}, for parquet; its orc writer needs a JVM of its own (see {@link
 * OrcWrites}) and is not run here.
 */
public final class FileSizeBenchmark {

    private static final String[] TARGETS = {"1 mb", "128 mb"};

    private final Args args;
    private final ResultTable table;
    private final Path root;

    public FileSizeBenchmark(Args args, ResultTable table) {
        this.args = args;
        this.table = table;
        this.root = args.workDir.toAbsolutePath().resolve("files");
    }

    public void run() throws Exception {
        TableEnvironment env = Sql.batch();
        Sql.createGenerator(env, "gen", args.scale.rows);
        for (String format : new String[] {"parquet", "orc"}) {
            for (String target : TARGETS) {
                String ours = spread(env, Side.OURS, format, "'target-file-size'='" + target + "'");
                String theirs =
                        format.equals("orc")
                                ? "not run"
                                : spread(
                                        env,
                                        Side.THEIRS,
                                        format,
                                        "'sink.rolling-policy.file-size'='" + target + "'");
                table.add(
                        new ResultTable.Row(
                                "files of a write, " + format + ", target " + target,
                                "files: smallest / median / largest",
                                ours,
                                theirs,
                                "-",
                                args.scale.rows + " rows unpartitioned, 2 writers"));
            }
        }
        Dirs.deleteRecursively(root);
    }

    private String spread(TableEnvironment env, Side side, String format, String options)
            throws Exception {
        Path dir = root.resolve(side + "-" + format);
        Dirs.deleteRecursively(dir);
        Sql.createTable(
                env, "sized", side, format, dir.toUri().toString(), Sql.COLUMNS, "", options);
        Sql.run(env, "INSERT INTO sized " + Sql.selectRows("gen"));
        List<Long> sizes;
        try (Stream<Path> files = Dirs.visibleFiles(dir)) {
            sizes = files.map(FileSizeBenchmark::size).sorted().toList();
        }
        Dirs.deleteRecursively(dir);
        if (sizes.isEmpty()) {
            return "no files";
        }
        return String.format(
                Locale.ROOT,
                "%d: %s / %s / %s",
                sizes.size(),
                mb(sizes.get(0)),
                mb(sizes.get(sizes.size() / 2)),
                mb(sizes.get(sizes.size() - 1)));
    }

    private static long size(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String mb(long bytes) {
        return String.format(Locale.ROOT, "%.2f MB", bytes / 1e6);
    }
}
