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
package dev.formattable.flink.read;

import dev.formattable.core.FormatTable;
import dev.formattable.core.fs.Path;
import dev.formattable.core.metastore.PartitionRegistry;
import dev.formattable.core.metastore.RegisteredPartition;
import dev.formattable.flink.source.enumerator.FormatTableFileEnumerator;
import dev.formattable.flink.source.enumerator.ScanSpec;
import dev.formattable.flink.testutils.SinkTables;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.connector.file.src.FileSourceSplit;
import org.apache.flink.connector.file.src.reader.BulkFormat;
import org.apache.flink.connector.file.src.util.CheckpointedPosition;
import org.apache.flink.connector.file.src.util.RecordAndPosition;
import org.apache.flink.table.data.RowData;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A partition its catalog keeps at another directory, whose name says nothing of its values: its
 * splits name the partition, and a reader restored from a checkpoint mid-way through such a split
 * still gives its rows the registered values.
 */
class RelocatedPartitionReadTest {

    @TempDir java.nio.file.Path dir;

    /** Lists the partitions it is given, whatever is asked. */
    private static final class FixedRegistry implements PartitionRegistry {
        private final List<RegisteredPartition> partitions;

        FixedRegistry(List<RegisteredPartition> partitions) {
            this.partitions = partitions;
        }

        @Override
        public void register(Map<Map<String, String>, Path> partitions) {}

        @Override
        public List<RegisteredPartition> list(List<Map<String, String>> anyOf) {
            return partitions;
        }

        @Override
        public void unregister(List<Map<String, String>> partitions) {}
    }

    @Test
    void aRestoredReaderOfARelocatedSplitKeepsTheRegisteredValues() throws Exception {
        FormatTable home = SinkTables.table(dir.resolve("t"));
        home.newCommit().append(SinkTables.stage(home, "home", SinkTables.row(1, "x")).messages());
        // Files written under k=y of another directory, registered as partition k=z.
        FormatTable other = SinkTables.table(dir.resolve("archive"));
        other.newCommit()
                .append(
                        SinkTables.stage(
                                        other,
                                        "old",
                                        SinkTables.row(7, "y"),
                                        SinkTables.row(8, "y"),
                                        SinkTables.row(9, "y"))
                                .messages());
        FormatTable table =
                home.withPartitionRegistry(
                        new FixedRegistry(
                                List.of(
                                        new RegisteredPartition(List.of("x"), null),
                                        new RegisteredPartition(
                                                List.of("z"),
                                                Path.of(
                                                        dir.resolve("archive")
                                                                .resolve("k=y")
                                                                .toUri()
                                                                .toString())))));

        Collection<FileSourceSplit> splits =
                new FormatTableFileEnumerator(ScanSpec.builder(table).build(), null)
                        .enumerateSplits(new org.apache.flink.core.fs.Path[0], 1);
        FileSourceSplit relocated =
                splits.stream()
                        .filter(s -> FormatTableSplit.partitionPathOf(s).isPresent())
                        .findFirst()
                        .orElseThrow();
        assertThat(FormatTableSplit.partitionPathOf(relocated)).contains("k=z");
        assertThat(splits.stream().filter(s -> !(s instanceof FormatTableSplit))).hasSize(1);

        FormatTableBulkFormat format =
                new FormatTableBulkFormat(
                        ReadSpec.builder(table, SinkTables.ROW_TYPE).build(), List.of());
        assertThat(read(format, relocated, false)).containsExactly("7|z", "8|z", "9|z");

        // Checkpointed after one record, through the source's split serializer.
        FormatTableSplitSerializer serializer = FormatTableSplitSerializer.INSTANCE;
        FileSourceSplit checkpointed =
                relocated.updateWithCheckpointedPosition(
                        new CheckpointedPosition(CheckpointedPosition.NO_OFFSET, 1));
        FileSourceSplit restored =
                serializer.deserialize(serializer.getVersion(), serializer.serialize(checkpointed));
        assertThat(read(format, restored, true)).containsExactly("8|z", "9|z");
    }

    private static List<String> read(
            FormatTableBulkFormat format, FileSourceSplit split, boolean restore)
            throws IOException {
        List<String> rows = new ArrayList<>();
        try (BulkFormat.Reader<RowData> reader =
                restore
                        ? format.restoreReader(new Configuration(), split)
                        : format.createReader(new Configuration(), split)) {
            BulkFormat.RecordIterator<RowData> batch;
            while ((batch = reader.readBatch()) != null) {
                RecordAndPosition<RowData> r;
                while ((r = batch.next()) != null) {
                    rows.add(r.getRecord().getInt(0) + "|" + r.getRecord().getString(1));
                }
                batch.releaseBatch();
            }
        }
        return rows;
    }
}
