package dev.formattable.flink.sink;

import dev.formattable.core.commit.CommitMessage;

import java.io.Serializable;
import java.util.List;
import java.util.Objects;

/**
 * The files one checkpoint (or the end of a bounded input) made ready to publish: the core's commit
 * messages. Writers send one each; the global aggregator merges them into one per checkpoint for
 * the committer.
 */
public final class FormatTableCommittable implements Serializable {

    private static final long serialVersionUID = 1L;

    private final List<CommitMessage> messages;

    public FormatTableCommittable(List<CommitMessage> messages) {
        this.messages = List.copyOf(messages);
    }

    public List<CommitMessage> messages() {
        return messages;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof FormatTableCommittable
                && ((FormatTableCommittable) o).messages.equals(messages);
    }

    @Override
    public int hashCode() {
        return Objects.hash(messages);
    }

    @Override
    public String toString() {
        return "FormatTableCommittable" + messages;
    }
}
