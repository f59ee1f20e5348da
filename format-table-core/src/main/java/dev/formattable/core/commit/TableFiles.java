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

import dev.formattable.core.fs.FileIO;
import dev.formattable.core.fs.Path;
import dev.formattable.core.table.FormatTableSpec;
import dev.formattable.core.utils.Parallel;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;

/** Deleting a table's files and naming its partition directories, for commits and maintenance. */
final class TableFiles {

    private TableFiles() {}

    /**
     * Deletes the files, {@code parallelism} at a time. A failure is thrown once every delete ran,
     * with the message {@code failure} gives for the number of files deleted.
     */
    static int deleteAll(
            FileIO fileIO, List<Path> files, int parallelism, IntFunction<String> failure)
            throws IOException {
        List<Parallel.Outcome<Boolean>> outcomes =
                Parallel.runAll(files, parallelism, p -> fileIO.delete(p, false));
        int deleted = 0;
        Throwable cause = null;
        for (Parallel.Outcome<Boolean> o : outcomes) {
            if (o.failed()) {
                cause = cause == null ? o.failure() : cause;
            } else if (o.value()) {
                deleted++;
            }
        }
        if (cause instanceof Error) {
            throw (Error) cause;
        }
        if (cause != null) {
            throw new IOException(failure.apply(deleted), cause);
        }
        return deleted;
    }

    /**
     * Every directory a partition (or a leading run of keys) may be spelt as: the layout reads
     * several spellings of some values (legacy dates, the default partition name).
     */
    static List<Path> spellings(FormatTableSpec table, List<Object> values) {
        List<Path> dirs = new ArrayList<>();
        dirs.add(table.qualifiedLocation());
        for (int level = 0; level < values.size(); level++) {
            List<Path> next = new ArrayList<>();
            for (Path dir : dirs) {
                for (String name :
                        table.layout().directoryNameSpellings(level, values.get(level))) {
                    next.add(dir.child(name));
                }
            }
            dirs = next;
        }
        return dirs;
    }
}
