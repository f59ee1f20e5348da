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
package dev.formattable.core.fs;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.util.List;

/**
 * The file system operations a format table needs, and nothing more.
 *
 * <p>Implementations exist for the local file system ({@link LocalFileIO}) and for any Hadoop
 * {@code FileSystem} ({@link HadoopFileIO}); an engine adds one over its own file system
 * abstraction. Implementations are thread-safe, since listing and publishing run in parallel.
 */
public interface FileIO extends Serializable {

    /**
     * The status of a file or directory.
     *
     * @throws FileNotFoundException if nothing exists at {@code path}
     */
    FileStatus getStatus(Path path) throws IOException;

    /**
     * The direct children of a directory, in no particular order.
     *
     * @throws FileNotFoundException if the directory does not exist
     */
    List<FileStatus> list(Path directory) throws IOException;

    boolean exists(Path path) throws IOException;

    /** Creates a directory and its missing parents; succeeds if it exists already. */
    void mkdirs(Path path) throws IOException;

    /**
     * Moves {@code source} to {@code target}, which must not exist. Either it happened or an {@link
     * IOException} says it did not, as far as the file system answered. On an object store a rename
     * is a copy and a delete, and a lost response may hide that it did take effect.
     */
    void rename(Path source, Path target) throws IOException;

    /**
     * Deletes a file, or a directory (with its contents when {@code recursive}).
     *
     * @return false if nothing existed at {@code path}
     */
    boolean delete(Path path, boolean recursive) throws IOException;

    SeekableInputStream newInputStream(Path path) throws IOException;

    /** Creates a new file; fails if one exists and {@code overwrite} is false. */
    PositionOutputStream newOutputStream(Path path, boolean overwrite) throws IOException;

    /**
     * Opens a file that becomes visible at {@code target} only when its committer publishes it. By
     * default the file is written at {@code staged} and published by a rename; a file system whose
     * rename copies (an object store) may write it straight to {@code target} as an upload that
     * publishing completes, and never create {@code staged}. The staged path's parent exists.
     */
    default TwoPhaseOutputStream newTwoPhaseOutputStream(Path target, Path staged)
            throws IOException {
        return new StagedOutputStream(this, staged, target);
    }

    /**
     * Whether {@link #newTwoPhaseOutputStream} on {@code target} writes an upload to the final name
     * rather than a staged file, so the caller need not create the staging directory.
     */
    default boolean uploadsToTarget(Path target) {
        return false;
    }

    /**
     * The committer of a file a {@link TwoPhaseOutputStream} wrote, in this or another process:
     * with no pending upload, the rename of {@code staged} to {@code target}; with one, its
     * completion. {@code length} is the file's length, by which a completed upload is recognised.
     *
     * @throws IOException when this file system cannot complete uploads of that kind
     */
    default FileCommitter recoverCommitter(
            Path staged, Path target, long length, PendingUpload upload) throws IOException {
        if (upload == null) {
            return new StagedFileCommitter(this, staged, target);
        }
        throw new IOException(
                String.format(
                        "Cannot complete the upload of %s: it is a '%s' upload, and %s on this"
                                + " path does not write those",
                        target, upload.kind(), getClass().getSimpleName()));
    }

    /**
     * The uploads begun below {@code prefix} and neither completed nor aborted: what failed writers
     * and abandoned commits leave on an object store, invisible but billed. None on file systems
     * without uploads.
     */
    default List<OpenUpload> listUploads(Path prefix) throws IOException {
        return List.of();
    }

    /** The uploads begun to exactly {@code target} and neither completed nor aborted. */
    default List<OpenUpload> uploadsTo(Path target) throws IOException {
        return List.of();
    }

    /** Aborts an upload {@link #listUploads} found. */
    default void abortUpload(OpenUpload upload) throws IOException {
        throw new IOException("This file system has no uploads to abort: " + upload);
    }

    /**
     * The path as this file system resolves it. A relative local path is made absolute against the
     * working directory; other file systems return the path unchanged.
     *
     * @throws java.io.UncheckedIOException naming the path when its file system cannot be reached
     */
    default Path qualify(Path path) {
        return path;
    }

    /**
     * Whether calls on {@code path} are system calls on a local disk: so cheap (a few microseconds)
     * that handing them to threads costs more than it saves. Callers then make them one after
     * another. Unknown file systems are taken as remote.
     */
    default boolean isLocal(Path path) {
        return "file".equals(fileSystemScheme(path));
    }

    /**
     * Whether a rename on {@code path}'s file system changes only metadata, as on a local disk or
     * HDFS, rather than copying the file's bytes, as on an object store. Unknown file systems are
     * taken to copy.
     */
    default boolean renamesInPlace(Path path) {
        return schemeRenamesInPlace(fileSystemScheme(path));
    }

    /**
     * The scheme of the file system that serves {@code path}, after the defaults for a path without
     * one; null when unknown or when that file system cannot be reached.
     */
    default String fileSystemScheme(Path path) {
        return null;
    }

    /** The error of a {@link #qualify} whose path's file system cannot be reached. */
    static UncheckedIOException unreachable(Path path, IOException cause) {
        return new UncheckedIOException(
                String.format(
                        "Cannot qualify path '%s': its file system is not available: %s",
                        path, cause.getMessage()),
                cause);
    }

    /** Whether renames change only metadata on file systems of this scheme: file, hdfs, viewfs. */
    static boolean schemeRenamesInPlace(String scheme) {
        return scheme != null
                && (scheme.equals("file") || scheme.equals("hdfs") || scheme.equals("viewfs"));
    }
}
