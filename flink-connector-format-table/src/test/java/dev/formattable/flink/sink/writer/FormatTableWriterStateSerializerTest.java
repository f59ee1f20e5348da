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
package dev.formattable.flink.sink.writer;

import dev.formattable.core.fs.Path;
import dev.formattable.core.table.CommitMessage;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Round trips, golden bytes of every version, and refusal of unknown versions and corrupt bytes.
 */
class FormatTableWriterStateSerializerTest {

    private static final FormatTableWriterStateSerializer SERIALIZER =
            FormatTableWriterStateSerializer.INSTANCE;

    static FormatTableWriterState sampleV2() {
        return new FormatTableWriterState(
                "3f2a9c0d7b1e4c5a8d6f0e1b2c3d4e5f-s3-a2",
                42L,
                List.of("s3://bucket/t/dt=2026-12-01/h=7", "s3://bucket/t/dt=2026-12-01/h=8é"),
                List.of());
    }

    /** Two partitions held: one with two files, one (the NULL partition) with one. */
    static FormatTableWriterState sampleV3() {
        return new FormatTableWriterState(
                "3f2a9c0d7b1e4c5a8d6f0e1b2c3d4e5f-s3-a2-g00000000000000aa",
                42L,
                List.of("hdfs://nn:8020/t/dt=2026-12-01"),
                List.of(
                        new HeldPartition(
                                "dt=2026-12-01",
                                1_764_547_200_000L,
                                List.of(
                                        held("dt=2026-12-01", "2026-12-01", "a", 10, 1000),
                                        held("dt=2026-12-01", "2026-12-01", "b", 20, 2000))),
                        new HeldPartition(
                                "dt=__DEFAULT_PARTITION__",
                                1_764_550_800_000L,
                                List.of(held("dt=__DEFAULT_PARTITION__", null, "c", 3, 300)))));
    }

    private static CommitMessage held(
            String dir, String value, String name, long rows, long bytes) {
        Map<String, String> partition = new LinkedHashMap<>();
        partition.put("dt", value);
        return new CommitMessage(
                Path.of("hdfs://nn:8020/t/" + dir + "/_temporary/." + name + ".parquet.tok.u.tmp"),
                Path.of("hdfs://nn:8020/t/" + dir + "/" + name + ".parquet"),
                partition,
                rows,
                bytes);
    }

    static FormatTableWriterState sample() {
        return new FormatTableWriterState("3f2a9c0d7b1e4c5a8d6f0e1b2c3d4e5f-s3-a2", 42L);
    }

    @Test
    void roundTrips() throws IOException {
        for (FormatTableWriterState state :
                new FormatTableWriterState[] {
                    sample(),
                    new FormatTableWriterState("j-s0-a0", 0L),
                    new FormatTableWriterState("j-s0-a0", Long.MAX_VALUE),
                    new FormatTableWriterState("jöb-s1-a1", 7L),
                    sampleV2(),
                    sampleV3()
                }) {
            assertThat(SERIALIZER.deserialize(SERIALIZER.getVersion(), SERIALIZER.serialize(state)))
                    .isEqualTo(state);
        }
    }

    /** Version 1, from checkpoints taken before version 2: no partition directories. */
    @Test
    void readsTheGoldenBytesOfVersion1() throws IOException {
        assertThat(SERIALIZER.deserialize(1, golden("format-table-writer-state-v1.bin")))
                .isEqualTo(sample());
    }

    /** Version 2, from checkpoints taken before version 3: no held files. */
    @Test
    void readsTheGoldenBytesOfVersion2() throws IOException {
        assertThat(SERIALIZER.deserialize(2, golden("format-table-writer-state-v2.bin")))
                .isEqualTo(sampleV2());
    }

    @Test
    void readsAndWritesTheGoldenBytesOfVersion3() throws IOException {
        byte[] golden = golden("format-table-writer-state-v3.bin");
        assertThat(SERIALIZER.deserialize(3, golden)).isEqualTo(sampleV3());
        assertThat(SERIALIZER.serialize(sampleV3())).isEqualTo(golden);
        assertThat(SERIALIZER.getVersion()).isEqualTo(3);
    }

    private byte[] golden(String name) throws IOException {
        try (InputStream in = getClass().getResourceAsStream("/serializer/" + name)) {
            assertThat(in).as("golden file " + name).isNotNull();
            return in.readAllBytes();
        }
    }

    @Test
    void refusesAnUnknownVersionNamingBothVersions() {
        assertThatThrownBy(() -> SERIALIZER.deserialize(4, new byte[0]))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("version 4")
                .hasMessageContaining("up to 3");
    }

    @Test
    void refusesTrailingBytes() throws IOException {
        byte[] bytes = SERIALIZER.serialize(sampleV3());
        byte[] longer = java.util.Arrays.copyOf(bytes, bytes.length + 1);
        assertThatThrownBy(() -> SERIALIZER.deserialize(3, longer))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("1 unexpected trailing bytes");
        byte[] shorter = java.util.Arrays.copyOf(bytes, bytes.length - 1);
        assertThatThrownBy(() -> SERIALIZER.deserialize(3, shorter))
                .isInstanceOf(IOException.class);
    }
}
