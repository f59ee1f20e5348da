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
package dev.formattable.flink.sink.committable;

import org.apache.flink.annotation.Internal;

import java.security.SecureRandom;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A writer's staging token, read back from a staged file's name:
 *
 * <pre>{@code
 * token      = prefix "-e" epoch
 * prefix     = job "-s" subtask "-a" attempt [ "-g" generation ]
 * job        = <job id> "-" <sink id>
 * generation = 16 lowercase hex digits, random per writer instance
 * }</pre>
 *
 * <p>The prefix names one writer instance: the generation makes it unique even where subtask and
 * attempt repeat (attempt numbers restart at 0 after a JobManager failover, and a rescaled restore
 * hands an old subtask's state to another index). Tokens without a generation were written by
 * writers of earlier versions; no running writer has such a prefix. The epoch is the last
 * checkpoint the writer had snapshotted when it opened the file (at first the checkpoint it was
 * restored from, or 0).
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
 * its subtask that may run is itself (the sink does not run concurrent attempts of a subtask). A
 * writer restored from checkpoint {@code R} removes its own subtask's files of lower attempts
 * opened at or after {@code R}, for the same reason: this catches what an attempt that failed
 * before its first checkpoint staged, which no state names.
 */
@Internal
public final class StagingToken {

    private static final Pattern TOKEN =
            Pattern.compile("((.+)-s(\\d+)-a(\\d+)(?:-g([0-9a-f]{16}))?)-e(\\d+)");

    /** The job and sink: {@code <job id>-<sink id>}. */
    public final String job;

    /** Everything before the epoch: the writer instance that staged the file. */
    public final String prefix;

    public final int subtask;
    public final int attempt;
    public final long epoch;

    private StagingToken(String prefix, String job, int subtask, int attempt, long epoch) {
        this.prefix = prefix;
        this.job = job;
        this.subtask = subtask;
        this.attempt = attempt;
        this.epoch = epoch;
    }

    /** The job and sink part of a sink's tokens: {@code <job id>-<sink id>}. */
    public static String jobToken(String jobId, String sinkId) {
        return jobId + "-" + sinkId;
    }

    /** A token without a generation: {@code <job>-s<subtask>-a<attempt>-e<epoch>}. */
    public static String format(String jobToken, int subtask, int attempt, long epoch) {
        return jobToken + "-s" + subtask + "-a" + attempt + "-e" + epoch;
    }

    /** The token's parts, or nothing for a token of another shape (another engine's writer). */
    public static Optional<StagingToken> parse(String token) {
        Matcher m = TOKEN.matcher(token);
        if (!m.matches()) {
            return Optional.empty();
        }
        return Optional.of(
                new StagingToken(
                        m.group(1),
                        m.group(2),
                        Integer.parseInt(m.group(3)),
                        Integer.parseInt(m.group(4)),
                        Long.parseLong(m.group(6))));
    }

    /**
     * Accepts the tokens of {@code jobToken}'s files that no commit will publish once checkpoint
     * {@code checkpointId} is committed: those with an earlier epoch, whatever their subtask,
     * attempt or generation. Safe because no running writer can still hand such a file in: a writer
     * that took part in the checkpoint had snapshotted it, which hands every file it opened before
     * to that or an earlier committable; a writer restored from checkpoint {@code R} opens files at
     * epochs {@code >= R}, and after that restore the committer commits either restored
     * committables (checkpoints {@code <= R}) or checkpoints that writer took part in. Checkpoint
     * ids never restart within a job token: a restore continues the restored checkpoint's ids.
     */
    public static Predicate<String> leftBehindBefore(String jobToken, long checkpointId) {
        return token ->
                parse(token)
                        .filter(t -> t.job.equals(jobToken) && t.epoch < checkpointId)
                        .isPresent();
    }

    /**
     * Accepts the tokens of every staged file of {@code jobToken}: once the commit at the end of
     * that job's input is done, no writer of the job runs any more, and a staged file of the job
     * that commit did not publish is one no commit ever will.
     */
    public static Predicate<String> ofJob(String jobToken) {
        return token -> parse(token).filter(t -> t.job.equals(jobToken)).isPresent();
    }

    private static final SecureRandom RANDOM = new SecureRandom();

    /** A new writer instance's generation: 16 random lowercase hex digits. */
    public static String newGeneration() {
        return String.format("%016x", RANDOM.nextLong());
    }

    /** A writer instance's prefix: {@code <job>-s<subtask>-a<attempt>-g<generation>}. */
    public static String prefix(String jobToken, int subtask, int attempt, String generation) {
        return jobToken + "-s" + subtask + "-a" + attempt + "-g" + generation;
    }

    /** A writer's token for the files it opens after checkpoint {@code epoch}. */
    public static String token(String prefix, long epoch) {
        return prefix + "-e" + epoch;
    }

    /**
     * Which staged files a restarted writer removes: those under the prefix of a restored state
     * (never its own), opened at or after the restored checkpoint; and those of its own subtask's
     * lower attempts, opened at or after the restored checkpoint (any, when none was restored).
     *
     * @param restored the prefix of each writer instance whose state was restored, with the
     *     checkpoint of that state
     */
    public static Predicate<String> orphans(
            String jobToken,
            int subtask,
            int attempt,
            String ownPrefix,
            OptionalLong restoredCheckpoint,
            Map<String, Long> restored) {
        long from = restoredCheckpoint.orElse(0);
        return text -> {
            StagingToken t = parse(text).orElse(null);
            if (t == null || t.prefix.equals(ownPrefix)) {
                return false;
            }
            if (t.job.equals(jobToken)
                    && t.subtask == subtask
                    && t.attempt < attempt
                    && t.epoch >= from) {
                return true;
            }
            if (restoredCheckpoint.isEmpty()) {
                return false;
            }
            Long stateCheckpoint = restored.get(t.prefix);
            return stateCheckpoint != null && t.epoch >= Math.max(from, stateCheckpoint);
        };
    }
}
