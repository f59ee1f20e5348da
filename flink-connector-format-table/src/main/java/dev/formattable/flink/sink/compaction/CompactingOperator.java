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
import dev.formattable.core.fs.Path;
import dev.formattable.core.table.CommitMessage;
import dev.formattable.flink.config.CompactionSettings;
import dev.formattable.flink.format.FormatFactories;
import dev.formattable.flink.sink.committable.FormatTableCommittable;
import dev.formattable.flink.sink.committable.StagingToken;
import dev.formattable.flink.sink.merge.FileMerger;
import dev.formattable.flink.sink.writer.DataColumns;
import dev.formattable.flink.sink.writer.FormatTableSinkWriter;

import org.apache.flink.annotation.Internal;
import org.apache.flink.metrics.Counter;
import org.apache.flink.streaming.api.connector.sink2.CommittableMessage;
import org.apache.flink.streaming.api.connector.sink2.CommittableWithLineage;
import org.apache.flink.streaming.api.operators.AbstractStreamOperator;
import org.apache.flink.streaming.api.operators.OneInputStreamOperator;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.apache.flink.table.types.logical.RowType;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Merges the small files of a checkpoint before they are published. It receives the checkpoint's
 * committables before the checkpoint's barrier, reads the staged files of each unit (see {@link
 * CompactionUnits}) and writes their rows into one new staged file, and passes on a committable
 * that names the merged file instead, with the small ones as obsolete: the committer deletes them
 * once the merged file is published, so no failure in between can leave rows in neither. All of it
 * happens before the barrier passes, so the checkpoint records only the merged files: a restore
 * publishes them, and a failure before the checkpoint completes leaves only staged files of a
 * checkpoint that will never be committed, which the restarted job sweeps.
 *
 * <p>Merged files carry a staging token of this job, with the subtask {@value #SUBTASK_BASE} plus
 * the compactor's, and the epoch of the files they replace.
 */
@Internal
public final class CompactingOperator
        extends AbstractStreamOperator<CommittableMessage<FormatTableCommittable>>
        implements OneInputStreamOperator<
                CommittableMessage<FormatTableCommittable>,
                CommittableMessage<FormatTableCommittable>> {

    private static final long serialVersionUID = 1L;

    /** The compactors' subtask numbers in staging tokens start here, apart from the writers'. */
    static final int SUBTASK_BASE = 1_000_000;

    /** Counter of the small files merged away. */
    public static final String FILES_COMPACTED = "filesCompacted";

    private final FormatTable table;
    private final RowType rowType;
    private final CompactionSettings settings;
    private final String sinkId;

    private transient FileMerger merger;
    private transient Counter filesCompacted;

    /**
     * @param rowType every column of the table, partition columns included
     * @param sinkId the sink's id, as its staging tokens carry it
     */
    public CompactingOperator(
            FormatTable table, RowType rowType, CompactionSettings settings, String sinkId) {
        this.table = table;
        this.rowType = rowType;
        this.settings = settings;
        this.sinkId = sinkId;
    }

    @Override
    public void open() throws Exception {
        super.open();
        DataColumns data = DataColumns.of(rowType, table.layout().keys());
        merger =
                FileMerger.of(
                        table,
                        rowType,
                        data.positions(),
                        FormatTableSinkWriter.adapt(
                                FormatFactories.writer(table.options(), data.type())),
                        false);
        filesCompacted = getMetricGroup().counter(FILES_COMPACTED);
    }

    @Override
    public void processElement(StreamRecord<CommittableMessage<FormatTableCommittable>> element)
            throws IOException {
        CommittableMessage<FormatTableCommittable> message = element.getValue();
        if (!(message instanceof CommittableWithLineage)) {
            output.collect(element);
            return;
        }
        CommittableWithLineage<FormatTableCommittable> lineage =
                (CommittableWithLineage<FormatTableCommittable>) message;
        FormatTableCommittable committable = lineage.getCommittable();
        CompactionUnits plan = CompactionUnits.plan(committable.messages(), settings.fileSize());
        if (plan.units.isEmpty()) {
            output.collect(element);
            return;
        }
        List<CommitMessage> result = new ArrayList<>(plan.asTheyAre);
        List<Path> obsolete = new ArrayList<>(committable.obsoleteStagedFiles());
        for (List<CommitMessage> unit : plan.units) {
            result.addAll(compact(unit, committable.checkpointId()));
            unit.forEach(file -> obsolete.add(file.stagedPath()));
        }
        output.collect(
                new StreamRecord<>(
                        new CommittableWithLineage<>(
                                new FormatTableCommittable(
                                        result,
                                        committable.checkpointId(),
                                        committable.endOfInput(),
                                        obsolete),
                                lineage.getCheckpointIdOrEOI(),
                                lineage.getSubtaskId())));
    }

    /** Rewrites a unit's rows into a new staged file; the unit's files are left to the commit. */
    private List<CommitMessage> compact(List<CommitMessage> unit, long checkpointId)
            throws IOException {
        long epoch = checkpointId == FormatTableCommittable.NO_CHECKPOINT ? 0 : checkpointId - 1;
        String token =
                StagingToken.format(
                        StagingToken.jobToken(
                                getRuntimeContext().getJobInfo().getJobId().toHexString(), sinkId),
                        SUBTASK_BASE + getRuntimeContext().getTaskInfo().getIndexOfThisSubtask(),
                        getRuntimeContext().getTaskInfo().getAttemptNumber(),
                        Math.max(0, epoch));
        List<CommitMessage> merged = merger.merge(unit, token);
        filesCompacted.inc(unit.size());
        LOG.debug(
                "Merged {} files of {} into {} for checkpoint {}",
                unit.size(),
                unit.get(0).targetPath().parent(),
                merged.size(),
                checkpointId);
        return merged;
    }
}
