package dev.formattable.core.fs;

import java.io.IOException;

/** Writes a file at its staged path; publishing renames it (see {@link StagedFileCommitter}). */
public final class StagedOutputStream extends ForwardingTwoPhaseOutputStream {

    private final FileIO fileIO;
    private final Path staged;
    private final Path target;

    public StagedOutputStream(FileIO fileIO, Path staged, Path target) throws IOException {
        super(fileIO.newOutputStream(staged, false));
        this.fileIO = fileIO;
        this.staged = staged;
        this.target = target;
    }

    @Override
    protected FileCommitter finish() throws IOException {
        delegate().close();
        return new StagedFileCommitter(fileIO, staged, target);
    }

    @Override
    protected void discard() {
        new StagedFileCommitter(fileIO, staged, target).discard();
    }
}
