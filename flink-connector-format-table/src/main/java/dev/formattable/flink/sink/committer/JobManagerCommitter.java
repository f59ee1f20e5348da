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

import dev.formattable.core.FormatTable;
import dev.formattable.core.commit.CommitResult;
import dev.formattable.core.table.CommitMessage;
import dev.formattable.flink.config.PartitionCommitSettings;
import dev.formattable.flink.sink.committable.FormatTableCommittable;
import dev.formattable.flink.sink.committable.StagingToken;
import dev.formattable.flink.sink.partition.PartitionCommitPolicies;

import org.apache.flink.annotation.Internal;
import org.apache.flink.api.common.io.FinalizeOnMaster;
import org.apache.flink.api.common.io.RichOutputFormat;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.streaming.api.connector.sink2.CommittableMessage;
import org.apache.flink.streaming.api.connector.sink2.CommittableWithLineage;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The commit of a batch job on the JobManager, once every task has finished, as Flink's {@code
 * filesystem} sink commits in {@code finalizeGlobal}: no committer task to deploy after the
 * writers. Chained to each writer, it receives the writer's committables and, once the writer's
 * input has ended, leaves them in a {@link CommitSpool} file; the JobManager then reads the files
 * of the attempts that finished and publishes them all with one commit, made at most once under the
 * id of the commit at the end of the input ({@link FormatTableCommittable#endOfInputCommitId}), as
 * the committer task makes it.
 *
 * <p>A commit that fails after its retries fails the job over: the writers run again and write new
 * files, and the commit publishes what its first try recorded, if it got that far. The record of
 * the commit outlives the publish until the partition commit policies after it have succeeded: a
 * policy that fails (a custom one, the {@code _SUCCESS} file) fails the job over as well, and the
 * rerun publishes nothing new (it removes the rerun writers' files) and runs the policies again.
 * Staged files gone before the first try are refused by name: the job fails rather than lose rows.
 * The commit runs in the JobManager's main thread, so the sink uses it only where renames are cheap
 * (see {@code FileIO#renamesInPlace}).
 */
@Internal
public final class JobManagerCommitter
        extends RichOutputFormat<CommittableMessage<FormatTableCommittable>>
        implements FinalizeOnMaster {

    private static final long serialVersionUID = 1L;

    private static final Logger LOG = LoggerFactory.getLogger(JobManagerCommitter.class);

    private final FormatTable table;
    private final boolean overwrite;
    private final LinkedHashMap<String, String> staticPartition;
    private final String sinkId;
    private final PartitionCommitSettings partitionCommit;

    private transient int subtask;
    private transient int attempt;
    private transient List<FormatTableCommittable> received;
    private transient boolean spooled;

    /**
     * @param sinkId the sink's id, as its staging tokens carry it after the job id
     * @param partitionCommit the partition commit after publishing, or null for none
     */
    public JobManagerCommitter(
            FormatTable table,
            boolean overwrite,
            Map<String, String> staticPartition,
            String sinkId,
            PartitionCommitSettings partitionCommit) {
        this.partitionCommit = partitionCommit;
        this.table = table;
        this.overwrite = overwrite;
        this.staticPartition = new LinkedHashMap<>(staticPartition);
        this.sinkId = sinkId;
    }

    @Override
    public void configure(Configuration parameters) {}

    @Override
    public void open(InitializationContext context) {
        subtask = context.getTaskNumber();
        attempt = context.getAttemptNumber();
        received = new ArrayList<>();
        spooled = false;
    }

    /**
     * Gathers the writer's committables and, with its last one (which the writer marks as the end
     * of its input), leaves them in the spool. Writing here, while the task runs normally, and
     * never in {@link #close()}, means a failed or cancelled attempt writes nothing: a failure to
     * write the spool is then the task's own failure, never one thrown while Flink cleans up after
     * another.
     */
    @Override
    public void writeRecord(CommittableMessage<FormatTableCommittable> message) throws IOException {
        if (!(message instanceof CommittableWithLineage)) {
            return;
        }
        FormatTableCommittable committable =
                ((CommittableWithLineage<FormatTableCommittable>) message).getCommittable();
        received.add(committable);
        if (committable.endOfInput() && !spooled) {
            spooled = true;
            String jobToken =
                    StagingToken.jobToken(
                            getRuntimeContext().getJobInfo().getJobId().toHexString(), sinkId);
            new CommitSpool(table, sinkId)
                    .write(new CommitSpool.Contents(jobToken, subtask, attempt, received));
        }
    }

    /** Nothing to do: the spool is written when the input ends (see {@link #writeRecord}). */
    @Override
    public void close() {}

    @Override
    public void finalizeGlobal(FinalizationContext context) throws IOException {
        CommitSpool spool = new CommitSpool(table, sinkId);
        List<CommitMessage> messages = new ArrayList<>();
        String jobToken = null;
        for (int i = 0; i < context.getParallelism(); i++) {
            CommitSpool.Contents contents = spool.read(i, context.getFinishedAttempt(i));
            jobToken = contents.jobToken;
            contents.committables.forEach(c -> messages.addAll(c.messages()));
        }
        if (jobToken == null) {
            throw new IllegalStateException("No writer of " + table.location() + " finished");
        }
        String commitId = FormatTableCommittable.endOfInputCommitId(jobToken);
        try {
            // Not after recovery: the writers' files are new, or the commit replays its record.
            CommitResult result =
                    new RetryingCommit(
                                    table,
                                    overwrite,
                                    staticPartition,
                                    CommitterMetrics.unregistered())
                            .commit(commitId, messages, false);
            if (result.vanishedFiles() > 0) {
                LOG.warn(
                        "The commit to {} skipped {} files that were gone",
                        table.location(),
                        result.vanishedFiles());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            InterruptedIOException interrupted =
                    new InterruptedIOException("Interrupted committing to " + table.location());
            interrupted.initCause(e);
            throw interrupted;
        }
        // Published: a spool left behind is only litter (remove_orphan_files takes it), and
        // failing now would run the job again.
        spool.deleteQuietly();
        if (partitionCommit != null) {
            commitPartitions(messages);
        }
        // Everything after the publish succeeded; the job is done, and no rerun needs the record.
        table.newCommit().forgetCommit(commitId);
    }

    /**
     * Runs the commit policies for every partition written, as a batch job commits its partitions
     * once its data is published. A failure fails the job, whose rerun publishes nothing new (the
     * commit is recorded as published) and commits the partitions again: the policies must bear
     * being run twice for a partition, as {@code success-file} does.
     */
    private void commitPartitions(List<CommitMessage> messages) throws IOException {
        Set<String> partitions = new LinkedHashSet<>();
        messages.forEach(m -> partitions.add(PartitionCommitPolicies.directoryOf(table, m)));
        try (PartitionCommitPolicies policies =
                PartitionCommitPolicies.create(
                        table, partitionCommit, Thread.currentThread().getContextClassLoader())) {
            policies.commit(new ArrayList<>(partitions));
        }
    }
}
