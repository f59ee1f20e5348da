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
import dev.formattable.core.fs.Path;
import dev.formattable.core.fs.PendingUpload;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.Serializable;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * One written data file, ready to be published: where it is staged, where it goes, the partition it
 * declares (rendered values in key order, {@code null} for the NULL partition), its row count and
 * its size, and, for a file written as an upload straight to its target (on an object store), what
 * completing the upload needs. An uploaded file is never at its staged path; that path still names
 * the writer that wrote it. Serialized with {@link CommitMessageSerializer}.
 */
public final class CommitMessage implements Serializable {

    private static final Logger LOG = LoggerFactory.getLogger(CommitMessage.class);

    private static final long serialVersionUID = 1L;

    private final Path stagedPath;
    private final Path targetPath;
    private final LinkedHashMap<String, String> partition;
    private final long rowCount;
    private final long fileSize;
    private final PendingUpload upload;

    public CommitMessage(
            Path stagedPath,
            Path targetPath,
            Map<String, String> partition,
            long rowCount,
            long fileSize) {
        this(stagedPath, targetPath, partition, rowCount, fileSize, null);
    }

    /** A message whose file is published by completing {@code upload} (null: by a rename). */
    public CommitMessage(
            Path stagedPath,
            Path targetPath,
            Map<String, String> partition,
            long rowCount,
            long fileSize,
            PendingUpload upload) {
        this.upload = upload;
        this.stagedPath = Objects.requireNonNull(stagedPath);
        this.targetPath = Objects.requireNonNull(targetPath);
        this.partition = new LinkedHashMap<>(partition);
        this.rowCount = rowCount;
        this.fileSize = fileSize;
    }

    public Path stagedPath() {
        return stagedPath;
    }

    public Path targetPath() {
        return targetPath;
    }

    public Map<String, String> partition() {
        return Collections.unmodifiableMap(partition);
    }

    public long rowCount() {
        return rowCount;
    }

    public long fileSize() {
        return fileSize;
    }

    /** What completes the file's upload, or null for a staged file published by a rename. */
    public PendingUpload upload() {
        return upload;
    }

    /** Whether the file is an upload to its target rather than a staged file. */
    public boolean isUpload() {
        return upload != null;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof CommitMessage)) {
            return false;
        }
        CommitMessage m = (CommitMessage) o;
        return stagedPath.equals(m.stagedPath)
                && targetPath.equals(m.targetPath)
                && partition.equals(m.partition)
                && rowCount == m.rowCount
                && fileSize == m.fileSize
                && Objects.equals(upload, m.upload);
    }

    @Override
    public int hashCode() {
        return Objects.hash(stagedPath, targetPath, partition, rowCount, fileSize, upload);
    }

    @Override
    public String toString() {
        return "CommitMessage{"
                + stagedPath
                + " -> "
                + targetPath
                + ", partition="
                + partition
                + ", rows="
                + rowCount
                + ", bytes="
                + fileSize
                + (upload == null ? "" : ", upload=" + upload)
                + "}";
    }

    /**
     * Removes this file, which will not be published: its staged file, or its upload. A published
     * file is left alone. Best effort: a failure is logged, never thrown.
     */
    public void discardQuietly(FileIO fileIO) {
        try {
            fileIO.recoverCommitter(stagedPath, targetPath, fileSize, upload).discard();
        } catch (IOException | RuntimeException e) {
            LOG.warn("Could not discard the unpublished file {}", targetPath, e);
        }
    }
}
