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
import org.apache.flink.runtime.execution.Environment;
import org.apache.flink.runtime.jobgraph.JobType;
import org.apache.flink.streaming.runtime.tasks.StreamTask;

/**
 * How the job a task belongs to runs, as the task learns it when it starts: whether it runs in
 * batch mode and whether it takes checkpoints. Read at run time rather than when the pipeline is
 * built, since a DataStream program may enable checkpointing after attaching the sink, and a job in
 * {@code AUTOMATIC} mode runs in streaming mode when any of its sources is unbounded, upstream of
 * the sink or not.
 *
 * <p>Relies on Flink's runtime {@link Environment} (checked with Flink 1.20 and 2.3): the job type
 * comes from the job graph; whether the job checkpoints, from where the task's Flink line keeps it
 * ({@link TaskCheckpointing}).
 */
@Internal
public final class RunningJob {

    private final boolean batch;
    private final boolean checkpointing;

    private RunningJob(boolean batch, boolean checkpointing) {
        this.batch = batch;
        this.checkpointing = checkpointing;
    }

    /** The job of {@code task}. */
    public static RunningJob of(StreamTask<?, ?> task) {
        boolean batch = task.getEnvironment().getJobType() == JobType.BATCH;
        return new RunningJob(batch, !batch && TaskCheckpointing.enabled(task));
    }

    /** Whether the job runs in batch mode. */
    public boolean batch() {
        return batch;
    }

    /** Whether the job takes checkpoints (never in batch mode). */
    public boolean checkpointing() {
        return checkpointing;
    }

    /**
     * Whether a committer publishes what it holds when its input ends: without a final checkpoint
     * to wait for, in batch mode or without checkpoints.
     */
    public boolean commitsAtEndOfInput() {
        return batch || !checkpointing;
    }

    @Override
    public String toString() {
        return (batch ? "batch" : "streaming")
                + (checkpointing ? " with checkpoints" : " without checkpoints");
    }
}
