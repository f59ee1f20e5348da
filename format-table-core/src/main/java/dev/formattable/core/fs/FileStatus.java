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
package dev.formattable.core.fs;

import java.util.Objects;

/** What a {@link FileIO} knows of one file or directory. */
public final class FileStatus {

    private final Path path;
    private final long length;
    private final boolean directory;
    private final long modificationTime;

    public FileStatus(Path path, long length, boolean directory, long modificationTime) {
        this.path = Objects.requireNonNull(path);
        this.length = length;
        this.directory = directory;
        this.modificationTime = modificationTime;
    }

    public Path path() {
        return path;
    }

    public long length() {
        return length;
    }

    public boolean isDirectory() {
        return directory;
    }

    /** Milliseconds since the epoch. */
    public long modificationTime() {
        return modificationTime;
    }

    @Override
    public String toString() {
        return (directory ? "dir " : "file ") + path + " (" + length + " bytes)";
    }
}
