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
package dev.formattable.flink.read;

import org.apache.flink.annotation.Internal;
import org.apache.flink.metrics.Counter;
import org.apache.flink.metrics.MetricGroup;
import org.apache.flink.metrics.SimpleCounter;

/**
 * The counters of one source reader, registered in its operator's metric group: what it read, and
 * what the table's {@code scan.ignore-*} and csv/json options let it skip.
 */
@Internal
public final class ReadCounters {

    /** Rows decoded from data files, before any filter of Flink's. */
    public static final String ROWS_READ = "numRowsReadFromFiles";

    /** Splits (whole files or byte ranges of them) a reader opened. */
    public static final String SPLITS_READ = "numSplitsRead";

    /** Data files a reader began to read from their start; a file cut into ranges counts once. */
    public static final String FILES_READ = "numFilesRead";

    /** Data files that were listed but gone when read, and were skipped. */
    public static final String LOST_FILES_SKIPPED = "numLostFilesSkipped";

    /** Data files that could not be decoded, and were skipped. */
    public static final String CORRUPT_FILES_SKIPPED = "numCorruptFilesSkipped";

    /** Csv and json lines dropped as malformed ('csv.mode', json parse errors). */
    public static final String MALFORMED_LINES_DROPPED = "numMalformedLinesDropped";

    /**
     * Parquet row groups of the splits opened that the pushed-down filters excluded by their
     * statistics, dictionaries or bloom filters, so they were never read.
     */
    public static final String ROW_GROUPS_SKIPPED = "numRowGroupsSkipped";

    final Counter rows;
    final Counter splits;
    final Counter files;
    final Counter lost;
    final Counter corrupt;
    final Counter malformed;
    final Counter rowGroupsSkipped;

    private ReadCounters(MetricGroup group) {
        this.rows = group.counter(ROWS_READ);
        this.splits = group.counter(SPLITS_READ);
        this.files = group.counter(FILES_READ);
        this.lost = group.counter(LOST_FILES_SKIPPED);
        this.corrupt = group.counter(CORRUPT_FILES_SKIPPED);
        this.malformed = group.counter(MALFORMED_LINES_DROPPED);
        this.rowGroupsSkipped = group.counter(ROW_GROUPS_SKIPPED);
    }

    private ReadCounters() {
        this.rows = new SimpleCounter();
        this.splits = new SimpleCounter();
        this.files = new SimpleCounter();
        this.lost = new SimpleCounter();
        this.corrupt = new SimpleCounter();
        this.malformed = new SimpleCounter();
        this.rowGroupsSkipped = new SimpleCounter();
    }

    /** Registers the counters in {@code group}. */
    public static ReadCounters register(MetricGroup group) {
        return new ReadCounters(group);
    }

    /** Counters no reporter sees: for a format read outside a source reader. */
    public static ReadCounters unregistered() {
        return new ReadCounters();
    }

    /** Counts a split opened; {@code restored} when it resumes where a checkpoint left it. */
    void splitOpened(long offset, boolean restored) {
        splits.inc();
        if (offset == 0 && !restored) {
            files.inc();
        }
    }
}
