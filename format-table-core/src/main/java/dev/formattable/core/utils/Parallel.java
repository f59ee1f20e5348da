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
import java.util.concurrent.atomic.AtomicInteger;

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
        private final IOException failure;

        private Outcome(B value, IOException failure) {
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

        public IOException failure() {
            return failure;
        }

        public boolean failed() {
            return failure != null;
        }
    }

    /**
     * Applies {@code fn} to every input with at most {@code parallelism} threads, waits for all of
     * them, and returns each outcome in input order. One failure does not stop the others.
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
        java.util.concurrent.atomic.AtomicBoolean failed =
                new java.util.concurrent.atomic.AtomicBoolean();
        IOFunction<A, Outcome<B>> guarded =
                input -> {
                    if (stopOnFailure && failed.get()) {
                        return (Outcome<B>) Outcome.SKIPPED;
                    }
                    Outcome<B> o = call(fn, input);
                    if (o.failed()) {
                        failed.set(true);
                    }
                    return o;
                };
        if (inputs.size() <= 1 || parallelism <= 1) {
            for (A input : inputs) {
                outcomes.add(callGuarded(guarded, input));
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
        try {
            List<Future<Outcome<B>>> futures = new ArrayList<>(inputs.size());
            for (A input : inputs) {
                futures.add(executor.submit(() -> callGuarded(guarded, input)));
            }
            for (Future<Outcome<B>> f : futures) {
                outcomes.add(f.get());
            }
            return outcomes;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("Interrupted while waiting for file system calls");
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException) {
                throw (RuntimeException) cause;
            }
            if (cause instanceof Error) {
                throw (Error) cause;
            }
            throw new IllegalStateException(cause);
        } finally {
            executor.shutdownNow();
        }
    }

    /** Like {@link #runAll}, but throws the first failure once every call has ended. */
    public static <A, B> List<B> map(List<A> inputs, int parallelism, IOFunction<A, B> fn)
            throws IOException {
        List<B> result = new ArrayList<>(inputs.size());
        for (Outcome<B> o : runAll(inputs, parallelism, fn)) {
            if (o.failed()) {
                throw o.failure();
            }
            result.add(o.value());
        }
        return result;
    }

    private static <A, B> Outcome<B> callGuarded(IOFunction<A, Outcome<B>> guarded, A input) {
        try {
            return guarded.apply(input);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static <A, B> Outcome<B> call(IOFunction<A, B> fn, A input) {
        try {
            return new Outcome<>(fn.apply(input), null);
        } catch (IOException e) {
            return new Outcome<>(null, e);
        } catch (UncheckedIOException e) {
            return new Outcome<>(null, e.getCause());
        }
    }
}
