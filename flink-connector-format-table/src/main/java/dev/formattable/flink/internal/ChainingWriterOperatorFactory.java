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
package dev.formattable.flink.internal;

import org.apache.flink.annotation.Internal;
import org.apache.flink.api.connector.sink2.Sink;
import org.apache.flink.streaming.api.connector.sink2.CommittableMessage;
import org.apache.flink.streaming.api.operators.AbstractStreamOperatorFactory;
import org.apache.flink.streaming.api.operators.OneInputStreamOperatorFactory;
import org.apache.flink.streaming.api.operators.StreamOperator;
import org.apache.flink.streaming.api.operators.StreamOperatorParameters;
import org.apache.flink.streaming.runtime.operators.sink.SinkWriterOperatorFactory;

/**
 * Creates Flink's own Sink V2 writer operator for a sink, from a factory that may chain behind a
 * legacy {@code SourceFunction}.
 *
 * <p>Why: Flink's {@code SinkWriterOperatorFactory} is a yielding factory, and the job-graph
 * generator never chains a yielding operator to a legacy source (SQL {@code datagen} is one), so
 * every row would cross a serializing exchange before the writer. Yielding is only unsafe for a
 * writer that yields to the mailbox from the source's thread; the format-table writer never touches
 * the mailbox executor it is given. The operator this factory creates is exactly the one a plain
 * {@code sinkTo} creates, so the writer's state and its committables are the same.
 *
 * <p>Relies on Flink's {@code @Internal} {@code SinkWriterOperatorFactory} (checked with Flink 1.20
 * and 2.3).
 */
@Internal
public final class ChainingWriterOperatorFactory<InputT, CommT>
        extends AbstractStreamOperatorFactory<CommittableMessage<CommT>>
        implements OneInputStreamOperatorFactory<InputT, CommittableMessage<CommT>> {

    private static final long serialVersionUID = 1L;

    private final SinkWriterOperatorFactory<InputT, CommT> writers;

    public ChainingWriterOperatorFactory(Sink<InputT> sink) {
        this.writers = new SinkWriterOperatorFactory<>(sink);
    }

    @Override
    public <T extends StreamOperator<CommittableMessage<CommT>>> T createStreamOperator(
            StreamOperatorParameters<CommittableMessage<CommT>> parameters) {
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
