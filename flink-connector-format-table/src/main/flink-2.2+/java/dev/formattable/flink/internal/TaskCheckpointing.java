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
import org.apache.flink.configuration.CheckpointingOptions;
import org.apache.flink.streaming.runtime.tasks.StreamTask;

/**
 * Whether a task's job takes checkpoints, as Flink 2.2 and later tell a task: from the job's
 * configuration, read as Flink's own stream task reads it. Before 2.2 a flag in each task's stream
 * configuration said so.
 */
@Internal
public final class TaskCheckpointing {

    private TaskCheckpointing() {}

    /** Whether the job of {@code task} takes checkpoints. */
    public static boolean enabled(StreamTask<?, ?> task) {
        return CheckpointingOptions.isCheckpointingEnabled(
                task.getEnvironment().getJobConfiguration());
    }
}
