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
package dev.formattable.flink.fs;

import dev.formattable.core.fs.Path;
import dev.formattable.core.fs.PositionOutputStream;
import dev.formattable.flink.testutils.RecordingOutputStream;

import org.apache.flink.core.fs.FSDataOutputStream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;

import static org.assertj.core.api.Assertions.assertThat;

/** Positions of new files come from counting, never from asking the file system's stream. */
class FlinkOutputStreamsTest {

    @TempDir java.nio.file.Path dir;

    @Test
    void countsWhatPassesThroughAndNeverAsksTheStream() throws IOException {
        RecordingOutputStream inner = new RecordingOutputStream();
        FSDataOutputStream out = FlinkOutputStreams.counting(inner);
        assertThat(out.getPos()).isZero();
        out.write(7);
        out.write(new byte[] {1, 2, 3, 4, 5}, 1, 3);
        out.write(new byte[100]);
        assertThat(out.getPos()).isEqualTo(104);
        out.flush();
        out.sync();
        out.close();
        assertThat(inner.bytes()).hasSize(104).startsWith(7, 2, 3, 4);
        assertThat(inner.calls()).containsExactly("flush", "sync", "close");
    }

    @Test
    void aFileWrittenThroughFlinkFileIoIsAsLongAsItsLastPosition() throws IOException {
        java.nio.file.Path file = dir.resolve("f");
        PositionOutputStream out =
                new FlinkFileIO().newOutputStream(Path.of(file.toString()), false);
        FSDataOutputStream flink = ((FlinkFileIO.FlinkPositionOutputStream) out).flinkStream();
        for (int i = 0; i < 1000; i++) {
            flink.write(new byte[i % 17]);
            out.write(i);
        }
        long pos = out.getPos();
        assertThat(flink.getPos()).isEqualTo(pos);
        out.close();
        assertThat(Files.size(file)).isEqualTo(pos);
    }
}
