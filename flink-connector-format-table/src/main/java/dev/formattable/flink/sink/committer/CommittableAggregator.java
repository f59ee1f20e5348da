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

import dev.formattable.core.fs.Path;
import dev.formattable.core.table.CommitMessage;
import dev.formattable.flink.internal.RunningJob;
import dev.formattable.flink.sink.committable.FormatTableCommittable;

import org.apache.flink.annotation.Internal;
import org.apache.flink.streaming.api.connector.sink2.CommittableMessage;
import org.apache.flink.streaming.api.connector.sink2.CommittableSummary;
import org.apache.flink.streaming.api.connector.sink2.CommittableWithLineage;
import org.apache.flink.streaming.api.operators.AbstractStreamOperator;
import org.apache.flink.streaming.api.operators.BoundedOneInput;
import org.apache.flink.streaming.api.operators.OneInputStreamOperator;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Merges the committables of all writers into one per checkpoint, so a single commit publishes
 * every file of the checkpoint, and every file handed out before it. That is what makes an
 * overwrite right at any parallelism: it clears once, with all the job's files in view. It runs
 * with parallelism 1.
 *
 * <p>What it emits at the end of its input is marked so ({@link
 * FormatTableCommittable#endOfInput}): the commit a batch job makes, which the committer makes at
 * most once.
 *
 * <p>A checkpoint whose writers produced no file still yields an (empty) committable, so an
 * overwrite whose query returned no rows still clears what it replaces. The operator keeps no
 * state: it emits everything it holds before its own checkpoint barrier.
 *
 * <p>It also refuses, when it starts, a job that reads unbounded input in streaming mode without
 * checkpoints: such a job would never publish anything, and its writers would hold the description
 * of every file they finish until the job ends.
 */
@Internal
public final class CommittableAggregator
        extends AbstractStreamOperator<CommittableMessage<FormatTableCommittable>>
        implements OneInputStreamOperator<
                        CommittableMessage<FormatTableCommittable>,
                        CommittableMessage<FormatTableCommittable>>,
                BoundedOneInput {

    private static final long serialVersionUID = 1L;

    private final String table;
    private final boolean unboundedInput;
    private final TreeMap<Long, Pending> pending = new TreeMap<>();

    /** What the writers handed out for one checkpoint so far. */
    private static final class Pending {
        final List<CommitMessage> messages = new ArrayList<>();
        final List<Path> obsolete = new ArrayList<>();

        void addAll(Pending other) {
            messages.addAll(other.messages);
            obsolete.addAll(other.obsolete);
        }
    }

    /**
     * @param table the location of the table written, for errors
     * @param unboundedInput whether the sink's input is unbounded (its job must take checkpoints)
     */
    public CommittableAggregator(String table, boolean unboundedInput) {
        this.table = table;
        this.unboundedInput = unboundedInput;
    }

    @Override
    public void open() throws Exception {
        super.open();
        RunningJob job = RunningJob.of(getContainingTask());
        if (unboundedInput && !job.checkpointing() && !job.batch()) {
            throw new IllegalStateException(
                    "The format-table sink writing to "
                            + table
                            + " reads unbounded input in a streaming job without checkpoints, so"
                            + " it would never publish what it writes. Enable checkpointing"
                            + " ('execution.checkpointing.interval'): every completed checkpoint"
                            + " publishes the files written before it.");
        }
    }

    @Override
    public void processElement(StreamRecord<CommittableMessage<FormatTableCommittable>> element) {
        CommittableMessage<FormatTableCommittable> message = element.getValue();
        if (message instanceof CommittableSummary) {
            pending.computeIfAbsent(
                    ((CommittableSummary<?>) message).getCheckpointIdOrEOI(), id -> new Pending());
        } else if (message instanceof CommittableWithLineage) {
            CommittableWithLineage<FormatTableCommittable> c =
                    (CommittableWithLineage<FormatTableCommittable>) message;
            Pending p = pending.computeIfAbsent(c.getCheckpointIdOrEOI(), id -> new Pending());
            p.messages.addAll(c.getCommittable().messages());
            p.obsolete.addAll(c.getCommittable().obsoleteStagedFiles());
        }
    }

    @Override
    public void prepareSnapshotPreBarrier(long checkpointId) throws Exception {
        super.prepareSnapshotPreBarrier(checkpointId);
        // What a writer hands out at the end of its input, while others still write, comes under
        // the checkpoint after its last one (from Flink 2.1) or under EOI (before): in either case
        // it is merged into this checkpoint's committable. Held back until the last writer ended,
        // it would be in no checkpoint's state, and a failover after its task finished (which is
        // not run again) would lose it. Committed on its own, under an id below this checkpoint's,
        // the sweep after that commit (see FormatTableCommitter) would take the files the other
        // writers staged since their last checkpoint, which this checkpoint's commit publishes.
        Pending merged = new Pending();
        boolean any = takeInto(merged, pending.headMap(checkpointId, true));
        any |= takeInto(merged, pending.tailMap(CommittableMessage.EOI, true));
        if (any) {
            emit(checkpointId, merged, false);
        }
    }

    @Override
    public void endInput() {
        if (!pending.isEmpty()) {
            long id = pending.lastKey();
            Pending merged = new Pending();
            takeInto(merged, pending);
            emit(id, merged, true);
        }
    }

    /** Moves the messages of {@code checkpoints} into {@code merged}: whether there were any. */
    private static boolean takeInto(Pending merged, Map<Long, Pending> checkpoints) {
        boolean any = !checkpoints.isEmpty();
        checkpoints.values().forEach(merged::addAll);
        checkpoints.clear();
        return any;
    }

    /** One committable for everything the writers handed out up to checkpoint {@code id}. */
    private void emit(long id, Pending merged, boolean endOfInput) {
        output.collect(new StreamRecord<>(new CommittableSummary<>(0, 1, id, 1, 0, 0)));
        output.collect(
                new StreamRecord<>(
                        new CommittableWithLineage<>(
                                new FormatTableCommittable(
                                        merged.messages, id, endOfInput, merged.obsolete),
                                id,
                                0)));
    }
}
