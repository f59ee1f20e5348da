package dev.formattable.flink.sink;

import dev.formattable.core.commit.CommitMessage;
import dev.formattable.core.fs.Path;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.util.LinkedHashMap;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Round trips, golden bytes of every version, and refusal of unknown versions. */
class FormatTableCommittableSerializerTest {

    static FormatTableCommittable sample() {
        LinkedHashMap<String, String> p1 = new LinkedHashMap<>();
        p1.put("dt", "19723");
        LinkedHashMap<String, String> p2 = new LinkedHashMap<>();
        p2.put("dt", null);
        return new FormatTableCommittable(
                List.of(
                        new CommitMessage(
                                Path.of("s3://bucket/t/dt=19723/_temporary/.data-a-0.orc.u.tmp"),
                                Path.of("s3://bucket/t/dt=19723/data-a-0.orc"),
                                p1,
                                10,
                                1024),
                        new CommitMessage(
                                Path.of(
                                        "s3://bucket/t/dt=__DEFAULT_PARTITION__/_temporary/.data-a-1.orc.v.tmp"),
                                Path.of("s3://bucket/t/dt=__DEFAULT_PARTITION__/data-a-1.orc"),
                                p2,
                                1,
                                300)));
    }

    @Test
    void roundTrips() throws IOException {
        FormatTableCommittableSerializer s = FormatTableCommittableSerializer.INSTANCE;
        assertThat(s.deserialize(s.getVersion(), s.serialize(sample()))).isEqualTo(sample());
        FormatTableCommittable empty = new FormatTableCommittable(List.of());
        assertThat(s.deserialize(1, s.serialize(empty))).isEqualTo(empty);
    }

    @Test
    void readsTheGoldenBytesOfVersion1() throws IOException {
        byte[] golden;
        try (InputStream in =
                getClass().getResourceAsStream("/serializer/format-table-committable-v1.bin")) {
            assertThat(in).as("golden file").isNotNull();
            golden = in.readAllBytes();
        }
        assertThat(FormatTableCommittableSerializer.INSTANCE.deserialize(1, golden))
                .isEqualTo(sample());
        assertThat(FormatTableCommittableSerializer.INSTANCE.serialize(sample())).isEqualTo(golden);
    }

    @Test
    void refusesAnUnknownVersion() {
        assertThatThrownBy(
                        () -> FormatTableCommittableSerializer.INSTANCE.deserialize(2, new byte[0]))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("version 2")
                .hasMessageContaining("up to 1");
    }
}
