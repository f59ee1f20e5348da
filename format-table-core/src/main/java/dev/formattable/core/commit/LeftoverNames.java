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

import dev.formattable.core.scan.ScanPlan;

import java.util.UUID;
import java.util.regex.Pattern;

/**
 * The names of what a failed attempt can leave beside a table's data outside the staged files of
 * {@code _temporary} directories, so that {@link OrphanFiles} knows them without knowing their
 * writers. All are hidden, so scans skip them.
 */
public final class LeftoverNames {

    /**
     * Prefix of the files in which the writers of a batch job leave their committables for the
     * commit on the JobManager, {@code _temporary/.commit-spool.<sink>.s<subtask>.a<attempt>} in
     * the table's directory (written by the Flink connector).
     */
    public static final String COMMIT_SPOOL_PREFIX = ".commit-spool.";

    /**
     * A file Flink's recoverable writers of local disks and Hadoop file systems write before they
     * publish it: {@code .<target>.inprogress.<uuid>} beside the target, renamed to the target on
     * commit. A failed attempt leaves it in the partition directory.
     */
    private static final Pattern RECOVERABLE_WRITER_TEMP =
            Pattern.compile(
                    "\\..+\\.inprogress\\.[0-9a-fA-F]{8}(-[0-9a-fA-F]{4}){3}-[0-9a-fA-F]{12}");

    private static final String STATISTICS_TEMP_PREFIX = ScanPlan.STATISTICS_FILE_NAME + ".";

    private static final String STATISTICS_TEMP_SUFFIX = ".tmp";

    private LeftoverNames() {}

    /**
     * A name for a partition's statistics file while it is written, before it is renamed into
     * place: {@code .format-table-stats.<uuid>.tmp}.
     */
    public static String newTemporaryStatisticsName() {
        return STATISTICS_TEMP_PREFIX + UUID.randomUUID() + STATISTICS_TEMP_SUFFIX;
    }

    /** Whether a commit spool: {@code .commit-spool.<sink>.s<subtask>.a<attempt>}. */
    public static boolean isCommitSpool(String fileName) {
        return fileName.startsWith(COMMIT_SPOOL_PREFIX);
    }

    /**
     * Whether a file in a partition directory (not in its {@code _temporary}) that only a failed
     * attempt leaves there: a recoverable writer's unpublished file, or statistics never renamed
     * into place.
     */
    public static boolean isLeftoverInPartition(String fileName) {
        return RECOVERABLE_WRITER_TEMP.matcher(fileName).matches()
                || (fileName.startsWith(STATISTICS_TEMP_PREFIX)
                        && fileName.endsWith(STATISTICS_TEMP_SUFFIX));
    }
}
