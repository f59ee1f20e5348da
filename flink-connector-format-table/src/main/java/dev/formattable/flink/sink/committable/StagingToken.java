package dev.formattable.flink.sink.committable;

import java.util.Optional;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A writer's staging token, {@code <job>-s<subtask>-a<attempt>-e<epoch>}, read back from a staged
 * file's name. The epoch is the last checkpoint the writer had snapshotted when it opened the file.
 */
public final class StagingToken {

    private static final Pattern TOKEN = Pattern.compile("(.+)-s(\\d+)-a(\\d+)-e(\\d+)");

    /** The job and sink: {@code <job id>-<sink id>}. */
    public final String job;

    public final int subtask;
    public final int attempt;
    public final long epoch;

    private StagingToken(String job, int subtask, int attempt, long epoch) {
        this.job = job;
        this.subtask = subtask;
        this.attempt = attempt;
        this.epoch = epoch;
    }

    /** The job and sink part of a sink's tokens: {@code <job id>-<sink id>}. */
    public static String jobToken(String jobId, String sinkId) {
        return jobId + "-" + sinkId;
    }

    /** A token: {@code <job>-s<subtask>-a<attempt>-e<epoch>}. */
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
                        Integer.parseInt(m.group(2)),
                        Integer.parseInt(m.group(3)),
                        Long.parseLong(m.group(4))));
    }

    /**
     * Accepts the tokens of {@code jobToken}'s files that no commit will publish once checkpoint
     * {@code checkpointId} is committed: those with an earlier epoch. Once the checkpoint
     * completed, every live writer had snapshotted it and handed the files it opened before to that
     * checkpoint's committable; so such a file, still staged after that commit, was left by a
     * failed attempt, whatever its subtask or attempt.
     */
    public static Predicate<String> leftBehindBefore(String jobToken, long checkpointId) {
        return token ->
                parse(token)
                        .filter(t -> t.job.equals(jobToken) && t.epoch < checkpointId)
                        .isPresent();
    }
}
