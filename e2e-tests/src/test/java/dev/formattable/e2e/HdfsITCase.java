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
package dev.formattable.e2e;

import dev.formattable.core.FormatTable;
import dev.formattable.core.commit.LeftoverNames;
import dev.formattable.core.commit.OrphanFiles;
import dev.formattable.core.table.CommitMessage;
import dev.formattable.e2e.servers.HdfsExtension;
import dev.formattable.e2e.servers.StorageView;
import dev.formattable.e2e.testutils.CoreWrites;
import dev.formattable.e2e.testutils.FlinkFileSystems;
import dev.formattable.flink.fs.FlinkFileIO;

import org.apache.flink.core.fs.FileSystem;
import org.apache.flink.core.fs.RecoverableFsDataOutputStream;
import org.apache.flink.core.fs.RecoverableWriter;

import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The SQL scenarios on a real HDFS, through Flink's Hadoop file system ({@code hdfs://}, served by
 * flink-hadoop-fs with the Hadoop client on the class path). HDFS renames are atomic, so each
 * published file appears whole.
 */
class HdfsITCase extends TableScenarios {

    @RegisterExtension static final HdfsExtension HDFS = new HdfsExtension();

    @BeforeAll
    static void fileSystems() {
        // hdfs:// needs no setting: the URI names the NameNode.
        FlinkFileSystems.initializeWithoutPlugins(Map.of());
    }

    @AfterAll
    static void resetFileSystems() {
        FlinkFileSystems.reset();
    }

    @Override
    protected String tableLocation(String name) {
        return HDFS.location("/warehouse/" + name);
    }

    @Override
    protected StorageView storage() {
        return HDFS;
    }

    /** Sets a file's modification time to {@code age} ago. */
    private static void age(Path file, Duration age) throws IOException {
        HDFS.fileSystem().setTimes(file, Instant.now().minus(age).toEpochMilli(), -1);
    }

    /**
     * What failed writes leave on HDFS: a staged file, a batch job's spool, and the uncommitted
     * file of Flink's Hadoop recoverable writer (as a Flink {@code FileSink} writing there leaves
     * it). remove_orphan_files removes the old ones, over HDFS's own listing and modification
     * times, and leaves the young ones and the published file.
     */
    @Test
    void removeOrphanFilesRemovesWhatFailedWritesLeftOnceOld() throws IOException {
        String location = HDFS.location("/warehouse/orphans");
        FormatTable table = CoreWrites.open(new FlinkFileIO(), location);
        table.newCommit().append(CoreWrites.write(table, CoreWrites.rows(7, 0, 4, 2)));
        List<CommitMessage> staged = CoreWrites.write(table, CoreWrites.rows(7, 10, 2, 2));
        Path oldStaged = new Path(staged.get(0).stagedPath().toString());
        Path youngStaged = new Path(staged.get(1).stagedPath().toString());
        Path oldSpool =
                new Path(
                        location + "/_temporary/" + LeftoverNames.COMMIT_SPOOL_PREFIX + "0a.s0.a0");
        try (FSDataOutputStream out = HDFS.fileSystem().create(oldSpool)) {
            out.write("spool".getBytes(StandardCharsets.UTF_8));
        }
        RecoverableWriter writer = FileSystem.get(URI.create(location)).createRecoverableWriter();
        RecoverableFsDataOutputStream inProgress =
                writer.open(new org.apache.flink.core.fs.Path(location + "/p=0/part-0-0"));
        inProgress.write("in progress".getBytes(StandardCharsets.UTF_8));
        inProgress.closeForCommit(); // and never committed
        FileStatus[] left =
                HDFS.fileSystem()
                        .listStatus(
                                new Path(location + "/p=0"),
                                f -> f.getName().startsWith(".part-0-0.inprogress."));
        assertThat(left).hasSize(1);
        Path oldInProgress = left[0].getPath();
        for (Path p : List.of(oldStaged, oldSpool, oldInProgress)) {
            age(p, Duration.ofDays(4));
        }
        age(youngStaged, Duration.ofDays(2));

        List<OrphanFiles.Orphan> removed = new OrphanFiles(table).run();

        assertThat(removed)
                .extracting(o -> o.file().path().name())
                .containsExactlyInAnyOrder(
                        oldStaged.getName(), oldSpool.getName(), oldInProgress.getName());
        assertThat(removed).allMatch(OrphanFiles.Orphan::removed);
        for (Path p : List.of(oldStaged, oldSpool, oldInProgress)) {
            assertThat(HDFS.fileSystem().exists(p)).as("%s exists", p).isFalse();
        }
        assertThat(HDFS.fileSystem().exists(youngStaged)).isTrue();
        assertThat(
                        Arrays.stream(HDFS.fileSystem().listStatus(new Path(location + "/p=0")))
                                .filter(f -> f.getPath().getName().startsWith("data-"))
                                .count())
                .as("published files in p=0")
                .isEqualTo(1);
    }
}
