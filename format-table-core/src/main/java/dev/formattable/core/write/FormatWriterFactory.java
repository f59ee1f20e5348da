package dev.formattable.core.write;

import dev.formattable.core.fs.PositionOutputStream;

import java.io.IOException;
import java.io.Serializable;

/**
 * Creates a {@link FormatWriter} for each new data file.
 *
 * @param <T> the record type
 */
@FunctionalInterface
public interface FormatWriterFactory<T> extends Serializable {

    FormatWriter<T> create(PositionOutputStream out) throws IOException;
}
