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

import java.io.IOException;

/**
 * Encodes records of one data file into the stream it was created on. An engine supplies it for
 * each file format (for Flink, over a {@code BulkWriter}).
 *
 * @param <T> the record type
 */
public interface FormatWriter<T> {

    void add(T record) throws IOException;

    /** Writes whatever is buffered and the format's footer. Does not close the stream. */
    void finish() throws IOException;

    /** Bytes held in memory that will reach the stream; counted towards the target file size. */
    default long bufferedBytes() {
        return 0;
    }
}
