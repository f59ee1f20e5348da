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

import dev.formattable.core.FormatTable;
import dev.formattable.core.scan.DataSplit;
import dev.formattable.flink.fs.FlinkFileIO;

import org.apache.flink.annotation.Internal;
import org.apache.flink.connector.file.src.FileSourceSplit;
import org.apache.flink.connector.file.src.util.CheckpointedPosition;
import org.apache.flink.core.fs.Path;

import javax.annotation.Nullable;

import java.util.Objects;
import java.util.Optional;

/**
 * A byte range of a format table's file that also names the file's partition when the file's path
 * does not: a catalog may keep a partition at a directory of its own, outside the table's. Readers
 * otherwise take partition values from the directory names between the table and the file.
 */
@Internal
public final class FormatTableSplit extends FileSourceSplit {

    private static final long serialVersionUID = 1L;

    /** The partition's directory as the table's layout names it, relative to the table. */
    private final String partitionPath;

    public FormatTableSplit(
            String id,
            Path filePath,
            long offset,
            long length,
            long modificationTime,
            long fileSize,
            String[] hostnames,
            @Nullable CheckpointedPosition readerPosition,
            String partitionPath) {
        super(id, filePath, offset, length, modificationTime, fileSize, hostnames, readerPosition);
        this.partitionPath = Objects.requireNonNull(partitionPath);
    }

    /**
     * A split of a planned file: a plain {@link FileSourceSplit} when the file lies in its
     * partition's directory under the table, and one naming its partition otherwise.
     */
    public static FileSourceSplit of(
            String id, DataSplit file, long offset, long length, FormatTable table) {
        Path path = FlinkFileIO.toFlink(file.path());
        if (!table.layout().isPartitioned()
                || file.path().parent() == null
                || table.layout()
                        .isDirectoryOf(
                                table.qualifiedLocation(),
                                file.path().parent(),
                                file.partitionValues())) {
            return new FileSourceSplit(
                    id, path, offset, length, file.modificationTime(), file.fileSize());
        }
        return new FormatTableSplit(
                id,
                path,
                offset,
                length,
                file.modificationTime(),
                file.fileSize(),
                new String[0],
                null,
                table.layout().relativePath(file.partitionValues()));
    }

    /** The partition's relative directory as the layout names it, when the path does not. */
    public static Optional<String> partitionPathOf(FileSourceSplit split) {
        return split instanceof FormatTableSplit
                ? Optional.of(((FormatTableSplit) split).partitionPath)
                : Optional.empty();
    }

    @Override
    public FileSourceSplit updateWithCheckpointedPosition(@Nullable CheckpointedPosition position) {
        return new FormatTableSplit(
                splitId(),
                path(),
                offset(),
                length(),
                fileModificationTime(),
                fileSize(),
                hostnames(),
                position,
                partitionPath);
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof FormatTableSplit)) {
            return false;
        }
        FormatTableSplit that = (FormatTableSplit) o;
        return splitId().equals(that.splitId())
                && path().equals(that.path())
                && offset() == that.offset()
                && length() == that.length()
                && fileModificationTime() == that.fileModificationTime()
                && fileSize() == that.fileSize()
                && getReaderPosition().equals(that.getReaderPosition())
                && partitionPath.equals(that.partitionPath);
    }

    @Override
    public int hashCode() {
        return Objects.hash(splitId(), path(), offset(), length(), partitionPath);
    }

    @Override
    public String toString() {
        return super.toString() + " of partition " + partitionPath;
    }
}
