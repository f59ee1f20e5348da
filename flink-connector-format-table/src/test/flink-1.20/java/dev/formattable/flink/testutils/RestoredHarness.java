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
 * The checkpoint an operator harness restores from, where the Flink line lets a test choose: Flink
 * 1.20's harness always restores as from checkpoint 0.
 */
public final class RestoredHarness {

    private RestoredHarness() {}

    /** Whether {@link #restoreAt} takes effect on this Flink line. */
    public static final boolean CHOOSES_CHECKPOINT = false;

    /** Does nothing: Flink 1.20's harness restores every operator as from checkpoint 0. */
    public static void restoreAt(AbstractStreamOperatorTestHarness<?> harness, long checkpointId) {}
}
