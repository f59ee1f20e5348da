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
package dev.formattable.core.scan;

import dev.formattable.core.fs.Path;

import java.io.Serializable;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/** One data file to read, with its partition's typed values (in partition key order). */
public final class DataSplit implements Serializable {

    private static final long serialVersionUID = 1L;

    private final Path path;
    private final long fileSize;
    private final long modificationTime;
    private final List<Object> partitionValues;

    public DataSplit(
            Path path, long fileSize, long modificationTime, List<Object> partitionValues) {
        this.path = Objects.requireNonNull(path);
        this.fileSize = fileSize;
        this.modificationTime = modificationTime;
        this.partitionValues = Collections.unmodifiableList(partitionValues);
    }

    public Path path() {
        return path;
    }

    public long fileSize() {
        return fileSize;
    }

    public long modificationTime() {
        return modificationTime;
    }

    /** Typed partition values; an entry is {@code null} for the NULL partition. */
    public List<Object> partitionValues() {
        return partitionValues;
    }

    @Override
    public String toString() {
        return path + " " + partitionValues + " (" + fileSize + " bytes)";
    }
}
