package dev.formattable.flink.sink;

import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Which staged files of a job no commit will publish once a checkpoint's commit has succeeded.
 * Writers stage under {@code <job>-s<subtask>-a<attempt>-e<epoch>}, the epoch being the last
 * checkpoint the writer had snapshotted when it opened the file. Once checkpoint {@code N}
 * completed, every live writer had snapshotted it, and the files it opened before were handed out
 * to that checkpoint's committable; so after that commit, a file of the job still staged with an
 * epoch below {@code N} was left by a failed attempt, whatever its subtask or attempt.
 */
public final class StagedEpochs {

    private static final Pattern TOKEN = Pattern.compile("(.+)-s\\d+-a\\d+-e(\\d+)");

    private StagedEpochs() {}

    /** Accepts the staging tokens of {@code jobToken} with an epoch below {@code checkpointId}. */
    public static Predicate<String> leftBehindBefore(String jobToken, long checkpointId) {
        return token -> {
            Matcher m = TOKEN.matcher(token);
            return m.matches()
                    && m.group(1).equals(jobToken)
                    && Long.parseLong(m.group(2)) < checkpointId;
        };
    }
}
