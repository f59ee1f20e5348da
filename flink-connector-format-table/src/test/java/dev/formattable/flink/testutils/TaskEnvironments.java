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

import org.apache.flink.configuration.CheckpointingOptions;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.runtime.jobgraph.JobGraph;
import org.apache.flink.runtime.jobgraph.JobType;
import org.apache.flink.runtime.jobgraph.tasks.CheckpointCoordinatorConfiguration;
import org.apache.flink.runtime.operators.testutils.MockEnvironment;
import org.apache.flink.runtime.operators.testutils.MockEnvironmentBuilder;

import java.time.Duration;

/** Task environments for operator harnesses, as a task of a job of a given kind receives them. */
public final class TaskEnvironments {

    private TaskEnvironments() {}

    /** A task of a batch job. */
    public static MockEnvironment batch() {
        return of(JobType.BATCH, new Configuration());
    }

    /** A task of a streaming job that takes a checkpoint every second. */
    public static MockEnvironment streamingWithCheckpoints() {
        Configuration job = new Configuration();
        job.set(CheckpointingOptions.CHECKPOINTING_INTERVAL, Duration.ofSeconds(1));
        return of(JobType.STREAMING, job);
    }

    /** A task of a streaming job that takes no checkpoints. */
    public static MockEnvironment streamingWithoutCheckpoints() {
        return of(JobType.STREAMING, new Configuration());
    }

    /**
     * A task of {@code job}, with the job's type and configuration, and the job's checkpoint
     * interval in its configuration as Flink 2.2 and later put it there (before 2.2 only the job
     * graph's checkpointing settings held it; {@link HarnessJobs} hands it on to the task).
     */
    public static MockEnvironment of(JobGraph job) {
        Configuration configuration = new Configuration();
        configuration.addAll(job.getJobConfiguration());
        CheckpointCoordinatorConfiguration checkpoints =
                job.getCheckpointingSettings() == null
                        ? null
                        : job.getCheckpointingSettings().getCheckpointCoordinatorConfiguration();
        if (checkpoints != null && checkpoints.isCheckpointingEnabled()) {
            configuration.set(
                    CheckpointingOptions.CHECKPOINTING_INTERVAL,
                    Duration.ofMillis(checkpoints.getCheckpointInterval()));
        }
        return of(job.getJobType(), configuration);
    }

    private static MockEnvironment of(JobType type, Configuration job) {
        MockEnvironment environment = new MockEnvironmentBuilder().setJobType(type).build();
        environment.getJobConfiguration().addAll(job);
        return environment;
    }
}
