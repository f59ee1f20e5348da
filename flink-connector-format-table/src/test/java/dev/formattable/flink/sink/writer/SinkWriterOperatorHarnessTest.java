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
package dev.formattable.flink.sink.writer;

import dev.formattable.core.FormatTable;
import dev.formattable.core.table.CommitMessage;
import dev.formattable.flink.fs.FlinkFileIO;
import dev.formattable.flink.sink.committable.FormatTableCommittable;
import dev.formattable.flink.testutils.EndOfInput;
import dev.formattable.flink.testutils.SinkTables;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.Map;

import static dev.formattable.flink.testutils.SinkTables.row;
import static dev.formattable.flink.testutils.WriterHarnesses.emitted;
import static dev.formattable.flink.testutils.WriterHarnesses.exists;
import static dev.formattable.flink.testutils.WriterHarnesses.harness;
import static dev.formattable.flink.testutils.WriterHarnesses.process;
import static dev.formattable.flink.testutils.WriterHarnesses.tokenOf;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The sink's writer inside Flink's own {@code SinkWriterOperator}, driven by the operator test
 * harness: what it emits before a checkpoint barrier and under which tokens it stages. What a
 * restarted attempt removes is in {@link RestartedWriterSweepTest}.
 */
class SinkWriterOperatorHarnessTest {

    @TempDir java.nio.file.Path dir;

    /**
     * A csv file not written for the inactivity interval is finished by the writer's check on the
     * task's timers, before any other row or checkpoint, as the filesystem connector does.
     */
    @Test
    void anIdleCsvFileIsFinishedByTheCheckBetweenRows() throws Exception {
        FormatTable table =
                SinkTables.table(
                        new FlinkFileIO(),
                        dir,
                        Map.of(
                                "file.format", "csv",
                                "sink.rolling-policy.inactivity-interval", "10 s",
                                "sink.rolling-policy.check-interval", "1 s"));
        try (var harness = harness(SinkTables.sink(table))) {
            harness.setProcessingTime(0);
            harness.open();
            process(harness, row(1, "a"));
            java.nio.file.Path staged = dir.resolve(SinkTables.stagedFiles(dir).get(0));
            // Buffered by the open file's writer.
            assertThat(Files.readString(staged)).isEmpty();
            harness.setProcessingTime(9_000);
            assertThat(Files.readString(staged)).isEmpty();

            harness.setProcessingTime(11_000);
            assertThat(Files.readString(staged)).isEqualTo("1\n");
            process(harness, row(2, "a"));
            harness.prepareSnapshotPreBarrier(1);
            assertThat(emitted(harness.extractOutputValues(), 1).messages())
                    .extracting(CommitMessage::rowCount)
                    .containsExactly(1L, 1L);
        }
    }

    @Test
    void emitsTheStagedFilesOfEachCheckpointBeforeItsBarrier() throws Exception {
        FormatTable table = SinkTables.table(dir);
        try (var harness = harness(SinkTables.sink(table))) {
            harness.open();
            process(harness, row(1, "a"), row(2, "b"), row(3, "a"));
            assertThat(harness.extractOutputValues()).isEmpty();

            harness.prepareSnapshotPreBarrier(1);
            FormatTableCommittable first = emitted(harness.extractOutputValues(), 1);
            harness.snapshot(1, 1L);

            assertThat(first.messages())
                    .extracting(m -> m.partition().get("k") + ":" + m.rowCount())
                    .containsExactlyInAnyOrder("a:2", "b:1");
            for (CommitMessage m : first.messages()) {
                assertThat(exists(m.stagedPath())).as("staged %s", m.stagedPath()).isTrue();
                assertThat(exists(m.targetPath())).as("target %s", m.targetPath()).isFalse();
                assertThat(Files.size(Paths.get(m.stagedPath().path()))).isEqualTo(m.fileSize());
                // Opened before the first checkpoint, by attempt 0 of subtask 0 of this sink of
                // this job: the job's id, the sink's own id.
                assertThat(tokenOf(m))
                        .startsWith(harness.getEnvironment().getJobID().toHexString() + "-")
                        .matches("[0-9a-f]{32}-[0-9a-f]{8}-s0-a0-g[0-9a-f]{16}-e0");
            }
            assertThat(SinkTables.stagedFiles(dir))
                    .isEqualTo(SinkTables.stagedPaths(table, first.messages()));
            assertThat(SinkTables.dataFiles(table)).isEmpty();

            // Files opened after checkpoint 1 are committed with checkpoint 2, and say so.
            process(harness, row(4, "c"));
            harness.prepareSnapshotPreBarrier(2);
            FormatTableCommittable second = emitted(harness.extractOutputValues(), 2);
            assertThat(second.messages()).hasSize(1);
            assertThat(tokenOf(second.messages().get(0)))
                    .isEqualTo(tokenOf(first.messages().get(0)).replaceFirst("-e0$", "-e1"));

            // The end of the input hands out what is left, for the checkpoint after the last.
            process(harness, row(5, "a"));
            harness.endInput();
            FormatTableCommittable last =
                    emitted(harness.extractOutputValues(), EndOfInput.checkpointAfter(2));
            assertThat(last.messages())
                    .singleElement()
                    .satisfies(m -> assertThat(m.rowCount()).isEqualTo(1));
        }
    }

    /** Two sinks of one job writing to one table stage under different tokens. */
    @Test
    void twoSinksOfOneJobStageUnderTheirOwnTokens() throws Exception {
        FormatTable table = SinkTables.table(dir);
        try (var one = harness(SinkTables.sink(table));
                var other = harness(SinkTables.sink(table))) {
            one.open();
            other.open();
            process(one, row(1, "a"));
            process(other, row(2, "a"));
            one.prepareSnapshotPreBarrier(1);
            other.prepareSnapshotPreBarrier(1);
            String a = tokenOf(emitted(one.extractOutputValues(), 1).messages().get(0));
            String b = tokenOf(emitted(other.extractOutputValues(), 1).messages().get(0));
            assertThat(a).isNotEqualTo(b);
        }
    }
}
