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
import dev.formattable.core.commit.OrphanFiles;
import dev.formattable.core.fs.FaultInjectingFileIO;
import dev.formattable.core.fs.FaultInjectingFileIO.Op;
import dev.formattable.core.fs.FileIO;
import dev.formattable.core.fs.HadoopFileIO;
import dev.formattable.core.fs.HadoopMultipartUploads;
import dev.formattable.core.table.CommitMessage;
import dev.formattable.e2e.servers.S3ProxyExtension;
import dev.formattable.e2e.testutils.CoreWrites;
import dev.formattable.e2e.testutils.E2eSqlTestBase;
import dev.formattable.e2e.testutils.S3Client;
import dev.formattable.e2e.testutils.TableFiles;
import dev.formattable.flink.fs.FlinkFileIO;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The commit protocol on an S3-compatible server with its default, {@code write.multipart-upload}:
 * every data file is a multipart upload to its final key, invisible until the commit completes it.
 * The server counts the requests it serves, so each test can say that publishing copied nothing.
 * Both S3 clients: Hadoop's S3A under the core's {@link HadoopFileIO} (Hadoop's multipart API), and
 * Flink's S3 plugin under the connector's {@link FlinkFileIO} (the plugin's recoverable writer).
 */
class S3MultipartITCase extends E2eSqlTestBase {

    @RegisterExtension
    static final S3ProxyExtension S3 = new S3ProxyExtension().withFlinkS3Plugin();

    private static final int PARTITIONS = 4;

    @BeforeEach
    void countFromZero() {
        S3.resetRequests();
    }

    @ParameterizedTest
    @EnumSource(S3Client.class)
    void anAppendCompletesUploadsAndCopiesNothing(S3Client client) throws Exception {
        String location = S3.location(client.scheme, "/multipart/append-" + client);
        FormatTable table = CoreWrites.open(client.fileIO(S3), location);
        List<Object[]> rows = CoreWrites.rows(1, 0, 40, PARTITIONS);

        List<CommitMessage> messages = CoreWrites.write(table, rows);

        assertThat(messages).hasSize(PARTITIONS);
        assertThat(messages)
                .allSatisfy(m -> assertThat(m.upload().kind()).isEqualTo(uploadKind(client)));
        assertThat(S3.filesBelow(location)).as("visible before the commit").isEmpty();
        assertThat(openUploadsBelow(location)).hasSize(PARTITIONS);

        CommitResult result = table.newCommit().append(messages);

        assertThat(result.publishedFiles()).isEqualTo(PARTITIONS);
        assertThat(result.publishedRows()).isEqualTo(rows.size());
        assertThat(S3.requests("copyBlob")).as("copies").isZero();
        assertThat(S3.requests("completeMultipartUpload")).isEqualTo(PARTITIONS);
        assertThat(openUploadsBelow(location)).isEmpty();
        assertThat(coreTableRows(location)).isEqualTo(CoreWrites.printed(rows));
        List<String> files = S3.filesBelow(location);
        TableFiles.assertOnlyPublishedDataFiles(files, "parquet", 1);
        assertThat(files).containsExactlyInAnyOrderElementsOf(targets(location, messages));
    }

    /**
     * Files of several parts, of exactly one part and of one byte: each reads back byte for byte
     * once completed (the parts are 8 MiB through S3A; the plugin sizes its own).
     */
    @ParameterizedTest
    @EnumSource(S3Client.class)
    void filesOfManyPartsReadBackWhole(S3Client client) throws Exception {
        FileIO io = client.fileIO(S3);
        String location = S3.location(client.scheme, "/multipart/parts-" + client);
        java.util.Random random = new java.util.Random(11);
        for (int size : new int[] {1, HadoopMultipartUploads.PART_SIZE, 20 << 20}) {
            byte[] bytes = new byte[size];
            random.nextBytes(bytes);
            dev.formattable.core.fs.Path target =
                    dev.formattable.core.fs.Path.of(location + "/f-" + size);
            var out =
                    io.newTwoPhaseOutputStream(
                            target, dev.formattable.core.fs.Path.of(location + "/_temporary/f"));
            out.write(bytes);
            var committer = out.closeForCommit();
            assertThat(io.exists(target)).as("visible before completion").isFalse();

            committer.commit();

            try (var in = io.newInputStream(target)) {
                assertThat(in.readAllBytes()).as("file of %d bytes", size).isEqualTo(bytes);
            }
        }
        assertThat(openUploadsBelow(location)).isEmpty();
    }

    /** A committer restored after a failure hands over a committable already committed. */
    @ParameterizedTest
    @EnumSource(S3Client.class)
    void aCommitReplayedAfterItCompletedRecognisesItsFiles(S3Client client) throws Exception {
        String location = S3.location(client.scheme, "/multipart/replay-" + client);
        FormatTable table = CoreWrites.open(client.fileIO(S3), location);
        List<Object[]> rows = CoreWrites.rows(2, 0, 40, PARTITIONS);
        List<CommitMessage> messages = CoreWrites.write(table, rows);
        table.newCommit().append(messages);
        List<String> published = S3.filesBelow(location);

        CommitResult replay = table.newCommit().afterRecovery().append(messages);
        CommitResult again = table.newCommit().append(messages);

        assertThat(replay.alreadyPublishedFiles()).isEqualTo(PARTITIONS);
        assertThat(replay.publishedFiles()).isZero();
        assertThat(again.alreadyPublishedFiles()).isEqualTo(PARTITIONS);
        assertThat(S3.filesBelow(location)).isEqualTo(published);
        assertThat(coreTableRows(location)).isEqualTo(CoreWrites.printed(rows));
        assertThat(S3.requests("copyBlob")).isZero();
    }

    @ParameterizedTest
    @EnumSource(S3Client.class)
    void abortingLeavesNoUploadBehind(S3Client client) throws Exception {
        String location = S3.location(client.scheme, "/multipart/abort-" + client);
        FormatTable table = CoreWrites.open(client.fileIO(S3), location);

        List<CommitMessage> messages = CoreWrites.write(table, CoreWrites.rows(3, 0, 40, 4));
        assertThat(openUploadsBelow(location)).hasSize(PARTITIONS);
        table.newCommit().abort(messages);
        assertThat(openUploadsBelow(location)).as("after aborting a prepared commit").isEmpty();

        // A writer that fails closes its open files without handing them out.
        CoreWrites.writeAndDrop(table, CoreWrites.rows(4, 0, 40, PARTITIONS));
        assertThat(openUploadsBelow(location)).as("after closing an unprepared write").isEmpty();
        assertThat(S3.filesBelow(location)).isEmpty();
    }

    /**
     * The third completion fails. A completed upload cannot be taken back, so the two files it
     * published stay and the error says so; committing the same messages again completes the rest,
     * each row once.
     */
    @ParameterizedTest
    @EnumSource(S3Client.class)
    void aFailedAppendKeepsWhatItPublishedAndCommittingAgainCompletesIt(S3Client client)
            throws Exception {
        String location = S3.location(client.scheme, "/multipart/fails-" + client);
        FormatTable table = CoreWrites.open(client.fileIO(S3), location);
        List<Object[]> rows = CoreWrites.rows(5, 0, 40, PARTITIONS);
        List<CommitMessage> messages = CoreWrites.write(table, rows);
        FaultInjectingFileIO faulty = new FaultInjectingFileIO(client.fileIO(S3));
        faulty.failOn(Op.COMPLETE, 3);
        FormatTable faultyTable = CoreWrites.open(faulty, location);

        assertThatThrownBy(() -> faultyTable.newCommit().withParallelism(1).append(messages))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("Commit failed publishing")
                .hasMessageContaining(
                        "the 2 files it published stay published (a completed upload cannot be"
                                + " taken back) and the rest are not visible. Committing the same"
                                + " messages again completes it.")
                .rootCause()
                .hasMessageContaining("Injected failure of COMPLETE call 3");
        assertThat(S3.filesBelow(location)).hasSize(2);
        assertThat(openUploadsBelow(location)).hasSize(PARTITIONS - 2);

        CommitResult retried = table.newCommit().append(messages);

        assertThat(retried.alreadyPublishedFiles()).isEqualTo(2);
        assertThat(retried.publishedFiles()).isEqualTo(PARTITIONS - 2);
        assertThat(coreTableRows(location)).isEqualTo(CoreWrites.printed(rows));
        assertThat(openUploadsBelow(location)).isEmpty();
        assertThat(S3.requests("copyBlob")).isZero();
    }

    /**
     * Uploads the store no longer knows (aborted, or expired by a lifecycle rule) are handled as
     * vanished staged files: a commit after recovery skips and counts them, a first commit fails
     * naming them.
     */
    @ParameterizedTest
    @EnumSource(S3Client.class)
    void uploadsThatVanishedAreSkippedOnlyAfterRecovery(S3Client client) throws Exception {
        String location = S3.location(client.scheme, "/multipart/vanished-" + client);
        FormatTable table = CoreWrites.open(client.fileIO(S3), location);
        List<CommitMessage> first = CoreWrites.write(table, CoreWrites.rows(6, 0, 40, 4));
        table.newCommit().abort(first.subList(0, 1));

        assertThatThrownBy(() -> table.newCommit().append(first))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("the store no longer knows their uploads")
                .hasMessageContaining(first.get(0).targetPath().toString())
                .hasMessageContaining("The other 3 files of the commit were published");

        List<CommitMessage> second = CoreWrites.write(table, CoreWrites.rows(7, 100, 40, 4));
        table.newCommit().abort(second.subList(0, 2));
        CommitResult recovered = table.newCommit().afterRecovery().append(second);

        assertThat(recovered.vanishedFiles()).isEqualTo(2);
        assertThat(recovered.publishedFiles()).isEqualTo(2);
        assertThat(S3.filesBelow(location)).hasSize(5);
    }

    /** Overwrite deletes what it replaces, then completes its uploads. */
    @ParameterizedTest
    @EnumSource(S3Client.class)
    void anOverwriteClearsThenPublishes(S3Client client) throws Exception {
        String location = S3.location(client.scheme, "/multipart/overwrite-" + client);
        FormatTable table = CoreWrites.open(client.fileIO(S3), location);
        table.newCommit().append(CoreWrites.write(table, CoreWrites.rows(8, 0, 30, 3)));
        List<Object[]> newRows = CoreWrites.rows(9, 100, 40, PARTITIONS);
        List<CommitMessage> messages = CoreWrites.write(table, newRows);
        S3.resetRequests();

        CommitResult result = table.newCommit().overwrite(Map.of(), messages);

        assertThat(result.deletedFiles()).isEqualTo(3);
        assertThat(coreTableRows(location)).isEqualTo(CoreWrites.printed(newRows));
        assertThat(S3.filesBelow(location))
                .containsExactlyInAnyOrderElementsOf(targets(location, messages));
        assertThat(S3.requests("copyBlob")).isZero();
    }

    /**
     * remove_orphan_files aborts the uploads that failed jobs left, once older than its threshold.
     */
    @ParameterizedTest
    @EnumSource(S3Client.class)
    void orphanUploadsOlderThanTheThresholdAreAborted(S3Client client) throws Exception {
        String location = S3.location(client.scheme, "/multipart/orphans-" + client);
        FormatTable table = CoreWrites.open(client.fileIO(S3), location);
        List<CommitMessage> abandoned = CoreWrites.write(table, CoreWrites.rows(10, 0, 40, 4));
        assertThat(openUploadsBelow(location)).hasSize(PARTITIONS);

        OrphanFiles young = new OrphanFiles(table).olderThan(Instant.now().minusSeconds(3600));
        young.run();
        assertThat(young.uploads()).as("uploads begun before an hour ago").isEmpty();

        OrphanFiles dryRun = new OrphanFiles(table).olderThan(Instant.now().plusSeconds(60));
        dryRun.dryRun(true).run();
        assertThat(dryRun.uploads())
                .hasSize(PARTITIONS)
                .noneMatch(OrphanFiles.OrphanUpload::aborted);
        assertThat(openUploadsBelow(location)).hasSize(PARTITIONS);

        OrphanFiles orphans = new OrphanFiles(table).olderThan(Instant.now().plusSeconds(60));
        orphans.run();
        assertThat(orphans.uploads())
                .hasSize(PARTITIONS)
                .allMatch(OrphanFiles.OrphanUpload::aborted);
        assertThat(orphans.uploads().stream().map(u -> u.upload().target().toString()))
                .containsExactlyInAnyOrderElementsOf(
                        abandoned.stream()
                                .map(m -> m.targetPath().toString())
                                .collect(Collectors.toList()));
        assertThat(openUploadsBelow(location)).isEmpty();
    }

    /** The kind of upload state each client's files carry. */
    private static String uploadKind(S3Client client) {
        return client == S3Client.HADOOP_S3A
                ? HadoopMultipartUploads.KIND
                : "flink-recoverable-writer";
    }

    private static List<String> openUploadsBelow(String location) {
        String prefix = java.net.URI.create(location).getPath().substring(1) + "/";
        return S3.openUploads().stream()
                .filter(k -> k.startsWith(prefix))
                .collect(Collectors.toList());
    }

    private static List<String> targets(String location, List<CommitMessage> messages) {
        List<String> targets = new ArrayList<>();
        for (CommitMessage m : messages) {
            targets.add(m.targetPath().toString().substring(location.length() + 1));
        }
        return targets;
    }
}
