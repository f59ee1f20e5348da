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

import dev.formattable.core.fs.Path;
import dev.formattable.core.table.CommitMessage;
import dev.formattable.flink.sink.committable.FormatTableCommittable;

import org.apache.flink.annotation.Internal;
import org.apache.flink.streaming.api.connector.sink2.CommittableMessage;
import org.apache.flink.streaming.api.connector.sink2.CommittableWithLineage;
import org.apache.flink.streaming.api.operators.AbstractStreamOperator;
import org.apache.flink.streaming.api.operators.OneInputStreamOperator;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;

import java.util.List;

/**
 * Cuts a checkpoint's committable into one committable per unit of compaction and one of the files
 * published as they are, so that the compactors after it share the units out. It runs chained to
 * the aggregator, with parallelism 1.
 */
@Internal
public final class CompactionSplitter
        extends AbstractStreamOperator<CommittableMessage<FormatTableCommittable>>
        implements OneInputStreamOperator<
                CommittableMessage<FormatTableCommittable>,
                CommittableMessage<FormatTableCommittable>> {

    private static final long serialVersionUID = 1L;

    private final long fileSize;

    public CompactionSplitter(long fileSize) {
        this.fileSize = fileSize;
    }

    @Override
    public void processElement(StreamRecord<CommittableMessage<FormatTableCommittable>> element) {
        if (!(element.getValue() instanceof CommittableWithLineage)) {
            output.collect(element);
            return;
        }
        CommittableWithLineage<FormatTableCommittable> lineage =
                (CommittableWithLineage<FormatTableCommittable>) element.getValue();
        FormatTableCommittable c = lineage.getCommittable();
        CompactionUnits plan = CompactionUnits.plan(c.messages(), fileSize);
        // Files already obsolete travel with those published as they are.
        emit(lineage, plan.asTheyAre, c.obsoleteStagedFiles());
        for (List<CommitMessage> unit : plan.units) {
            emit(lineage, unit, List.of());
        }
    }

    private void emit(
            CommittableWithLineage<FormatTableCommittable> from,
            List<CommitMessage> files,
            List<Path> obsolete) {
        FormatTableCommittable c = from.getCommittable();
        output.collect(
                new StreamRecord<>(
                        new CommittableWithLineage<>(
                                new FormatTableCommittable(
                                        files, c.checkpointId(), c.endOfInput(), obsolete),
                                from.getCheckpointIdOrEOI(),
                                from.getSubtaskId())));
    }
}
