package dev.formattable.flink.fs;

import org.apache.flink.core.fs.FSDataOutputStream;

import java.io.IOException;
import java.io.OutputStream;

/**
 * A Flink stream whose bytes, flushes and close go to another stream; a subclass says where the
 * position comes from and what a sync is.
 */
abstract class ForwardingFlinkOutputStream extends FSDataOutputStream {

    private final OutputStream out;

    ForwardingFlinkOutputStream(OutputStream out) {
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
