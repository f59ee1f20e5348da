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
import dev.formattable.core.fs.Path;
import dev.formattable.core.table.CommitMessage;
import dev.formattable.core.table.StagedFileSweep;
import dev.formattable.flink.sink.committable.FormatTableCommittable;
import dev.formattable.flink.sink.committable.StagingToken;

import org.apache.flink.annotation.Internal;
import org.apache.flink.api.connector.sink2.Committer;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import javax.annotation.Nullable;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Publishes committables with the core's commit: an append, or (for INSERT OVERWRITE) an overwrite
 * of the static partition, the written partitions or the table. A committer that restarted
 * (restored from a checkpoint, or a later attempt) commits as after recovery, because Flink may
 * hand over the same committable again after a restore (as {@code FileSink}'s committer completes
 * every pending file with {@code commitAfterRecovery}): files it already published are recognised
 * and skipped, and files that vanished since they were written (a retention job, a truncate, an
 * overwrite, a dropped partition) are skipped with a warning and counted in the {@value
 * CommitterMetrics#VANISHED_FILES} metric, so they never block a restored job. The first attempt of
 * a committer, never restored, commits only what its writers just wrote: a staged file missing then
 * (removed while the job ran) fails the commit naming the file, rather than end the job with rows
 * missing. A commit that fails (a store refusing one rename) is tried again up to {@code
 * commit.max-retries} times, with a doubling wait, before the error fails the job; an interrupted
 * commit, a refused one and a {@code CommitConflictException} (files another writer removed while
 * it ran) are not tried again.
 *
 * <p>The commit at the end of a bounded input (a batch job's only commit) is made at most once: the
 * core records its files under the id {@code <job>-<sink>-end} before publishing any, and marks the
 * record published after. A batch job that loses the TaskManager of its committer part way through
 * the commit, or fails after it (a partition commit policy of the chained partition commit, another
 * task, a global failover that reruns finished tasks), reruns the writers whose results were lost,
 * and they write new files; the rerun committer publishes what the first try recorded, or nothing
 * once that was published, removes the rerun writers' files, and so publishes every row once. No
 * task knows when the job can no longer be rerun, so the record stays after the job; {@code
 * remove_orphan_files} removes it (as every record, once older than its threshold).
 */
@Internal
public final class FormatTableCommitter implements Committer<FormatTableCommittable> {

    private static final Logger LOG = LoggerFactory.getLogger(FormatTableCommitter.class);

    private final FormatTable table;
    private final RetryingCommit commit;
    @Nullable private final CommitterExpiration expiration;
    private final String jobToken;
    private final boolean afterRestart;

    /** Commits after a restart that still sweep the partitions they publish to (see below). */
    private int sweepsLeft;

    /** Commits after a restart that sweep the partitions they publish to. */
    static final int SWEEPING_COMMITS = 3;

    /**
     * @param jobToken the job and sink, {@code <job id>-<sink id>}, as the writers' staging tokens
     *     begin
     * @param afterRestart whether this committer was restored from a checkpoint or is a later
     *     attempt: its commits skip files that vanished, where a first attempt refuses them
     */
    public FormatTableCommitter(
            FormatTable table,
            boolean overwrite,
            Map<String, String> staticPartition,
            CommitterMetrics metrics,
            String jobToken,
            boolean afterRestart) {
        this(table, overwrite, staticPartition, metrics, jobToken, afterRestart, false);
    }

    /**
     * @param writersHoldFiles whether the writers hold files across checkpoints: then a staged file
     *     of an earlier checkpoint may still be held by a running writer, so the sweep after a
     *     restart, which takes every such file of the job, is not made (the restored writers remove
     *     what their failed attempts staged, and the sweep at the end of the input the rest)
     */
    public FormatTableCommitter(
            FormatTable table,
            boolean overwrite,
            Map<String, String> staticPartition,
            CommitterMetrics metrics,
            String jobToken,
            boolean afterRestart,
            boolean writersHoldFiles) {
        this.jobToken = jobToken;
        this.afterRestart = afterRestart;
        this.sweepsLeft = afterRestart && !writersHoldFiles ? SWEEPING_COMMITS : 0;
        this.table = table;
        this.commit = new RetryingCommit(table, overwrite, staticPartition, metrics);
        this.expiration = CommitterExpiration.of(table, metrics);
    }

    @Override
    public void commit(Collection<CommitRequest<FormatTableCommittable>> requests)
            throws IOException, InterruptedException {
        // Flink hands over one checkpoint at a time; group anyway, so the end of the input is
        // recorded on its own.
        TreeMap<Long, List<CommitMessage>> byCheckpoint = new TreeMap<>();
        Map<Long, List<Path>> obsolete = new HashMap<>();
        Set<Long> endOfInput = new HashSet<>();
        for (CommitRequest<FormatTableCommittable> request : requests) {
            FormatTableCommittable c = request.getCommittable();
            byCheckpoint
                    .computeIfAbsent(c.checkpointId(), id -> new ArrayList<>())
                    .addAll(c.messages());
            obsolete.computeIfAbsent(c.checkpointId(), id -> new ArrayList<>())
                    .addAll(c.obsoleteStagedFiles());
            if (c.endOfInput()) {
                endOfInput.add(c.checkpointId());
            }
        }
        for (Map.Entry<Long, List<CommitMessage>> e : byCheckpoint.entrySet()) {
            commitWithRetries(endOfInput.contains(e.getKey()), e.getValue());
            deleteObsolete(obsolete.get(e.getKey()));
            if (endOfInput.contains(e.getKey())) {
                sweepAfterTheEnd(e.getValue());
            } else if (sweepsLeft > 0
                    && e.getKey() != FormatTableCommittable.NO_CHECKPOINT
                    && !endOfInput.contains(e.getKey())) {
                sweepsLeft--;
                sweepPublishedPartitions(e.getKey(), e.getValue());
            }
        }
        if (expiration != null) {
            expiration.afterCommit();
        }
    }

    /**
     * Deletes the staged files the checkpoint's commit made obsolete (merged away by compaction),
     * now that no restore can need them. One already gone (a replay) is fine, and one that cannot
     * be deleted is left to {@code remove_orphan_files}: the commit it followed succeeded.
     */
    private void deleteObsolete(List<Path> files) {
        int deleted = 0;
        for (Path file : files) {
            try {
                if (table.fileIO().delete(file, false)) {
                    deleted++;
                }
            } catch (IOException e) {
                LOG.warn(
                        "Could not delete {}, a staged file merged away by compaction; the"
                                + " remove_orphan_files procedure removes it",
                        file,
                        e);
            }
        }
        if (deleted > 0) {
            LOG.debug("Deleted {} staged files merged away by compaction", deleted);
        }
    }

    /**
     * After a restart, removes from the partitions a checkpoint's commit published to the staged
     * files of this job that no commit will publish any more (see {@link StagingToken}): what a
     * failed attempt of any writer left where the restarted job writes again, even when the rows
     * now reach another writer than before. The writers remove what they find themselves; this
     * catches what they cannot tell from the files of writers still running.
     */
    private void sweepPublishedPartitions(long checkpointId, List<CommitMessage> published) {
        StagedFileSweep sweep =
                new StagedFileSweep(
                        table.fileIO(), StagingToken.leftBehindBefore(jobToken, checkpointId));
        Set<Path> dirs = new LinkedHashSet<>();
        published.forEach(m -> dirs.add(m.targetPath().parent()));
        dirs.forEach(sweep::sweep);
        if (sweep.removedFiles() > 0) {
            LOG.info(
                    "Removed {} staged files of failed attempts from {} partition directories of"
                            + " {} after committing checkpoint {}",
                    sweep.removedFiles(),
                    dirs.size(),
                    table.location(),
                    checkpointId);
        }
    }

    /**
     * After the commit at the end of the input, removes every staged file of this job left in the
     * partitions it published to. All writers have ended by then, so none of these files can be
     * handed in any more. This catches what the sweeps of a restart can miss: a file of a failed
     * attempt that was not there yet, or not listed, when the restarted writers swept.
     */
    private void sweepAfterTheEnd(List<CommitMessage> published) {
        StagedFileSweep sweep = new StagedFileSweep(table.fileIO(), StagingToken.ofJob(jobToken));
        Set<Path> dirs = new LinkedHashSet<>();
        published.forEach(m -> dirs.add(m.targetPath().parent()));
        dirs.forEach(sweep::sweep);
        if (sweep.removedFiles() > 0) {
            LOG.info(
                    "Removed {} staged files of this job that no commit published from {}"
                            + " partition directories of {} after the commit at the end of the"
                            + " input",
                    sweep.removedFiles(),
                    dirs.size(),
                    table.location());
        }
    }

    private void commitWithRetries(boolean endOfInput, List<CommitMessage> messages)
            throws IOException, InterruptedException {
        commit.commit(
                endOfInput ? FormatTableCommittable.endOfInputCommitId(jobToken) : null,
                messages,
                afterRestart);
    }

    @Override
    public void close() {}
}
