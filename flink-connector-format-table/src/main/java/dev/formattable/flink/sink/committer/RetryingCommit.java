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
import dev.formattable.core.commit.CommitConflictException;
import dev.formattable.core.commit.CommitResult;
import dev.formattable.core.commit.FormatTableCommit;
import dev.formattable.core.table.CommitMessage;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One commit of a sink's files, an append or an overwrite, tried again up to {@code
 * commit.max-retries} times with a doubling wait. Both the committer task and the commit on the
 * JobManager publish through it. Only a commit of messages restored after a failure is made as a
 * commit after recovery, which skips the files that vanished since they were written; a first
 * commit refuses them by name, so that a job whose staged files were removed while it ran (a
 * concurrent {@code DROP PARTITION}, an orphan file removal) fails instead of losing rows.
 */
final class RetryingCommit {

    private static final Logger LOG = LoggerFactory.getLogger(RetryingCommit.class);

    /** The wait before the first retry of a failed commit; it doubles with each retry. */
    static final long FIRST_RETRY_WAIT_MILLIS = 100;

    static final long MAX_RETRY_WAIT_MILLIS = 10_000;

    private final FormatTable table;
    private final boolean overwrite;
    private final LinkedHashMap<String, String> staticPartition;
    private final CommitterMetrics metrics;

    RetryingCommit(
            FormatTable table,
            boolean overwrite,
            Map<String, String> staticPartition,
            CommitterMetrics metrics) {
        this.table = table;
        this.overwrite = overwrite;
        this.staticPartition = new LinkedHashMap<>(staticPartition);
        this.metrics = metrics;
    }

    /**
     * Publishes the messages; with a {@code commitId}, at most once (see {@link
     * FormatTableCommit#withCommitId}), and a replay of what an earlier try recorded skips the
     * files that vanished. An interrupted commit, a {@link CommitConflictException} (files another
     * writer removed while it ran) and a refused commit are not tried again.
     *
     * @param afterRecovery whether the messages were restored after a failure (see {@link
     *     FormatTableCommit#afterRecovery})
     */
    CommitResult commit(String commitId, List<CommitMessage> messages, boolean afterRecovery)
            throws IOException, InterruptedException {
        int retries = table.options().commitMaxRetries();
        long start = metrics.start();
        for (int attempt = 0; ; attempt++) {
            try {
                CommitResult result = commitOnce(commitId, messages, afterRecovery);
                LOG.info("Committed to {}: {}", table.location(), result);
                metrics.succeeded(result, start);
                return result;
            } catch (InterruptedIOException e) {
                // Cancelled: the commit was taken back; trying again would defy the cancel.
                throw e;
            } catch (CommitConflictException e) {
                // Files removed by another writer while it ran: trying again cannot restore them.
                metrics.failed();
                throw e;
            } catch (IOException | RuntimeException e) {
                if (attempt >= retries || e instanceof RuntimeException) {
                    metrics.failed();
                    throw e;
                }
                metrics.retried();
                long waitMillis =
                        Math.min(
                                MAX_RETRY_WAIT_MILLIS,
                                FIRST_RETRY_WAIT_MILLIS << Math.min(attempt, 20));
                LOG.warn(
                        "Commit to {} failed (try {} of {}); trying again in {} ms",
                        table.location(),
                        attempt + 1,
                        retries + 1,
                        waitMillis,
                        e);
                Thread.sleep(waitMillis);
            }
        }
    }

    /** One try. A failed append is taken back, so the next try starts from the same table. */
    private CommitResult commitOnce(
            String commitId, List<CommitMessage> messages, boolean afterRecovery)
            throws IOException {
        FormatTableCommit commit = table.newCommit();
        if (afterRecovery) {
            commit.afterRecovery();
        }
        if (commitId != null) {
            commit.withCommitId(commitId);
        }
        return overwrite ? commit.overwrite(staticPartition, messages) : commit.append(messages);
    }
}
