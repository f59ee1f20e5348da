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

/**
 * A format's writer (for Flink, a bulk writer) that can tell how many encoded bytes it holds in
 * memory that have not reached its stream yet, so a file can be rolled at its target size before
 * the format flushes a row group or stripe.
 */
public interface SizeReporting {

    /** An estimate of the bytes buffered for the file and not yet written to its stream. */
    long bufferedBytes();
}
