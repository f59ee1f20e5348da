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
package dev.formattable.core.utils;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/** Runs independent file system calls on a bounded number of threads. */
public final class Parallel {

    private static final AtomicInteger THREADS = new AtomicInteger();

    private Parallel() {}

    /** A function that may fail with an I/O error. */
    @FunctionalInterface
    public interface IOFunction<A, B> {
        B apply(A input) throws IOException;
    }

    /** What one call produced: its value or its failure, or that it was skipped. */
    public static final class Outcome<B> {
        private static final Outcome<?> SKIPPED = new Outcome<>(null, null);

        private final B value;
        private final Throwable failure;

        private Outcome(B value, Throwable failure) {
            this.value = value;
            this.failure = failure;
        }

        /** Whether the call never ran, because an earlier one had failed. */
        public boolean skipped() {
            return this == SKIPPED;
        }

        public B value() {
            return value;
        }

        /**
         * Why the call failed: an {@link IOException}, or whatever unchecked exception or error the
         * call threw, kept so that the caller sees it only once every call has ended.
         */
        public Throwable failure() {
            return failure;
        }

        public boolean failed() {
            return failure != null;
        }
    }

    /**
     * Applies {@code fn} to every input with at most {@code parallelism} threads, waits for all of
     * them, and returns each outcome in input order. One failure does not stop the others.
     *
     * @throws InterruptedIOException when the calling thread is interrupted: calls not yet started
     *     are then skipped, but this returns only once every started call has ended, with the
     *     thread's interrupt flag set again
     */
    public static <A, B> List<Outcome<B>> runAll(
            List<A> inputs, int parallelism, IOFunction<A, B> fn) throws InterruptedIOException {
        return run(inputs, parallelism, fn, false);
    }

    /**
     * Like {@link #runAll}, but once a call has failed, calls not yet started are skipped (their
     * outcome says so) rather than run.
     */
    public static <A, B> List<Outcome<B>> runUntilFailure(
            List<A> inputs, int parallelism, IOFunction<A, B> fn) throws InterruptedIOException {
        return run(inputs, parallelism, fn, true);
    }

    @SuppressWarnings("unchecked")
    private static <A, B> List<Outcome<B>> run(
            List<A> inputs, int parallelism, IOFunction<A, B> fn, boolean stopOnFailure)
            throws InterruptedIOException {
        List<Outcome<B>> outcomes = new ArrayList<>(inputs.size());
        AtomicBoolean stop = new AtomicBoolean();
        Function<A, Outcome<B>> guarded =
                input -> {
                    if (stop.get()) {
                        return (Outcome<B>) Outcome.SKIPPED;
                    }
                    Outcome<B> o = call(fn, input);
                    if (o.failed() && stopOnFailure) {
                        stop.set(true);
                    }
                    return o;
                };
        if (inputs.size() <= 1 || parallelism <= 1) {
            for (A input : inputs) {
                if (Thread.currentThread().isInterrupted()) {
                    throw interrupted();
                }
                outcomes.add(guarded.apply(input));
            }
            return outcomes;
        }
        int threads = Math.min(parallelism, inputs.size());
        ExecutorService executor =
                Executors.newFixedThreadPool(
                        threads,
                        r -> {
                            Thread t =
                                    new Thread(r, "format-table-io-" + THREADS.incrementAndGet());
                            t.setDaemon(true);
                            return t;
                        });
        boolean interrupted = false;
        try {
            List<Future<Outcome<B>>> futures = new ArrayList<>(inputs.size());
            for (A input : inputs) {
                futures.add(executor.submit(() -> guarded.apply(input)));
            }
            // Wait for every call, also when interrupted: a call that has started (a rename
            // half done on a store) must end before the caller decides what to take back.
            for (Future<Outcome<B>> f : futures) {
                while (true) {
                    try {
                        outcomes.add(f.get());
                        break;
                    } catch (InterruptedException e) {
                        interrupted = true;
                        stop.set(true);
                    } catch (ExecutionException e) {
                        // call() keeps every failure in its outcome.
                        throw new IllegalStateException(
                                "A file system call failed outside its outcome", e.getCause());
                    }
                }
            }
        } finally {
            executor.shutdown();
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
            throw interrupted();
        }
        return outcomes;
    }

    private static InterruptedIOException interrupted() {
        return new InterruptedIOException(
                "Interrupted while running file system calls; every call that had started has"
                        + " ended");
    }

    /**
     * Throws a call's failure as it was: an {@link IOException} as such, an unchecked exception or
     * an error unchanged.
     */
    public static IOException rethrow(Throwable failure) throws IOException {
        if (failure instanceof IOException) {
            throw (IOException) failure;
        }
        if (failure instanceof RuntimeException) {
            throw (RuntimeException) failure;
        }
        if (failure instanceof Error) {
            throw (Error) failure;
        }
        throw new IllegalStateException("Unexpected checked failure", failure);
    }

    /** Like {@link #runAll}, but throws the first failure once every call has ended. */
    public static <A, B> List<B> map(List<A> inputs, int parallelism, IOFunction<A, B> fn)
            throws IOException {
        List<B> result = new ArrayList<>(inputs.size());
        for (Outcome<B> o : runAll(inputs, parallelism, fn)) {
            if (o.failed()) {
                throw rethrow(o.failure());
            }
            result.add(o.value());
        }
        return result;
    }

    private static <A, B> Outcome<B> call(IOFunction<A, B> fn, A input) {
        try {
            return new Outcome<>(fn.apply(input), null);
        } catch (IOException e) {
            return new Outcome<>(null, e);
        } catch (UncheckedIOException e) {
            return new Outcome<>(null, e.getCause());
        } catch (RuntimeException | Error e) {
            // Not swallowed: kept in the outcome, so that the caller sees it after every other
            // call has ended and can take back what they did (a commit does) before throwing it.
            return new Outcome<>(null, e);
        }
    }
}
