package dev.formattable.flink.sink.committer;

import dev.formattable.flink.sink.committable.FormatTableCommittable;

import org.apache.flink.api.connector.sink2.Committer;

import java.util.ArrayList;
import java.util.List;

/** A commit request as Flink hands it over; it records what the committer signals. */
final class RecordingRequest implements Committer.CommitRequest<FormatTableCommittable> {
    private final FormatTableCommittable committable;
    final List<String> signals = new ArrayList<>();

    RecordingRequest(FormatTableCommittable committable) {
        this.committable = committable;
    }

    @Override
    public FormatTableCommittable getCommittable() {
        return committable;
    }

    @Override
    public int getNumberOfRetries() {
        return 0;
    }

    @Override
    public void signalFailedWithKnownReason(Throwable t) {
        signals.add("failed with known reason: " + t);
    }

    @Override
    public void signalFailedWithUnknownReason(Throwable t) {
        signals.add("failed with unknown reason: " + t);
    }

    @Override
    public void retryLater() {
        signals.add("retry later");
    }

    @Override
    public void updateAndRetryLater(FormatTableCommittable committable) {
        signals.add("update and retry later");
    }

    @Override
    public void signalAlreadyCommitted() {
        signals.add("already committed");
    }
}
