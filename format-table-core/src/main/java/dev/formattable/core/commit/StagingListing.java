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
 * Lists the files in the staging directory of every partition of a table, and in the table's own
 * staging directory, where commit journals are kept.
 */
final class StagingListing {

    private StagingListing() {}

    /** Every regular file below a {@code _temporary} directory of a partition; none if no table. */
    static List<FileStatus> stagedFiles(FormatTableSpec table, int parallelism) throws IOException {
        List<List<Object>> partitions;
        try {
            partitions = new FormatTableScan(table).listPartitions().partitions();
        } catch (FileNotFoundException e) {
            return List.of(); // no table directory, nothing staged
        }
        List<Path> dirs = new ArrayList<>();
        if (table.layout().isPartitioned()) {
            dirs.add(table.qualifiedLocation().child(DataFilePathFactory.STAGING_DIR));
        }
        for (List<Object> partition : partitions) {
            dirs.add(table.partitionPath(partition).child(DataFilePathFactory.STAGING_DIR));
        }
        FileListing listing =
                new FileListing(table.fileIO(), table.layout(), parallelism, new ListingStats());
        List<FileStatus> staged = new ArrayList<>();
        for (List<FileStatus> files : Parallel.map(dirs, parallelism, listing::listOrEmpty)) {
            for (FileStatus f : files) {
                if (!f.isDirectory()) {
                    staged.add(f);
                }
            }
        }
        return staged;
    }
}
