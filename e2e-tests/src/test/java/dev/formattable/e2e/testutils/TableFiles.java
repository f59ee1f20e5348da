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
package dev.formattable.e2e.testutils;

import java.util.List;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/** Checks on the files a storage server holds below a table (paths relative to the table). */
public final class TableFiles {

    /** {@code data-<uuid>-<n>.<format>}: the name of a published data file. */
    private static final String DATA_FILE =
            "data-[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}-\\d+\\.";

    /** A visible {@code key=value} partition directory. */
    private static final Pattern PARTITION_DIR = Pattern.compile("[^_.][^=/]*=[^/]+");

    /**
     * The record of a bounded job's commit that a committer task keeps after publishing, in the
     * table's own {@code _temporary} (see semantics.md, "What a failed job leaves").
     */
    private static final Pattern KEPT_RECORD =
            Pattern.compile("_temporary/\\.commit\\..+-end\\.(journal|published)");

    private TableFiles() {}

    /** The files but for the kept records of finished commits. */
    public static List<String> withoutKeptRecords(List<String> files) {
        return files.stream()
                .filter(f -> !KEPT_RECORD.matcher(f).matches())
                .collect(Collectors.toList());
    }

    /**
     * The files in a {@code _temporary} staging directory, but for the kept record of a finished
     * commit.
     */
    public static List<String> staged(List<String> files) {
        return files.stream()
                .filter(f -> f.contains("_temporary/") && !KEPT_RECORD.matcher(f).matches())
                .collect(Collectors.toList());
    }

    /**
     * Nothing is staged, and every file is a published data file of {@code format} exactly {@code
     * levels} partition directories deep: nothing half-written is readable outside {@code
     * _temporary}.
     */
    public static void assertOnlyPublishedDataFiles(
            List<String> allFiles, String format, int levels) {
        List<String> files = withoutKeptRecords(allFiles);
        assertThat(staged(files)).as("staged files left below the table").isEmpty();
        assertThat(files).as("files below the table").isNotEmpty();
        Pattern name = Pattern.compile(DATA_FILE + Pattern.quote(format));
        for (String file : files) {
            String[] segments = file.split("/");
            assertThat(segments).as("directory levels of %s", file).hasSize(levels + 1);
            for (int i = 0; i < levels; i++) {
                assertThat(segments[i])
                        .as("partition directory of %s", file)
                        .matches(PARTITION_DIR);
            }
            assertThat(segments[levels]).as("data file name of %s", file).matches(name);
        }
    }

    /** The partition directories that hold files (a kept commit record is in none). */
    public static TreeSet<String> partitionDirs(List<String> files) {
        return withoutKeptRecords(files).stream()
                .map(f -> f.substring(0, f.lastIndexOf('/')))
                .collect(Collectors.toCollection(TreeSet::new));
    }

    /** The files below {@code dir} (e.g. {@code dt=19783}). */
    public static List<String> below(List<String> files, String dir) {
        return withoutKeptRecords(files).stream()
                .filter(f -> f.startsWith(dir + "/"))
                .collect(Collectors.toList());
    }

    /** The files not below {@code dir}, but for kept commit records. */
    public static List<String> notBelow(List<String> files, String dir) {
        return withoutKeptRecords(files).stream()
                .filter(f -> !f.startsWith(dir + "/"))
                .collect(Collectors.toList());
    }
}
