package dev.formattable.core.fs;

import java.io.IOException;
import java.io.InputStream;

/** An input stream that can move to any offset of its file. */
public abstract class SeekableInputStream extends InputStream {

    public abstract void seek(long position) throws IOException;

    public abstract long getPos() throws IOException;
}
