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
package dev.formattable.core.scan;

import dev.formattable.core.fs.FileIO;
import dev.formattable.core.fs.FileStatus;
import dev.formattable.core.fs.Path;
import dev.formattable.core.partition.PartitionLayout;
import dev.formattable.core.utils.Parallel;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Lists the data files below directories: every file whose name is not hidden, found by descending
 * every directory whose name is not hidden. A directory that vanishes while it is listed holds
 * nothing. Used by scans, and by overwrite and truncate to find what they clear.
 */
public final class FileListing {

    /** Directories listed at once. */
    public static final int DEFAULT_PARALLELISM = 16;

    private final FileIO fileIO;
    private final PartitionLayout layout;
    private final int parallelism;
    private final ListingStats stats;

    public FileListing(FileIO fileIO, PartitionLayout layout, int parallelism, ListingStats stats) {
        this.fileIO = fileIO;
        this.layout = layout;
        this.parallelism = parallelism;
        this.stats = stats;
    }

    private Path root;

    /** Marks the table root, below which the layout's reserved names are skipped. */
    public FileListing withRoot(Path tableRoot) {
        this.root = tableRoot;
        return this;
    }

    private boolean isReserved(Path parent, FileStatus child) {
        return root != null
                && child.isDirectory()
                && parent.equals(root)
                && layout.reservedRootNames().contains(child.path().name());
    }

    public ListingStats stats() {
        return stats;
    }

    /** The children of a directory; empty if it does not exist (any more). */
    public List<FileStatus> listOrEmpty(Path dir) throws IOException {
        stats.countList();
        try {
            return fileIO.list(dir);
        } catch (FileNotFoundException e) {
            return List.of();
        }
    }

    /** The status of a path, or null if nothing is there. */
    public FileStatus statusOrNull(Path path) throws IOException {
        stats.countStatus();
        try {
            return fileIO.getStatus(path);
        } catch (FileNotFoundException e) {
            return null;
        }
    }

    /**
     * The data files below each of the given directories, in the order of the directories. A file
     * counts when its name is not hidden; directories whose names are not hidden are descended.
     */
    public List<List<FileStatus>> dataFiles(List<Path> dirs) throws IOException {
        return dataFiles(dirs, null, null);
    }

    /**
     * As {@link #dataFiles(List)}, also adding to {@code holding} each of {@code dirs} that holds a
     * file named {@code hiddenName} itself: what the listing saw anyway, so no one need look.
     */
    public List<List<FileStatus>> dataFiles(List<Path> dirs, String hiddenName, Set<Path> holding)
            throws IOException {
        List<List<FileStatus>> files = new ArrayList<>(dirs.size());
        List<Integer> origins = new ArrayList<>(dirs.size());
        for (int i = 0; i < dirs.size(); i++) {
            files.add(new ArrayList<>());
            origins.add(i);
        }
        List<Path> current = dirs;
        while (!current.isEmpty()) {
            List<Path> next = new ArrayList<>();
            List<Integer> nextOrigins = new ArrayList<>();
            List<List<FileStatus>> listed = Parallel.map(current, parallelism, this::listOrEmpty);
            boolean top = current == dirs;
            for (int i = 0; i < listed.size(); i++) {
                for (FileStatus child : listed.get(i)) {
                    if (top
                            && holding != null
                            && !child.isDirectory()
                            && child.path().name().equals(hiddenName)) {
                        holding.add(current.get(i));
                    }
                    if (PartitionLayout.isHidden(child.path().name())
                            || isReserved(current.get(i), child)) {
                        continue;
                    }
                    if (child.isDirectory()) {
                        next.add(child.path());
                        nextOrigins.add(origins.get(i));
                    } else {
                        files.get(origins.get(i)).add(child);
                    }
                }
            }
            current = next;
            origins = nextOrigins;
        }
        return files;
    }
}
