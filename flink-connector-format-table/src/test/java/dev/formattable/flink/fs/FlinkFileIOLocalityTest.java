package dev.formattable.flink.fs;

import dev.formattable.core.fs.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What the commit asks of Flink's file systems: whether calls are local (then made one after
 * another) and whether renames only change metadata (then a batch job commits on the JobManager).
 */
class FlinkFileIOLocalityTest {

    @TempDir java.nio.file.Path dir;

    private final FlinkFileIO io = new FlinkFileIO();

    @Test
    void theLocalFileSystemIsLocalAndRenamesInPlace() {
        Path local = Path.of("file:" + dir.toAbsolutePath());
        assertThat(io.isLocal(local)).isTrue();
        assertThat(io.renamesInPlace(local)).isTrue();
        Path schemeless = Path.of(dir.toAbsolutePath().toString());
        assertThat(io.isLocal(schemeless)).isTrue();
        assertThat(io.renamesInPlace(schemeless)).isTrue();
    }

    @Test
    void aFileSystemFlinkCannotReachIsTakenAsRemoteAndCopying() {
        Path s3 = Path.of("s3://bucket/warehouse/t");
        assertThat(io.isLocal(s3)).isFalse();
        assertThat(io.renamesInPlace(s3)).isFalse();
    }
}
