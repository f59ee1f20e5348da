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
package dev.formattable.flink.sink.partition;

import dev.formattable.core.FormatTable;
import dev.formattable.core.table.CommitMessage;
import dev.formattable.flink.config.PartitionCommitSettings;
import dev.formattable.flink.internal.RunningJob;
import dev.formattable.flink.sink.committable.FormatTableCommittable;

import org.apache.flink.annotation.Internal;
import org.apache.flink.api.common.state.ListState;
import org.apache.flink.api.common.state.ListStateDescriptor;
import org.apache.flink.api.common.typeutils.base.array.BytePrimitiveArraySerializer;
import org.apache.flink.core.io.SimpleVersionedSerialization;
import org.apache.flink.runtime.state.StateInitializationContext;
import org.apache.flink.runtime.state.StateSnapshotContext;
import org.apache.flink.streaming.api.connector.sink2.CommittableMessage;
import org.apache.flink.streaming.api.connector.sink2.CommittableWithLineage;
import org.apache.flink.streaming.api.operators.AbstractStreamOperator;
import org.apache.flink.streaming.api.operators.BoundedOneInput;
import org.apache.flink.streaming.api.operators.OneInputStreamOperator;
import org.apache.flink.streaming.api.watermark.Watermark;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.util.List;

/**
 * Commits partitions after their files are published: it receives what the committer published,
 * checkpoint by checkpoint, and runs the commit policies for each partition the trigger finds
 * ready. Under {@code process-time} a partition is ready once the processing time passes the time
 * it was first published plus the delay; under {@code partition-time}, once the watermark of the
 * checkpoint being published passes the partition's time plus the delay. At the end of the input,
 * and in batch jobs, every partition published is committed.
 *
 * <p>The partitions not yet committed, with the watermark of each checkpoint not yet published
 * (under {@code partition-time} only), are kept in operator state. After a restore the committer
 * hands over the files of the restored checkpoint again, so their partitions may be committed a
 * second time: policies must be idempotent, as the success file is. It runs with parallelism 1,
 * after the committer.
 */
@Internal
public final class PartitionCommitOperator extends AbstractStreamOperator<Void>
        implements OneInputStreamOperator<CommittableMessage<FormatTableCommittable>, Void>,
                BoundedOneInput {

    private static final long serialVersionUID = 1L;

    private static final Logger LOG = LoggerFactory.getLogger(PartitionCommitOperator.class);

    private static final ListStateDescriptor<byte[]> STATE =
            new ListStateDescriptor<>(
                    "format-table-pending-partitions", BytePrimitiveArraySerializer.INSTANCE);

    private final FormatTable table;
    private final PartitionCommitSettings settings;

    // How the job runs, learnt when the task opens the operator.
    private transient boolean batch;
    private transient boolean commitsAtEndOfInput;

    private transient PendingPartitions pending;
    private transient ListState<byte[]> state;
    private transient long currentWatermark;
    private transient boolean inputEnded;
    // The first checkpoint taken after the end of the input, and whether it completed.
    private transient long finalCheckpoint;
    private transient boolean finalCheckpointCompleted;
    // Whether the task ended normally (Flink called finish()).
    private transient boolean finished;
    // The checkpoint completed before the latest one: the committer has published everything up
    // to it, so older watermarks are no longer needed.
    private transient long previousCompletedCheckpoint;
    private transient PartitionCommitPolicies policies;
    private transient PartitionTrigger trigger;

    public PartitionCommitOperator(FormatTable table, PartitionCommitSettings settings) {
        this.table = table;
        this.settings = settings;
    }

    @Override
    public void initializeState(StateInitializationContext context) throws Exception {
        super.initializeState(context);
        currentWatermark = Long.MIN_VALUE;
        // Union state: every subtask sees all of it, and the first, which receives every
        // committable, takes it whatever the parallelism was before.
        state = context.getOperatorStateStore().getUnionListState(STATE);
        pending = new PendingPartitions();
        if (getRuntimeContext().getTaskInfo().getIndexOfThisSubtask() != 0) {
            return;
        }
        for (byte[] bytes : state.get()) {
            PendingPartitions restored =
                    SimpleVersionedSerialization.readVersionAndDeSerialize(
                            PendingPartitionsSerializer.INSTANCE, bytes);
            restored.partitions().forEach(pending::add);
            restored.watermarks().forEach(pending::recordWatermark);
        }
    }

    @Override
    public void open() throws Exception {
        super.open();
        RunningJob job = RunningJob.of(getContainingTask());
        batch = job.batch();
        commitsAtEndOfInput = job.commitsAtEndOfInput();
        ClassLoader classLoader = getUserCodeClassloader();
        policies = PartitionCommitPolicies.create(table, settings, classLoader);
        trigger = PartitionTrigger.of(table, settings, classLoader);
    }

    @Override
    public void processElement(StreamRecord<CommittableMessage<FormatTableCommittable>> element)
            throws IOException {
        if (!(element.getValue() instanceof CommittableWithLineage)) {
            return;
        }
        FormatTableCommittable published =
                ((CommittableWithLineage<FormatTableCommittable>) element.getValue())
                        .getCommittable();
        long now = getProcessingTimeService().getCurrentProcessingTime();
        for (CommitMessage message : published.messages()) {
            pending.add(PartitionValues.directoryOf(table, message), now);
        }
        if (inputEnded && commitsAtEndOfInput) {
            commit(pending.takeAll());
        } else if (!batch && !inputEnded) {
            commit(ready(published.checkpointId(), now));
        }
        // Otherwise a batch job waits for the end of its input, and a stream whose input ended
        // for the files of its final checkpoint (see close()).
    }

    private List<String> ready(long checkpointId, long now) {
        long watermark =
                trigger.watchesWatermark() ? pending.watermarkAt(checkpointId) : Long.MIN_VALUE;
        return pending.take(
                (partition, created) -> trigger.ready(partition, created, now, watermark));
    }

    private void commit(List<String> partitions) throws IOException {
        commit(partitions, policies);
    }

    private void commit(List<String> partitions, PartitionCommitPolicies policies)
            throws IOException {
        if (partitions.isEmpty()) {
            return;
        }
        policies.commit(partitions);
        partitions.forEach(trigger::forget);
    }

    @Override
    public void processWatermark(Watermark mark) throws Exception {
        super.processWatermark(mark);
        currentWatermark = mark.getTimestamp();
    }

    @Override
    public void snapshotState(StateSnapshotContext context) throws Exception {
        super.snapshotState(context);
        if (inputEnded && finalCheckpoint == 0) {
            finalCheckpoint = context.getCheckpointId();
        }
        // Only the partition-time trigger reads the watermarks; recording them under process-time
        // would grow the state by one entry per checkpoint.
        if (settings.partitionTimeTrigger()) {
            pending.recordWatermark(context.getCheckpointId(), currentWatermark);
        }
        if (getRuntimeContext().getTaskInfo().getIndexOfThisSubtask() != 0) {
            state.clear();
            return;
        }
        state.update(
                List.of(
                        SimpleVersionedSerialization.writeVersionAndSerialize(
                                PendingPartitionsSerializer.INSTANCE, pending)));
    }

    /**
     * Without a final checkpoint to wait for, the committer has published everything by now (it
     * commits at the end of its input, before this operator's input ends): every partition is
     * committed. Otherwise the last files are published when the final checkpoint completes.
     */
    @Override
    public void endInput() throws IOException {
        inputEnded = true;
        if (commitsAtEndOfInput) {
            commit(pending.takeAll());
        }
    }

    @Override
    public void notifyCheckpointComplete(long checkpointId) throws Exception {
        super.notifyCheckpointComplete(checkpointId);
        if (finalCheckpoint != 0 && checkpointId >= finalCheckpoint) {
            finalCheckpointCompleted = true;
        }
        if (checkpointId > previousCompletedCheckpoint) {
            pending.forgetWatermarksBefore(previousCompletedCheckpoint);
            previousCompletedCheckpoint = checkpointId;
        }
    }

    @Override
    public void finish() throws Exception {
        super.finish();
        finished = true;
    }

    /**
     * A stream whose input ended commits its partitions here: after {@link #finish()}, the task
     * closes only once its final checkpoint has completed, and by then the committer has published
     * that checkpoint's files and handed them over. A task closed by a failure or a cancellation
     * commits nothing, and a failure to release the policies is logged rather than thrown, so that
     * it cannot hide why the task failed (Flink takes an exception from a failing task's cleanup as
     * fatal to the TaskManager).
     */
    @Override
    public void close() throws Exception {
        PartitionCommitPolicies closing = policies;
        policies = null;
        try {
            if (finished && finalCheckpointCompleted && !commitsAtEndOfInput) {
                commit(pending.takeAll(), closing);
            }
        } catch (IOException | RuntimeException e) {
            release(closing, false);
            throw e;
        } finally {
            super.close();
        }
        release(closing, finished);
    }

    /** Closes the policies; a failure is thrown only if {@code mayThrow}, and logged otherwise. */
    private void release(PartitionCommitPolicies closing, boolean mayThrow) throws IOException {
        if (closing == null) {
            return;
        }
        try {
            closing.close();
        } catch (IOException | RuntimeException e) {
            if (mayThrow) {
                throw e;
            }
            LOG.warn("Could not close the partition commit policies of {}", table.location(), e);
        }
    }
}
