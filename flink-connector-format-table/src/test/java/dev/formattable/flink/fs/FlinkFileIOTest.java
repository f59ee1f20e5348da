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

import dev.formattable.core.fs.FileStatus;
import dev.formattable.core.fs.Path;
import dev.formattable.flink.testutils.ConcurrentRemovalFileSystem;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class FlinkFileIOTest {

    @TempDir java.nio.file.Path dir;

    @Test
    void qualifiesALocalPathWithItsScheme() {
        Path qualified = new FlinkFileIO().qualify(Path.of(dir.toString()));
        assertThat(qualified.scheme()).isEqualTo("file");
    }

    /** Before, the path came back unqualified and the failure surfaced later, elsewhere. */
    @Test
    void aPathWhoseFileSystemIsMissingIsNamed() {
        assertThatThrownBy(() -> new FlinkFileIO().qualify(Path.of("nosuchfs://bucket/t")))
                .isInstanceOf(UncheckedIOException.class)
                .hasMessageContaining(
                        "Cannot qualify path 'nosuchfs://bucket/t': its file system is not"
                                + " available");
    }

    /**
     * Flink's local file system lists the names, then stats each: a file removed in between (by
     * another writer sweeping the same staging directory) failed the whole listing with a
     * FileNotFoundException, which read as "no such directory", so the sweep left the directory
     * alone (the StreamingExactlyOnceITCase flake).
     */
    @Test
    void aFileRemovedWhileItsDirectoryIsListedIsLeftOut() throws IOException {
        java.nio.file.Path gone = Files.createFile(dir.resolve("gone"));
        Files.createFile(dir.resolve("stays"));
        ConcurrentRemovalFileSystem.removeWhileListing(gone);

        List<FileStatus> listed =
                new FlinkFileIO().list(Path.of(ConcurrentRemovalFileSystem.uri(dir)));

        assertThat(listed).extracting(s -> s.path().name()).containsExactly("stays");
        assertThat(gone).doesNotExist();
    }

    @Test
    void aMissingDirectoryIsStillNotFound() {
        assertThatThrownBy(
                        () ->
                                new FlinkFileIO()
                                        .list(
                                                Path.of(
                                                        ConcurrentRemovalFileSystem.uri(
                                                                dir.resolve("none")))))
                .isInstanceOf(FileNotFoundException.class);
    }
}
