package dev.formattable.core.fs;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;

/** Writes a file at its staged path; publishing renames it (see {@link StagedFileCommitter}). */
public final class StagedOutputStream extends ForwardingTwoPhaseOutputStream {

    private static final Logger LOG = LoggerFactory.getLogger(StagedOutputStream.class);

    private final FileIO fileIO;
    private final Path staged;
    private final Path target;
    private boolean closed;

    public StagedOutputStream(FileIO fileIO, Path staged, Path target) throws IOException {
        super(fileIO.newOutputStream(staged, false));
        this.fileIO = fileIO;
        this.staged = staged;
        this.target = target;
    }

    @Override
    public FileCommitter closeForCommit() throws IOException {
        closed = true;
        delegate().close();
        return new StagedFileCommitter(fileIO, staged, target);
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            delegate().close();
        } catch (IOException | RuntimeException e) {
            LOG.debug("Closing a discarded stream failed", e);
        }
        new StagedFileCommitter(fileIO, staged, target).discard();
    }
}
