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
package dev.formattable.core.write;

import java.io.IOException;
import java.util.function.LongSupplier;

/**
 * When a data file rolls to the next: at {@code target-file-row-num} rows (checked after every
 * record), at {@code target-file-size} bytes, written and buffered by the format's writer (checked
 * often enough that a file passes it by little more than a record), and, for the line formats,
 * after being open or idle for too long. Learns, from the files that rolled at the target size,
 * what the bytes a writer reports as buffered become on disk.
 */
final class RollingPolicy {

    /** The most rows written between two checks of a file's size. */
    static final long MAX_ROWS_BETWEEN_SIZE_CHECKS = 1000;

    private final long targetRows;
    private final long targetBytes;
    private final TimeRolling time;

    /**
     * How many bytes of file one byte that a writer reports as buffered has turned out to become.
     * Parquet reports its open pages before encoding and compression, so a file rolled on that
     * figure alone would end well below its target.
     */
    private double bufferedToFileBytes = 1.0;

    private int filesLearntFrom;

    RollingPolicy(long targetRows, long targetBytes, TimeRolling time) {
        this.targetRows = targetRows;
        this.targetBytes = targetBytes;
        this.time = time;
    }

    /** The time now, on the rolling clock (0 without rolling by time). */
    long now() {
        return time.now();
    }

    boolean rollsByTime() {
        return time.enabled();
    }

    /** Whether the file rolls after the record just written, by rows or by time open. */
    boolean rollsAfterRecord(OpenDataFile<?> file, long now) {
        return file.rows >= targetRows || now - file.openedAt >= time.rolloverMillis();
    }

    /** Whether the file was not written for too long. */
    boolean inactive(OpenDataFile<?> file, long now) {
        return now - file.lastWrite >= time.inactivityMillis();
    }

    /** Whether the file was idle or open for too long. */
    boolean timedOut(OpenDataFile<?> file, long now) {
        return inactive(file, now) || now - file.openedAt >= time.rolloverMillis();
    }

    /** Whether the file's size is due to be checked after the record just written. */
    boolean sizeCheckDue(OpenDataFile<?> file) {
        return file.rows >= file.nextSizeCheck;
    }

    /**
     * Whether the file (bytes written and those its writer buffers) reached {@code
     * target-file-size}. Asking a writer what it buffers walks its columns, so when the file is
     * below the target the next check is planned half way to where the average row size so far says
     * the target will be, and at most {@value #MAX_ROWS_BETWEEN_SIZE_CHECKS} rows on.
     */
    boolean reachedTargetSize(OpenDataFile<?> file) throws IOException {
        file.bufferedAtCheck = file.writer.bufferedBytes();
        long size = file.out.getPos() + (long) (file.bufferedAtCheck * bufferedToFileBytes);
        if (size >= targetBytes) {
            return true;
        }
        long bytesPerRow = Math.max(1, size / file.rows);
        long rowsLeft = (targetBytes - size) / bytesPerRow;
        file.nextSizeCheck =
                file.rows + Math.max(1, Math.min(MAX_ROWS_BETWEEN_SIZE_CHECKS, rowsLeft / 2));
        return false;
    }

    /**
     * Learns from a file that rolled at the target size what its buffered bytes became once written
     * (footer included): the first such file sets the ratio, each later one is averaged in.
     * Bounded, so one odd file cannot make the next ones roll far from the target.
     */
    void learnBufferedSize(long buffered, long becameBytes) {
        if (buffered <= 0 || becameBytes <= 0) {
            return;
        }
        double ratio = Math.max(0.05, Math.min(2.0, (double) becameBytes / buffered));
        bufferedToFileBytes = filesLearntFrom++ == 0 ? ratio : (bufferedToFileBytes + ratio) / 2;
    }

    /**
     * Rolling by time: a file open for {@code rolloverMillis} rolls after the record that reaches
     * it, and one not written for {@code inactivityMillis} when the next record or check comes.
     */
    static final class TimeRolling {
        static final TimeRolling NONE = new TimeRolling(Long.MAX_VALUE, Long.MAX_VALUE, () -> 0L);

        private final long rolloverMillis;
        private final long inactivityMillis;
        private final LongSupplier clock;

        TimeRolling(long rolloverMillis, long inactivityMillis, LongSupplier clock) {
            this.rolloverMillis = rolloverMillis;
            this.inactivityMillis = inactivityMillis;
            this.clock = clock;
        }

        boolean enabled() {
            return this != NONE;
        }

        long now() {
            return clock.getAsLong();
        }

        long rolloverMillis() {
            return rolloverMillis;
        }

        long inactivityMillis() {
            return inactivityMillis;
        }
    }
}
