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
package dev.formattable.flink.catalog;

import dev.formattable.core.commit.LeftoverNames;
import dev.formattable.flink.testutils.FlinkTestBase;

import org.apache.flink.core.fs.RecoverableFsDataOutputStream;
import org.apache.flink.core.fs.RecoverableWriter;
import org.apache.flink.core.fs.local.LocalFileSystem;
import org.apache.flink.table.api.TableEnvironment;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * {@code CALL <catalog>.sys.remove_orphan_files}: staged files, commit spools and recoverable
 * writers' unpublished files older than the threshold are reported (dry run) and removed; younger
 * ones and every published file stay.
 */
class RemoveOrphanFilesITCase extends FlinkTestBase {

    @TempDir Path warehouse;

    private TableEnvironment env;
    private Path table;
    private Path oldFile;
    private Path youngFile;

    @BeforeEach
    void createTable() throws IOException {
        env = batchEnv();
        exec(
                env,
                "CREATE CATALOG ft WITH ('type'='format-table', 'warehouse'='" + warehouse + "')");
        exec(env, "USE CATALOG ft");
        exec(env, "CREATE TABLE t (id INT, p INT) PARTITIONED BY (p)");
        exec(env, "INSERT INTO t VALUES (1, 1), (2, 2)");
        table = warehouse.resolve("default.db").resolve("t");
        // What a cancelled job left behind five days ago, and a running job's file of an hour ago.
        oldFile = staged(table.resolve("p=1"), "old", Duration.ofDays(5));
        youngFile = staged(table.resolve("p=2"), "young", Duration.ofHours(1));
    }

    private static Path staged(Path partition, String name, Duration age) throws IOException {
        Path dir = Files.createDirectories(partition.resolve("_temporary"));
        Path file = dir.resolve(".data-" + name + "-0.parquet.job-s0-a0-e1." + name + ".tmp");
        Files.writeString(file, "staged bytes");
        Files.setLastModifiedTime(file, FileTime.from(Instant.now().minus(age)));
        return file;
    }

    private List<String> call(String args) {
        return query(env, "CALL ft.sys.remove_orphan_files(" + args + ")");
    }

    @Test
    void aDryRunReportsAndTheRealRunRemovesOnlyOldStagedFiles() {
        assertThat(call("'default.t', CAST(NULL AS STRING), true"))
                .containsExactly("+I[file:" + oldFile + ", 12, would remove]");
        assertThat(oldFile).exists();

        assertThat(call("'t'")).containsExactly("+I[file:" + oldFile + ", 12, removed]");

        assertThat(oldFile).doesNotExist();
        assertThat(youngFile).exists();
        assertThat(query(env, "SELECT id, p FROM t ORDER BY id"))
                .containsExactly("+I[1, 1]", "+I[2, 2]");
        assertThat(call("'t'")).isEmpty();
    }

    @Test
    void anExplicitThresholdTakesFilesOlderThanIt() {
        String twoDaysAgo =
                LocalDateTime.now(ZoneId.systemDefault())
                        .minusDays(2)
                        .format(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss"));
        assertThat(call("'t', '" + twoDaysAgo + "'")).hasSize(1);
        assertThat(oldFile).doesNotExist();
        assertThat(youngFile).exists();
    }

    @Test
    void badArgumentsAreRefusedByName() {
        assertThatThrownBy(() -> call("'t', 'yesterday'"))
                .hasStackTraceContaining(
                        "'older_than'='yesterday' of remove_orphan_files must be a timestamp"
                                + " 'yyyy-MM-dd HH:mm:ss'");
        String anHourAgo =
                LocalDateTime.now(ZoneId.systemDefault())
                        .minusHours(1)
                        .format(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss"));
        assertThatThrownBy(() -> call("'t', '" + anHourAgo + "'"))
                .hasStackTraceContaining(
                        "'older_than'='"
                                + anHourAgo
                                + "' of remove_orphan_files is less than a"
                                + " day ago");
        assertThatThrownBy(() -> call("'default.nope'"))
                .hasStackTraceContaining(
                        "'table'='default.nope' of remove_orphan_files: table default.nope does"
                                + " not exist in catalog 'ft'");
        assertThat(oldFile).exists();
        assertThat(youngFile).exists();
    }

    /**
     * What Flink's recoverable writer of the local disk (as those of HDFS and Azure) leaves of a
     * file it never committed: {@code .<name>.inprogress.<uuid>} beside the target.
     */
    private static Path uncommittedRecoverableWrite(Path target, Duration age) throws IOException {
        RecoverableWriter writer = LocalFileSystem.getSharedInstance().createRecoverableWriter();
        RecoverableFsDataOutputStream out =
                writer.open(new org.apache.flink.core.fs.Path(target.toUri()));
        out.write("in progress".getBytes(java.nio.charset.StandardCharsets.UTF_8));
        out.closeForCommit(); // and never committed
        Path left;
        try (Stream<Path> files = Files.list(target.getParent())) {
            left =
                    files.filter(
                                    f ->
                                            f.getFileName()
                                                    .toString()
                                                    .startsWith(
                                                            "."
                                                                    + target.getFileName()
                                                                    + ".inprogress."))
                            .findFirst()
                            .orElseThrow();
        }
        Files.setLastModifiedTime(left, FileTime.from(Instant.now().minus(age)));
        return left;
    }

    @Test
    void removesTheOldSpoolsAndRecoverableWritersFilesOfFailedJobs() throws IOException {
        Path oldInProgress =
                uncommittedRecoverableWrite(
                        table.resolve("p=1").resolve("data-old-0.parquet"), Duration.ofDays(5));
        Path youngInProgress =
                uncommittedRecoverableWrite(
                        table.resolve("p=2").resolve("data-young-0.parquet"), Duration.ofHours(1));
        Path oldSpool =
                table.resolve("_temporary")
                        .resolve(LeftoverNames.COMMIT_SPOOL_PREFIX + "0123abcd.s0.a0");
        Files.writeString(oldSpool, "spool");
        Files.setLastModifiedTime(oldSpool, FileTime.from(Instant.now().minus(Duration.ofDays(5))));

        assertThat(call("'t'"))
                .containsExactlyInAnyOrder(
                        "+I[file:" + oldFile + ", 12, removed]",
                        "+I[file:" + oldInProgress + ", 11, removed]",
                        "+I[file:" + oldSpool + ", 5, removed]");

        assertThat(oldInProgress).doesNotExist();
        assertThat(oldSpool).doesNotExist();
        assertThat(youngInProgress).exists();
        assertThat(query(env, "SELECT id, p FROM t ORDER BY id"))
                .containsExactly("+I[1, 1]", "+I[2, 2]");
    }
}
