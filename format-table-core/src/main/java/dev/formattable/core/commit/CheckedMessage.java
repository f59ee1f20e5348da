package dev.formattable.core.commit;

import dev.formattable.core.fs.Path;

import java.util.List;

/** A commit message that passed the checks, with its typed partition and its file state. */
final class CheckedMessage {

    /** Where a message's file is. */
    enum State {
        /** Staged; the target does not exist. */
        STAGED,
        /** Staged, and a target of this write exists: a publish that copied but did not finish. */
        STAGED_AND_TARGET,
        /** Not staged but at its target: published by an earlier attempt. */
        PUBLISHED
    }

    final CommitMessage message;
    final Path staged;
    final Path target;
    final List<Object> partitionValues;
    State state;

    CheckedMessage(CommitMessage message, Path staged, Path target, List<Object> partitionValues) {
        this.message = message;
        this.staged = staged;
        this.target = target;
        this.partitionValues = partitionValues;
    }
}
