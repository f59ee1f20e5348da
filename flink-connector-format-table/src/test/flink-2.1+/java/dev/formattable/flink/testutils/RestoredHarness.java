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

/** The checkpoint an operator harness restores from, which Flink 2.1 lets a test choose. */
public final class RestoredHarness {

    private RestoredHarness() {}

    /** For a test whose outcome does not depend on the id (before 2.1, restores as from 0). */
    public static void restoreAt(AbstractStreamOperatorTestHarness<?> harness, long checkpointId) {
        harness.setRestoredCheckpointId(checkpointId);
    }

    /** For a test whose outcome depends on the id (skipped before 2.1). */
    public static void restoreExactlyAt(
            AbstractStreamOperatorTestHarness<?> harness, long checkpointId) {
        harness.setRestoredCheckpointId(checkpointId);
    }
}
