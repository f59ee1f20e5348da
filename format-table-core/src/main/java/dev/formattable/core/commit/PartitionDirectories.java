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
import dev.formattable.core.table.DataFilePathFactory;
import dev.formattable.core.table.FormatTableSpec;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.List;
import java.util.Set;

/**
 * What {@link PartitionExpiration} asks of a partition's directories (every spelling of its values,
 * see {@link TableFiles#spellings}): when its files last changed, whether a writer is writing
 * there, and removing it whole while keeping what a writer staged.
 */
final class PartitionDirectories {

    private final FormatTableSpec table;
    private final FileIO fileIO;

    PartitionDirectories(FormatTableSpec table) {
        this.table = table;
        this.fileIO = table.fileIO();
    }

    /**
     * The newest modification time of the partition's files, or of its directory if it has none
     * ({@code nowMillis} if that is gone too).
     */
    long lastUpdate(List<Object> values, long nowMillis) throws IOException {
        long newest = Long.MIN_VALUE;
        for (Path dir : TableFiles.spellings(table, values)) {
            for (FileStatus f : listOrEmpty(dir)) {
                String name = f.path().name();
                if (!f.isDirectory() && !name.startsWith("_") && !name.startsWith(".")) {
                    newest = Math.max(newest, f.modificationTime());
                }
            }
        }
        if (newest == Long.MIN_VALUE) {
            FileStatus dir = statusOrNull(table.partitionPath(values));
            newest = dir == null ? nowMillis : dir.modificationTime();
        }
        return newest;
    }

    /** Whether a writer holds files of the partition that are not published yet. */
    boolean beingWritten(List<Object> values) throws IOException {
        for (Path dir : TableFiles.spellings(table, values)) {
            for (FileStatus f : listOrEmpty(dir.child(DataFilePathFactory.STAGING_DIR))) {
                if (!f.isDirectory()) {
                    return true;
                }
            }
            if (!fileIO.listUploads(dir).isEmpty()) {
                return true;
            }
        }
        return false;
    }

    /**
     * Unregisters the partition, then deletes everything in its directories but their staging
     * directories with what a writer staged since the check, and each directory left empty, up to
     * the table's.
     */
    void remove(List<Object> values) throws IOException {
        PartitionRegistrations.unregisterBelow(table, values, Set.of());
        for (Path dir : TableFiles.spellings(table, values)) {
            List<FileStatus> children = listOrEmpty(dir);
            boolean keepsStaged = false;
            for (FileStatus f : children) {
                if (f.path().name().equals(DataFilePathFactory.STAGING_DIR)) {
                    keepsStaged |= !deleteIfEmpty(f.path());
                } else {
                    fileIO.delete(f.path(), true);
                }
            }
            if (!keepsStaged && statusOrNull(dir) != null) {
                removeEmptyUpTo(dir);
            }
        }
    }

    private void removeEmptyUpTo(Path dir) throws IOException {
        Path root = table.qualifiedLocation();
        for (Path d = dir; d != null && d.isStrictlyBelow(root); d = d.parent()) {
            if (!deleteIfEmpty(d)) {
                return;
            }
        }
    }

    /**
     * Deletes a directory if it is empty; false if it holds something, as when a writer stages a
     * file in it between a listing and the delete.
     */
    private boolean deleteIfEmpty(Path dir) throws IOException {
        if (!listOrEmpty(dir).isEmpty()) {
            return false;
        }
        try {
            fileIO.delete(dir, false);
            return true;
        } catch (IOException e) {
            if (!listOrEmpty(dir).isEmpty()) {
                return false;
            }
            throw e;
        }
    }

    private List<FileStatus> listOrEmpty(Path dir) throws IOException {
        try {
            return fileIO.list(dir);
        } catch (FileNotFoundException e) {
            return List.of();
        }
    }

    private FileStatus statusOrNull(Path path) throws IOException {
        try {
            return fileIO.getStatus(path);
        } catch (FileNotFoundException e) {
            return null;
        }
    }
}
