package dev.formattable.core.fs;

import java.io.IOException;

/**
 * A stream that writes a file toward its final path without making it visible there: {@link
 * #closeForCommit()} ends the file and returns the {@link FileCommitter} that publishes it, and
 * {@link #close()} before that discards what was written.
 */
public abstract class TwoPhaseOutputStream extends PositionOutputStream {

    /** Ends the file, still invisible, and returns what publishes it. */
    public abstract FileCommitter closeForCommit() throws IOException;

    /**
     * Discards the file unless {@link #closeForCommit()} returned, in which case its committer owns
     * it. Best effort: failures are logged.
     */
    @Override
    public abstract void close();
}
