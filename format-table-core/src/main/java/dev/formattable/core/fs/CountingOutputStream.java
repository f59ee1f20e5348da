package dev.formattable.core.fs;

import java.io.IOException;
import java.io.OutputStream;

/** A {@link PositionOutputStream} that counts what passes through to another stream. */
public final class CountingOutputStream extends PositionOutputStream {

    private final OutputStream out;
    private long pos;

    public CountingOutputStream(OutputStream out) {
        this.out = out;
    }

    @Override
    public long getPos() {
        return pos;
    }

    @Override
    public void write(int b) throws IOException {
        out.write(b);
        pos++;
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        out.write(b, off, len);
        pos += len;
    }

    @Override
    public void flush() throws IOException {
        out.flush();
    }

    @Override
    public void close() throws IOException {
        out.close();
    }
}
