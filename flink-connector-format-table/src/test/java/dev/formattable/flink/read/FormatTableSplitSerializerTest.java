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

import org.apache.flink.connector.file.src.FileSourceSplit;
import org.apache.flink.connector.file.src.FileSourceSplitSerializer;
import org.apache.flink.connector.file.src.PendingSplitsCheckpoint;
import org.apache.flink.connector.file.src.PendingSplitsCheckpointSerializer;
import org.apache.flink.connector.file.src.util.CheckpointedPosition;
import org.apache.flink.core.fs.Path;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The source's splits in checkpoints: those naming their partition survive a round trip, version 1
 * (Flink's own split bytes, as checkpointed before) is still read, and both versions have golden
 * bytes.
 */
class FormatTableSplitSerializerTest {

    private static final FormatTableSplitSerializer SERIALIZER =
            FormatTableSplitSerializer.INSTANCE;

    private static FileSourceSplit plain() {
        return new FileSourceSplit(
                "a1b2-0",
                new Path("hdfs://nn:8020/warehouse/db/t/dt=2024-01-01/part-0.parquet"),
                0,
                4096,
                1_700_000_000_000L,
                8192,
                new String[] {"host-1"},
                new CheckpointedPosition(3, 17));
    }

    private static FormatTableSplit named() {
        return new FormatTableSplit(
                "a1b2-1",
                new Path("s3://archive/2023/région/part-0.csv"),
                100,
                900,
                1_600_000_000_000L,
                1000,
                new String[0],
                new CheckpointedPosition(CheckpointedPosition.NO_OFFSET, 5),
                "dt=2023-12-31/h=__HIVE_DEFAULT_PARTITION__");
    }

    private static String describe(FileSourceSplit split) {
        return split.getClass().getSimpleName()
                + " "
                + split
                + " "
                + split.getReaderPosition()
                + " "
                + String.join(",", split.hostnames())
                + " "
                + FormatTableSplit.partitionPathOf(split);
    }

    private static FileSourceSplit roundTrip(FileSourceSplit split) throws IOException {
        return SERIALIZER.deserialize(SERIALIZER.getVersion(), SERIALIZER.serialize(split));
    }

    @Test
    void roundTripsSplitsWithAndWithoutTheirPartition() throws IOException {
        assertThat(describe(roundTrip(plain()))).isEqualTo(describe(plain()));
        assertThat(roundTrip(named())).isEqualTo(named());
        assertThat(FormatTableSplit.partitionPathOf(roundTrip(named())))
                .contains("dt=2023-12-31/h=__HIVE_DEFAULT_PARTITION__");

        // A reader's progress is recorded by updating the split: the partition stays.
        FileSourceSplit progressed = named().updateWithCheckpointedPosition(null);
        assertThat(FormatTableSplit.partitionPathOf(roundTrip(progressed)))
                .contains("dt=2023-12-31/h=__HIVE_DEFAULT_PARTITION__");
        assertThat(roundTrip(progressed).getReaderPosition()).isEmpty();
    }

    @Test
    void readsSplitsAndEnumeratorCheckpointsWrittenBeforeSplitsNamedTheirPartition()
            throws IOException {
        byte[] flinkBytes = FileSourceSplitSerializer.INSTANCE.serialize(plain());
        assertThat(describe(SERIALIZER.deserialize(1, flinkBytes))).isEqualTo(describe(plain()));

        PendingSplitsCheckpoint<FileSourceSplit> old =
                PendingSplitsCheckpoint.fromCollectionSnapshot(List.of(plain()));
        byte[] oldCheckpoint =
                new PendingSplitsCheckpointSerializer<>(FileSourceSplitSerializer.INSTANCE)
                        .serialize(old);
        PendingSplitsCheckpointSerializer<FileSourceSplit> ours =
                new PendingSplitsCheckpointSerializer<>(SERIALIZER);
        PendingSplitsCheckpoint<FileSourceSplit> restored =
                ours.deserialize(ours.getVersion(), oldCheckpoint);
        assertThat(restored.getSplits()).hasSize(1);
        assertThat(describe(restored.getSplits().iterator().next())).isEqualTo(describe(plain()));

        PendingSplitsCheckpoint<FileSourceSplit> current =
                PendingSplitsCheckpoint.fromCollectionSnapshot(List.of(plain(), named()));
        assertThat(ours.deserialize(ours.getVersion(), ours.serialize(current)).getSplits())
                .extracting(FormatTableSplit::partitionPathOf)
                .containsExactly(
                        java.util.Optional.empty(),
                        java.util.Optional.of("dt=2023-12-31/h=__HIVE_DEFAULT_PARTITION__"));
    }

    @Test
    void readsTheGoldenBytesOfEachVersion() throws IOException {
        byte[] v1 = golden(1, FileSourceSplitSerializer.INSTANCE.serialize(plain()));
        byte[] plainV2 = golden(2, SERIALIZER.serialize(plain()));
        byte[] namedV2 = goldenNamed(SERIALIZER.serialize(named()));
        if (v1 == null || plainV2 == null || namedV2 == null) {
            return; // regenerated
        }
        assertThat(describe(SERIALIZER.deserialize(1, v1))).isEqualTo(describe(plain()));
        assertThat(describe(SERIALIZER.deserialize(2, plainV2))).isEqualTo(describe(plain()));
        assertThat(SERIALIZER.deserialize(2, namedV2)).isEqualTo(named());
        assertThat(SERIALIZER.serialize(plain())).isEqualTo(plainV2);
        assertThat(SERIALIZER.serialize(named())).isEqualTo(namedV2);
    }

    @Test
    void refusesUnknownVersionsAndCorruptBytes() throws IOException {
        assertThatThrownBy(() -> SERIALIZER.deserialize(3, new byte[0]))
                .isInstanceOf(IOException.class)
                .hasMessage(
                        "Cannot read a format-table split of version 3: this serializer reads"
                                + " versions 1 to 2");
        byte[] bytes = SERIALIZER.serialize(named());
        byte[] trailing = java.util.Arrays.copyOf(bytes, bytes.length + 2);
        assertThatThrownBy(() -> SERIALIZER.deserialize(2, trailing))
                .isInstanceOf(IOException.class)
                .hasMessage("Corrupt format-table split: 2 unexpected trailing bytes");
        assertThatThrownBy(() -> SERIALIZER.deserialize(2, new byte[] {0, 0, 0, 1, 0, 0, 0, 9}))
                .isInstanceOf(IOException.class)
                .hasMessage("Corrupt format-table split: split length 9");
    }

    private byte[] golden(int version, byte[] current) throws IOException {
        return golden("/serializer/format-table-split-v" + version + ".bin", current);
    }

    private byte[] goldenNamed(byte[] current) throws IOException {
        return golden("/serializer/format-table-split-v2-partition.bin", current);
    }

    private byte[] golden(String name, byte[] current) throws IOException {
        try (InputStream in = getClass().getResourceAsStream(name)) {
            if (in == null && Boolean.getBoolean("formattable.regenerate-golden")) {
                Files.write(java.nio.file.Path.of("../src/test/resources" + name), current);
                return null;
            }
            assertThat(in).as(name).isNotNull();
            return in.readAllBytes();
        }
    }
}
