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

import java.io.FileNotFoundException;
import java.io.IOException;

/**
 * The rename a {@link FileIO} promises, over file systems whose own rename answers with a boolean:
 * the target must not exist, and a refusal is told apart from a missing source.
 */
public final class Renames {

    private Renames() {}

    /** Whether something exists at a path. */
    @FunctionalInterface
    public interface Exists {
        boolean test(Path path) throws IOException;
    }

    /** A file system's own rename; false when it did not happen. */
    @FunctionalInterface
    public interface Rename {
        boolean rename() throws IOException;
    }

    /**
     * Renames {@code source} to {@code target}, which must not exist.
     *
     * @throws IOException when the target exists or the file system refused
     * @throws FileNotFoundException when the source is missing
     */
    public static void noReplace(Path source, Path target, Exists exists, Rename rename)
            throws IOException {
        if (exists.test(target)) {
            throw new IOException(
                    "Cannot rename " + source + " to " + target + ": the target exists.");
        }
        if (!rename.rename()) {
            if (!exists.test(source)) {
                throw new FileNotFoundException(
                        "Cannot rename " + source + " to " + target + ": the source is missing.");
            }
            throw new IOException("The file system refused to rename " + source + " to " + target);
        }
    }
}
