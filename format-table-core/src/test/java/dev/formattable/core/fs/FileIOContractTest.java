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

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** What every {@link FileIO} must do, checked against files on the local disk. */
abstract class FileIOContractTest {

    @TempDir java.nio.file.Path tempDir;

    FileIO io;
    Path root;

    /** The FileIO under test. */
    abstract FileIO createFileIO();

    /** The FileIO's spelling of a local absolute path. */
    abstract Path toPath(java.nio.file.Path local);

    @BeforeEach
    void setUp() {
        io = createFileIO();
        root = toPath(tempDir);
    }

    private Path write(Path path, String content) throws IOException {
        try (PositionOutputStream out = io.newOutputStream(path, false)) {
            out.write(content.getBytes(StandardCharsets.UTF_8));
        }
        return path;
    }

    private String read(Path path) throws IOException {
        try (SeekableInputStream in = io.newInputStream(path)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private java.nio.file.Path local(String relative) {
        return tempDir.resolve(relative);
    }

    @Test
    void getStatusOfFileAndDirectory() throws IOException {
        Path file = write(root.child("f"), "hello");
        FileStatus status = io.getStatus(file);
        assertThat(status.path()).isEqualTo(file);
        assertThat(status.length()).isEqualTo(5);
        assertThat(status.isDirectory()).isFalse();
        assertThat(status.modificationTime()).isPositive();

        assertThat(io.getStatus(root).isDirectory()).isTrue();
    }

    @Test
    void getStatusOfMissingPathFails() {
        assertThatThrownBy(() -> io.getStatus(root.child("missing")))
                .isInstanceOf(FileNotFoundException.class);
    }

    @Test
    void listGivesChildrenWithSizesAndKinds() throws IOException {
        write(root.child("a"), "1");
        write(root.child("b"), "22");
        io.mkdirs(root.child("d"));
        write(root.child("d").child("nested"), "333");

        List<FileStatus> children = io.list(root);

        Map<String, FileStatus> byName =
                children.stream().collect(Collectors.toMap(s -> s.path().name(), s -> s));
        assertThat(byName).containsOnlyKeys("a", "b", "d");
        assertThat(byName.get("a").length()).isEqualTo(1);
        assertThat(byName.get("a").isDirectory()).isFalse();
        assertThat(byName.get("b").length()).isEqualTo(2);
        assertThat(byName.get("d").isDirectory()).isTrue();
        assertThat(byName.get("a").path()).isEqualTo(root.child("a"));
        assertThat(byName.get("d").path()).isEqualTo(root.child("d"));
    }

    @Test
    void listOfEmptyDirectoryIsEmpty() throws IOException {
        io.mkdirs(root.child("empty"));
        assertThat(io.list(root.child("empty"))).isEmpty();
    }

    @Test
    void listOfMissingDirectoryFails() {
        assertThatThrownBy(() -> io.list(root.child("missing")))
                .isInstanceOf(FileNotFoundException.class);
    }

    @Test
    void namesWithPercentStayLiteral() throws IOException {
        Path dir = root.child("a=x%2Fy");
        write(dir.child("f"), "x");

        assertThat(Files.isRegularFile(local("a=x%2Fy").resolve("f"))).isTrue();
        List<FileStatus> children = io.list(root);
        assertThat(children).extracting(s -> s.path().name()).containsExactly("a=x%2Fy");
        assertThat(children.get(0).path()).isEqualTo(dir);
        assertThat(io.list(dir)).extracting(s -> s.path()).containsExactly(dir.child("f"));
        assertThat(read(dir.child("f"))).isEqualTo("x");
    }

    @Test
    void exists() throws IOException {
        write(root.child("f"), "x");
        io.mkdirs(root.child("d"));
        assertThat(io.exists(root.child("f"))).isTrue();
        assertThat(io.exists(root.child("d"))).isTrue();
        assertThat(io.exists(root.child("missing"))).isFalse();
    }

    @Test
    void mkdirsCreatesParentsAndIsIdempotent() throws IOException {
        Path dir = root.child("a").child("b").child("c");
        io.mkdirs(dir);
        assertThat(Files.isDirectory(local("a/b/c"))).isTrue();
        io.mkdirs(dir);
        io.mkdirs(root.child("a"));
        assertThat(Files.isDirectory(local("a/b/c"))).isTrue();
        assertThat(io.getStatus(dir).isDirectory()).isTrue();
    }

    @Test
    void renameMovesFile() throws IOException {
        Path source = write(root.child("src"), "content");
        Path target = root.child("dst");

        io.rename(source, target);

        assertThat(Files.exists(local("src"))).isFalse();
        assertThat(Files.readString(local("dst"))).isEqualTo("content");
        assertThat(io.exists(source)).isFalse();
        assertThat(read(target)).isEqualTo("content");
    }

    @Test
    void renameMovesDirectory() throws IOException {
        write(root.child("d").child("f"), "x");
        io.rename(root.child("d"), root.child("e"));
        assertThat(Files.exists(local("d"))).isFalse();
        assertThat(Files.readString(local("e/f"))).isEqualTo("x");
    }

    @Test
    void renameOntoExistingTargetFailsAndKeepsBoth() throws IOException {
        Path source = write(root.child("src"), "source");
        Path target = write(root.child("dst"), "target");

        assertThatThrownBy(() -> io.rename(source, target)).isInstanceOf(IOException.class);

        assertThat(Files.readString(local("src"))).isEqualTo("source");
        assertThat(Files.readString(local("dst"))).isEqualTo("target");
    }

    @Test
    void renameOfMissingSourceFails() {
        assertThatThrownBy(() -> io.rename(root.child("missing"), root.child("dst")))
                .isInstanceOf(IOException.class);
        assertThat(Files.exists(local("dst"))).isFalse();
    }

    @Test
    void deleteFile() throws IOException {
        Path file = write(root.child("f"), "x");
        assertThat(io.delete(file, false)).isTrue();
        assertThat(Files.exists(local("f"))).isFalse();
    }

    @Test
    void deleteDirectoryRecursively() throws IOException {
        write(root.child("d").child("e").child("f"), "x");
        write(root.child("d").child("g"), "y");
        write(root.child("keep"), "z");

        assertThat(io.delete(root.child("d"), true)).isTrue();

        assertThat(Files.exists(local("d"))).isFalse();
        assertThat(Files.readString(local("keep"))).isEqualTo("z");
    }

    @Test
    void deleteEmptyDirectory() throws IOException {
        io.mkdirs(root.child("d"));
        assertThat(io.delete(root.child("d"), false)).isTrue();
        assertThat(Files.exists(local("d"))).isFalse();
    }

    @Test
    void nonRecursiveDeleteOfNonEmptyDirectoryFails() throws IOException {
        write(root.child("d").child("f"), "x");
        assertThatThrownBy(() -> io.delete(root.child("d"), false)).isInstanceOf(IOException.class);
        assertThat(Files.readString(local("d/f"))).isEqualTo("x");
    }

    @Test
    void deleteOfMissingPathIsFalse() throws IOException {
        assertThat(io.delete(root.child("missing"), false)).isFalse();
        assertThat(io.delete(root.child("missing"), true)).isFalse();
    }

    @Test
    void writeAndReadBackWithSeek() throws IOException {
        Path file = root.child("data");
        byte[] bytes = new byte[1000];
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = (byte) (i % 251);
        }
        try (PositionOutputStream out = io.newOutputStream(file, false)) {
            assertThat(out.getPos()).isZero();
            out.write(bytes, 0, 10);
            assertThat(out.getPos()).isEqualTo(10);
            out.write(bytes[10]);
            assertThat(out.getPos()).isEqualTo(11);
            out.write(bytes, 11, bytes.length - 11);
            assertThat(out.getPos()).isEqualTo(1000);
        }
        assertThat(Files.readAllBytes(local("data"))).isEqualTo(bytes);
        assertThat(io.getStatus(file).length()).isEqualTo(1000);

        try (SeekableInputStream in = io.newInputStream(file)) {
            assertThat(in.getPos()).isZero();
            assertThat(in.read()).isEqualTo(0);
            assertThat(in.getPos()).isEqualTo(1);

            in.seek(500);
            assertThat(in.getPos()).isEqualTo(500);
            assertThat(in.read()).isEqualTo(500 % 251);
            byte[] buf = new byte[20];
            int n = in.readNBytes(buf, 0, 20);
            assertThat(n).isEqualTo(20);
            for (int i = 0; i < 20; i++) {
                assertThat(buf[i]).isEqualTo(bytes[501 + i]);
            }
            assertThat(in.getPos()).isEqualTo(521);

            in.seek(3);
            assertThat(in.read()).isEqualTo(3);

            in.seek(999);
            assertThat(in.read()).isEqualTo(999 % 251);
            assertThat(in.read()).isEqualTo(-1);
        }
    }

    @Test
    void readOfMissingFileFails() {
        assertThatThrownBy(() -> io.newInputStream(root.child("missing")))
                .isInstanceOf(FileNotFoundException.class);
    }

    @Test
    void newOutputStreamWithoutOverwriteRefusesExistingFile() throws IOException {
        Path file = write(root.child("f"), "original");
        assertThatThrownBy(() -> io.newOutputStream(file, false).close())
                .isInstanceOf(IOException.class);
        assertThat(Files.readString(local("f"))).isEqualTo("original");
    }

    @Test
    void newOutputStreamWithOverwriteReplacesFile() throws IOException {
        Path file = write(root.child("f"), "original content");
        try (PositionOutputStream out = io.newOutputStream(file, true)) {
            out.write("new".getBytes(StandardCharsets.UTF_8));
        }
        assertThat(Files.readString(local("f"))).isEqualTo("new");
    }

    @Test
    void qualifyMakesRelativePathAbsolute() {
        Path qualified = io.qualify(Path.of("some/relative"));
        assertThat(qualified.isAbsolute()).isTrue();
        assertThat(qualified.path()).endsWith("/some/relative");
        assertThat(qualified.path())
                .isEqualTo(java.nio.file.Paths.get("some/relative").toAbsolutePath().toString());
    }

    @Test
    void qualifyKeepsAbsolutePath() {
        assertThat(io.qualify(root)).isEqualTo(root);
    }
}
