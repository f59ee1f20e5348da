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
package dev.formattable.core.commit;

import java.io.IOException;

/**
 * Serializes objects with a version number kept beside the bytes, so that bytes written by an older
 * version can still be read. Engines adapt it to their own interface (Flink's {@code
 * SimpleVersionedSerializer}).
 *
 * @param <T> the serialized type
 */
public interface VersionedSerializer<T> {

    int getVersion();

    byte[] serialize(T value) throws IOException;

    /**
     * Reads bytes written at {@code version}.
     *
     * @throws IOException when the version is unknown, naming it and the current version
     */
    T deserialize(int version, byte[] serialized) throws IOException;
}
