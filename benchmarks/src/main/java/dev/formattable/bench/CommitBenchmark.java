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
import dev.formattable.core.fs.FileCommitter;
import dev.formattable.core.fs.Path;
import dev.formattable.core.fs.TwoPhaseOutputStream;
import dev.formattable.core.schema.TableSchema;
import dev.formattable.core.table.CommitMessage;
import dev.formattable.core.table.DataFilePathFactory;
import dev.formattable.core.types.DataField;
import dev.formattable.core.types.DataTypes;
import dev.formattable.flink.fs.FlinkFileIO;

import org.apache.flink.connector.file.table.EmptyMetaStoreFactory;
import org.apache.flink.connector.file.table.FileSystemCommitter;
import org.apache.flink.connector.file.table.PartitionTempFileManager;
import org.apache.flink.core.fs.FSDataOutputStream;
import org.apache.flink.core.fs.FileStatus;
import org.apache.flink.core.fs.FileSystem;
import org.apache.flink.table.catalog.ObjectIdentifier;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Scenario 4: the publish step of a batch job that wrote N files into 100 partitions. Both sides
 * find the same N staged files (1 KiB each, written beforehand and not timed) and publish them:
 * ours with the core's {@code FormatTableCommit.append}, theirs with flink-connector-files' own
 * {@code FileSystemCommitter}, which the filesystem sink calls when a batch job finishes. Both run
 * on Flink's file system for the location, local or S3A on s3proxy. On S3 ours are written as the
 * connector writes them there, multipart uploads to their final keys, which the commit completes;
 * theirs are staged files, which their commit renames (a copy and a delete each). The copy requests
 * the store received during the last timed commit of each side are printed with the figures.
 */
public final class CommitBenchmark {

    private static final int PARTITIONS = 100;
    private static final byte[] CONTENT = new byte[1024];

    private final Args args;
    private final ResultTable table;
    private S3Store s3;
    private long oursCopies;
    private long theirsCopies;

    public CommitBenchmark(Args args, ResultTable table) {
        this.args = args;
        this.table = table;
    }

    public void run() throws Exception {
        java.nio.file.Path local = args.workDir.toAbsolutePath().resolve("commit");
        Dirs.deleteRecursively(local);
        int files = args.scale.commitFiles;
        measure("commit " + files + " files, local", local.toUri().toString(), files, "");
        Dirs.deleteRecursively(local);
        int s3Files = args.scale.s3CommitFiles;
        try (S3Store store = new S3Store()) {
            s3 = store;
            measure(
                    "commit " + s3Files + " files, s3proxy (S3A)",
                    s3.location("commit"),
                    s3Files,
                    s3Files < 10_000 ? "; 10,000 files on S3: --only commit --scale large" : "");
            System.out.printf(
                    "commit %d files on s3proxy: copy requests in the last timed commit: ours %d,"
                            + " theirs %d%n",
                    s3Files, oursCopies, theirsCopies);
        } finally {
            s3 = null;
        }
    }

    private void measure(String label, String root, int files, String note) throws Exception {
        String base = root.endsWith("/") ? root : root + "/";
        Pairs.Result r =
                Pairs.run(
                        label,
                        1,
                        args.pairs,
                        run -> ours(base + "ours-" + run, files),
                        run -> theirs(base + "theirs-" + run, files));
        table.add(
                label, "ms (lower is better)", r, "100 partitions; answer = files visible" + note);
    }

    private static Map<String, String> partition(int i) {
        Map<String, String> spec = new LinkedHashMap<>();
        spec.put("p1", String.valueOf(i % PARTITIONS / 10));
        spec.put("p2", String.valueOf(i % 10));
        return spec;
    }

    private Sample ours(String location, int files) throws Exception {
        TableSchema schema =
                new TableSchema(
                        List.of(
                                new DataField(0, "id", DataTypes.BIGINT()),
                                new DataField(1, "p1", DataTypes.INT()),
                                new DataField(2, "p2", DataTypes.INT())),
                        List.of("p1", "p2"),
                        Map.of("file.format", "parquet"));
        FlinkFileIO io = new FlinkFileIO();
        FormatTable t = FormatTable.open(io, Path.of(location), schema);
        DataFilePathFactory names = new DataFilePathFactory(t.options());
        List<Integer> indexes = new ArrayList<>();
        List<CommitMessage> messages = new ArrayList<>();
        for (int i = 0; i < files; i++) {
            indexes.add(i);
            messages.add(null);
        }
        // Written as the connector writes them: uploads on S3, staged files on a local disk.
        parallel(
                indexes,
                i -> {
                    Map<String, String> spec = partition(i);
                    Path dir =
                            t.qualifiedLocation()
                                    .resolve("p1=" + spec.get("p1") + "/p2=" + spec.get("p2"));
                    Path target;
                    synchronized (names) {
                        target = names.newTarget(dir);
                    }
                    Path stage = names.stagedPathFor(target);
                    TwoPhaseOutputStream out = io.newTwoPhaseOutputStream(target, stage);
                    out.write(CONTENT);
                    FileCommitter committer = out.closeForCommit();
                    messages.set(
                            i,
                            new CommitMessage(
                                    stage,
                                    target,
                                    spec,
                                    1,
                                    CONTENT.length,
                                    committer.pendingUpload().orElse(null)));
                });
        resetCopies();
        long start = System.nanoTime();
        t.newCommit().append(messages);
        double ms = (System.nanoTime() - start) / 1e6;
        oursCopies = copies();
        return new Sample(ms, "files=" + countVisible(location));
    }

    private Sample theirs(String location, int files) throws Exception {
        org.apache.flink.core.fs.Path tablePath = new org.apache.flink.core.fs.Path(location);
        org.apache.flink.core.fs.Path tmp =
                new org.apache.flink.core.fs.Path(location, ".staging_" + UUID.randomUUID());
        // Two writer tasks, as a job with parallelism 2 has.
        PartitionTempFileManager[] tasks = {
            new PartitionTempFileManager(FileSystem::get, tmp, 0, 0),
            new PartitionTempFileManager(FileSystem::get, tmp, 1, 0)
        };
        List<org.apache.flink.core.fs.Path> staged = new ArrayList<>();
        for (int i = 0; i < files; i++) {
            Map<String, String> spec = partition(i);
            staged.add(
                    tasks[i % 2].createPartitionDir(
                            "p1=" + spec.get("p1"), "p2=" + spec.get("p2")));
        }
        parallel(staged, p -> write(p));
        FileSystemCommitter committer =
                new FileSystemCommitter(
                        FileSystem::get,
                        new EmptyMetaStoreFactory(tablePath),
                        false,
                        tmp,
                        2,
                        false,
                        ObjectIdentifier.of("bench", "bench", "commit"),
                        new LinkedHashMap<>(),
                        List.of());
        resetCopies();
        long start = System.nanoTime();
        committer.commitPartitions();
        double ms = (System.nanoTime() - start) / 1e6;
        theirsCopies = copies();
        // The sink removes its staging directory after the commit too; not timed on either side.
        tmp.getFileSystem().delete(tmp, true);
        return new Sample(ms, "files=" + countVisible(location));
    }

    private void resetCopies() {
        if (s3 != null) {
            s3.resetCalls();
        }
    }

    private long copies() {
        return s3 == null ? 0 : s3.calls("copyBlob");
    }

    private static void write(org.apache.flink.core.fs.Path p) throws Exception {
        try (FSDataOutputStream out =
                p.getFileSystem().create(p, FileSystem.WriteMode.NO_OVERWRITE)) {
            out.write(CONTENT);
        }
    }

    /** Staging is preparation, not measured; done on 8 threads so S3 runs stay short. */
    private static <T> void parallel(List<T> items, ThrowingConsumer<T> action) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Future<?>> futures = new ArrayList<>();
            for (T item : items) {
                futures.add(
                        pool.submit(
                                () -> {
                                    action.accept(item);
                                    return null;
                                }));
            }
            for (Future<?> f : futures) {
                f.get();
            }
        } finally {
            pool.shutdownNow();
        }
    }

    /** Visible files below a location, through Flink's file system (both sides alike). */
    static long countVisible(String location) throws Exception {
        org.apache.flink.core.fs.Path root = new org.apache.flink.core.fs.Path(location);
        return countVisible(root.getFileSystem(), root);
    }

    private static long countVisible(FileSystem fs, org.apache.flink.core.fs.Path dir)
            throws Exception {
        long n = 0;
        for (FileStatus s : fs.listStatus(dir)) {
            String name = s.getPath().getName();
            if (name.startsWith("_") || name.startsWith(".")) {
                continue;
            }
            n += s.isDir() ? countVisible(fs, s.getPath()) : 1;
        }
        return n;
    }

    @FunctionalInterface
    private interface ThrowingConsumer<T> {
        void accept(T t) throws Exception;
    }
}
