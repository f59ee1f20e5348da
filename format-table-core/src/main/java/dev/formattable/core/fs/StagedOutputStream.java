package dev.formattable.core.fs;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;

/** Writes a file at its staged path; publishing renames it (see {@link StagedFileCommitter}). */
public final class StagedOutputStream extends TwoPhaseOutputStream {

    private static final Logger LOG = LoggerFactory.getLogger(StagedOutputStream.class);

    private final FileIO fileIO;
    private final Path staged;
    private final Path target;
    private final PositionOutputStream out;
    private boolean closed;

    public StagedOutputStream(FileIO fileIO, Path staged, Path target) throws IOException {
        this.fileIO = fileIO;
        this.staged = staged;
        this.target = target;
        this.out = fileIO.newOutputStream(staged, false);
    }

    /** The underlying stream, for writers that want the file system's own stream type. */
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

    @Override
    public FileCommitter closeForCommit() throws IOException {
        closed = true;
        out.close();
        return new StagedFileCommitter(fileIO, staged, target);
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            out.close();
        } catch (IOException | RuntimeException e) {
            LOG.debug("Closing a discarded stream failed", e);
        }
        new StagedFileCommitter(fileIO, staged, target).discard();
    }
}
