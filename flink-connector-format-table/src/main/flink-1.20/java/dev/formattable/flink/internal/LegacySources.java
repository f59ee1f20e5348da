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
import org.apache.flink.api.common.functions.Function;
import org.apache.flink.streaming.api.functions.source.InputFormatSourceFunction;

/** Flink's legacy source functions, in the package Flink 1.20 keeps them in. */
@Internal
public final class LegacySources {

    private LegacySources() {}

    /** Whether a legacy source's function reads an {@code InputFormat}. */
    public static boolean readsInputFormat(Function function) {
        return function instanceof InputFormatSourceFunction;
    }
}
