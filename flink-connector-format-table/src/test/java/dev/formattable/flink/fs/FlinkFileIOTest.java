package dev.formattable.flink.fs;

import dev.formattable.core.fs.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.UncheckedIOException;

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
}
