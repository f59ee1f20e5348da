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
package dev.formattable.flink.testutils;

import dev.formattable.core.table.CommitMessage;
import dev.formattable.core.table.DataFilePathFactory;
import dev.formattable.flink.sink.FormatTableSink;
import dev.formattable.flink.sink.committable.FormatTableCommittable;

import org.apache.flink.api.connector.sink2.Sink;
import org.apache.flink.streaming.api.connector.sink2.CommittableMessage;
import org.apache.flink.streaming.api.connector.sink2.CommittableSummary;
import org.apache.flink.streaming.api.connector.sink2.CommittableWithLineage;
import org.apache.flink.streaming.runtime.operators.sink.SinkWriterOperatorFactory;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.apache.flink.streaming.util.OneInputStreamOperatorTestHarness;
import org.apache.flink.table.data.RowData;

import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The sink's writer in Flink's own {@code SinkWriterOperator}, driven by the operator test harness
 * as one subtask of one: building it, feeding it rows and reading what it emitted.
 */
public final class WriterHarnesses {

    private WriterHarnesses() {}

    /** The harness of the sink's one subtask, not yet opened. */
    public static OneInputStreamOperatorTestHarness<
                    RowData, CommittableMessage<FormatTableCommittable>>
            harness(Sink<RowData> sink) throws Exception {
        return CommittableOutputs.of(
                new OneInputStreamOperatorTestHarness<>(
                        new SinkWriterOperatorFactory<RowData, FormatTableCommittable>(sink)));
    }

    /** The harness of that attempt of the sink's one subtask, opened without restored state. */
    public static OneInputStreamOperatorTestHarness<
                    RowData, CommittableMessage<FormatTableCommittable>>
            openedAttempt(FormatTableSink sink, int attempt) throws Exception {
        var harness = harness(new AttemptSink(sink, attempt));
        harness.open();
        return harness;
    }

    /** Hands the rows to the writer, one by one. */
    public static void process(
            OneInputStreamOperatorTestHarness<RowData, ?> harness, RowData... rows)
            throws Exception {
        for (RowData r : rows) {
            harness.processElement(new StreamRecord<>(r));
        }
    }

    /** The committable the harness emitted for a checkpoint, after checking its summary. */
    public static FormatTableCommittable emitted(
            List<CommittableMessage<FormatTableCommittable>> output, long checkpointId) {
        List<CommittableMessage<FormatTableCommittable>> forCheckpoint = new ArrayList<>();
        for (CommittableMessage<FormatTableCommittable> m : output) {
            long id =
                    m instanceof CommittableSummary
                            ? ((CommittableSummary<?>) m).getCheckpointIdOrEOI()
                            : ((CommittableWithLineage<?>) m).getCheckpointIdOrEOI();
            if (id == checkpointId) {
                forCheckpoint.add(m);
            }
        }
        assertThat(forCheckpoint).hasSize(2);
        assertThat(forCheckpoint.get(0)).isInstanceOf(CommittableSummary.class);
        CommittableSummary<?> summary = (CommittableSummary<?>) forCheckpoint.get(0);
        assertThat(summary.getSubtaskId()).isZero();
        assertThat(summary.getNumberOfSubtasks()).isEqualTo(1);
        assertThat(summary.getNumberOfCommittables()).isEqualTo(1);
        assertThat(summary.getNumberOfFailedCommittables()).isZero();
        assertThat(forCheckpoint.get(1)).isInstanceOf(CommittableWithLineage.class);
        CommittableWithLineage<FormatTableCommittable> lineage =
                (CommittableWithLineage<FormatTableCommittable>) forCheckpoint.get(1);
        assertThat(lineage.getSubtaskId()).isZero();
        return lineage.getCommittable();
    }

    /** Whether the file is on the local disk. */
    public static boolean exists(dev.formattable.core.fs.Path path) {
        return Files.exists(Paths.get(path.path()));
    }

    /** The staging token of a committed file's staged name. */
    public static String tokenOf(CommitMessage m) {
        return DataFilePathFactory.stagingTokenOf(m.stagedPath().name()).orElseThrow();
    }
}
