package dev.formattable.core.commit;

import dev.formattable.core.fs.Path;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.util.LinkedHashMap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Round trips, golden bytes of every version, and refusal of unknown versions. */
class CommitMessageSerializerTest {

    static CommitMessage sample() {
        LinkedHashMap<String, String> partition = new LinkedHashMap<>();
        partition.put("dt", "19723");
        partition.put("k", null);
        partition.put("é", "a/b");
        return new CommitMessage(
                Path.of(
                        "hdfs://nn:8020/t/dt=19723/k=__DEFAULT_PARTITION__/_temporary/.data-u-0.parquet.v.tmp"),
                Path.of("hdfs://nn:8020/t/dt=19723/k=__DEFAULT_PARTITION__/data-u-0.parquet"),
                partition,
                42,
                4096);
    }

    @Test
    void roundTrips() throws IOException {
        CommitMessageSerializer serializer = CommitMessageSerializer.INSTANCE;
        CommitMessage m = sample();

        assertThat(serializer.deserialize(serializer.getVersion(), serializer.serialize(m)))
                .isEqualTo(m);
    }

    @Test
    void readsTheGoldenBytesOfVersion1() throws IOException {
        byte[] golden;
        try (InputStream in = getClass().getResourceAsStream("/serializer/commit-message-v1.bin")) {
            assertThat(in).as("golden file").isNotNull();
            golden = in.readAllBytes();
        }

        assertThat(CommitMessageSerializer.INSTANCE.deserialize(1, golden)).isEqualTo(sample());
        assertThat(CommitMessageSerializer.INSTANCE.serialize(sample())).isEqualTo(golden);
    }

    @Test
    void refusesAnUnknownVersion() {
        assertThatThrownBy(() -> CommitMessageSerializer.INSTANCE.deserialize(7, new byte[0]))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("version 7")
                .hasMessageContaining("up to 1");
    }

    @Test
    void refusesTrailingBytes() throws IOException {
        byte[] bytes = CommitMessageSerializer.INSTANCE.serialize(sample());
        byte[] longer = java.util.Arrays.copyOf(bytes, bytes.length + 1);

        assertThatThrownBy(() -> CommitMessageSerializer.INSTANCE.deserialize(1, longer))
                .hasMessageContaining("trailing bytes");
    }
}
