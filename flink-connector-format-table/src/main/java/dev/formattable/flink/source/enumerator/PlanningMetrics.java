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
package dev.formattable.flink.source.enumerator;

import org.apache.flink.annotation.Internal;
import org.apache.flink.metrics.Counter;
import org.apache.flink.metrics.Gauge;
import org.apache.flink.metrics.MetricGroup;

/**
 * What the split enumerator's plans cost, as counters in the metric group of the source's
 * coordinator (on the JobManager): directory listings, status look-ups, files and splits planned,
 * and how long the last plan took. A bounded SQL scan whose files the client already listed reports
 * no listing here, and only the time it took to cut them into splits.
 */
@Internal
public final class PlanningMetrics {

    /** Directory listings the enumerator made. */
    public static final String LISTINGS = "numDirectoryListings";

    /** File status look-ups the enumerator made. */
    public static final String STATUS_CALLS = "numStatusCalls";

    /** Splits the enumerator planned. */
    public static final String SPLITS = "numSplitsPlanned";

    /** Data files the enumerator planned to read. */
    public static final String FILES = "numFilesPlanned";

    /** Milliseconds the enumerator's last plan took: listing, pruning and cutting splits. */
    public static final String LAST_PLANNING_DURATION = "lastPlanningDurationMs";

    private final Counter listings;
    private final Counter statusCalls;
    private final Counter splits;
    private final Counter files;
    private volatile long lastPlanningMillis;

    public PlanningMetrics(MetricGroup group) {
        this.listings = group.counter(LISTINGS);
        this.statusCalls = group.counter(STATUS_CALLS);
        this.splits = group.counter(SPLITS);
        this.files = group.counter(FILES);
        group.gauge(LAST_PLANNING_DURATION, (Gauge<Long>) () -> lastPlanningMillis);
    }

    void planned(int listCalls, int statuses, int fileCount, int splitCount, long millis) {
        listings.inc(listCalls);
        statusCalls.inc(statuses);
        files.inc(fileCount);
        splits.inc(splitCount);
        lastPlanningMillis = millis;
    }
}
