package dev.formattable.core.fs;

import java.io.IOException;
import java.util.Optional;

/**
 * Publishes one file written by a {@link TwoPhaseOutputStream}: renames it from its staged path, or
 * completes its upload to the final name. Obtained from {@link TwoPhaseOutputStream#closeForCommit}
 * or, in another process, from {@link FileIO#recoverCommitter}.
 */
public interface FileCommitter {

    /** What became of a file on {@link #commitAfterRecovery()}. */
    enum Outcome {
        /** This call published it. */
        PUBLISHED,
        /** An earlier call had published it: it is at its final name with its length. */
        ALREADY_PUBLISHED,
        /** Neither pending nor published: removed since it was written. Nothing was changed. */
        VANISHED
    }

    /** The file's final path. */
    Path target();

    /** Publishes the file; fails if it cannot, for example when it was published already. */
    void commit() throws IOException;

    /**
     * Publishes the file unless an earlier call did, as after a restore a commit may run again: a
     * file already at its final name with its length is recognised, and one that is gone is told
     * apart rather than failing.
     */
    Outcome commitAfterRecovery() throws IOException;

    /** Removes what was written without publishing it. Best effort: failures are logged. */
    void discard();

    /**
     * What a commit message must carry for {@link FileIO#recoverCommitter} to rebuild this
     * committer elsewhere; empty for a staged file, which its staged path names.
     */
    Optional<PendingUpload> pendingUpload();
}
