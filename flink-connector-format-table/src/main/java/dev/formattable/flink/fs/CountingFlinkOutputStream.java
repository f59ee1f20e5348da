package dev.formattable.flink.fs;

import org.apache.flink.core.fs.FSDataOutputStream;

import java.io.IOException;

/**
 * A new file's Flink stream that knows its position by counting the bytes written through it, so
 * that asking for it costs nothing. A writer asks after every row and parquet after every page;
 * Flink's local stream answers each time with a system call ({@code lseek} under the channel's
 * lock), and other file systems' streams may do no better.
 */
final class CountingFlinkOutputStream extends ForwardingFlinkOutputStream {

    private final FSDataOutputStream out;
    private long pos;

    /**
     * @param out a stream at position 0: a file just created
     */
    CountingFlinkOutputStream(FSDataOutputStream out) {
        super(out);
        this.out = out;
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

    @Override
    public void sync() throws IOException {
        out.sync();
    }
}
