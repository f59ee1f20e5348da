package dev.formattable.flink.sink.writer;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.OptionalLong;
import java.util.function.Predicate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Which staged files a restarted writer removes. Subtask 2 of job {@code job1} restarts as attempt
 * 3 from checkpoint 5. It restores its own state of attempt 2 and, after a rescale, that of subtask
 * 7's attempt 1.
 */
class StagingTokensTest {

    private static final Predicate<String> ORPHAN =
            StagingTokens.orphans(
                    "job1",
                    2,
                    3,
                    OptionalLong.of(5),
                    List.of(
                            new FormatTableWriterState("job1-s2-a2", 5),
                            new FormatTableWriterState("job1-s7-a1", 5)));

    @Test
    void tokensArePrefixAndEpoch() {
        assertThat(StagingTokens.prefix("job1", 2, 3)).isEqualTo("job1-s2-a3");
        assertThat(StagingTokens.token("job1-s2-a3", 5)).isEqualTo("job1-s2-a3-e5");
    }

    @Test
    void keepsFilesOpenedBeforeTheRestoredCheckpoint() {
        // They are in committables of checkpoints up to 5, which the committer publishes.
        assertThat(ORPHAN)
                .rejects("job1-s2-a2-e4", "job1-s2-a2-e0", "job1-s2-a0-e4", "job1-s7-a1-e4");
    }

    @Test
    void keepsTheFilesOfTheCurrentAttempt() {
        assertThat(ORPHAN).rejects("job1-s2-a3-e5", "job1-s2-a3-e6", "job1-s2-a3-e0");
    }

    @Test
    void removesEarlierAttemptsFilesOfTheSameSubtaskFromTheRestoredCheckpointOn() {
        assertThat(ORPHAN)
                .accepts("job1-s2-a2-e5", "job1-s2-a2-e6", "job1-s2-a1-e5", "job1-s2-a0-e99");
    }

    @Test
    void removesFilesUnderARestoredStatesPrefixFromTheRestoredCheckpointOn() {
        assertThat(ORPHAN).accepts("job1-s7-a1-e5", "job1-s7-a1-e12");
        // Subtask 7's other attempts are not in a restored state; their subtask may run now.
        assertThat(ORPHAN).rejects("job1-s7-a2-e5", "job1-s7-a0-e6");
    }

    @Test
    void ignoresOtherSubtasksOtherJobsAndMalformedTokens() {
        assertThat(ORPHAN)
                .rejects(
                        // other live subtasks of this job
                        "job1-s3-a0-e9",
                        "job1-s22-a0-e9",
                        // other jobs, including one whose token starts like ours
                        "job2-s2-a2-e9",
                        "job12-s2-a2-e9",
                        "xjob1-s2-a2-e9",
                        "other-job1-s2-a2-e9",
                        // not a token of this format
                        "",
                        "garbage",
                        "job1-s2-a2",
                        "job1-s2-a2-e",
                        "job1-s2-a2-e5x",
                        "job1-s2-ax-e5",
                        "job1-sx-a2-e5",
                        "job1-s2-a2-e-5",
                        "job1-s2-a2-e5-e6",
                        "550e8400-e29b-41d4-a716-446655440000");
    }

    @Test
    void withoutARestoredCheckpointEveryEarlierAttemptOfTheSubtaskIsRemoved() {
        Predicate<String> orphan =
                StagingTokens.orphans("job1", 2, 1, OptionalLong.empty(), List.of());
        assertThat(orphan).accepts("job1-s2-a0-e0", "job1-s2-a0-e3");
        assertThat(orphan).rejects("job1-s2-a1-e0", "job1-s2-a2-e0", "job1-s3-a0-e0");
    }

    @Test
    void aFirstAttemptRestoredFromItsOwnPrefixKeepsThatPrefixsFiles() {
        // Attempt numbers start again at 0 after a job manager failover while the job token
        // stays, so the restored prefix is the writer's own and the current attempt's files are
        // kept. This pins today's behaviour: what the failed attempt 0 staged after checkpoint 5
        // (epoch >= 5) is then left behind in _temporary. It is never read or published; it is
        // only not cleaned up.
        Predicate<String> orphan =
                StagingTokens.orphans(
                        "job1",
                        0,
                        0,
                        OptionalLong.of(5),
                        List.of(new FormatTableWriterState("job1-s0-a0", 5)));
        assertThat(orphan).rejects("job1-s0-a0-e5", "job1-s0-a0-e4");
    }
}
