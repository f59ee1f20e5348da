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

import dev.formattable.core.fs.FaultInjectingFileIO.Op;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class FaultInjectingFileIOTest {

    @TempDir java.nio.file.Path tempDir;

    private FaultInjectingFileIO io;
    private Path root;

    @BeforeEach
    void setUp() {
        io = new FaultInjectingFileIO(new LocalFileIO());
        root = Path.of(tempDir.toString());
    }

    private void write(Path path, String content) throws IOException {
        try (PositionOutputStream out = io.newOutputStream(path, false)) {
            out.write(content.getBytes(StandardCharsets.UTF_8));
        }
    }

    @Test
    void failsExactlyTheKthCallWithoutEffect() throws IOException {
        io.failOn(Op.MKDIRS, 2);

        io.mkdirs(root.child("d1"));
        assertThatThrownBy(() -> io.mkdirs(root.child("d2")))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("Injected failure of MKDIRS call 2");
        io.mkdirs(root.child("d3"));
        io.mkdirs(root.child("d4"));

        assertThat(Files.isDirectory(tempDir.resolve("d1"))).isTrue();
        assertThat(Files.exists(tempDir.resolve("d2"))).isFalse();
        assertThat(Files.isDirectory(tempDir.resolve("d3"))).isTrue();
        assertThat(Files.isDirectory(tempDir.resolve("d4"))).isTrue();
        assertThat(io.calls(Op.MKDIRS)).isEqualTo(4);
    }

    @Test
    void kIsCountedFromTheTimeOfTheRequest() throws IOException {
        write(root.child("a"), "a");
        write(root.child("b"), "b");
        io.failOn(Op.WRITE, 1);

        assertThatThrownBy(() -> write(root.child("c"), "c"))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("WRITE call 3");
        assertThat(Files.exists(tempDir.resolve("c"))).isFalse();
        write(root.child("c"), "c");
        assertThat(Files.readString(tempDir.resolve("c"))).isEqualTo("c");
    }

    @Test
    void failingOneOperationLeavesOthersAlone() throws IOException {
        io.failOn(Op.DELETE, 1);
        write(root.child("f"), "x");
        io.mkdirs(root.child("d"));
        assertThat(io.exists(root.child("f"))).isTrue();
        assertThat(io.list(root)).hasSize(2);

        assertThatThrownBy(() -> io.delete(root.child("f"), false))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("DELETE");
        assertThat(Files.exists(tempDir.resolve("f"))).isTrue();
        assertThat(io.delete(root.child("f"), false)).isTrue();
        assertThat(Files.exists(tempDir.resolve("f"))).isFalse();
    }

    @Test
    void failedRenameHasNoEffect() throws IOException {
        write(root.child("src"), "x");
        io.failOn(Op.RENAME, 1);

        assertThatThrownBy(() -> io.rename(root.child("src"), root.child("dst")))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("Injected failure of RENAME");

        assertThat(Files.exists(tempDir.resolve("src"))).isTrue();
        assertThat(Files.exists(tempDir.resolve("dst"))).isFalse();
        io.rename(root.child("src"), root.child("dst"));
        assertThat(Files.readString(tempDir.resolve("dst"))).isEqualTo("x");
    }

    @Test
    void everyOperationCanFail() throws IOException {
        write(root.child("f"), "x");
        Path f = root.child("f");
        for (Op op : Op.values()) {
            io.failOn(op, 1);
        }
        assertThatThrownBy(() -> io.getStatus(f)).hasMessageContaining("STATUS");
        assertThatThrownBy(() -> io.list(root)).hasMessageContaining("LIST");
        assertThatThrownBy(() -> io.exists(f)).hasMessageContaining("EXISTS");
        assertThatThrownBy(() -> io.mkdirs(root.child("d"))).hasMessageContaining("MKDIRS");
        assertThatThrownBy(() -> io.rename(f, root.child("g"))).hasMessageContaining("RENAME");
        assertThatThrownBy(() -> io.delete(f, false)).hasMessageContaining("DELETE");
        assertThatThrownBy(() -> io.newInputStream(f)).hasMessageContaining("READ");
        assertThatThrownBy(() -> io.newOutputStream(root.child("h"), false))
                .hasMessageContaining("WRITE");

        assertThat(Files.readString(tempDir.resolve("f"))).isEqualTo("x");
        try (java.util.stream.Stream<java.nio.file.Path> files = Files.list(tempDir)) {
            assertThat(files).containsExactly(tempDir.resolve("f"));
        }
        // Each fault fires once.
        assertThat(io.getStatus(f).length()).isEqualTo(1);
        assertThat(io.exists(f)).isTrue();
    }

    @Test
    void lostRenameResponseRenamesThenThrows() throws IOException {
        write(root.child("a"), "a");
        write(root.child("b"), "b");
        io.loseRenameResponse(2);

        io.rename(root.child("a"), root.child("a2"));
        assertThatThrownBy(() -> io.rename(root.child("b"), root.child("b2")))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("Injected lost response of rename call 2");

        assertThat(Files.exists(tempDir.resolve("b"))).isFalse();
        assertThat(Files.readString(tempDir.resolve("b2"))).isEqualTo("b");
        assertThat(Files.readString(tempDir.resolve("a2"))).isEqualTo("a");

        io.rename(root.child("b2"), root.child("b3"));
        assertThat(Files.readString(tempDir.resolve("b3"))).isEqualTo("b");
        assertThat(io.calls(Op.RENAME)).isEqualTo(3);
    }

    @Test
    void countsCallsPerOperation() throws IOException {
        write(root.child("f"), "x");
        io.exists(root.child("f"));
        io.exists(root.child("g"));
        io.list(root);
        io.getStatus(root.child("f"));
        io.newInputStream(root.child("f")).close();
        io.qualify(root.child("f"));

        assertThat(io.calls(Op.WRITE)).isEqualTo(1);
        assertThat(io.calls(Op.EXISTS)).isEqualTo(2);
        assertThat(io.calls(Op.LIST)).isEqualTo(1);
        assertThat(io.calls(Op.STATUS)).isEqualTo(1);
        assertThat(io.calls(Op.READ)).isEqualTo(1);
        assertThat(io.calls(Op.RENAME)).isZero();
        assertThat(io.calls(Op.DELETE)).isZero();
        assertThat(io.calls(Op.MKDIRS)).isZero();

        io.resetCounts();
        assertThat(io.calls(Op.EXISTS)).isZero();
        assertThat(io.calls(Op.WRITE)).isZero();
    }

    @Test
    void failedCallsAreCounted() throws IOException {
        io.failOn(Op.EXISTS, 1);
        assertThatThrownBy(() -> io.exists(root)).isInstanceOf(IOException.class);
        assertThat(io.calls(Op.EXISTS)).isEqualTo(1);
    }

    @Test
    void healStopsEveryFault() throws IOException {
        write(root.child("a"), "a");
        io.failOn(Op.LIST, 1).failOn(Op.MKDIRS, 2).loseRenameResponse(1);
        io.heal();

        assertThat(io.list(root)).hasSize(1);
        io.mkdirs(root.child("d1"));
        io.mkdirs(root.child("d2"));
        io.rename(root.child("a"), root.child("b"));

        assertThat(Files.isDirectory(tempDir.resolve("d2"))).isTrue();
        assertThat(Files.readString(tempDir.resolve("b"))).isEqualTo("a");
    }
}
