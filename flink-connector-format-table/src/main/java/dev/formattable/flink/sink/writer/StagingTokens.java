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

import dev.formattable.flink.sink.committable.StagingToken;

import java.security.SecureRandom;
import java.util.Collection;
import java.util.OptionalLong;
import java.util.function.Predicate;

/**
 * Staging tokens of a job's writers (grammar in {@link StagingToken}): {@code
 * <job>-s<subtask>-a<attempt>-g<generation>-e<epoch>}, where the generation is random per writer
 * instance and the epoch is the checkpoint after which the file was opened.
 *
 * <p>Why a restarted writer's sweep never takes a running writer's file: it removes only files
 * whose whole prefix is named in a state it restored, and a prefix names one writer instance
 * (subtask and attempt may repeat after a JobManager failover or a rescale, the generation does
 * not), which no longer runs, since its state is being restored. Of that instance's files it
 * removes only those opened at or after the restored checkpoint {@code R}: they belong to no
 * committable that will be committed, while those opened before are in committables up to {@code
 * R}, which the committer publishes. What an instance staged before its first completed checkpoint
 * is named in no state; the committer's sweep after a restart ({@link
 * StagingToken#leftBehindBefore}) or {@code remove_orphan_files} removes it.
 *
 * <p>A writer that restored no checkpoint at all (a batch job, a job without checkpointing, a
 * restart before the first checkpoint) also removes its own subtask's files of lower attempts, of
 * any generation: without a restored state no state moved between subtasks, so the only writer of
 * its subtask that may run is itself (the sink does not run concurrent attempts of a subtask).
 */
final class StagingTokens {

    private static final SecureRandom RANDOM = new SecureRandom();

    private StagingTokens() {}

    /** A new writer instance's generation: 16 random lowercase hex digits. */
    static String newGeneration() {
        return String.format("%016x", RANDOM.nextLong());
    }

    static String prefix(String jobToken, int subtask, int attempt, String generation) {
        return jobToken + "-s" + subtask + "-a" + attempt + "-g" + generation;
    }

    static String token(String prefix, long epoch) {
        return prefix + "-e" + epoch;
    }

    /**
     * Which staged files a restarted writer removes: those under the prefix of a restored state
     * (never its own), opened at or after the restored checkpoint; and, when nothing was restored,
     * those of its own subtask's lower attempts.
     */
    static Predicate<String> orphans(
            String jobToken,
            int subtask,
            int attempt,
            String ownPrefix,
            OptionalLong restoredCheckpoint,
            Collection<FormatTableWriterState> restored) {
        long from = restoredCheckpoint.orElse(0);
        return text -> {
            StagingToken t = StagingToken.parse(text).orElse(null);
            if (t == null || t.prefix.equals(ownPrefix)) {
                return false;
            }
            if (restoredCheckpoint.isEmpty()) {
                return t.job.equals(jobToken) && t.subtask == subtask && t.attempt < attempt;
            }
            for (FormatTableWriterState state : restored) {
                if (state.stagingPrefix().equals(t.prefix)
                        && t.epoch >= Math.max(from, state.checkpointId())) {
                    return true;
                }
            }
            return false;
        };
    }
}
