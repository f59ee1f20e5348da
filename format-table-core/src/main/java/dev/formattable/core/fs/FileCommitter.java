/*
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     http://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
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
