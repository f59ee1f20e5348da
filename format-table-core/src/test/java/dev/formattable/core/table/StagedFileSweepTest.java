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
package dev.formattable.core.table;

import dev.formattable.core.fs.FaultInjectingFileIO;
import dev.formattable.core.fs.LocalFileIO;
import dev.formattable.core.fs.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;

import static org.assertj.core.api.Assertions.assertThat;

/** A sweep removes accepted staged files, lists each directory once, and never throws. */
class StagedFileSweepTest {

    @TempDir java.nio.file.Path dir;

    private final FaultInjectingFileIO io = new FaultInjectingFileIO(new LocalFileIO());

    private java.nio.file.Path staged(String partition, String token) throws IOException {
        java.nio.file.Path staging = dir.resolve(partition).resolve("_temporary");
        Files.createDirectories(staging);
        return Files.createFile(staging.resolve(".data-1-0.parquet." + token + ".u.tmp"));
    }

    private Path partition(String name) {
        return Path.of(dir.resolve(name).toString());
    }

    @Test
    void removesOnlyAcceptedStagedFilesAndListsEachDirectoryOnce() throws IOException {
        java.nio.file.Path failed = staged("p=1", "job-s0-a0-e3");
        java.nio.file.Path running = staged("p=1", "job-s0-a1-e3");
        java.nio.file.Path journal =
                Files.createFile(dir.resolve("p=1/_temporary/.commit.job-end.journal"));
        StagedFileSweep sweep = new StagedFileSweep(io, token -> token.contains("-a0-"));

        assertThat(sweep.sweep(partition("p=1"))).isEqualTo(1);
        assertThat(sweep.sweep(partition("p=1"))).as("swept already").isZero();
        assertThat(sweep.sweep(partition("p=2"))).as("no staging directory").isZero();

        assertThat(failed).doesNotExist();
        assertThat(running).exists();
        assertThat(journal).exists();
        assertThat(io.calls(FaultInjectingFileIO.Op.LIST)).isEqualTo(2);
        assertThat(sweep.listedDirectories()).isEqualTo(2);
        assertThat(sweep.removedFiles()).isEqualTo(1);
    }

    @Test
    void aDirectoryThatCannotBeListedIsLeftAndDoesNotFail() throws IOException {
        java.nio.file.Path failed = staged("p=1", "job-s0-a0-e3");
        io.failOn(FaultInjectingFileIO.Op.LIST, 1);
        StagedFileSweep sweep = new StagedFileSweep(io, token -> true);
        assertThat(sweep.sweep(partition("p=1"))).isZero();
        assertThat(failed).exists();
    }

    @Test
    void aFileThatCannotBeRemovedIsLeftAndTheRestGo() throws IOException {
        staged("p=1", "job-s0-a0-e1");
        staged("p=1", "job-s0-a0-e2");
        io.failOn(FaultInjectingFileIO.Op.DELETE, 1);
        StagedFileSweep sweep = new StagedFileSweep(io, token -> true);
        assertThat(sweep.sweep(partition("p=1"))).isEqualTo(1);
        try (var left = Files.list(dir.resolve("p=1/_temporary"))) {
            assertThat(left).hasSize(1);
        }
    }
}
