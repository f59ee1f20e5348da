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
package dev.formattable.flink.lookup;

import dev.formattable.core.FormatTable;
import dev.formattable.flink.internal.LookupKeyHash;
import dev.formattable.flink.read.FormatTableBulkFormat;
import dev.formattable.flink.read.ReadSpec;
import dev.formattable.flink.source.enumerator.ScanSpec;
import dev.formattable.flink.testutils.SinkTables;

import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.function.Predicate;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class FullCacheTest {

    @TempDir Path dir;

    private FormatTable table;

    private void commit(String job, RowData... rows) throws IOException {
        table.newCommit().append(SinkTables.stage(table, job, rows).messages());
    }

    private FullCache cache(int key, long maxBytes) {
        return cache(key, maxBytes, null);
    }

    private FullCache cache(int key, long maxBytes, Predicate<RowData> keeps) {
        return cache(new int[] {key}, maxBytes, keeps);
    }

    private FullCache cache(int[] keys, long maxBytes, Predicate<RowData> keeps) {
        FullTableLoader loader =
                new FullTableLoader(
                        ScanSpec.builder(table).build(),
                        new FormatTableBulkFormat(
                                ReadSpec.builder(table, SinkTables.ROW_TYPE).build(), List.of()));
        return new FullCache(loader, SinkTables.ROW_TYPE, keys, maxBytes, "t", keeps);
    }

    private static List<String> text(Collection<RowData> rows) {
        return rows.stream()
                .map(
                        r ->
                                (r.isNullAt(0) ? "null" : String.valueOf(r.getInt(0)))
                                        + "/"
                                        + r.getString(1))
                .sorted()
                .collect(Collectors.toList());
    }

    @Test
    void rowsAreFoundByKeyAndNullKeysFindNothing() throws IOException {
        table = SinkTables.table(dir.resolve("t"));
        commit("one", SinkTables.row(1, "x"), SinkTables.row(2, "x"), SinkTables.row(3, "y"));
        commit("two", GenericRowData.of(null, StringData.fromString("y")));

        FullCache byId = cache(0, Long.MAX_VALUE);
        byId.load();
        assertThat(text(byId.get(GenericRowData.of(1)))).containsExactly("1/x");
        assertThat(byId.get(GenericRowData.of(9))).isEmpty();
        assertThat(byId.rowCount()).as("the row with a NULL key is left out").isEqualTo(3);
        // The heap the rows hold, not only their binary form: each costs its objects besides.
        assertThat(byId.bytes()).isGreaterThan(3L * FullCache.ROW_OVERHEAD_BYTES);

        FullCache byPartition = cache(1, Long.MAX_VALUE);
        byPartition.load();
        assertThat(text(byPartition.get(GenericRowData.of(StringData.fromString("x")))))
                .containsExactly("1/x", "2/x");
        assertThat(text(byPartition.get(GenericRowData.of(StringData.fromString("y")))))
                .containsExactly("3/y", "null/y");

        FullCache byBoth = cache(new int[] {0, 1}, Long.MAX_VALUE, null);
        byBoth.load();
        assertThat(text(byBoth.get(GenericRowData.of(2, StringData.fromString("x")))))
                .containsExactly("2/x");
        assertThat(byBoth.get(GenericRowData.of(2, StringData.fromString("y")))).isEmpty();
        assertThat(byBoth.get(GenericRowData.of(null, StringData.fromString("y")))).isEmpty();
    }

    @Test
    void aFailedReloadKeepsTheRowsLoadedBeforeAndTheNextOneRecovers() throws IOException {
        table = SinkTables.table(dir.resolve("t"));
        commit("one", SinkTables.row(1, "x"));
        FullCache cache = cache(0, Long.MAX_VALUE);
        cache.load();

        Path corrupt = dir.resolve("t").resolve("k=x").resolve("data-corrupt.parquet");
        Files.write(corrupt, new byte[] {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12});
        assertThat(cache.reload()).isFalse();
        assertThat(cache.failedLoads()).isEqualTo(1);
        assertThat(cache.loads()).isEqualTo(1);
        assertThat(text(cache.get(GenericRowData.of(1)))).containsExactly("1/x");

        Files.delete(corrupt);
        commit("two", SinkTables.row(2, "z"));
        assertThat(cache.reload()).isTrue();
        assertThat(cache.loads()).isEqualTo(2);
        assertThat(text(cache.get(GenericRowData.of(2)))).containsExactly("2/z");
    }

    @Test
    void aTableLargerThanTheBoundFailsNamingTheOption() throws IOException {
        table = SinkTables.table(dir.resolve("t"));
        commit("one", SinkTables.row(1, "x"), SinkTables.row(2, "x"));
        FullCache cache = cache(0, 16);
        assertThatThrownBy(cache::load)
                .isInstanceOf(IOException.class)
                .hasMessageContaining("format table t")
                .hasMessageContaining("'lookup.full-cache.max-size'");
        assertThat(cache.failedLoads()).isEqualTo(1);
    }

    @Test
    void eachSubtaskKeepsOnlyTheKeysRoutedToItAndTogetherTheyKeepAll() throws IOException {
        table = SinkTables.table(dir.resolve("t"));
        RowData[] rows = new RowData[1000];
        for (int i = 0; i < rows.length; i++) {
            rows[i] = SinkTables.row(i, "x");
        }
        commit("one", rows);
        long total = 0;
        for (int subtask = 0; subtask < 3; subtask++) {
            int mine = subtask;
            FullCache share =
                    cache(0, Long.MAX_VALUE, key -> LookupKeyHash.subtaskOf(key, 3) == mine);
            share.load();
            assertThat(share.rowCount()).as("subtask %d of 3", subtask).isBetween(250L, 420L);
            for (int id = 0; id < rows.length; id++) {
                boolean routedHere = LookupKeyHash.subtaskOf(GenericRowData.of(id), 3) == mine;
                assertThat(share.get(GenericRowData.of(id))).hasSize(routedHere ? 1 : 0);
            }
            total += share.rowCount();
        }
        assertThat(total).isEqualTo(rows.length);
    }

    @Test
    void aReloadStoppedByAnInterruptKeepsTheRowsLoadedBefore() throws IOException {
        table = SinkTables.table(dir.resolve("t"));
        commit("one", SinkTables.row(1, "x"));
        commit("two", SinkTables.row(2, "y"));
        boolean[] interrupt = {false};
        FullCache cache =
                cache(
                        0,
                        Long.MAX_VALUE,
                        key -> {
                            if (interrupt[0]) {
                                // As closing the lookup function does to its reload thread.
                                Thread.currentThread().interrupt();
                            }
                            return true;
                        });
        cache.load();
        assertThat(cache.rowCount()).isEqualTo(2);

        commit("three", SinkTables.row(3, "z"));
        interrupt[0] = true;
        try {
            assertThat(cache.reload()).isFalse();
        } finally {
            assertThat(Thread.interrupted()).as("the interrupt is left set").isTrue();
        }
        assertThat(cache.rowCount()).isEqualTo(2);
        assertThat(cache.get(GenericRowData.of(3))).isEmpty();
        assertThat(text(cache.get(GenericRowData.of(1)))).containsExactly("1/x");
    }
}
