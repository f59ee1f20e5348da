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
package dev.formattable.core.scan;

import dev.formattable.core.FormatTable;
import dev.formattable.core.fs.FileStatus;
import dev.formattable.core.fs.LocalFileIO;
import dev.formattable.core.fs.Path;
import dev.formattable.core.testutils.TestTables;
import dev.formattable.core.types.DataTypes;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;

import static dev.formattable.core.partition.PartitionPredicate.and;
import static dev.formattable.core.partition.PartitionPredicate.equal;
import static dev.formattable.core.partition.PartitionPredicate.greaterOrEqual;
import static dev.formattable.core.partition.PartitionPredicate.in;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Planning a table of 10,000 partitions in two levels ({@code a=0..99/b=0..99}, one small file
 * each): what a query costs in listing calls, and that a full scan lists directories in parallel.
 */
class PlanningAtScaleTest {

    private static final int FANOUT = 100;

    @TempDir static java.nio.file.Path dir;

    @BeforeAll
    static void createTable() throws IOException {
        for (int a = 0; a < FANOUT; a++) {
            for (int b = 0; b < FANOUT; b++) {
                java.nio.file.Path leaf = dir.resolve("a=" + a).resolve("b=" + b);
                Files.createDirectories(leaf);
                Files.write(leaf.resolve("data-" + a + "-" + b + ".parquet"), new byte[] {1});
            }
        }
    }

    private static FormatTable table(LocalFileIO io) {
        return TestTables.table(
                io, dir, TestTables.schema(Map.of(), "a", DataTypes.INT(), "b", DataTypes.INT()));
    }

    private static List<String> paths(ScanPlan plan) {
        return plan.splits().stream().map(s -> s.path().toString()).collect(Collectors.toList());
    }

    @Test
    void aPointQueryListsOneDirectoryPerTable() throws IOException {
        ScanPlan plan =
                table(new LocalFileIO())
                        .newScan()
                        .withPartitionFilter(and(equal("a", 42), equal("b", 7)))
                        .plan();

        assertThat(plan.splits())
                .singleElement()
                .satisfies(s -> assertThat(s.path().name()).isEqualTo("data-42-7.parquet"));
        // Both levels are pinned: no level is listed, only the leaf for its files.
        assertThat(plan.listCalls()).isEqualTo(1);
        assertThat(plan.statusCalls()).isEqualTo(1);
    }

    @Test
    void aPointQueryOnTheFirstKeyListsOnlyItsSubtree() throws IOException {
        ScanPlan plan =
                table(new LocalFileIO()).newScan().withPartitionFilter(equal("a", 42)).plan();

        assertThat(plan.splits()).hasSize(FANOUT);
        // The pinned a=42 directory, then its 100 leaves.
        assertThat(plan.listCalls()).isEqualTo(1 + FANOUT);
    }

    @Test
    void aRangeOnTheFirstKeyListsOnlyTheMatchingSubtrees() throws IOException {
        ScanPlan plan =
                table(new LocalFileIO())
                        .newScan()
                        .withPartitionFilter(greaterOrEqual("a", 95))
                        .plan();

        assertThat(plan.splits()).hasSize(5 * FANOUT);
        assertThat(plan.splits())
                .allSatisfy(
                        s -> assertThat((Integer) s.partitionValues().get(0)).isGreaterThan(94));
        // The root, the 5 matching a directories, their 500 leaves; the other 95 subtrees never.
        assertThat(plan.listCalls()).isEqualTo(1 + 5 + 5 * FANOUT);
    }

    @Test
    void anInOnTheSecondKeyListsOnlyTheMatchingLeaves() throws IOException {
        ScanPlan plan =
                table(new LocalFileIO())
                        .newScan()
                        .withPartitionFilter(in("b", List.of(3, 4)))
                        .plan();

        assertThat(plan.splits()).hasSize(2 * FANOUT);
        // The root and the 100 a directories must be listed; then only 200 of 10,000 leaves.
        assertThat(plan.listCalls()).isEqualTo(1 + FANOUT + 2 * FANOUT);
    }

    @Test
    void aRangeAndAnInTogetherListOnlyTheirIntersection() throws IOException {
        ScanPlan plan =
                table(new LocalFileIO())
                        .newScan()
                        .withPartitionFilter(and(greaterOrEqual("a", 95), in("b", List.of(3, 4))))
                        .plan();

        assertThat(plan.splits()).hasSize(5 * 2);
        assertThat(plan.listCalls()).isEqualTo(1 + 5 + 5 * 2);
    }

    @Test
    void aFullScanListsDirectoriesInParallel() throws IOException {
        ConcurrencyRecordingFileIO parallelIO = new ConcurrencyRecordingFileIO();
        ScanPlan parallel = table(parallelIO).newScan().plan();

        ConcurrencyRecordingFileIO serialIO = new ConcurrencyRecordingFileIO();
        ScanPlan serial = table(serialIO).newScan().withListingParallelism(1).plan();

        assertThat(parallel.splits()).hasSize(FANOUT * FANOUT);
        // The root, 100 a directories, 10,000 leaves, whatever the parallelism.
        assertThat(parallel.listCalls()).isEqualTo(1 + FANOUT + FANOUT * FANOUT);
        assertThat(serial.listCalls()).isEqualTo(parallel.listCalls());
        assertThat(parallelIO.maxInFlight.get()).isGreaterThan(1);
        assertThat(parallelIO.maxInFlight.get())
                .isLessThanOrEqualTo(FileListing.DEFAULT_PARALLELISM);
        assertThat(serialIO.maxInFlight.get()).isEqualTo(1);
        assertThat(paths(parallel)).isEqualTo(paths(serial));
        assertThat(parallel.partitions()).isEqualTo(serial.partitions());
    }

    /**
     * Records the most {@code list} calls in flight at once. Listing a first-level directory sleeps
     * a little, so that parallel calls overlap on any machine; the leaves are listed at full speed.
     */
    private static final class ConcurrencyRecordingFileIO extends LocalFileIO {
        final AtomicInteger inFlight = new AtomicInteger();
        final AtomicInteger maxInFlight = new AtomicInteger();

        @Override
        public List<FileStatus> list(Path directory) throws IOException {
            int now = inFlight.incrementAndGet();
            maxInFlight.accumulateAndGet(now, Math::max);
            try {
                if (directory.name().startsWith("a=")) {
                    Thread.sleep(5);
                }
                return super.list(directory);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new java.io.InterruptedIOException();
            } finally {
                inFlight.decrementAndGet();
            }
        }
    }
}
