package dev.formattable.flink.sink.committer;

import dev.formattable.core.FormatTable;
import dev.formattable.core.commit.CommitMessage;
import dev.formattable.core.commit.CommitResult;
import dev.formattable.core.commit.FormatTableCommit;
import dev.formattable.flink.sink.FormatTableCommittable;

import org.apache.flink.api.connector.sink2.Committer;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Publishes committables with the core's commit: an append, or (for INSERT OVERWRITE) an overwrite
 * of the static partition, the written partitions or the table. A committable restored after a
 * failure is committed again; files it already published are recognised and skipped.
 */
public final class FormatTableCommitter implements Committer<FormatTableCommittable> {

    private static final Logger LOG = LoggerFactory.getLogger(FormatTableCommitter.class);

    private final FormatTable table;
    private final boolean overwrite;
    private final LinkedHashMap<String, String> staticPartition;

    public FormatTableCommitter(
            FormatTable table, boolean overwrite, Map<String, String> staticPartition) {
        this.table = table;
        this.overwrite = overwrite;
        this.staticPartition = new LinkedHashMap<>(staticPartition);
    }

    @Override
    public void commit(Collection<CommitRequest<FormatTableCommittable>> requests)
            throws IOException {
        List<CommitMessage> messages = new ArrayList<>();
        for (CommitRequest<FormatTableCommittable> request : requests) {
            messages.addAll(request.getCommittable().messages());
        }
        FormatTableCommit commit = table.newCommit();
        CommitResult result =
                overwrite ? commit.overwrite(staticPartition, messages) : commit.append(messages);
        LOG.info("Committed to {}: {}", table.location(), result);
    }

    @Override
    public void close() {}
}
