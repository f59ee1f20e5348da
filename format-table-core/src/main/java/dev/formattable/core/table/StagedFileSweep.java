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
package dev.formattable.core.table;

import dev.formattable.core.fs.FileIO;
import dev.formattable.core.fs.FileStatus;
import dev.formattable.core.fs.Path;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * Removes what failed attempts of a writer staged, one partition directory at a time: the staged
 * files whose token a filter accepts, in the {@code _temporary} directory of each partition it is
 * given. A restarted writer sweeps the partitions its restored state names and then each partition
 * as it first writes there, so a restart costs one listing per partition the job writes, not one
 * per partition of the table.
 *
 * <p>Each directory is listed once; the sweep remembers the last {@value #REMEMBERED_DIRECTORIES}
 * directories, so its memory stays bounded however many partitions a long job writes. Best effort:
 * a directory that cannot be listed, or a file that cannot be removed, is logged and left for
 * {@link OrphanFiles}, and never fails the writer.
 */
public final class StagedFileSweep {

    /** How many swept directories are remembered; one swept again is listed again. */
    public static final int REMEMBERED_DIRECTORIES = 10_000;

    private static final Logger LOG = LoggerFactory.getLogger(StagedFileSweep.class);

    private final FileIO fileIO;
    private final Predicate<String> tokenFilter;
    private final Map<Path, Boolean> swept =
            new LinkedHashMap<>(16, 0.75f, true) {
                @Override
                protected boolean removeEldestEntry(Map.Entry<Path, Boolean> eldest) {
                    return size() > REMEMBERED_DIRECTORIES;
                }
            };
    private long listedDirectories;
    private long removedFiles;

    /**
     * @param tokenFilter accepts the staging tokens of files no commit will publish: accept only
     *     tokens of failed attempts
     */
    public StagedFileSweep(FileIO fileIO, Predicate<String> tokenFilter) {
        this.fileIO = fileIO;
        this.tokenFilter = tokenFilter;
    }

    /**
     * Removes the accepted staged files in the staging directory of {@code partitionDirectory},
     * unless this sweep has listed it already.
     *
     * @return the number of files removed now
     */
    public int sweep(Path partitionDirectory) {
        if (swept.put(partitionDirectory, Boolean.TRUE) != null) {
            return 0;
        }
        Path staging = partitionDirectory.child(DataFilePathFactory.STAGING_DIR);
        List<FileStatus> files;
        listedDirectories++;
        try {
            files = fileIO.list(staging);
        } catch (FileNotFoundException e) {
            return 0;
        } catch (IOException | RuntimeException e) {
            LOG.warn("Could not list {} to remove staged files of failed attempts", staging, e);
            return 0;
        }
        int removed = 0;
        for (FileStatus f : files) {
            if (f.isDirectory()
                    || DataFilePathFactory.stagingTokenOf(f.path().name())
                            .filter(tokenFilter)
                            .isEmpty()) {
                continue;
            }
            try {
                if (fileIO.delete(f.path(), false)) {
                    removed++;
                }
            } catch (IOException | RuntimeException e) {
                LOG.warn("Could not remove staged file {} of a failed attempt", f.path(), e);
            }
        }
        if (removed > 0) {
            LOG.info("Removed {} staged files of failed attempts from {}", removed, staging);
        }
        removedFiles += removed;
        return removed;
    }

    /** Staging directories listed so far. */
    public long listedDirectories() {
        return listedDirectories;
    }

    /** Staged files removed so far. */
    public long removedFiles() {
        return removedFiles;
    }
}
