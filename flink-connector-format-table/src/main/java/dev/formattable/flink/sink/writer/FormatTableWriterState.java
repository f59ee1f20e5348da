package dev.formattable.flink.sink.writer;

import java.util.Objects;

/**
 * What a writer checkpoints: the staging prefix of its files and the checkpoint. After a restore,
 * staged files under that prefix from this checkpoint on belong to no committable and are removed,
 * even when the job was resubmitted from a savepoint or rescaled.
 */
public final class FormatTableWriterState {

    private final String stagingPrefix;
    private final long checkpointId;

    public FormatTableWriterState(String stagingPrefix, long checkpointId) {
        this.stagingPrefix = Objects.requireNonNull(stagingPrefix);
        this.checkpointId = checkpointId;
    }

    public String stagingPrefix() {
        return stagingPrefix;
    }

    public long checkpointId() {
        return checkpointId;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof FormatTableWriterState
                && ((FormatTableWriterState) o).stagingPrefix.equals(stagingPrefix)
                && ((FormatTableWriterState) o).checkpointId == checkpointId;
    }

    @Override
    public int hashCode() {
        return Objects.hash(stagingPrefix, checkpointId);
    }

    @Override
    public String toString() {
        return "FormatTableWriterState{" + stagingPrefix + ", checkpoint " + checkpointId + "}";
    }
}
