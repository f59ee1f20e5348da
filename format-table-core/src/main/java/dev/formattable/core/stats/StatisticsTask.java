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
package dev.formattable.core.stats;

import dev.formattable.core.fs.Path;
import dev.formattable.core.scan.DataSplit;

import java.io.Serializable;
import java.util.List;

/**
 * The work a statistics run has for one partition: which files to read, and whether their
 * statistics replace the stored ones or are added to them. Serializable, so that an engine can ship
 * it to its workers.
 */
public final class StatisticsTask implements Serializable {

    private static final long serialVersionUID = 1L;

    /** What a run does with a partition. */
    public enum Action {
        /** No current statistics (none, stale, damaged or of other columns): read every file. */
        RECOMPUTE,
        /** Files were only added since: read the new ones and merge into the stored statistics. */
        ADD_FILES,
        /** The stored statistics cover exactly the current files: read nothing. */
        REUSE
    }

    private final Path directory;
    private final String partition;
    private final Action action;
    private final List<DataSplit> files;
    private final Fingerprint base;
    private final long storedRows;

    StatisticsTask(
            Path directory,
            String partition,
            Action action,
            List<DataSplit> files,
            Fingerprint base,
            long storedRows) {
        this.directory = directory;
        this.partition = partition;
        this.action = action;
        this.files = List.copyOf(files);
        this.base = base;
        this.storedRows = storedRows;
    }

    /** The partition directory (the table's location when it is not partitioned). */
    public Path directory() {
        return directory;
    }

    /** The partition as text, {@code k1=v1/k2=v2}; empty for an unpartitioned table. */
    public String partition() {
        return partition;
    }

    public Action action() {
        return action;
    }

    /** The files to read: all of the partition's, the added ones, or none. */
    public List<DataSplit> files() {
        return files;
    }

    /** The files the stored statistics cover, which an {@link Action#ADD_FILES} adds to. */
    public Fingerprint base() {
        return base;
    }

    /** The row count of the stored statistics (-1 when there are none). */
    public long storedRows() {
        return storedRows;
    }

    @Override
    public String toString() {
        return (partition.isEmpty() ? "<table>" : partition) + ": " + action + " " + files.size();
    }
}
