package dev.formattable.flink.sink;

import dev.formattable.flink.internal.RunningJob;
import dev.formattable.flink.sink.committable.FormatTableCommittable;

import org.apache.flink.api.connector.sink2.SupportsCommitter;
import org.apache.flink.streaming.api.connector.sink2.CommittableMessage;
import org.apache.flink.streaming.api.operators.AbstractStreamOperatorFactory;
import org.apache.flink.streaming.api.operators.OneInputStreamOperatorFactory;
import org.apache.flink.streaming.api.operators.StreamOperator;
import org.apache.flink.streaming.api.operators.StreamOperatorParameters;
import org.apache.flink.streaming.runtime.operators.sink.CommitterOperatorFactory;

/**
 * Creates Flink's own Sink V2 committer operator for a {@link FormatTableSink}, told when the task
 * starts whether to commit what reaches it at the end of its input: in batch mode, or without
 * checkpoints (see {@link RunningJob}). With checkpoints, a streaming job's last files are
 * committed by its final checkpoint instead, so a failure before that checkpoint cannot leave rows
 * published that the restarted job writes again.
 */
final class FormatTableCommitterOperatorFactory
        extends AbstractStreamOperatorFactory<CommittableMessage<FormatTableCommittable>>
        implements OneInputStreamOperatorFactory<
                CommittableMessage<FormatTableCommittable>,
                CommittableMessage<FormatTableCommittable>> {

    private static final long serialVersionUID = 1L;

    private final SupportsCommitter<FormatTableCommittable> committers;

    FormatTableCommitterOperatorFactory(FormatTableSink sink) {
        this.committers = sink.partitionCommit().isPresent() ? sink : new CommitterOnly(sink);
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

    @Override
    public <T extends StreamOperator<CommittableMessage<FormatTableCommittable>>>
            T createStreamOperator(
                    StreamOperatorParameters<CommittableMessage<FormatTableCommittable>>
                            parameters) {
        RunningJob job = RunningJob.of(parameters.getContainingTask().getEnvironment());
        CommitterOperatorFactory<FormatTableCommittable> factory =
                new CommitterOperatorFactory<>(committers, job.batch(), job.checkpointing());
        factory.setProcessingTimeService(parameters.getProcessingTimeService());
        factory.setMailboxExecutor(parameters.getMailboxExecutor());
        return factory.createStreamOperator(parameters);
    }

    @Override
    @SuppressWarnings("rawtypes")
    public Class<? extends StreamOperator> getStreamOperatorClass(ClassLoader classLoader) {
        // The same class whatever the job's mode.
        return new CommitterOperatorFactory<>(committers, false, true)
                .getStreamOperatorClass(classLoader);
    }
}
