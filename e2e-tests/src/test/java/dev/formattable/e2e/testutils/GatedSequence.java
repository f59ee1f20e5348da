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
package dev.formattable.e2e.testutils;

import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.connector.source.lib.NumberSequenceSource.NumberSequenceSplit;
import org.apache.flink.api.connector.source.util.ratelimit.RateLimiter;
import org.apache.flink.api.connector.source.util.ratelimit.RateLimiterStrategy;
import org.apache.flink.connector.datagen.source.DataGeneratorSource;
import org.apache.flink.connector.datagen.source.GeneratorFunction;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * The ids 0 to {@code rows - 1}, read by one reader, where the ids from {@code gateAt} on are read
 * only once a condition holds: a streaming job whose input must not end before something has
 * happened (a commit, say), however slow the machine. The reader waits without blocking its task,
 * so checkpoints go on while the gate is shut; a thread of its own looks at the condition every 20
 * ms. The cluster runs in this JVM, so the condition is shared by every attempt of the job, and a
 * restarted reader finds the gate as the first attempt left it.
 */
public final class GatedSequence {

    private static final ScheduledExecutorService LOOKOUT =
            Executors.newSingleThreadScheduledExecutor(
                    r -> {
                        Thread thread = new Thread(r, "gated-sequence-lookout");
                        thread.setDaemon(true);
                        return thread;
                    });

    private static volatile BooleanSupplier condition = () -> true;
    private static volatile boolean open;

    private GatedSequence() {}

    /** Shuts the gate until {@code opensWhen} holds; call before the job starts. */
    public static void shutUntil(BooleanSupplier opensWhen) {
        open = false;
        condition = opensWhen;
    }

    /** Whether the condition has been seen to hold. */
    public static boolean opened() {
        return open;
    }

    /**
     * The sequence, read by one reader and spread over the environment's parallelism. Without the
     * spread, the table operators after it would take its parallelism of 1 and chain to it, and
     * each checkpoint's file closes in the writer would hold the reader up.
     */
    public static DataStream<Long> read(StreamExecutionEnvironment env, long rows, long gateAt) {
        DataGeneratorSource<Long> source =
                new DataGeneratorSource<>(
                        (GeneratorFunction<Long, Long>) index -> index,
                        rows,
                        new GateStrategy(gateAt),
                        Types.LONG);
        return env.fromSource(source, WatermarkStrategy.noWatermarks(), "gated sequence")
                .setParallelism(1)
                .rebalance()
                .map(id -> id)
                .returns(Types.LONG)
                .name("spread");
    }

    private static CompletionStage<Void> whenOpen() {
        CompletableFuture<Void> opened = new CompletableFuture<>();
        LOOKOUT.execute(() -> look(opened));
        return opened;
    }

    private static void look(CompletableFuture<Void> opened) {
        if (open || holds()) {
            open = true;
            opened.complete(null);
        } else {
            LOOKOUT.schedule(() -> look(opened), 20, TimeUnit.MILLISECONDS);
        }
    }

    /**
     * Whether the condition holds; a condition that cannot be looked at does not. The reader's
     * availability must never fail (Flink stops the process if it does), so a gate whose condition
     * keeps failing stays shut, and the test fails on its job's time-out.
     */
    private static boolean holds() {
        try {
            return condition.getAsBoolean();
        } catch (RuntimeException e) {
            return false;
        }
    }

    private static final class GateStrategy implements RateLimiterStrategy<NumberSequenceSplit> {
        private static final long serialVersionUID = 1L;

        private final long gateAt;

        GateStrategy(long gateAt) {
            this.gateAt = gateAt;
        }

        @Override
        public RateLimiter<NumberSequenceSplit> createRateLimiter(int parallelism) {
            return new Gate(gateAt);
        }
    }

    /** Counts the rows it lets through; each one past {@code gateAt} waits for the gate. */
    private static final class Gate implements RateLimiter<NumberSequenceSplit> {
        private final long gateAt;
        private long acquired;

        Gate(long gateAt) {
            this.gateAt = gateAt;
        }

        @Override
        public CompletionStage<Void> acquire(int permits) {
            acquired += permits;
            return acquired <= gateAt || open
                    ? CompletableFuture.completedFuture(null)
                    : whenOpen();
        }
    }
}
