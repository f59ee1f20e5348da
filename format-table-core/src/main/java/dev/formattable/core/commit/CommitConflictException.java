package dev.formattable.core.commit;

import java.io.IOException;
import java.util.List;

/**
 * A commit published its files, but some of them were removed before it returned: another writer
 * (an overwrite, a truncate, a dropped partition) deleted them while this commit ran. Their rows
 * are not in the table. Committing again cannot bring them back, so engines do not retry it.
 */
public final class CommitConflictException extends IOException {

    private static final long serialVersionUID = 1L;

    private final List<String> removed;

    CommitConflictException(int published, List<String> removed) {
        super(
                String.format(
                        "Commit published %d files, but %d of them were removed while it ran, by"
                                + " another writer (an overwrite, a truncate, a dropped"
                                + " partition): %s. Their rows are not in the table; the other"
                                + " files stay published.",
                        published, removed.size(), removed));
        this.removed = List.copyOf(removed);
    }

    /** The published files that were removed. */
    public List<String> removed() {
        return removed;
    }
}
