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
package dev.formattable.flink.sink.committer;

import dev.formattable.core.FormatTable;
import dev.formattable.core.commit.OrphanFiles;
import dev.formattable.flink.sink.committable.FormatTableCommittable;
import dev.formattable.flink.testutils.SinkTables;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

import static dev.formattable.flink.testutils.SinkTables.row;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A batch job that failed for good before its commit on the JobManager leaves the writers' spool
 * files and their staged files: remove_orphan_files removes both once older than its threshold.
 */
class CommitSpoolOrphansTest {

    private static final String SINK = "0123abcd";
    private static final String JOB_TOKEN = "0123abcd-" + SINK;

    @TempDir java.nio.file.Path dir;

    private static java.nio.file.Path local(dev.formattable.core.fs.Path path) {
        return java.nio.file.Path.of(path.path());
    }

    private static void age(java.nio.file.Path file, Duration age) throws IOException {
        Files.setLastModifiedTime(file, FileTime.from(Instant.now().minus(age)));
    }

    @Test
    void theSpoolsAndStagedFilesOfAJobThatNeverCommittedAreRemovedOnceOld() throws IOException {
        FormatTable table = SinkTables.table(dir);
        CommitSpool spool = new CommitSpool(table, SINK);
        FormatTableCommittable failedJob = SinkTables.stage(table, JOB_TOKEN, row(1, "a"));
        spool.write(new CommitSpool.Contents(JOB_TOKEN, 0, 0, List.of(failedJob)));
        spool.write(new CommitSpool.Contents(JOB_TOKEN, 1, 0, List.of()));
        java.nio.file.Path oldSpool = local(spool.path(0, 0));
        java.nio.file.Path youngSpool = local(spool.path(1, 0));
        age(oldSpool, Duration.ofDays(4));
        age(local(failedJob.messages().get(0).stagedPath()), Duration.ofDays(4));
        age(youngSpool, Duration.ofDays(2));

        List<OrphanFiles.Orphan> removed = new OrphanFiles(table).run();

        assertThat(removed)
                .extracting(o -> o.file().path().name())
                .containsExactlyInAnyOrder(
                        oldSpool.getFileName().toString(),
                        failedJob.messages().get(0).stagedPath().name());
        assertThat(removed).allMatch(OrphanFiles.Orphan::removed);
        assertThat(oldSpool).doesNotExist();
        assertThat(SinkTables.stagedFiles(dir))
                .containsExactly("_temporary/" + youngSpool.getFileName());
        assertThat(SinkTables.rows(table)).isEmpty();
    }
}
