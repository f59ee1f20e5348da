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
package dev.formattable.core.stats;

import dev.formattable.core.FormatTable;
import dev.formattable.core.fs.FaultInjectingFileIO;
import dev.formattable.core.fs.FaultInjectingFileIO.Op;
import dev.formattable.core.fs.LocalFileIO;
import dev.formattable.core.fs.Path;
import dev.formattable.core.scan.DataSplit;
import dev.formattable.core.schema.TableSchema;
import dev.formattable.core.stats.Fingerprint.FileEntry;
import dev.formattable.core.testutils.LogCapture;
import dev.formattable.core.testutils.TestTables;
import dev.formattable.core.types.DataTypes;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Where statistics files live, how they are replaced, and that no scan reads them as data. */
class StatisticsStoreTest {

    @TempDir java.nio.file.Path dir;

    private final LocalFileIO io = new LocalFileIO();

    private Path partition(String relative) throws IOException {
        java.nio.file.Path p = dir.resolve(relative);
        Files.createDirectories(p);
        return Path.of(p.toString());
    }

    private List<String> names(java.nio.file.Path directory) throws IOException {
        try (Stream<java.nio.file.Path> s = Files.list(directory)) {
            return s.map(p -> p.getFileName().toString()).sorted().collect(Collectors.toList());
        }
    }

    @Test
    void writtenStatisticsReadBackWithEveryValue() throws IOException {
        Path p = partition("dt=2024-01-01");
        StatisticsStore store = new StatisticsStore(io);
        PartitionStatistics written = GoldenStatistics.sample();

        store.write(p, written);
        PartitionStatistics read = store.read(p).orElseThrow();

        assertThat(names(dir.resolve("dt=2024-01-01"))).containsExactly(".format-table-stats");
        assertThat(read.rowCount()).isEqualTo(written.rowCount());
        assertThat(read.fingerprint()).isEqualTo(written.fingerprint());
        assertThat(read.columns()).hasSameSizeAs(written.columns());
        for (ColumnStatistics w : written.columns()) {
            ColumnStatistics r = read.column(w.name()).orElseThrow();
            assertThat(r.type()).isEqualTo(w.type());
            assertThat(r.distinctCount()).isEqualTo(w.distinctCount());
            assertThat(r.nullCount()).isEqualTo(w.nullCount());
            assertThat(r.min().map(ColumnValues::toText))
                    .isEqualTo(w.min().map(ColumnValues::toText));
            assertThat(r.max().map(ColumnValues::toText))
                    .isEqualTo(w.max().map(ColumnValues::toText));
            assertThat(r.totalWidth()).isEqualTo(w.totalWidth());
            assertThat(r.maxWidth()).isEqualTo(w.maxWidth());
        }
    }

    @Test
    void aSecondWriteReplacesTheFirstAndLeavesNoTemporaryFile() throws IOException {
        Path p = partition("");
        StatisticsStore store = new StatisticsStore(io);
        store.write(p, GoldenStatistics.sample());
        PartitionStatistics empty = new PartitionStatistics(0, Fingerprint.empty(), List.of());

        store.write(p, empty);

        assertThat(store.read(p).orElseThrow().rowCount()).isZero();
        assertThat(names(dir)).containsExactly(".format-table-stats");
        assertThat(store.delete(p)).isTrue();
        assertThat(store.read(p)).isEmpty();
        assertThat(store.delete(p)).isFalse();
    }

    @Test
    void aFailedRenameKeepsNoPartialFile() throws IOException {
        Path p = partition("k=1");
        FaultInjectingFileIO faulty = new FaultInjectingFileIO(io).failOn(Op.RENAME, 1);
        StatisticsStore store = new StatisticsStore(faulty);

        assertThatThrownBy(() -> store.write(p, GoldenStatistics.sample()))
                .isInstanceOf(IOException.class);

        // Neither a half-written statistics file nor the temporary one remains.
        assertThat(names(dir.resolve("k=1"))).isEmpty();
        assertThat(new StatisticsStore(io).read(p)).isEmpty();
    }

    @Test
    void noFileIsNoStatisticsWithoutAWarning() throws IOException {
        try (LogCapture log = LogCapture.of(StatisticsStore.class)) {
            assertThat(new StatisticsStore(io).read(partition("none"))).isEmpty();
            assertThat(log.warnings()).isEmpty();
        }
    }

    @Test
    void aReadErrorIsNoStatisticsWithOneWarning() throws IOException {
        Path p = partition("k=2");
        new StatisticsStore(io).write(p, GoldenStatistics.sample());
        StatisticsStore store =
                new StatisticsStore(new FaultInjectingFileIO(io).failOn(Op.READ, 1));

        try (LogCapture log = LogCapture.of(StatisticsStore.class)) {
            assertThat(store.read(p)).isEmpty();
            assertThat(log.warnings()).hasSize(1);
            assertThat(log.warnings().get(0)).contains("cannot be read");
        }
    }

    /** Only I/O failures are "no statistics": an unchecked failure of the file system is a bug. */
    @Test
    void anUncheckedReadFailureIsNotTakenForMissingStatistics() throws IOException {
        Path p = partition("k=3");
        new StatisticsStore(io).write(p, GoldenStatistics.sample());
        StatisticsStore store =
                new StatisticsStore(new FaultInjectingFileIO(io).failUncheckedOn(Op.READ, 1));

        assertThatThrownBy(() -> store.read(p))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("Injected unchecked failure of READ call 1");
    }

    @Test
    void statisticsOfOtherFilesAreStaleWithOneWarning() throws IOException {
        Path p = partition("k=3");
        StatisticsStore store = new StatisticsStore(io);
        store.write(p, GoldenStatistics.sample());
        Fingerprint same = GoldenStatistics.FILES;
        Fingerprint oneRewritten =
                Fingerprint.of(
                        List.of(
                                new FileEntry("data-1.parquet", 1234, 1_700_000_000_000L),
                                new FileEntry("data-2.parquet", 999, 1_700_000_200_000L)));

        assertThat(store.readCurrent(p, same)).isPresent();
        try (LogCapture log = LogCapture.of(StatisticsStore.class)) {
            assertThat(store.readCurrent(p, oneRewritten)).isEmpty();
            assertThat(log.warnings()).hasSize(1);
            assertThat(log.warnings().get(0)).contains("files changed").contains("CHANGED");
        }
    }

    @Test
    void scansSkipStatisticsFilesAndTheirTemporaryFiles() throws IOException {
        TableSchema schema = TestTables.schema(Map.of(), "k", DataTypes.INT());
        FormatTable table = TestTables.table(io, dir, schema);
        table.newCommit()
                .append(
                        TestTables.writeRoundRobin(
                                table, List.of(List.of(1), List.of(2)), "a", "b", "c"));
        StatisticsStore store = new StatisticsStore(io);
        store.write(partition("k=1"), GoldenStatistics.sample());
        store.write(partition(""), GoldenStatistics.sample());
        Files.writeString(dir.resolve("k=2").resolve(".format-table-stats.x.tmp"), "partial");

        List<DataSplit> splits = table.newScan().plan().splits();

        assertThat(splits).hasSize(2);
        assertThat(splits)
                .extracting(s -> s.path().name())
                .noneMatch(n -> n.startsWith(".format-table-stats"));
        assertThat(TestTables.readAll(table)).containsExactly("[1]|a", "[1]|c", "[2]|b");
        // Removing a partition's directory removes its statistics with it.
        assertThat(io.delete(partition("k=1"), true)).isTrue();
        assertThat(store.read(partition("k=1"))).isEmpty();
    }
}
