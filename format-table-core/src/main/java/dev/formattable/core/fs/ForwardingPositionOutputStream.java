package dev.formattable.core.fs;

import java.io.IOException;
import java.io.OutputStream;

/**
 * A position stream whose bytes, flushes and close go to another stream; a subclass says where the
 * position comes from.
 */
public abstract class ForwardingPositionOutputStream extends PositionOutputStream {

    private final OutputStream out;

    protected ForwardingPositionOutputStream(OutputStream out) {
        this.out = out;
    }

    @Override
    public void write(int b) throws IOException {
        out.write(b);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        out.write(b, off, len);
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
