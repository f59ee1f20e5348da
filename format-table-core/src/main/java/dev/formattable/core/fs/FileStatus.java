package dev.formattable.core.fs;

import java.util.Objects;

/** What a {@link FileIO} knows of one file or directory. */
public final class FileStatus {

    private final Path path;
    private final long length;
    private final boolean directory;
    private final long modificationTime;

    public FileStatus(Path path, long length, boolean directory, long modificationTime) {
        this.path = Objects.requireNonNull(path);
        this.length = length;
        this.directory = directory;
        this.modificationTime = modificationTime;
    }

    public Path path() {
        return path;
    }

    public long length() {
        return length;
    }

    public boolean isDirectory() {
        return directory;
    }

    /** Milliseconds since the epoch. */
    public long modificationTime() {
        return modificationTime;
    }

    @Override
    public String toString() {
        return (directory ? "dir " : "file ") + path + " (" + length + " bytes)";
    }
}
