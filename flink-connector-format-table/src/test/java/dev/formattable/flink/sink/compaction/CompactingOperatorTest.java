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
package dev.formattable.flink.sink.compaction;

import dev.formattable.core.FormatTable;
import dev.formattable.core.table.CommitMessage;
import dev.formattable.flink.config.CompactionSettings;
import dev.formattable.flink.sink.committable.FormatTableCommittable;
import dev.formattable.flink.testutils.CommittableOutputs;
import dev.formattable.flink.testutils.SinkTables;

import org.apache.flink.streaming.api.connector.sink2.CommittableMessage;
import org.apache.flink.streaming.api.connector.sink2.CommittableSummary;
import org.apache.flink.streaming.api.connector.sink2.CommittableWithLineage;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.apache.flink.streaming.util.OneInputStreamOperatorTestHarness;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static dev.formattable.flink.testutils.SinkTables.row;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The compactor in Flink's operator test harness, on files staged by real writers: what it passes
 * on, what it leaves on disk, and what a failed compaction leaves.
 */
class CompactingOperatorTest {

    @TempDir java.nio.file.Path dir;

    private OneInputStreamOperatorTestHarness<
                    CommittableMessage<FormatTableCommittable>,
                    CommittableMessage<FormatTableCommittable>>
            harness;

    @AfterEach
    void close() throws Exception {
        if (harness != null) {
            harness.close();
        }
    }

    /** Three writers' files of checkpoint 5: three small files in "x", three in "y". */
    private List<CommitMessage> stageThreeWriters(FormatTable table) throws Exception {
        List<CommitMessage> files = new ArrayList<>();
        for (int w = 0; w < 3; w++) {
            files.addAll(
                    SinkTables.stage(
                                    table,
                                    "job" + w,
                                    row(w * 10, "x"),
                                    row(w * 10 + 1, "y"),
                                    row(w * 10 + 2, "x"))
                            .messages());
        }
        return files;
    }

    private List<CommittableMessage<FormatTableCommittable>> compact(
            FormatTable table, List<CommitMessage> files, long fileSize) throws Exception {
        harness =
                CommittableOutputs.of(
                        new OneInputStreamOperatorTestHarness<>(
                                new CompactingOperator(
                                        table,
                                        SinkTables.ROW_TYPE,
                                        CompactionSettings.of(
                                                Map.of(
                                                        "auto-compaction",
                                                        "true",
                                                        "compaction.file-size",
                                                        fileSize + " b"),
                                                0),
                                        "sink1")));
        harness.open();
        harness.processElement(new StreamRecord<>(new CommittableSummary<>(0, 1, 5, 1, 0, 0)));
        harness.processElement(
                new StreamRecord<>(
                        new CommittableWithLineage<>(
                                new FormatTableCommittable(files, 5, false), 5, 0)));
        return harness.extractOutputValues();
    }

    @Test
    void mergesEachPartitionsSmallFilesIntoOneBeforePublishing() throws Exception {
        FormatTable table = SinkTables.table(dir);
        List<CommitMessage> small = stageThreeWriters(table);
        assertThat(small).hasSize(6);

        List<CommittableMessage<FormatTableCommittable>> out = compact(table, small, 1 << 20);

        assertThat(out.get(0)).isInstanceOf(CommittableSummary.class);
        FormatTableCommittable merged =
                ((CommittableWithLineage<FormatTableCommittable>) out.get(1)).getCommittable();
        assertThat(merged.checkpointId()).isEqualTo(5);
        assertThat(merged.messages())
                .extracting(m -> m.partition().get("k") + ":" + m.rowCount())
                .containsExactlyInAnyOrder("x:6", "y:3");
        // The small files stay staged until the commit that publishes the merged ones: the
        // committable names them, for the committer to delete then.
        for (CommitMessage m : small) {
            assertThat(Files.exists(java.nio.file.Path.of(m.stagedPath().path())))
                    .as("small staged file %s", m.stagedPath())
                    .isTrue();
        }
        assertThat(merged.obsoleteStagedFiles())
                .containsExactlyInAnyOrderElementsOf(
                        small.stream().map(CommitMessage::stagedPath).collect(Collectors.toList()));
        // The merged files carry the job's staging token, with the compactor's subtask.
        assertThat(merged.messages())
                .allSatisfy(
                        m ->
                                assertThat(m.stagedPath().name())
                                        .contains(
                                                "-s" + CompactingOperator.SUBTASK_BASE + "-a0-e4"));

        table.newCommit().append(merged.messages());
        assertThat(SinkTables.rows(table))
                .containsExactlyInAnyOrder(
                        "x|0", "y|1", "x|2", "x|10", "y|11", "x|12", "x|20", "y|21", "x|22");
        assertThat(SinkTables.dataFiles(table)).hasSize(2);
    }

    @Test
    void largeFilesAndSingleFilesPassAsTheyAre() throws Exception {
        FormatTable table = SinkTables.table(dir);
        List<CommitMessage> small = stageThreeWriters(table);
        // A target below every file's size: nothing is small.
        List<CommittableMessage<FormatTableCommittable>> out = compact(table, small, 1);
        FormatTableCommittable passed =
                ((CommittableWithLineage<FormatTableCommittable>) out.get(1)).getCommittable();
        assertThat(passed.messages()).containsExactlyElementsOf(small);
    }

    @Test
    void aFailedCompactionLeavesTheSmallFilesAndNoMergedOne() throws Exception {
        FormatTable table = SinkTables.table(dir);
        List<CommitMessage> small = new ArrayList<>();
        for (int w = 0; w < 3; w++) {
            small.addAll(SinkTables.stage(table, "job" + w, row(w, "x")).messages());
        }
        CommitMessage lost = small.get(2);
        Files.delete(java.nio.file.Path.of(lost.stagedPath().path()));

        assertThatThrownBy(() -> compact(table, small, 1 << 20))
                .hasStackTraceContaining(lost.stagedPath().name());

        // The merged file was begun, with two files' rows in it, when the third was missing: it
        // is gone, and the two small files are still staged.
        assertThat(SinkTables.stagedFiles(dir))
                .as("the small files still staged, and nothing else")
                .isEqualTo(
                        SinkTables.stagedPaths(
                                table,
                                small.stream()
                                        .filter(m -> m != lost)
                                        .collect(Collectors.toList())));
        assertThat(SinkTables.dataFiles(table)).isEmpty();
    }
}
