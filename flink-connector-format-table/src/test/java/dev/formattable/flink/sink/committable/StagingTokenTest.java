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

import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.OptionalLong;
import java.util.function.Predicate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Which staged files a restored writer removes. A writer of subtask 2 (generation {@code G}) is
 * restored from checkpoint 5 with the states of two earlier writer instances: {@code A}, which ran
 * subtask 2, and, after a rescale, {@code B}, which ran subtask 7.
 */
class StagingTokenTest {

    private static final String A = "job1-s2-a2-g00000000000000aa";
    private static final String B = "job1-s7-a1-g00000000000000bb";
    private static final String OWN = "job1-s2-a0-g000000000000000c";

    private static final Predicate<String> ORPHAN =
            StagingToken.orphans("job1", 2, 0, OWN, OptionalLong.of(5), Map.of(A, 5L, B, 5L));

    @Test
    void tokensArePrefixWithGenerationAndEpoch() {
        assertThat(StagingToken.prefix("job1", 2, 3, "0123456789abcdef"))
                .isEqualTo("job1-s2-a3-g0123456789abcdef");
        assertThat(StagingToken.token("job1-s2-a3-g0123456789abcdef", 5))
                .isEqualTo("job1-s2-a3-g0123456789abcdef-e5");
        assertThat(StagingToken.newGeneration())
                .matches("[0-9a-f]{16}")
                .isNotEqualTo(StagingToken.newGeneration());
    }

    @Test
    void parsesTokensWithAndWithoutAGeneration() {
        StagingToken t = StagingToken.parse("job1-s2-a3-g0123456789abcdef-e5").orElseThrow();
        assertThat(t.job).isEqualTo("job1");
        assertThat(t.prefix).isEqualTo("job1-s2-a3-g0123456789abcdef");
        assertThat(t.subtask).isEqualTo(2);
        assertThat(t.attempt).isEqualTo(3);
        assertThat(t.epoch).isEqualTo(5);
        StagingToken old = StagingToken.parse("job1-s2-a3-e5").orElseThrow();
        assertThat(old.prefix).isEqualTo("job1-s2-a3");
        assertThat(old.job).isEqualTo("job1");
    }

    @Test
    void removesFilesUnderARestoredStatesPrefixFromTheRestoredCheckpointOn() {
        assertThat(ORPHAN).accepts(A + "-e5", A + "-e6", B + "-e5", B + "-e12");
    }

    @Test
    void keepsFilesOpenedBeforeTheRestoredCheckpoint() {
        // They are in committables of checkpoints up to 5, which the committer publishes.
        assertThat(ORPHAN).rejects(A + "-e4", A + "-e0", B + "-e4");
    }

    /**
     * Subtask and attempt repeat across writer instances (attempts restart at 0 after a JobManager
     * failover; a rescale moves states between subtasks): only the whole prefix of a restored state
     * names a writer that no longer runs.
     */
    @Test
    void keepsEveryOtherWritersFilesEvenOfTheSameSubtaskAndAttempt() {
        assertThat(ORPHAN)
                .rejects(
                        OWN + "-e5",
                        OWN + "-e6",
                        // the writer now running subtask 7, at attempt 1 too
                        "job1-s7-a1-g00000000000000dd-e6",
                        // another instance of subtask 2 at a lower attempt
                        "job1-s2-a1-g00000000000000ee-e6",
                        "job1-s2-a0-g00000000000000ee-e6",
                        // tokens of earlier versions, without a generation
                        "job1-s2-a2-e5",
                        "job1-s7-a1-e5");
    }

    /** Attempts count from 0 again after a JobManager failover: the generation tells them apart. */
    @Test
    void removesFilesOfTheEarlierInstanceOfTheSameSubtaskAndAttempt() {
        String before = "job1-s2-a0-g00000000000000aa";
        Predicate<String> orphan =
                StagingToken.orphans("job1", 2, 0, OWN, OptionalLong.of(5), Map.of(before, 5L));
        assertThat(orphan).accepts(before + "-e5", before + "-e6");
        assertThat(orphan).rejects(before + "-e4", OWN + "-e5");
    }

    @Test
    void removesFilesOfARestoredStateOfAnEarlierVersionWithoutAGeneration() {
        // No running writer has a prefix without a generation.
        Predicate<String> orphan =
                StagingToken.orphans(
                        "job1", 2, 0, OWN, OptionalLong.of(5), Map.of("job1-s2-a0", 5L));
        assertThat(orphan).accepts("job1-s2-a0-e5", "job1-s2-a0-e7");
        assertThat(orphan).rejects("job1-s2-a0-e4", OWN + "-e5", "job1-s2-a1-e5");
    }

    /**
     * An attempt that failed before its first checkpoint is named in no state; what it staged from
     * the restored checkpoint on is removed by the next attempt of its subtask, which is the only
     * writer of that subtask running, whether or not it restored a state.
     */
    @Test
    void restoredFromACheckpointLowerAttemptsOfTheSubtaskAreRemovedFromThatCheckpointOn() {
        Predicate<String> orphan =
                StagingToken.orphans("job1", 2, 3, OWN, OptionalLong.of(5), Map.of());
        assertThat(orphan).accepts("job1-s2-a0-e5", "job1-s2-a2-g00000000000000ee-e7");
        assertThat(orphan)
                .rejects(
                        // Opened before the restored checkpoint: in its committables or held.
                        "job1-s2-a2-g00000000000000ee-e4",
                        // Not of a lower attempt of this subtask, or of another job.
                        "job1-s2-a3-g00000000000000ee-e5",
                        "job1-s3-a0-g00000000000000ee-e5",
                        "job2-s2-a0-g00000000000000ee-e5",
                        B + "-e9");
    }

    /**
     * Without any restored checkpoint no state moved between subtasks, so the only writer of
     * subtask 2 that may run is this attempt: lower attempts of subtask 2 are removed, whatever
     * their generation.
     */
    @Test
    void withoutARestoredCheckpointLowerAttemptsOfTheSubtaskAreRemoved() {
        String own = "job1-s2-a1-g000000000000000c";
        Predicate<String> orphan =
                StagingToken.orphans("job1", 2, 1, own, OptionalLong.empty(), Map.of());
        assertThat(orphan).accepts("job1-s2-a0-e0", "job1-s2-a0-g00000000000000ee-e3");
        assertThat(orphan)
                .rejects(
                        own + "-e0",
                        "job1-s2-a1-g00000000000000ee-e0",
                        "job1-s2-a2-g00000000000000ee-e0",
                        "job1-s3-a0-g00000000000000ee-e0",
                        "job2-s2-a0-g00000000000000ee-e0");
    }

    @Test
    void ignoresOtherJobsAndMalformedTokens() {
        assertThat(ORPHAN)
                .rejects(
                        "job2-s2-a2-g00000000000000aa-e9",
                        "job12-s2-a2-g00000000000000aa-e9",
                        "xjob1-s2-a2-g00000000000000aa-e9",
                        "",
                        "garbage",
                        A,
                        A + "-e",
                        A + "-e5x",
                        A + "-e-5",
                        A + "-e5-e6",
                        "job1-s2-a2-g00000000000000AA-e5",
                        "job1-s2-a2-g00aa-e5",
                        "550e8400-e29b-41d4-a716-446655440000");
    }
}
