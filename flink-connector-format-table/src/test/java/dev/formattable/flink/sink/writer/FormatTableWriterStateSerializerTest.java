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

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.util.List;

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
                List.of("s3://bucket/t/dt=2026-12-01/h=7", "s3://bucket/t/dt=2026-12-01/h=8é"));
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
                    sampleV2()
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

    @Test
    void readsAndWritesTheGoldenBytesOfVersion2() throws IOException {
        byte[] golden = golden("format-table-writer-state-v2.bin");
        assertThat(SERIALIZER.deserialize(2, golden)).isEqualTo(sampleV2());
        assertThat(SERIALIZER.serialize(sampleV2())).isEqualTo(golden);
        assertThat(SERIALIZER.getVersion()).isEqualTo(2);
    }

    private byte[] golden(String name) throws IOException {
        try (InputStream in = getClass().getResourceAsStream("/serializer/" + name)) {
            assertThat(in).as("golden file " + name).isNotNull();
            return in.readAllBytes();
        }
    }

    @Test
    void refusesAnUnknownVersionNamingBothVersions() {
        assertThatThrownBy(() -> SERIALIZER.deserialize(3, new byte[0]))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("version 3")
                .hasMessageContaining("up to 2");
    }

    @Test
    void refusesTrailingBytes() throws IOException {
        byte[] bytes = SERIALIZER.serialize(sampleV2());
        byte[] longer = java.util.Arrays.copyOf(bytes, bytes.length + 1);
        assertThatThrownBy(() -> SERIALIZER.deserialize(2, longer))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("1 unexpected trailing bytes");
        byte[] shorter = java.util.Arrays.copyOf(bytes, bytes.length - 1);
        assertThatThrownBy(() -> SERIALIZER.deserialize(2, shorter))
                .isInstanceOf(IOException.class);
    }
}
