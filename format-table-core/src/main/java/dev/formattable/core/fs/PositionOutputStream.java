package dev.formattable.core.fs;

import java.io.IOException;
import java.io.OutputStream;

/** An output stream that knows how many bytes it has taken. */
public abstract class PositionOutputStream extends OutputStream {

    /** The number of bytes written so far. */
    public abstract long getPos() throws IOException;
}
