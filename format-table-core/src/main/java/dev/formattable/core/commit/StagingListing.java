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
import java.util.regex.Pattern;

/**
 * Lists the files in the staging directory of every partition of a table, and in the table's own
 * staging directory, where commit journals are kept; and the in-progress files that a file system's
 * own recoverable writer leaves beside the data files.
 */
final class StagingListing {

    private StagingListing() {}

    /** Every regular file below a {@code _temporary} directory of a partition; none if no table. */
    static List<FileStatus> stagedFiles(FormatTableSpec table, int parallelism) throws IOException {
        List<Path> dirs = new ArrayList<>();
        for (Path partition : partitionDirectories(table)) {
            dirs.add(partition.child(DataFilePathFactory.STAGING_DIR));
        }
        if (table.layout().isPartitioned()) {
            dirs.add(table.qualifiedLocation().child(DataFilePathFactory.STAGING_DIR));
        }
        return filesIn(table, dirs, parallelism, name -> true);
    }

    /**
     * The name Flink's recoverable writers on some file systems (a Hadoop-based writer, the local
     * one) give a file while it is written: {@code .<name>.inprogress.<uuid>}, in the directory of
     * the file. A failed or cancelled writer there can leave one behind.
     */
    static final Pattern IN_PROGRESS = Pattern.compile("\\..+\\.inprogress\\.[0-9a-fA-F-]+");

    /** Every in-progress file of a recoverable writer in a partition directory of the table. */
    static List<FileStatus> inProgressFiles(FormatTableSpec table, int parallelism)
            throws IOException {
        return filesIn(
                table,
                partitionDirectories(table),
                parallelism,
                name -> IN_PROGRESS.matcher(name).matches());
    }

    private static List<Path> partitionDirectories(FormatTableSpec table) throws IOException {
        List<List<Object>> partitions;
        try {
            partitions = new FormatTableScan(table).listPartitions().partitions();
        } catch (FileNotFoundException e) {
            return List.of(); // no table directory
        }
        List<Path> dirs = new ArrayList<>();
        for (List<Object> partition : partitions) {
            dirs.add(table.partitionPath(partition));
        }
        return dirs;
    }

    private static List<FileStatus> filesIn(
            FormatTableSpec table,
            List<Path> dirs,
            int parallelism,
            java.util.function.Predicate<String> names)
            throws IOException {
        FileListing listing =
                new FileListing(table.fileIO(), table.layout(), parallelism, new ListingStats());
        List<FileStatus> found = new ArrayList<>();
        for (List<FileStatus> files : Parallel.map(dirs, parallelism, listing::listOrEmpty)) {
            for (FileStatus f : files) {
                if (!f.isDirectory() && names.test(f.path().name())) {
                    found.add(f);
                }
            }
        }
        return found;
    }
}
