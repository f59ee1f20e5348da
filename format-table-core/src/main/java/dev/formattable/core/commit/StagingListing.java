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

import dev.formattable.core.fs.FileStatus;
import dev.formattable.core.fs.Path;
import dev.formattable.core.scan.FileListing;
import dev.formattable.core.scan.FormatTableScan;
import dev.formattable.core.scan.ListingStats;
import dev.formattable.core.table.DataFilePathFactory;
import dev.formattable.core.table.FormatTableSpec;
import dev.formattable.core.utils.Parallel;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Lists what failed attempts may have left below a table: every file in the staging directory of
 * every partition and in the table's own staging directory (staged files, commit journals, commit
 * spools), and the leftovers failed attempts write into a partition directory itself ({@link
 * LeftoverNames#isLeftoverInPartition}). Each partition directory is listed once, and its staging
 * directory only where that listing shows one.
 */
final class StagingListing {

    private StagingListing() {}

    /** Every such file; none if the table has no directory. */
    static List<FileStatus> leftoverFiles(FormatTableSpec table, int parallelism)
            throws IOException {
        List<List<Object>> partitions;
        try {
            partitions = new FormatTableScan(table).listPartitions().partitions();
        } catch (FileNotFoundException e) {
            return List.of(); // no table directory, nothing staged
        }
        List<Path> stagingDirs = new ArrayList<>();
        if (table.layout().isPartitioned()) {
            stagingDirs.add(table.qualifiedLocation().child(DataFilePathFactory.STAGING_DIR));
        }
        List<Path> partitionDirs = new ArrayList<>(partitions.size());
        for (List<Object> partition : partitions) {
            partitionDirs.add(table.partitionPath(partition));
        }
        FileListing listing =
                new FileListing(table.fileIO(), table.layout(), parallelism, new ListingStats());
        List<FileStatus> leftovers = new ArrayList<>();
        for (List<FileStatus> children :
                Parallel.map(partitionDirs, parallelism, listing::listOrEmpty)) {
            for (FileStatus f : children) {
                String name = f.path().name();
                if (f.isDirectory() && name.equals(DataFilePathFactory.STAGING_DIR)) {
                    stagingDirs.add(f.path());
                } else if (!f.isDirectory() && LeftoverNames.isLeftoverInPartition(name)) {
                    leftovers.add(f);
                }
            }
        }
        for (List<FileStatus> files :
                Parallel.map(stagingDirs, parallelism, listing::listOrEmpty)) {
            for (FileStatus f : files) {
                if (!f.isDirectory()) {
                    leftovers.add(f);
                }
            }
        }
        return leftovers;
    }
}
