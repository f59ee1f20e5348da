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
import org.apache.flink.streaming.util.AbstractStreamOperatorTestHarness;

/**
 * Makes an operator harness tell its operator what the job of its environment ({@link
 * TaskEnvironments}) is. Flink 1.20 to 2.1 tell a task whether its job checkpoints in the task's
 * stream configuration, which their harnesses always mark as checkpointing.
 */
public final class HarnessJobs {

    private HarnessJobs() {}

    /**
     * Marks the harness's task as checkpointing exactly when its job's configuration does. Call it
     * before the harness is set up: an operator factory reads the flag when it creates the
     * operator.
     */
    public static <H extends AbstractStreamOperatorTestHarness<?>> H applyJob(H harness) {
        harness.getStreamConfig()
                .setCheckpointingEnabled(
                        harness.getEnvironment()
                                .getJobConfiguration()
                                .getOptional(CheckpointingOptions.CHECKPOINTING_INTERVAL)
                                .filter(interval -> !interval.isZero())
                                .isPresent());
        return harness;
    }
}
