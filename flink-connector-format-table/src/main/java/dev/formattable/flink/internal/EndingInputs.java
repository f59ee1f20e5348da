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
import org.apache.flink.api.connector.source.Boundedness;
import org.apache.flink.api.dag.Transformation;
import org.apache.flink.streaming.api.transformations.LegacySourceTransformation;
import org.apache.flink.streaming.api.transformations.WithBoundedness;

import java.util.stream.Stream;

/**
 * Whether the input of an operator ends, judged from the sources upstream of it when the pipeline
 * is built.
 *
 * <p>Flink's own rule (every source bounded) takes a legacy source that reads an {@code
 * InputFormat} for unbounded, since {@code createInput} declares no boundedness: SQL {@code VALUES}
 * in a streaming job is one. Such a source ends once it has read its splits, so it counts as ending
 * here. Relies on the legacy source's operator and function classes (checked with Flink 1.20 and
 * 2.3; the function's package differs, see {@link LegacySources}).
 */
@Internal
public final class EndingInputs {

    private EndingInputs() {}

    /** Whether every source upstream of {@code input} ends. */
    public static boolean ends(Transformation<?> input) {
        return sources(input).allMatch(s -> bounded(s) || readsInputFormat(s));
    }

    /**
     * Whether every source upstream of {@code input} declares itself bounded: Flink's own rule for
     * whether an {@code AUTOMATIC} job runs in batch mode.
     */
    public static boolean allBounded(Transformation<?> input) {
        return sources(input).allMatch(EndingInputs::bounded);
    }

    private static Stream<Transformation<?>> sources(Transformation<?> input) {
        return input.getTransitivePredecessors().stream().filter(t -> t instanceof WithBoundedness);
    }

    private static boolean bounded(Transformation<?> source) {
        return ((WithBoundedness) source).getBoundedness() == Boundedness.BOUNDED;
    }

    private static boolean readsInputFormat(Transformation<?> source) {
        return source instanceof LegacySourceTransformation
                && LegacySources.readsInputFormat(
                        ((LegacySourceTransformation<?>) source).getOperator().getUserFunction());
    }
}
