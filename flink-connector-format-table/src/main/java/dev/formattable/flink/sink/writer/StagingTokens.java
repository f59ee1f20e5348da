package dev.formattable.flink.sink.writer;

import dev.formattable.flink.sink.committable.StagingToken;

import java.util.Collection;
import java.util.OptionalLong;
import java.util.function.Predicate;

/**
 * Staging tokens of a job's writers: {@code <job>-s<subtask>-a<attempt>-e<epoch>}, where the epoch
 * is the checkpoint after which the file was opened. Files opened after checkpoint {@code e} are
 * committed with a later checkpoint; so after a restore from checkpoint {@code R}, a staged file of
 * an earlier attempt with epoch {@code >= R} belongs to no committable that will ever be committed,
 * and one with epoch {@code < R} is in a restored committable and must stay.
 */
final class StagingTokens {

    private StagingTokens() {}

    static String prefix(String jobToken, int subtask, int attempt) {
        return jobToken + "-s" + subtask + "-a" + attempt;
    }

    static String token(String prefix, long epoch) {
        return prefix + "-e" + epoch;
    }

    /**
     * Which staged files a restarted writer removes: those of its own earlier attempts in this job,
     * and those under the prefixes of the restored states, opened at or after the restored
     * checkpoint (or any, when nothing was restored).
     */
    static Predicate<String> orphans(
            String jobToken,
            int subtask,
            int attempt,
            OptionalLong restoredCheckpoint,
            Collection<FormatTableWriterState> restored) {
        long from = restoredCheckpoint.orElse(0);
        String ownLineage = jobToken + "-s" + subtask;
        return text -> {
            StagingToken t = StagingToken.parse(text).orElse(null);
            if (t == null || t.epoch < from) {
                return false;
            }
            String lineage = t.job + "-s" + t.subtask;
            if (lineage.equals(ownLineage) && t.attempt < attempt) {
                return true;
            }
            String prefix = lineage + "-a" + t.attempt;
            for (FormatTableWriterState state : restored) {
                if (state.stagingPrefix().equals(prefix)
                        && !prefix.equals(ownLineage + "-a" + attempt)) {
                    return true;
                }
            }
            return false;
        };
    }
}
