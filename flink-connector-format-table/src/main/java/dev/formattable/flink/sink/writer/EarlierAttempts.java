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
package dev.formattable.flink.sink.writer;

import dev.formattable.core.FormatTable;
import dev.formattable.core.fs.Path;
import dev.formattable.core.table.StagedFileSweep;
import dev.formattable.flink.sink.committable.FormatTableCommittable;
import dev.formattable.flink.sink.committable.StagingToken;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/** What a restarted writer removes of what the attempts before it staged. */
final class EarlierAttempts {

    private static final Logger LOG = LoggerFactory.getLogger(EarlierAttempts.class);

    private EarlierAttempts() {}

    /**
     * Removes what the writers whose states this one restored staged that no committable will
     * publish (see {@link StagingToken} for why no running writer's file is taken), looking only
     * where they wrote: the partitions the restored states name now, and every other partition when
     * this writer first stages a file there (the sweep returned, for the write). Once the commit at
     * the end of the input has been recorded, the earlier attempts' files may be what it publishes,
     * so they are left to it.
     */
    static Optional<StagedFileSweep> sweep(
            FormatTable table, FormatTableSinkWriter.Attempt attempt, String stagingPrefix)
            throws IOException {
        String endOfInput = FormatTableCommittable.endOfInputCommitId(attempt.jobToken);
        if (table.newCommit().isRecorded(endOfInput)) {
            LOG.info(
                    "Writer {}: the commit {} at the end of the input has begun; it removes what"
                            + " it does not publish",
                    stagingPrefix,
                    endOfInput);
            return Optional.empty();
        }
        StagedFileSweep sweep =
                new StagedFileSweep(
                        table.fileIO(),
                        StagingToken.orphans(
                                attempt.jobToken,
                                attempt.subtask,
                                attempt.attempt,
                                stagingPrefix,
                                attempt.restoredCheckpoint,
                                restoredPrefixes(attempt.restored)));
        if (!table.layout().isPartitioned()) {
            sweep.sweep(table.qualifiedLocation());
        }
        for (FormatTableWriterState state : attempt.restored) {
            for (String dir : state.partitionDirectories()) {
                sweep.sweep(Path.of(dir));
            }
        }
        LOG.info(
                "Writer {} removed {} staged files of earlier attempts from {} partition"
                        + " directories of {}; it sweeps each other partition as it first writes"
                        + " there",
                stagingPrefix,
                sweep.removedFiles(),
                sweep.listedDirectories(),
                table.location());
        return Optional.of(sweep);
    }

    /**
     * The prefix of each writer instance whose state was restored, with its checkpoint (the
     * earliest, should one instance's states come more than once).
     */
    private static Map<String, Long> restoredPrefixes(Collection<FormatTableWriterState> states) {
        Map<String, Long> prefixes = new HashMap<>();
        for (FormatTableWriterState state : states) {
            prefixes.merge(state.stagingPrefix(), state.checkpointId(), Math::min);
        }
        return prefixes;
    }
}
