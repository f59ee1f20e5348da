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
