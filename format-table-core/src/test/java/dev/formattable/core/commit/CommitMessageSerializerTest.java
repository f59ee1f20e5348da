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
package dev.formattable.core.commit;

import dev.formattable.core.fs.Path;
import dev.formattable.core.fs.PendingUpload;
import dev.formattable.core.table.CommitMessage;

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

    /** A file written as an upload to its target, as on S3. */
    static CommitMessage uploadSample() {
        CommitMessage m = sample();
        return new CommitMessage(
                m.stagedPath(),
                m.targetPath(),
                m.partition(),
                m.rowCount(),
                m.fileSize(),
                new PendingUpload("hadoop-multipart", 1, new byte[] {0, 1, 2, (byte) 0xff}));
    }

    private static byte[] golden(String name) throws IOException {
        try (InputStream in = CommitMessageSerializerTest.class.getResourceAsStream(name)) {
            assertThat(in).as("golden file " + name).isNotNull();
            return in.readAllBytes();
        }
    }

    @Test
    void roundTripsAnUpload() throws IOException {
        CommitMessageSerializer serializer = CommitMessageSerializer.INSTANCE;
        CommitMessage m = uploadSample();

        CommitMessage read =
                serializer.deserialize(serializer.getVersion(), serializer.serialize(m));
        assertThat(read).isEqualTo(m);
        assertThat(read.upload().state()).containsExactly(0, 1, 2, 0xff);
    }

    @Test
    void readsTheGoldenBytesOfVersion2() throws IOException {
        byte[] staged = golden("/serializer/commit-message-v2.bin");
        byte[] upload = golden("/serializer/commit-message-v2-upload.bin");

        assertThat(CommitMessageSerializer.INSTANCE.deserialize(2, staged)).isEqualTo(sample());
        assertThat(CommitMessageSerializer.INSTANCE.deserialize(2, upload))
                .isEqualTo(uploadSample());
        assertThat(CommitMessageSerializer.INSTANCE.serialize(sample())).isEqualTo(staged);
        assertThat(CommitMessageSerializer.INSTANCE.serialize(uploadSample())).isEqualTo(upload);
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
        byte[] golden = golden("/serializer/commit-message-v1.bin");

        assertThat(CommitMessageSerializer.INSTANCE.deserialize(1, golden)).isEqualTo(sample());
    }

    @Test
    void refusesAnUnknownVersion() {
        assertThatThrownBy(() -> CommitMessageSerializer.INSTANCE.deserialize(7, new byte[0]))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("version 7")
                .hasMessageContaining("up to 2");
    }

    @Test
    void refusesTrailingBytes() throws IOException {
        byte[] bytes = CommitMessageSerializer.INSTANCE.serialize(sample());
        byte[] longer = java.util.Arrays.copyOf(bytes, bytes.length + 1);

        assertThatThrownBy(() -> CommitMessageSerializer.INSTANCE.deserialize(2, longer))
                .hasMessageContaining("trailing bytes");
    }
}
