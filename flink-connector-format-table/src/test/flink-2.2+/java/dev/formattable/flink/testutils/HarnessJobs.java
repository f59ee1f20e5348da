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

import org.apache.flink.streaming.util.AbstractStreamOperatorTestHarness;

/**
 * Makes an operator harness tell its operator what the job of its environment ({@link
 * TaskEnvironments}) is. From Flink 2.2 a task reads that from the job's configuration, which the
 * environment already holds.
 */
public final class HarnessJobs {

    private HarnessJobs() {}

    /** Returns {@code harness}: its environment already says what its job is. */
    public static <H extends AbstractStreamOperatorTestHarness<?>> H applyJob(H harness) {
        return harness;
    }
}
