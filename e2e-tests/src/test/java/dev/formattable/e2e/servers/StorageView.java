package dev.formattable.e2e.servers;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * What a storage server holds, seen from the server side (or its own client), independent of the
 * file system under test. Tests use it to check which files a job left behind.
 */
public interface StorageView {

    /**
     * Every file (never a directory or a directory marker) below {@code location}, as a path
     * relative to it, sorted. A missing location holds nothing.
     */
    List<String> filesBelow(String location) throws IOException;

    /**
     * Copies every file below {@code location} to the same relative path below {@code target}, so a
     * table can be read from a local copy.
     */
    void copyTo(String location, Path target) throws IOException;
}
