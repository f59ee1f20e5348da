package dev.formattable.flink.sink;

import dev.formattable.flink.sink.committable.FormatTableCommittable;

import org.apache.flink.streaming.api.connector.sink2.CommittableMessage;
import org.apache.flink.streaming.api.operators.AbstractStreamOperatorFactory;
import org.apache.flink.streaming.api.operators.OneInputStreamOperatorFactory;
import org.apache.flink.streaming.api.operators.StreamOperator;
import org.apache.flink.streaming.api.operators.StreamOperatorParameters;
import org.apache.flink.streaming.runtime.operators.sink.SinkWriterOperatorFactory;
import org.apache.flink.table.data.RowData;

/**
 * Creates Flink's own Sink V2 writer operator for a {@link FormatTableSink}, from a factory that
 * may chain behind a legacy {@code SourceFunction}.
 *
 * <p>Flink's {@code SinkWriterOperatorFactory} is a yielding factory, and the job-graph generator
 * never chains a yielding operator to a legacy source (SQL {@code datagen} is one), so every row
 * would cross a serializing exchange before the writer. Yielding is only unsafe for a writer that
 * yields to the mailbox from the source's thread; ours never touches the mailbox executor it is
 * given. The operator this factory creates is exactly the one a plain {@code sinkTo} creates, so
 * the writer's state and its committables are the same.
 */
final class ChainingWriterOperatorFactory
        extends AbstractStreamOperatorFactory<CommittableMessage<FormatTableCommittable>>
        implements OneInputStreamOperatorFactory<
                RowData, CommittableMessage<FormatTableCommittable>> {

    private static final long serialVersionUID = 1L;

    private final SinkWriterOperatorFactory<RowData, FormatTableCommittable> writers;

    ChainingWriterOperatorFactory(FormatTableSink sink) {
        this.writers = new SinkWriterOperatorFactory<>(sink);
    }

    @Override
    public <T extends StreamOperator<CommittableMessage<FormatTableCommittable>>>
            T createStreamOperator(
                    StreamOperatorParameters<CommittableMessage<FormatTableCommittable>>
                            parameters) {
        writers.setProcessingTimeService(parameters.getProcessingTimeService());
        writers.setMailboxExecutor(parameters.getMailboxExecutor());
        return writers.createStreamOperator(parameters);
    }

    @Override
    @SuppressWarnings("rawtypes")
    public Class<? extends StreamOperator> getStreamOperatorClass(ClassLoader classLoader) {
        return writers.getStreamOperatorClass(classLoader);
    }
}
