package dev.formattable.core.write;

import java.io.IOException;

/**
 * Encodes records of one data file into the stream it was created on. An engine supplies it for
 * each file format (for Flink, over a {@code BulkWriter}).
 *
 * @param <T> the record type
 */
public interface FormatWriter<T> {

    void add(T record) throws IOException;

    /** Writes whatever is buffered and the format's footer. Does not close the stream. */
    void finish() throws IOException;

    /** Bytes held in memory that will reach the stream; counted towards the target file size. */
    default long bufferedBytes() {
        return 0;
    }
}
