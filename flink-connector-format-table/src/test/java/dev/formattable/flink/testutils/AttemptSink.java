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
package dev.formattable.flink.testutils;

import dev.formattable.flink.internal.FlinkLineSink;
import dev.formattable.flink.sink.FormatTableSink;
import dev.formattable.flink.sink.committable.FormatTableCommittable;
import dev.formattable.flink.sink.writer.FormatTableSinkWriter;
import dev.formattable.flink.sink.writer.FormatTableWriterState;

import org.apache.flink.api.common.JobID;
import org.apache.flink.api.common.JobInfo;
import org.apache.flink.api.common.JobInfoImpl;
import org.apache.flink.api.common.TaskInfo;
import org.apache.flink.api.common.TaskInfoImpl;
import org.apache.flink.api.common.operators.MailboxExecutor;
import org.apache.flink.api.common.operators.ProcessingTimeService;
import org.apache.flink.api.common.serialization.SerializationSchema;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.connector.sink2.Committer;
import org.apache.flink.api.connector.sink2.CommitterInitContext;
import org.apache.flink.api.connector.sink2.StatefulSinkWriter;
import org.apache.flink.api.connector.sink2.SupportsCommitter;
import org.apache.flink.api.connector.sink2.SupportsWriterState;
import org.apache.flink.api.connector.sink2.WriterInitContext;
import org.apache.flink.core.io.SimpleVersionedSerializer;
import org.apache.flink.metrics.groups.SinkWriterMetricGroup;
import org.apache.flink.table.data.RowData;
import org.apache.flink.util.UserCodeClassLoader;

import java.io.IOException;
import java.util.Collection;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.Consumer;

/**
 * Our sink as a task of a given attempt number sees it. The operator test harness's environment
 * always reports attempt 0, and each harness a job of its own, so this sink hands the writer a
 * context whose task info names another attempt and whose job is the same for every attempt sink
 * ({@link #JOB}); everything else is the harness's and the sink's own.
 */
public final class AttemptSink extends FlinkLineSink<RowData>
        implements SupportsWriterState<RowData, FormatTableWriterState>,
                SupportsCommitter<FormatTableCommittable> {

    private static final long serialVersionUID = 1L;

    /** The one job that every attempt sink's writers run in. */
    public static final JobID JOB = new JobID();

    private final FormatTableSink sink;
    private final int attempt;

    public AttemptSink(FormatTableSink sink, int attempt) {
        this.sink = sink;
        this.attempt = attempt;
    }

    @Override
    public FormatTableSinkWriter createWriter(WriterInitContext context) throws IOException {
        return sink.createWriter(new AttemptContext(context, attempt));
    }

    @Override
    public StatefulSinkWriter<RowData, FormatTableWriterState> restoreWriter(
            WriterInitContext context, Collection<FormatTableWriterState> recoveredState)
            throws IOException {
        return sink.restoreWriter(new AttemptContext(context, attempt), recoveredState);
    }

    @Override
    public SimpleVersionedSerializer<FormatTableWriterState> getWriterStateSerializer() {
        return sink.getWriterStateSerializer();
    }

    @Override
    public Committer<FormatTableCommittable> createCommitter(CommitterInitContext context) {
        return sink.createCommitter(context);
    }

    @Override
    public SimpleVersionedSerializer<FormatTableCommittable> getCommittableSerializer() {
        return sink.getCommittableSerializer();
    }

    private static final class AttemptContext implements WriterInitContext {
        private final WriterInitContext context;
        private final TaskInfo taskInfo;

        AttemptContext(WriterInitContext context, int attempt) {
            this.context = context;
            TaskInfo t = context.getTaskInfo();
            this.taskInfo =
                    new TaskInfoImpl(
                            t.getTaskName(),
                            t.getMaxNumberOfParallelSubtasks(),
                            t.getIndexOfThisSubtask(),
                            t.getNumberOfParallelSubtasks(),
                            attempt,
                            t.getAllocationIDAsString());
        }

        @Override
        public TaskInfo getTaskInfo() {
            return taskInfo;
        }

        @Override
        public OptionalLong getRestoredCheckpointId() {
            return context.getRestoredCheckpointId();
        }

        @Override
        public JobInfo getJobInfo() {
            return new JobInfoImpl(JOB, context.getJobInfo().getJobName());
        }

        @Override
        public UserCodeClassLoader getUserCodeClassLoader() {
            return context.getUserCodeClassLoader();
        }

        @Override
        public MailboxExecutor getMailboxExecutor() {
            return context.getMailboxExecutor();
        }

        @Override
        public ProcessingTimeService getProcessingTimeService() {
            return context.getProcessingTimeService();
        }

        @Override
        public SinkWriterMetricGroup metricGroup() {
            return context.metricGroup();
        }

        @Override
        public SerializationSchema.InitializationContext
                asSerializationSchemaInitializationContext() {
            return context.asSerializationSchemaInitializationContext();
        }

        @Override
        public boolean isObjectReuseEnabled() {
            return context.isObjectReuseEnabled();
        }

        @Override
        public <IN> TypeSerializer<IN> createInputSerializer() {
            return context.createInputSerializer();
        }

        @Override
        public <MetaT> Optional<Consumer<MetaT>> metadataConsumer() {
            return context.metadataConsumer();
        }
    }
}
