package dev.formattable.core.fs;

import java.io.IOException;
import java.io.OutputStream;

/** A {@link PositionOutputStream} that counts what passes through to another stream. */
public final class CountingOutputStream extends ForwardingPositionOutputStream {

    private long pos;

    public CountingOutputStream(OutputStream out) {
        super(out);
    }

    @Override
    public long getPos() {
        return pos;
    }

    @Override
    public void write(int b) throws IOException {
        super.write(b);
        pos++;
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        super.write(b, off, len);
        pos += len;
    }
}
