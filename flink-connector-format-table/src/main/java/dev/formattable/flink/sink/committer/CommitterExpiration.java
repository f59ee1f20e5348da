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
import dev.formattable.core.commit.PartitionExpiration;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * The partition expiration a committer runs after its commits, as Paimon's sink does: at its first
 * commit, then once {@code partition.expiration-check-interval} has passed since the last run. An
 * expiration that fails is logged and counted, and tried again at the next interval: it never fails
 * the job, whose data it does not concern.
 */
final class CommitterExpiration {

    private static final Logger LOG = LoggerFactory.getLogger(CommitterExpiration.class);

    private final FormatTable table;
    private final PartitionExpiration expiration;
    private final long intervalNanos;
    private final LongSupplier nanoClock;
    private final CommitterMetrics metrics;
    private long lastRunNanos;
    private boolean ranOnce;

    CommitterExpiration(FormatTable table, CommitterMetrics metrics, LongSupplier nanoClock) {
        this.table = table;
        this.expiration = new PartitionExpiration(table).validate();
        this.intervalNanos = table.options().partitionExpirationCheckInterval().toNanos();
        this.nanoClock = nanoClock;
        this.metrics = metrics;
    }

    /** The expiration of a table that sets {@code partition.expiration-time}, or null. */
    static CommitterExpiration of(FormatTable table, CommitterMetrics metrics) {
        return table.options().partitionExpirationTime().isPresent()
                ? new CommitterExpiration(table, metrics, System::nanoTime)
                : null;
    }

    /** Runs the expiration if it is due. */
    void afterCommit() {
        long now = nanoClock.getAsLong();
        if (ranOnce && now - lastRunNanos < intervalNanos) {
            return;
        }
        ranOnce = true;
        lastRunNanos = now;
        try {
            List<PartitionExpiration.Expired> expired = expiration.run();
            metrics.expired(
                    (int)
                            expired.stream()
                                    .filter(e -> e.action() == PartitionExpiration.Action.EXPIRED)
                                    .count());
        } catch (IOException | RuntimeException e) {
            metrics.expirationFailed();
            LOG.warn(
                    "Partition expiration of {} failed; trying again in {} s",
                    table.location(),
                    TimeUnit.NANOSECONDS.toSeconds(intervalNanos),
                    e);
        }
    }
}
