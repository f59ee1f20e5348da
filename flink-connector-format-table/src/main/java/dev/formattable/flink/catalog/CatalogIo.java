package dev.formattable.flink.catalog;

import org.apache.flink.table.catalog.exceptions.CatalogException;

import java.io.IOException;

/** Runs a file-system call of the catalog, turning its I/O failure into Flink's catalog error. */
final class CatalogIo {

    private CatalogIo() {}

    /** A call that may fail with an I/O error. */
    @FunctionalInterface
    interface IoCall<T> {
        T run() throws IOException;
    }

    /** Runs the call; an I/O failure becomes a {@link CatalogException} saying what failed. */
    static <T> T call(IoCall<T> call, String what) {
        try {
            return call.run();
        } catch (IOException e) {
            throw new CatalogException("Cannot " + what + ": " + e.getMessage(), e);
        }
    }
}
