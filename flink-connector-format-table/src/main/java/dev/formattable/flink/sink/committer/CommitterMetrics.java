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

import dev.formattable.core.commit.CommitResult;

import org.apache.flink.annotation.Internal;
import org.apache.flink.annotation.VisibleForTesting;
import org.apache.flink.metrics.Counter;
import org.apache.flink.metrics.Gauge;
import org.apache.flink.metrics.MetricGroup;
import org.apache.flink.metrics.groups.UnregisteredMetricsGroup;

import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * What the committer reports in its operator's metric group, for an operator to alert on: how long
 * ago a commit last succeeded (under Iceberg's name, so that dashboards built for it carry over),
 * how long it took, what the commits published, and how often they were tried again or failed.
 */
@Internal
public final class CommitterMetrics {

    /** Seconds since the last commit that succeeded; since the committer started, before one. */
    public static final String ELAPSED_SINCE_SUCCESS = "elapsedSecondsSinceLastSuccessfulCommit";

    /** Milliseconds the last successful commit took, its retries included. */
    public static final String LAST_COMMIT_DURATION = "lastCommitDurationMs";

    /** Data files published. */
    public static final String FILES = "committedDataFilesCount";

    /** Rows in the data files published. */
    public static final String RECORDS = "committedDataFilesRecordCount";

    /** Bytes in the data files published. */
    public static final String BYTES = "committedDataFilesByteCount";

    /** Partitions published into, summed over commits (a partition counts once per commit). */
    public static final String PARTITIONS = "committedPartitionsCount";

    /** Commits tried again after a failed try. */
    public static final String RETRIES = "commitRetries";

    /** Commits that failed after their last try, failing the job. */
    public static final String FAILURES = "commitFailures";

    /** Files of a restored checkpoint that were gone when committed, and were skipped. */
    public static final String VANISHED_FILES = "vanishedFilesSkipped";

    /** Partitions the committer's partition expiration removed. */
    public static final String EXPIRED_PARTITIONS = "expiredPartitionsCount";

    /** Runs of the committer's partition expiration that failed (and were logged). */
    public static final String EXPIRATION_FAILURES = "partitionExpirationFailures";

    private final LongSupplier nanoClock;
    private final Counter files;
    private final Counter records;
    private final Counter bytes;
    private final Counter partitions;
    private final Counter retries;
    private final Counter failures;
    private final Counter vanished;
    private final Counter expired;
    private final Counter expirationFailures;
    private volatile long lastSuccessNanos;
    private volatile long lastDurationMillis;

    public CommitterMetrics(MetricGroup group) {
        this(group, System::nanoTime);
    }

    @VisibleForTesting
    CommitterMetrics(MetricGroup group, LongSupplier nanoClock) {
        this.nanoClock = nanoClock;
        this.lastSuccessNanos = nanoClock.getAsLong();
        this.files = group.counter(FILES);
        this.records = group.counter(RECORDS);
        this.bytes = group.counter(BYTES);
        this.partitions = group.counter(PARTITIONS);
        this.retries = group.counter(RETRIES);
        this.failures = group.counter(FAILURES);
        this.vanished = group.counter(VANISHED_FILES);
        this.expired = group.counter(EXPIRED_PARTITIONS);
        this.expirationFailures = group.counter(EXPIRATION_FAILURES);
        group.gauge(ELAPSED_SINCE_SUCCESS, (Gauge<Long>) this::elapsedSecondsSinceLastSuccess);
        group.gauge(LAST_COMMIT_DURATION, (Gauge<Long>) () -> lastDurationMillis);
    }

    /** Metrics that go nowhere: for the commit on the JobManager, which has no metric group. */
    static CommitterMetrics unregistered() {
        return new CommitterMetrics(new UnregisteredMetricsGroup());
    }

    /** The clock reading when a commit starts, for {@link #succeeded}. */
    long start() {
        return nanoClock.getAsLong();
    }

    void succeeded(CommitResult result, long startNanos) {
        long now = nanoClock.getAsLong();
        lastDurationMillis = TimeUnit.NANOSECONDS.toMillis(now - startNanos);
        lastSuccessNanos = now;
        files.inc(result.publishedFiles());
        records.inc(result.publishedRows());
        bytes.inc(result.publishedBytes());
        partitions.inc(result.publishedPartitions());
        vanished.inc(result.vanishedFiles());
    }

    void retried() {
        retries.inc();
    }

    void failed() {
        failures.inc();
    }

    void expired(int partitions) {
        expired.inc(partitions);
    }

    void expirationFailed() {
        expirationFailures.inc();
    }

    private long elapsedSecondsSinceLastSuccess() {
        return TimeUnit.NANOSECONDS.toSeconds(nanoClock.getAsLong() - lastSuccessNanos);
    }
}
