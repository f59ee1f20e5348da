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

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class LocalFileIOTest extends FileIOContractTest {

    @Override
    FileIO createFileIO() {
        return new LocalFileIO();
    }

    @Override
    Path toPath(java.nio.file.Path local) {
        return Path.of(local.toString());
    }

    @Test
    void isLocalAndRenamesInPlace() {
        assertThat(io.isLocal(root)).isTrue();
        assertThat(io.renamesInPlace(root)).isTrue();
    }

    @Test
    void acceptsFileScheme() throws Exception {
        Path file = Path.of("file:" + tempDir.resolve("f"));
        try (PositionOutputStream out = io.newOutputStream(file, false)) {
            out.write("x".getBytes(StandardCharsets.UTF_8));
        }
        assertThat(Files.readString(tempDir.resolve("f"))).isEqualTo("x");
        assertThat(io.list(Path.of("file:" + tempDir)))
                .extracting(s -> s.path())
                .containsExactly(file);
    }

    @Test
    void refusesOtherSchemes() {
        assertThatThrownBy(() -> io.exists(Path.of("s3://bucket/x")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("s3://bucket/x");
    }
}
