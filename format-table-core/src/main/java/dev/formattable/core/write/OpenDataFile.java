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
package dev.formattable.core.write;

import dev.formattable.core.fs.Path;
import dev.formattable.core.fs.TwoPhaseOutputStream;

import java.util.LinkedHashMap;

/** A data file being written. */
final class OpenDataFile<T> {
    final Path staged;
    final Path target;
    final LinkedHashMap<String, String> spec;
    final TwoPhaseOutputStream out;
    final FormatWriter<T> writer;
    long rows;
    long openedAt;
    long lastWrite;
    long nextSizeCheck = 1;
    long bufferedAtCheck;
    long finishedSize;

    OpenDataFile(
            Path staged,
            Path target,
            LinkedHashMap<String, String> spec,
            TwoPhaseOutputStream out,
            FormatWriter<T> writer) {
        this.staged = staged;
        this.target = target;
        this.spec = spec;
        this.out = out;
        this.writer = writer;
    }
}
