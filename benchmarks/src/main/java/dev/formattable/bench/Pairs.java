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
package dev.formattable.bench;

import java.util.ArrayList;
import java.util.List;

/**
 * Runs two sides alternately (ours, theirs, ours, ...) after a warm-up pair, and keeps every figure
 * only if all runs of both sides gave the same answer.
 */
public final class Pairs {

    /** One timed run of one side. */
    @FunctionalInterface
    public interface Side {
        Sample run(int run) throws Exception;
    }

    /** The figures of both sides and whether their answers agreed. */
    public static final class Result {
        public final Stats ours;
        public final Stats theirs;
        public final boolean answersMatch;
        public final String oursAnswer;
        public final String theirsAnswer;

        Result(Stats ours, Stats theirs, boolean match, String oursAnswer, String theirsAnswer) {
            this.ours = ours;
            this.theirs = theirs;
            this.answersMatch = match;
            this.oursAnswer = oursAnswer;
            this.theirsAnswer = theirsAnswer;
        }
    }

    private Pairs() {}

    public static Result run(String label, int warmupPairs, int pairs, Side ours, Side theirs)
            throws Exception {
        String expected = null;
        String mismatchOurs = null;
        String mismatchTheirs = null;
        List<Double> a = new ArrayList<>();
        List<Double> b = new ArrayList<>();
        for (int i = 0; i < warmupPairs + pairs; i++) {
            boolean warm = i < warmupPairs;
            Sample o = ours.run(i * 2);
            Sample t = theirs.run(i * 2 + 1);
            if (expected == null) {
                expected = o.answer;
            }
            if (!o.answer.equals(expected) || !t.answer.equals(expected)) {
                mismatchOurs = o.answer;
                mismatchTheirs = t.answer;
            }
            if (!warm) {
                a.add(o.value);
                b.add(t.value);
            }
            System.err.printf(
                    "  %s %s: ours %s, theirs %s%n",
                    label,
                    warm ? "warm-up" : "pair " + (i - warmupPairs + 1),
                    Stats.fmt(o.value),
                    Stats.fmt(t.value));
        }
        boolean match = mismatchOurs == null;
        return new Result(
                Stats.of(a),
                Stats.of(b),
                match,
                match ? expected : mismatchOurs,
                match ? expected : mismatchTheirs);
    }

    /**
     * Runs one side alone (a warm-up, then {@code runs} timed runs), for figures with no
     * counterpart to alternate with. The answer is that of the last run, or a note of the
     * disagreement if the runs disagreed.
     */
    public static Result one(String label, int warmups, int runs, Side side) throws Exception {
        List<Double> values = new ArrayList<>();
        String answer = null;
        boolean same = true;
        for (int i = 0; i < warmups + runs; i++) {
            Sample s = side.run(i);
            same &= answer == null || answer.equals(s.answer);
            answer = s.answer;
            if (i >= warmups) {
                values.add(s.value);
            }
            System.err.printf(
                    "  %s %s: %s%n",
                    label,
                    i < warmups ? "warm-up" : "run " + (i - warmups + 1),
                    Stats.fmt(s.value));
        }
        Stats stats = Stats.of(values);
        return new Result(stats, stats, same, answer, same ? answer : "runs disagree");
    }

    /** Our figures from {@code ours} against the single-side figures of {@code other}. */
    public static Result combine(Result ours, Result other) {
        boolean match =
                ours.answersMatch && other.answersMatch && ours.oursAnswer.equals(other.oursAnswer);
        return new Result(ours.ours, other.ours, match, ours.oursAnswer, other.oursAnswer);
    }
}
