package dev.formattable.flink.sink.writer;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Round trips, golden bytes of every version, and refusal of unknown versions and corrupt bytes.
 */
class FormatTableWriterStateSerializerTest {

    private static final FormatTableWriterStateSerializer SERIALIZER =
            FormatTableWriterStateSerializer.INSTANCE;

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
                    new FormatTableWriterState("jöb-s1-a1", 7L)
                }) {
            assertThat(SERIALIZER.deserialize(SERIALIZER.getVersion(), SERIALIZER.serialize(state)))
                    .isEqualTo(state);
        }
    }

    @Test
    void readsAndWritesTheGoldenBytesOfVersion1() throws IOException {
        byte[] golden;
        try (InputStream in =
                getClass().getResourceAsStream("/serializer/format-table-writer-state-v1.bin")) {
            assertThat(in).as("golden file").isNotNull();
            golden = in.readAllBytes();
        }
        assertThat(SERIALIZER.deserialize(1, golden)).isEqualTo(sample());
        assertThat(SERIALIZER.serialize(sample())).isEqualTo(golden);
        assertThat(SERIALIZER.getVersion()).isEqualTo(1);
    }

    @Test
    void refusesAnUnknownVersionNamingBothVersions() {
        assertThatThrownBy(() -> SERIALIZER.deserialize(2, new byte[0]))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("version 2")
                .hasMessageContaining("up to 1");
    }

    @Test
    void refusesTrailingBytes() throws IOException {
        byte[] bytes = SERIALIZER.serialize(sample());
        byte[] longer = java.util.Arrays.copyOf(bytes, bytes.length + 1);
        assertThatThrownBy(() -> SERIALIZER.deserialize(1, longer))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("1 unexpected trailing bytes");
        byte[] shorter = java.util.Arrays.copyOf(bytes, bytes.length - 1);
        assertThatThrownBy(() -> SERIALIZER.deserialize(1, shorter))
                .isInstanceOf(IOException.class);
    }
}
