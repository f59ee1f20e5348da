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
package dev.formattable.core.commit;

import dev.formattable.core.FormatTable;
import dev.formattable.core.fs.LocalFileIO;
import dev.formattable.core.fs.Path;
import dev.formattable.core.scan.DataSplit;
import dev.formattable.core.table.CommitMessage;
import dev.formattable.core.testutils.LinesFormat;
import dev.formattable.core.testutils.TestTables;
import dev.formattable.core.types.DataTypes;
import dev.formattable.core.write.FormatTableWrite;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Two writers append to one table at the same time, round after round, each committing its own
 * files while the other commits; a reader plans the table over and over meanwhile. Both writers'
 * rows all land, exactly once, and the reader only ever sees whole, published data files: never a
 * staged file, never a file shorter than its commit message says.
 */
class ConcurrentCommitTest {

    private static final int WRITERS = 2;
    private static final int ROUNDS = 8;
    private static final int PARTITIONS = 4;

    @TempDir java.nio.file.Path dir;

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 2, 3})
    void concurrentAppendsAllLandAndAReaderSeesOnlyWholePublishedFiles(long seed) throws Exception {
        FormatTable table =
                TestTables.table(
                        new LocalFileIO(),
                        dir,
                        TestTables.schema(
                                Map.of("target-file-row-num", "3"), "dt", DataTypes.INT()));
        // Every file about to be published, by target; registered before its commit starts.
        Map<Path, CommitMessage> published = new ConcurrentHashMap<>();
        CyclicBarrier commitTogether = new CyclicBarrier(WRITERS);
        AtomicBoolean writing = new AtomicBoolean(true);
        AtomicInteger plans = new AtomicInteger();
        AtomicInteger filesRead = new AtomicInteger();

        ExecutorService threads = Executors.newFixedThreadPool(WRITERS + 1);
        try {
            Future<?> reader =
                    threads.submit(
                            () -> {
                                while (writing.get() || plans.get() < 3) {
                                    for (DataSplit split : table.newScan().plan().splits()) {
                                        assertWholePublishedFile(table, split, published);
                                        filesRead.incrementAndGet();
                                    }
                                    plans.incrementAndGet();
                                }
                                return null;
                            });
            List<Future<List<String>>> writers = new ArrayList<>();
            for (int w = 0; w < WRITERS; w++) {
                int writer = w;
                writers.add(
                        threads.submit(
                                () -> write(table, writer, seed, published, commitTogether)));
            }

            List<String> expected = new ArrayList<>();
            for (Future<List<String>> w : writers) {
                expected.addAll(w.get(2, TimeUnit.MINUTES));
            }
            writing.set(false);
            reader.get(2, TimeUnit.MINUTES);

            expected.sort(null);
            assertThat(TestTables.readAll(table)).isEqualTo(expected);
            assertThat(plans.get()).isGreaterThanOrEqualTo(3);
            assertThat(filesRead.get()).isPositive();
            for (DataSplit split : table.newScan().plan().splits()) {
                assertWholePublishedFile(table, split, published);
            }
            assertThat(table.newScan().plan().splits()).hasSameSizeAs(published.keySet());
        } finally {
            threads.shutdownNow();
            assertThat(threads.awaitTermination(1, TimeUnit.MINUTES)).isTrue();
        }
    }

    /**
     * One writer's rounds: a seeded random number of rows into random partitions, then a commit
     * started together with the other writer's. Returns its rows as {@link TestTables#readAll}
     * renders them.
     */
    private static List<String> write(
            FormatTable table,
            int writer,
            long seed,
            Map<Path, CommitMessage> published,
            CyclicBarrier commitTogether)
            throws Exception {
        Random random = new Random(seed * 1000 + writer);
        List<String> rows = new ArrayList<>();
        for (int round = 0; round < ROUNDS; round++) {
            List<CommitMessage> messages;
            try (FormatTableWrite<String> write = table.newWrite(LinesFormat.writerFactory())) {
                int count = 1 + random.nextInt(25);
                for (int i = 0; i < count; i++) {
                    int dt = random.nextInt(PARTITIONS);
                    String record = "w" + writer + "-r" + round + "-" + i;
                    write.write(List.of(dt), record);
                    rows.add("[" + dt + "]|" + record);
                }
                messages = write.prepareCommit();
            }
            for (CommitMessage m : messages) {
                published.put(m.targetPath(), m);
            }
            commitTogether.await(1, TimeUnit.MINUTES);
            CommitResult result = table.newCommit().withParallelism(2).append(messages);
            assertThat(result.publishedFiles()).isEqualTo(messages.size());
            assertThat(result.alreadyPublishedFiles()).isZero();
        }
        return rows;
    }

    private static void assertWholePublishedFile(
            FormatTable table, DataSplit split, Map<Path, CommitMessage> published)
            throws java.io.IOException {
        assertThat(split.path().toString()).doesNotContain("_temporary");
        assertThat(split.path().name()).startsWith("data-").doesNotEndWith(".tmp");
        CommitMessage message = published.get(split.path());
        assertThat(message).as("a published target: %s", split.path()).isNotNull();
        assertThat(split.fileSize()).isEqualTo(message.fileSize());
        List<String> lines = LinesFormat.read(table.fileIO(), split.path());
        assertThat(lines)
                .hasSize((int) message.rowCount())
                .allMatch(l -> l.matches("w\\d+-r\\d+-\\d+"));
        assertThat(split.partitionValues().get(0).toString())
                .isEqualTo(message.partition().get("dt"));
    }
}
