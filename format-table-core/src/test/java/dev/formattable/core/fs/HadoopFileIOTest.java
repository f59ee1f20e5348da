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
package dev.formattable.core.fs;

import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class HadoopFileIOTest extends FileIOContractTest {

    @Override
    FileIO createFileIO() {
        return new HadoopFileIO(new Configuration());
    }

    @Override
    Path toPath(java.nio.file.Path local) {
        return Path.of("file:" + local.toAbsolutePath());
    }

    /** The local file system is local and renames in place; a scheme Hadoop lacks is neither. */
    @Test
    void saysWhereCallsAreLocalAndRenamesInPlace() {
        assertThat(io.isLocal(root)).isTrue();
        assertThat(io.renamesInPlace(root)).isTrue();
        Path unknown = Path.of("nosuchfs://bucket/t");
        assertThat(io.isLocal(unknown)).isFalse();
        assertThat(io.renamesInPlace(unknown)).isFalse();
        assertThat(FileIO.schemeRenamesInPlace("hdfs")).isTrue();
        assertThat(FileIO.schemeRenamesInPlace("viewfs")).isTrue();
        assertThat(FileIO.schemeRenamesInPlace("s3a")).isFalse();
        assertThat(FileIO.schemeRenamesInPlace("gs")).isFalse();
        assertThat(FileIO.schemeRenamesInPlace(null)).isFalse();
    }

    /** Before, the path came back relative and the failure surfaced later, elsewhere. */
    @Test
    void aRelativePathWhoseDefaultFileSystemIsMissingIsNamed() {
        Configuration conf = new Configuration();
        conf.set("fs.defaultFS", "nosuchfs://cluster/");
        FileIO missing = new HadoopFileIO(conf);
        assertThatThrownBy(() -> missing.qualify(Path.of("some/relative")))
                .isInstanceOf(java.io.UncheckedIOException.class)
                .hasMessageContaining(
                        "Cannot qualify path 'some/relative': its file system is not available");
    }

    @Test
    void listKeepsTheCallersSchemeAndHidesChecksums() throws Exception {
        Path file = root.child("f");
        try (PositionOutputStream out = io.newOutputStream(file, false)) {
            out.write(1);
        }
        assertThat(io.list(root)).extracting(s -> s.path()).containsExactly(file);
        assertThat(file.scheme()).isEqualTo("file");
    }

    @Test
    void survivesJavaSerialization() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(io);
        }
        FileIO copy;
        try (ObjectInputStream in =
                new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            copy = (FileIO) in.readObject();
        }
        assertThat(copy).isInstanceOf(HadoopFileIO.class).isNotSameAs(io);

        Path file = root.child("d").child("f");
        copy.mkdirs(file.parent());
        try (PositionOutputStream out = copy.newOutputStream(file, false)) {
            out.write("serialized".getBytes(StandardCharsets.UTF_8));
        }
        assertThat(Files.readString(tempDir.resolve("d/f"))).isEqualTo("serialized");
        assertThat(copy.exists(file)).isTrue();
        assertThat(copy.getStatus(file).length()).isEqualTo(10);
        assertThat(copy.list(file.parent())).extracting(s -> s.path()).containsExactly(file);
        try (SeekableInputStream in = copy.newInputStream(file)) {
            in.seek(4);
            assertThat(new String(in.readAllBytes(), StandardCharsets.UTF_8)).isEqualTo("alized");
        }
        copy.rename(file, file.parent().child("g"));
        assertThat(Files.exists(tempDir.resolve("d/g"))).isTrue();
        assertThat(copy.delete(file.parent(), true)).isTrue();
        assertThat(Files.exists(tempDir.resolve("d"))).isFalse();
    }
}
