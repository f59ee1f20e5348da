package dev.formattable.flink.sink;

import dev.formattable.flink.sink.committable.FormatTableCommittable;

import org.apache.flink.streaming.api.connector.sink2.CommittableMessage;
import org.apache.flink.streaming.api.operators.AbstractStreamOperatorFactory;
import org.apache.flink.streaming.api.operators.OneInputStreamOperatorFactory;
import org.apache.flink.streaming.api.operators.StreamOperator;
import org.apache.flink.streaming.api.operators.StreamOperatorParameters;
import org.apache.flink.streaming.runtime.operators.sink.CommitterOperatorFactory;

/**
 * Creates Flink's own Sink V2 committer operator for a {@link FormatTableSink}, and says when it
 * commits what reaches it at the end of its input: in batch mode, or without checkpoints. With
 * checkpoints, a streaming job's last files are committed by its final checkpoint instead, so a
 * failure before that checkpoint cannot leave rows published that the restarted job writes again.
 */
final class FormatTableCommitterOperatorFactory
        extends AbstractStreamOperatorFactory<CommittableMessage<FormatTableCommittable>>
        implements OneInputStreamOperatorFactory<
                CommittableMessage<FormatTableCommittable>,
                CommittableMessage<FormatTableCommittable>> {

    private static final long serialVersionUID = 1L;

    private final boolean batch;
    private final boolean checkpointing;
    private final CommitterOperatorFactory<FormatTableCommittable> committers;

    FormatTableCommitterOperatorFactory(
            FormatTableSink sink, boolean batch, boolean checkpointing) {
        this.batch = batch;
        this.checkpointing = checkpointing;
        this.committers =
                new CommitterOperatorFactory<>(
                        sink.partitionCommit().isPresent() ? sink : new CommitterOnly(sink),
                        batch,
                        checkpointing);
    }

    /**
     * The sink's committer alone: Flink's committer operator hands what it published on only for a
     * sink with a post-commit topology, and only the partition commit needs it.
     */
    private static final class CommitterOnly
            implements org.apache.flink.api.connector.sink2.SupportsCommitter<
                            FormatTableCommittable>,
                    java.io.Serializable {
        private static final long serialVersionUID = 1L;
        private final FormatTableSink sink;

        CommitterOnly(FormatTableSink sink) {
            this.sink = sink;
        }

        @Override
        public org.apache.flink.api.connector.sink2.Committer<FormatTableCommittable>
                createCommitter(org.apache.flink.api.connector.sink2.CommitterInitContext context) {
            return sink.createCommitter(context);
        }

        @Override
        public org.apache.flink.core.io.SimpleVersionedSerializer<FormatTableCommittable>
                getCommittableSerializer() {
            return sink.getCommittableSerializer();
        }
    }

    /** Whether the committer commits everything it holds when its input ends. */
    public boolean commitsAtEndOfInput() {
        return batch || !checkpointing;
    }

    @Override
    public <T extends StreamOperator<CommittableMessage<FormatTableCommittable>>>
            T createStreamOperator(
                    StreamOperatorParameters<CommittableMessage<FormatTableCommittable>>
                            parameters) {
        committers.setProcessingTimeService(parameters.getProcessingTimeService());
        committers.setMailboxExecutor(parameters.getMailboxExecutor());
        return committers.createStreamOperator(parameters);
    }

    @Override
    @SuppressWarnings("rawtypes")
    public Class<? extends StreamOperator> getStreamOperatorClass(ClassLoader classLoader) {
        return committers.getStreamOperatorClass(classLoader);
    }
}
