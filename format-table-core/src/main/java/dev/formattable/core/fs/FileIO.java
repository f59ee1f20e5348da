package dev.formattable.core.fs;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.Serializable;
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
     * The path as this file system resolves it. A relative local path is made absolute against the
     * working directory; other file systems return the path unchanged.
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
        return false;
    }

    /**
     * Whether a rename on {@code path}'s file system changes only metadata, as on a local disk or
     * HDFS, rather than copying the file's bytes, as on an object store. Unknown file systems are
     * taken to copy.
     */
    default boolean renamesInPlace(Path path) {
        return false;
    }

    /** Whether renames change only metadata on file systems of this scheme: file, hdfs, viewfs. */
    static boolean schemeRenamesInPlace(String scheme) {
        return scheme != null
                && (scheme.equals("file") || scheme.equals("hdfs") || scheme.equals("viewfs"));
    }
}
