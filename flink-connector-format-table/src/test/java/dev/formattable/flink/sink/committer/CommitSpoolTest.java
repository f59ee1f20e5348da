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
package dev.formattable.flink.sink.committer;

import dev.formattable.core.fs.Path;
import dev.formattable.core.table.CommitMessage;
import dev.formattable.flink.sink.committable.FormatTableCommittable;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.util.LinkedHashMap;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The writers' spool for the commit on the JobManager: golden bytes and refusals. */
class CommitSpoolTest {

    private static final Path PATH = Path.of("file:/t/_temporary/.commit-spool.sink.s1.a2");

    static CommitSpool.Contents sample() {
        LinkedHashMap<String, String> partition = new LinkedHashMap<>();
        partition.put("k", "a");
        CommitMessage message =
                new CommitMessage(
                        Path.of("file:/t/k=a/_temporary/.data-0.parquet.job-s1-a2-e0.u.tmp"),
                        Path.of("file:/t/k=a/data-0.parquet"),
                        partition,
                        3,
                        512);
        return new CommitSpool.Contents(
                "0123abcd-sink",
                1,
                2,
                List.of(
                        new FormatTableCommittable(List.of(message), 1, false),
                        new FormatTableCommittable(List.of(), 1, false)));
    }

    private byte[] golden(String name) throws IOException {
        try (InputStream in = getClass().getResourceAsStream(name)) {
            assertThat(in).as("golden file " + name).isNotNull();
            return in.readAllBytes();
        }
    }

    /**
     * What version 1 writes now: its layout is unchanged, and its committables carry their own
     * serializer's version (4 since committables may name obsolete files), so it still reads the
     * bytes below.
     */
    @Test
    void writesTheGoldenBytesOfVersion1WithCommittablesOfVersion4() throws IOException {
        byte[] golden = golden("/serializer/format-table-commit-spool-v1-committables-v4.bin");
        assertThat(CommitSpool.VERSION).isEqualTo(1);
        assertThat(CommitSpool.serialize(sample())).isEqualTo(golden);
        assertThat(CommitSpool.deserialize(PATH, golden).committables)
                .isEqualTo(sample().committables);
    }

    /** Written with committables of version 3. */
    @Test
    void readsTheGoldenBytesOfVersion1WithCommittablesOfVersion3() throws IOException {
        byte[] golden = golden("/serializer/format-table-commit-spool-v1-committables-v3.bin");
        assertThat(CommitSpool.deserialize(PATH, golden).committables)
                .isEqualTo(sample().committables);
    }

    /** Written before committables of version 3: committables of version 2. */
    @Test
    void readsTheGoldenBytesOfVersion1() throws IOException {
        byte[] golden = golden("/serializer/format-table-commit-spool-v1.bin");

        CommitSpool.Contents read = CommitSpool.deserialize(PATH, golden);
        assertThat(read.jobToken).isEqualTo("0123abcd-sink");
        assertThat(read.subtask).isEqualTo(1);
        assertThat(read.attempt).isEqualTo(2);
        assertThat(read.committables).isEqualTo(sample().committables);
    }

    @Test
    void refusesAnUnknownVersionNamingBoth() throws IOException {
        byte[] bytes = CommitSpool.serialize(sample());
        bytes[7] = 9; // the version, after the magic

        assertThatThrownBy(() -> CommitSpool.deserialize(PATH, bytes))
                .isInstanceOf(IOException.class)
                .hasMessage(
                        "Cannot read commit spool file:/t/_temporary/.commit-spool.sink.s1.a2 of"
                                + " version 9: this reader reads versions up to 1");
    }

    @Test
    void refusesWhatIsNoSpool() {
        assertThatThrownBy(() -> CommitSpool.deserialize(PATH, "PAR1 data".getBytes()))
                .isInstanceOf(IOException.class)
                .hasMessage(
                        "Corrupt commit spool file:/t/_temporary/.commit-spool.sink.s1.a2: no"
                                + " spool header");
    }

    @Test
    void refusesTrailingBytes() throws IOException {
        byte[] whole = CommitSpool.serialize(sample());
        byte[] longer = java.util.Arrays.copyOf(whole, whole.length + 3);

        assertThatThrownBy(() -> CommitSpool.deserialize(PATH, longer))
                .isInstanceOf(IOException.class)
                .hasMessageEndingWith(": 3 trailing bytes");
    }
}
