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
package dev.formattable.flink.sink;

import dev.formattable.flink.testutils.StreamingWriteTestBase;
import dev.formattable.testing.HeapWatch;

import org.apache.flink.runtime.executiongraph.AccessExecutionGraph;
import org.apache.flink.runtime.minicluster.MiniCluster;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.api.TableResult;
import org.apache.flink.test.junit5.InjectMiniCluster;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A streaming job (checkpoints every 500 ms) writes 30,000 rows into 10,000 distinct partitions,
 * three consecutive rows each, with {@code write.max-open-files} at its default (32), so each of
 * the two writers passes through 5,000 partitions and keeps finishing its least recently written
 * file. It runs in a JVM with a 1 GiB heap: the pom's failsafe execution {@code bounded-heap} runs
 * the classes tagged so, alone, with {@code -Xmx1g}, and the MiniCluster, so the TaskManager, runs
 * in that JVM. (With {@code write.max-open-files} lifted to 100,000 the same job runs out of heap.)
 *
 * <p>Prints the elapsed time and the peak heap: the sum of the heap pools' peak usage since just
 * before the job (what the collector let accumulate, garbage included), and the largest heap in use
 * right after a collection (what was live).
 */
@Tag("bounded-heap")
class ManyPartitionsITCase extends StreamingWriteTestBase {

    private static final long ONE_GIB = 1L << 30;
    private static final int PARTITIONS = 10_000;

    /** Rows per partition, consecutive in the input. */
    private static final int RUN = 3;

    private static final long ROWS = (long) RUN * PARTITIONS;

    @TempDir Path dir;

    @Test
    void tenThousandPartitions(@InjectMiniCluster MiniCluster cluster) throws Exception {
        assertThat(Runtime.getRuntime().maxMemory())
                .as(
                        "max heap: run this class with -Xmx1g, as the pom's bounded-heap execution does")
                .isLessThanOrEqualTo(ONE_GIB);
        Path table = dir.resolve("t");
        StreamExecutionEnvironment env = streamEnv(dir.resolve("checkpoints"), 500);

        HeapWatch heap = HeapWatch.start();
        long started = System.nanoTime();
        TableResult result =
                insert(env, generate(env, ROWS, PARTITIONS, RUN, 0), table, "parquet", true);
        result.await(5, TimeUnit.MINUTES);
        long jobMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
        heap.stop();

        AccessExecutionGraph job = finishedJob(cluster, jobId(result));
        long checkpoints =
                job.getCheckpointStatsSnapshot().getCounts().getNumberOfCompletedCheckpoints();
        System.out.printf(
                "ManyPartitionsITCase: %d rows into %d partitions in %d ms, %d checkpoints;"
                        + " max heap %d MiB; peak heap used %d MiB (sum of heap pool peaks);"
                        + " peak heap after GC %d MiB%n",
                ROWS,
                PARTITIONS,
                jobMillis,
                checkpoints,
                Runtime.getRuntime().maxMemory() >> 20,
                heap.peakUsed() >> 20,
                heap.peakAfterGc() >> 20);

        assertThat(checkpoints).as("completed checkpoints").isGreaterThanOrEqualTo(1);
        try (Stream<Path> dirs = Files.list(table)) {
            List<Path> partitions =
                    dirs.filter(Files::isDirectory)
                            .filter(d -> d.getFileName().toString().startsWith("p="))
                            .collect(Collectors.toList());
            assertThat(partitions).hasSize(PARTITIONS);
        }
        long checked = System.nanoTime();
        assertExactlyOnce(table, "parquet", true, ROWS, PARTITIONS, RUN);
        System.out.printf(
                "ManyPartitionsITCase: checked in %d ms%n",
                TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - checked));
    }
}
