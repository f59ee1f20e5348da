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
import dev.formattable.core.commit.CommitResult;
import dev.formattable.core.fs.FaultInjectingFileIO;
import dev.formattable.core.fs.FaultInjectingFileIO.Op;
import dev.formattable.core.fs.FileIO;
import dev.formattable.core.fs.HadoopFileIO;
import dev.formattable.core.scan.DataSplit;
import dev.formattable.core.table.CommitMessage;
import dev.formattable.e2e.servers.S3ProxyExtension;
import dev.formattable.e2e.testutils.CoreWrites;
import dev.formattable.e2e.testutils.E2eSqlTestBase;
import dev.formattable.e2e.testutils.S3Client;
import dev.formattable.e2e.testutils.TableFiles;
import dev.formattable.flink.fs.FlinkFileIO;

import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The core commit protocol on an S3-compatible server with {@code write.multipart-upload} off, so
 * files are staged and published by renames, each a copy and a delete: publishing and taking back
 * really copy objects (see {@link S3MultipartITCase} for the default, uploads). A {@link
 * FaultInjectingFileIO} over the real S3 FileIO fails one rename part way through a commit (or
 * carries it out and loses the answer). After each failure the table holds exactly its old files
 * and rows, the new files are still staged, and running the same commit again publishes them. Both
 * S3 clients: Hadoop's S3A under the core's {@link HadoopFileIO}, and Flink's S3 plugin under the
 * connector's {@link FlinkFileIO}.
 */
class S3CommitITCase extends E2eSqlTestBase {

    // FlinkFileIO and the SQL reads go through the plugin; it serves s3a:// as well as s3://.
    @RegisterExtension
    static final S3ProxyExtension S3 = new S3ProxyExtension().withFlinkS3Plugin();

    private static final Map<String, String> STAGED = Map.of("write.multipart-upload", "false");

    private static FormatTable open(FileIO fileIO, String location) {
        return CoreWrites.open(fileIO, location, STAGED);
    }

    // Four partitions, so four new files; the third rename fails, after two were published.
    private static final int NEW_PARTITIONS = 4;

    @ParameterizedTest
    @EnumSource(S3Client.class)
    void appendWhosePublishFailsPartWayLeavesTheOldRows(S3Client client) throws Exception {
        runFailedAppend(
                client,
                "rename-fails",
                io -> io.failOn(Op.RENAME, 3),
                2,
                "Injected failure of RENAME call 3");
    }

    /**
     * The second rename's copy and delete happen, but the call reports failure, as when the store's
     * answer is lost: the commit must take that file back too.
     */
    @ParameterizedTest
    @EnumSource(S3Client.class)
    void appendWhoseRenameAnswerIsLostLeavesTheOldRows(S3Client client) throws Exception {
        runFailedAppend(
                client,
                "answer-lost",
                io -> io.loseRenameResponse(2),
                1,
                "Injected lost response of rename call 2");
    }

    private void runFailedAppend(
            S3Client client,
            String name,
            Consumer<FaultInjectingFileIO> fault,
            int publishedBeforeFailure,
            String injected)
            throws Exception {
        String location = S3.location(client.scheme, "/commits/" + name + "-" + client);
        FormatTable table = open(client.fileIO(S3), location);
        List<Object[]> oldRows = CoreWrites.rows(1, 0, 30, 3);
        CommitResult first = table.newCommit().append(CoreWrites.write(table, oldRows));
        assertThat(first.publishedFiles()).isEqualTo(3);
        List<String> oldFiles = S3.filesBelow(location);

        List<Object[]> newRows = CoreWrites.rows(2, 100, 40, NEW_PARTITIONS);
        List<CommitMessage> messages = CoreWrites.write(table, newRows);
        assertThat(messages).hasSize(NEW_PARTITIONS);

        FaultInjectingFileIO faulty = new FaultInjectingFileIO(client.fileIO(S3));
        FormatTable faultyTable = open(faulty, location);
        fault.accept(faulty);
        S3.resetRequests();
        // One rename at a time, so the failure falls after a known number of published files.
        assertThatThrownBy(() -> faultyTable.newCommit().withParallelism(1).append(messages))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("Commit failed publishing")
                .hasMessageContaining(
                        "the "
                                + publishedBeforeFailure
                                + " files it had published were taken back and the table is as"
                                + " it was")
                .rootCause()
                .hasMessageContaining(injected);

        // Exactly the old files are visible; every new file is still staged, nothing else.
        List<String> files = S3.filesBelow(location);
        assertThat(visible(files)).isEqualTo(oldFiles);
        assertThat(TableFiles.staged(files))
                .containsExactlyInAnyOrderElementsOf(relative(location, messages));
        assertThat(planned(table)).isEqualTo(oldFiles);
        assertThat(coreTableRows(location)).isEqualTo(CoreWrites.printed(oldRows));

        assertThat(S3.requests("copyBlob"))
                .as("copies: renames to publish and to take back")
                .isGreaterThanOrEqualTo(2L * publishedBeforeFailure);

        // The staged files survived, so the same commit simply runs again.
        CommitResult retried = table.newCommit().append(messages);
        assertThat(retried.publishedFiles() + retried.alreadyPublishedFiles())
                .isEqualTo(NEW_PARTITIONS);
        List<Object[]> all = new ArrayList<>(oldRows);
        all.addAll(newRows);
        assertThat(coreTableRows(location)).isEqualTo(CoreWrites.printed(all));
        TableFiles.assertOnlyPublishedDataFiles(S3.filesBelow(location), "parquet", 1);
    }

    /**
     * An overwrite is not taken back (its old files are already gone), so a failed publish leaves
     * the documented state: nothing old in the replaced partitions, part of the new files visible.
     * Running the same overwrite again completes it.
     */
    @ParameterizedTest
    @EnumSource(S3Client.class)
    void overwriteWhosePublishFailsIsCompletedByRunningItAgain(S3Client client) throws Exception {
        String location = S3.location(client.scheme, "/commits/overwrite-" + client);
        FormatTable table = open(client.fileIO(S3), location);
        table.newCommit().append(CoreWrites.write(table, CoreWrites.rows(1, 0, 30, 3)));

        // Dynamic overwrite: replaces p=0..2, which hold the old rows, and adds p=3.
        List<Object[]> newRows = CoreWrites.rows(2, 100, 40, NEW_PARTITIONS);
        List<CommitMessage> messages = CoreWrites.write(table, newRows);
        FaultInjectingFileIO faulty = new FaultInjectingFileIO(client.fileIO(S3));
        FormatTable faultyTable = open(faulty, location);
        faulty.failOn(Op.RENAME, 3);
        assertThatThrownBy(
                        () ->
                                faultyTable
                                        .newCommit()
                                        .withParallelism(1)
                                        .overwrite(Map.of(), messages))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("Overwrite failed publishing")
                .hasMessageContaining("Committing the same messages again completes it");

        List<String> targets =
                messages.stream()
                        .map(m -> m.targetPath().toString().substring(location.length() + 1))
                        .collect(Collectors.toList());
        List<String> visible = visible(S3.filesBelow(location));
        assertThat(visible).as("visible after the failure").hasSize(2);
        assertThat(targets).as("the new files").containsAll(visible);

        table.newCommit().overwrite(Map.of(), messages);
        assertThat(coreTableRows(location)).isEqualTo(CoreWrites.printed(newRows));
        List<String> files = S3.filesBelow(location);
        TableFiles.assertOnlyPublishedDataFiles(files, "parquet", 1);
        assertThat(files).containsExactlyInAnyOrderElementsOf(targets);
    }

    /**
     * The third rename is carried out but reports failure, and then renaming the first file back
     * fails too. That file is the only copy of its rows, so it stays published and the error names
     * it; the same commit then publishes the rest, each row exactly once.
     */
    @ParameterizedTest
    @EnumSource(S3Client.class)
    void aFileThatCannotBeTakenBackStaysPublishedAndIsNamed(S3Client client) throws Exception {
        String location = S3.location(client.scheme, "/commits/take-back-fails-" + client);
        FormatTable table = open(client.fileIO(S3), location);
        List<Object[]> oldRows = CoreWrites.rows(1, 0, 30, 3);
        table.newCommit().append(CoreWrites.write(table, oldRows));
        List<String> oldFiles = S3.filesBelow(location);
        List<Object[]> newRows = CoreWrites.rows(2, 100, 40, NEW_PARTITIONS);
        List<CommitMessage> messages = CoreWrites.write(table, newRows);

        FaultInjectingFileIO faulty = new FaultInjectingFileIO(client.fileIO(S3));
        FormatTable faultyTable = open(faulty, location);
        faulty.loseRenameResponse(3).failOn(Op.RENAME, 4);
        String stuck = messages.get(0).targetPath().toString();
        assertThatThrownBy(() -> faultyTable.newCommit().withParallelism(1).append(messages))
                .hasMessageContaining("could not be taken back")
                .hasMessageContaining(stuck);

        // The old files and the one that could not be taken back; the other three still staged.
        List<String> files = S3.filesBelow(location);
        List<String> expectedVisible = new ArrayList<>(oldFiles);
        expectedVisible.add(stuck.substring(location.length() + 1));
        assertThat(visible(files)).containsExactlyInAnyOrderElementsOf(expectedVisible);
        assertThat(TableFiles.staged(files)).hasSize(NEW_PARTITIONS - 1);

        CommitResult retried = table.newCommit().append(messages);
        assertThat(retried.alreadyPublishedFiles()).isEqualTo(1);
        assertThat(retried.publishedFiles()).isEqualTo(NEW_PARTITIONS - 1);
        List<Object[]> all = new ArrayList<>(oldRows);
        all.addAll(newRows);
        assertThat(coreTableRows(location)).isEqualTo(CoreWrites.printed(all));
        TableFiles.assertOnlyPublishedDataFiles(S3.filesBelow(location), "parquet", 1);
    }

    /** The files outside {@code _temporary}. */
    private static List<String> visible(List<String> files) {
        List<String> visible = new ArrayList<>(files);
        visible.removeAll(TableFiles.staged(files));
        return visible;
    }

    private static List<String> relative(String location, List<CommitMessage> messages) {
        return messages.stream()
                .map(m -> m.stagedPath().toString().substring(location.length() + 1))
                .collect(Collectors.toList());
    }

    /** The data files a scan of the table plans, relative to it. */
    private static List<String> planned(FormatTable table) throws IOException {
        String root = table.qualifiedLocation().toString();
        return table.newScan().plan().splits().stream()
                .map(DataSplit::path)
                .map(p -> p.toString().substring(root.length() + 1))
                .sorted()
                .collect(Collectors.toList());
    }
}
