package dev.formattable.core.fs;

import java.io.IOException;

/** A two-phase stream whose bytes go to another stream, which it exposes to writers. */
public abstract class ForwardingTwoPhaseOutputStream extends TwoPhaseOutputStream {

    private final PositionOutputStream out;

    protected ForwardingTwoPhaseOutputStream(PositionOutputStream out) {
        this.out = out;
    }

    /** The stream the bytes go to, for writers that want the file system's own stream type. */
    public PositionOutputStream delegate() {
        return out;
    }

    @Override
    public long getPos() throws IOException {
        return out.getPos();
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
}
