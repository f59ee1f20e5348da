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
package dev.formattable.flink.source.reader;

import dev.formattable.core.FormatTable;
import dev.formattable.core.scan.DataSplit;
import dev.formattable.flink.read.FormatTableBulkFormat;
import dev.formattable.flink.read.ReadSpec;
import dev.formattable.flink.testutils.CollectingReaderOutput;
import dev.formattable.flink.testutils.CountingReaderContext;
import dev.formattable.flink.testutils.SinkTables;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.connector.file.src.FileSourceSplit;
import org.apache.flink.core.io.InputStatus;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A source reader asks for the next split while it reads one: two at its start, then one for each
 * split it finishes, and it reads every row of every split it is given.
 */
class FormatTableSourceReaderTest {

    @TempDir Path dir;

    @Test
    void keepsTheNextSplitAtHand() throws Exception {
        FormatTable table = SinkTables.table(dir);
        SinkTables.appendOneRowPerPartition(table, 3);
        List<FileSourceSplit> splits = new ArrayList<>();
        for (DataSplit file : table.newScan().plan().splits()) {
            splits.add(SinkTables.split(file));
        }
        CountingReaderContext context = new CountingReaderContext();
        FormatTableBulkFormat format =
                new FormatTableBulkFormat(
                        ReadSpec.builder(table, SinkTables.ROW_TYPE).build(), List.of());
        CollectingReaderOutput output = new CollectingReaderOutput();

        try (FormatTableSourceReader reader =
                new FormatTableSourceReader(context, format, new Configuration())) {
            reader.start();
            assertThat(context.splitRequests()).isEqualTo(2);

            reader.addSplits(splits.subList(0, 2));
            // One more request per finished split.
            readUntil(reader, output, () -> context.splitRequests() == 4);
            assertThat(output.rows()).hasSize(2);

            reader.addSplits(splits.subList(2, 3));
            reader.notifyNoMoreSplits();
            InputStatus status;
            do {
                status = poll(reader, output);
            } while (status != InputStatus.END_OF_INPUT);
            assertThat(context.splitRequests()).isEqualTo(5);
        }
        assertThat(output.rows()).containsExactlyInAnyOrder("-1|k0", "-2|k1", "-3|k2");
    }

    private static void readUntil(
            FormatTableSourceReader reader,
            CollectingReaderOutput output,
            java.util.function.BooleanSupplier done)
            throws Exception {
        while (!done.getAsBoolean()) {
            InputStatus status = reader.pollNext(output);
            // The poll that finished the last split may be the one that met the condition; an
            // idle fetcher stays (see ShuttingFetcherManager), so nothing else would arrive.
            if (status == InputStatus.NOTHING_AVAILABLE && !done.getAsBoolean()) {
                reader.isAvailable().get(30, TimeUnit.SECONDS);
            }
        }
    }

    private static InputStatus poll(FormatTableSourceReader reader, CollectingReaderOutput output)
            throws Exception {
        InputStatus status = reader.pollNext(output);
        if (status == InputStatus.NOTHING_AVAILABLE) {
            reader.isAvailable().get(30, TimeUnit.SECONDS);
        }
        return status;
    }
}
