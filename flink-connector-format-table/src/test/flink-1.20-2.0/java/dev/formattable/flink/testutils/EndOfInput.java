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

/**
 * The checkpoint id Flink's sink writer gives the committables it hands out at the end of its
 * input: on Flink 1.20 and 2.0, the end-of-input marker {@code Long.MAX_VALUE}; from 2.1, the
 * checkpoint after the last.
 */
public final class EndOfInput {

    private EndOfInput() {}

    /** The id of the end of the input's committables, after checkpoint {@code last}. */
    public static long checkpointAfter(long last) {
        return Long.MAX_VALUE;
    }
}
