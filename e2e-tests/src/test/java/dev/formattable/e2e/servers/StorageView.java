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
package dev.formattable.e2e.servers;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * What a storage server holds, seen from the server side (or its own client), independent of the
 * file system under test. Tests use it to check which files a job left behind.
 */
public interface StorageView {

    /**
     * Every file (never a directory or a directory marker) below {@code location}, as a path
     * relative to it, sorted. A missing location holds nothing.
     */
    List<String> filesBelow(String location) throws IOException;

    /**
     * Copies every file below {@code location} to the same relative path below {@code target}, so a
     * table can be read from a local copy.
     */
    void copyTo(String location, Path target) throws IOException;
}
