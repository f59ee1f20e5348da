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
package dev.formattable.core.commit;

import dev.formattable.core.fs.FileIO;
import dev.formattable.core.fs.FileStatus;
import dev.formattable.core.fs.Path;
import dev.formattable.core.scan.DataSplit;
import dev.formattable.core.scan.FormatTableScan;
import dev.formattable.core.table.FormatTableSpec;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Removing a table's data outside any write: {@code TRUNCATE TABLE} and {@code ALTER TABLE ... DROP
 * PARTITION}. Neither is a commit: nothing is staged or published, the files just go.
 */
public final class TableMaintenance {

    private final FormatTableSpec table;
    private final FileIO fileIO;

    public TableMaintenance(FormatTableSpec table) {
        this.table = table;
        this.fileIO = table.fileIO();
    }

    /**
     * Deletes every data file of the table, keeping its partition directories.
     *
     * @return the number of files deleted
     */
    public int truncate() throws IOException {
        List<Path> files = new ArrayList<>();
        for (DataSplit split : new FormatTableScan(table).plan().splits()) {
            files.add(split.path());
        }
        return TableFiles.deleteAll(
                fileIO,
                files,
                FormatTableCommit.defaultParallelism(table),
                n ->
                        String.format(
                                "Truncate of %s stopped: %d of %d files deleted. Truncating again"
                                        + " completes it.",
                                table.location(), n, files.size()));
    }

    /**
     * Removes a partition directory (or, for a leading run of keys, the directory of all partitions
     * below it) with everything in it; the partitions are first unregistered from the table's
     * catalog where it lists partitions.
     *
     * @return whether a directory was removed
     */
    public boolean dropPartition(Map<String, String> spec) throws IOException {
        if (spec.isEmpty()) {
            throw new IllegalArgumentException("Dropping a partition needs a partition spec");
        }
        List<Object> values = table.layout().parseSpec(spec);
        // First out of the catalog, then off the disk: never listed while it holds nothing.
        PartitionRegistrations.unregisterBelow(table, values, Set.of());
        boolean dropped = false;
        for (Path dir : TableFiles.spellings(table, values)) {
            FileStatus status = null;
            if (fileIO.exists(dir)) {
                status = fileIO.getStatus(dir);
            }
            if (status != null && status.isDirectory()) {
                dropped |= fileIO.delete(dir, true);
            }
        }
        return dropped;
    }
}
