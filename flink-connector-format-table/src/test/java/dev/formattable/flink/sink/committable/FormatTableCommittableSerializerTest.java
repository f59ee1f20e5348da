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
package dev.formattable.flink.sink.committable;

import dev.formattable.core.fs.Path;
import dev.formattable.core.fs.PendingUpload;
import dev.formattable.core.table.CommitMessage;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.util.LinkedHashMap;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Round trips, golden bytes of every version, and refusal of unknown versions. */
class FormatTableCommittableSerializerTest {

    /** The sample as version 2 has it: the aggregator's committable at the end of the input. */
    static FormatTableCommittable sampleV2() {
        return new FormatTableCommittable(sample().messages(), 42L, true);
    }

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
        assertThat(s.deserialize(s.getVersion(), s.serialize(sampleV2()))).isEqualTo(sampleV2());
        assertThat(s.deserialize(s.getVersion(), s.serialize(sampleV3()))).isEqualTo(sampleV3());
        assertThat(s.deserialize(s.getVersion(), s.serialize(sampleV4()))).isEqualTo(sampleV4());
        FormatTableCommittable empty = new FormatTableCommittable(List.of(), 7L, false);
        assertThat(s.deserialize(s.getVersion(), s.serialize(empty))).isEqualTo(empty);
    }

    /** Version 3 adds files written as uploads to their targets, as on S3. */
    static FormatTableCommittable sampleV3() {
        List<CommitMessage> messages = new java.util.ArrayList<>(sample().messages());
        CommitMessage m = messages.get(0);
        messages.set(
                0,
                new CommitMessage(
                        m.stagedPath(),
                        m.targetPath(),
                        m.partition(),
                        m.rowCount(),
                        m.fileSize(),
                        new PendingUpload(
                                "flink-recoverable-writer", 1, new byte[] {7, 0, (byte) 0x80})));
        return new FormatTableCommittable(messages, 43L, false);
    }

    /** Version 4 adds the staged files a compaction merged away, deleted after the commit. */
    static FormatTableCommittable sampleV4() {
        FormatTableCommittable v3 = sampleV3();
        return new FormatTableCommittable(
                v3.messages(),
                v3.checkpointId(),
                v3.endOfInput(),
                List.of(
                        Path.of("s3://bucket/t/dt=19723/_temporary/.data-b-0.orc.w.tmp"),
                        Path.of("file:/tmp/t/dt=19723/_temporary/.data-b-1.orc.x.tmp")));
    }

    @Test
    void readsAndWritesTheGoldenBytesOfVersion4() throws IOException {
        byte[] golden = golden("/serializer/format-table-committable-v4.bin");
        assertThat(FormatTableCommittableSerializer.INSTANCE.getVersion()).isEqualTo(4);
        assertThat(FormatTableCommittableSerializer.INSTANCE.deserialize(4, golden))
                .isEqualTo(sampleV4());
        assertThat(FormatTableCommittableSerializer.INSTANCE.serialize(sampleV4()))
                .isEqualTo(golden);
    }

    /** Version 3, from checkpoints taken before version 4: no obsolete files. */
    @Test
    void readsTheGoldenBytesOfVersion3() throws IOException {
        byte[] golden = golden("/serializer/format-table-committable-v3.bin");
        FormatTableCommittable read =
                FormatTableCommittableSerializer.INSTANCE.deserialize(3, golden);
        assertThat(read).isEqualTo(sampleV3());
        assertThat(read.obsoleteStagedFiles()).isEmpty();
    }

    /** Version 2, from checkpoints taken before version 3: every file staged. */
    @Test
    void readsTheGoldenBytesOfVersion2() throws IOException {
        byte[] golden = golden("/serializer/format-table-committable-v2.bin");
        assertThat(FormatTableCommittableSerializer.INSTANCE.deserialize(2, golden))
                .isEqualTo(sampleV2());
    }

    private byte[] golden(String resource) throws IOException {
        try (InputStream in = getClass().getResourceAsStream(resource)) {
            assertThat(in).as("golden file " + resource).isNotNull();
            return in.readAllBytes();
        }
    }

    /** Version 1, from checkpoints taken before version 2: no checkpoint id, no end of input. */
    @Test
    void readsTheGoldenBytesOfVersion1() throws IOException {
        byte[] golden = golden("/serializer/format-table-committable-v1.bin");
        FormatTableCommittable read =
                FormatTableCommittableSerializer.INSTANCE.deserialize(1, golden);
        assertThat(read).isEqualTo(sample());
        assertThat(read.checkpointId()).isEqualTo(FormatTableCommittable.NO_CHECKPOINT);
        assertThat(read.endOfInput()).isFalse();
    }

    @Test
    void refusesAnUnknownVersion() {
        assertThatThrownBy(
                        () -> FormatTableCommittableSerializer.INSTANCE.deserialize(5, new byte[0]))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("version 5")
                .hasMessageContaining("up to 4");
    }
}
