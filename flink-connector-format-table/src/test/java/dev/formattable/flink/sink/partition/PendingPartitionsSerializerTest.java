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
package dev.formattable.flink.sink.partition;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Version 1 of the partition committer's state: round trip, golden bytes, unknown versions. */
class PendingPartitionsSerializerTest {

    private static final String GOLDEN = "/serializer/format-table-pending-partitions-v1.bin";

    private static PendingPartitions sample() {
        PendingPartitions pending = new PendingPartitions();
        pending.add("dt=19723/hour=10", 1_700_000_000_000L);
        pending.add("dt=19723/hour=__DEFAULT_PARTITION__", 1_700_000_000_500L);
        pending.add("région=Zürich", 42L);
        pending.recordWatermark(7, 1_704_103_200_000L);
        pending.recordWatermark(8, Long.MIN_VALUE);
        return pending;
    }

    @Test
    void roundTrips() throws IOException {
        PendingPartitionsSerializer s = PendingPartitionsSerializer.INSTANCE;
        assertThat(s.deserialize(1, s.serialize(sample()))).isEqualTo(sample());
        assertThat(s.deserialize(1, s.serialize(new PendingPartitions())))
                .isEqualTo(new PendingPartitions());
    }

    @Test
    void readsTheGoldenBytesOfVersion1() throws IOException {
        byte[] golden;
        try (InputStream in = getClass().getResourceAsStream(GOLDEN)) {
            if (in == null && Boolean.getBoolean("formattable.regenerate-golden")) {
                Path target = Path.of("../src/test/resources" + GOLDEN);
                Files.write(target, PendingPartitionsSerializer.INSTANCE.serialize(sample()));
                return;
            }
            assertThat(in).as(GOLDEN).isNotNull();
            golden = in.readAllBytes();
        }
        assertThat(PendingPartitionsSerializer.INSTANCE.deserialize(1, golden)).isEqualTo(sample());
        assertThat(PendingPartitionsSerializer.INSTANCE.serialize(sample())).isEqualTo(golden);
    }

    @Test
    void refusesUnknownVersionsAndCorruptBytes() {
        assertThatThrownBy(() -> PendingPartitionsSerializer.INSTANCE.deserialize(2, new byte[0]))
                .isInstanceOf(IOException.class)
                .hasMessage(
                        "Cannot read pending partitions of version 2: this serializer reads"
                                + " version 1");
        assertThatThrownBy(
                        () ->
                                PendingPartitionsSerializer.INSTANCE.deserialize(
                                        1, new byte[] {0, 0, 0, 1, 0, 0, 0, 9}))
                .isInstanceOf(IOException.class)
                .hasMessage("Corrupt pending partitions: name length 9");
    }
}
