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
import org.apache.flink.api.connector.sink2.SupportsCommitter;
import org.apache.flink.streaming.api.connector.sink2.CommittableMessage;
import org.apache.flink.streaming.api.operators.AbstractStreamOperatorFactory;
import org.apache.flink.streaming.api.operators.OneInputStreamOperatorFactory;
import org.apache.flink.streaming.api.operators.StreamOperator;
import org.apache.flink.streaming.api.operators.StreamOperatorParameters;
import org.apache.flink.streaming.runtime.operators.sink.CommitterOperatorFactory;

/**
 * Creates Flink's own Sink V2 committer operator, told when the task starts whether to commit what
 * reaches it at the end of its input: in batch mode, or without checkpoints (see {@link
 * RunningJob}). With checkpoints, a streaming job's last committables are committed by its final
 * checkpoint instead, so a failure before that checkpoint cannot leave rows published that the
 * restarted job writes again.
 *
 * <p>Why: Flink's {@code CommitterOperatorFactory} takes both facts when the pipeline is built,
 * before a DataStream program may have enabled checkpointing, and before Flink has decided whether
 * a job in {@code AUTOMATIC} mode runs in batch mode. Relies on Flink's {@code @Internal} committer
 * operator factory (checked with Flink 1.20 and 2.3).
 */
@Internal
public final class RunModeCommitterOperatorFactory<CommT>
        extends AbstractStreamOperatorFactory<CommittableMessage<CommT>>
        implements OneInputStreamOperatorFactory<
                CommittableMessage<CommT>, CommittableMessage<CommT>> {

    private static final long serialVersionUID = 1L;

    private final SupportsCommitter<CommT> committers;

    /**
     * @param committers a serializable source of the committer
     */
    public RunModeCommitterOperatorFactory(SupportsCommitter<CommT> committers) {
        this.committers = committers;
    }

    @Override
    public <T extends StreamOperator<CommittableMessage<CommT>>> T createStreamOperator(
            StreamOperatorParameters<CommittableMessage<CommT>> parameters) {
        RunningJob job = RunningJob.of(parameters.getContainingTask());
        CommitterOperatorFactory<CommT> factory =
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
