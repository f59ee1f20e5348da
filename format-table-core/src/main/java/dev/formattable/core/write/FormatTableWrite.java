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

import dev.formattable.core.fs.FileIO;
import dev.formattable.core.table.CommitMessage;
import dev.formattable.core.table.FormatTableSpec;
import dev.formattable.core.table.StagedFileSweep;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * Writes records into staged data files, one open file per partition, rolling to a new file as
 * {@link RollingPolicy} says. Nothing it writes is visible until a {@code FormatTableCommit}
 * publishes the messages of {@link #prepareCommit()}. Files are staged under {@code _temporary}
 * beside their targets, or, on an object store with {@code write.multipart-upload}, written as
 * uploads straight to their targets (see {@link FileIO#newTwoPhaseOutputStream}). At most {@code
 * write.max-open-files} files are open; past that, the least recently written one is finished.
 *
 * <p>A write may go on after {@code prepareCommit()}; each call hands out the files finished since
 * the last, and hands the responsibility for them to their commit. {@link #abort()} removes the
 * files staged since and those the last {@code prepareCommit()} handed out (the commit a caller
 * abandons); {@link #close()} removes those not yet handed out. What a write keeps between calls is
 * bounded by what it wrote since the last {@code prepareCommit()}, however long it runs. One thread
 * drives a write.
 *
 * @param <T> the record type
 */
public final class FormatTableWrite<T> implements AutoCloseable {

    private final PartitionTargets partitions;
    private final FileStager<T> files;
    private final RollingPolicy rolling;
    private final int maxOpenFiles;
    private final Consumer<CommitMessage> onFileFinished;

    /** Open files in least-recently-written order. */
    private final Map<List<Object>, OpenDataFile<T>> openFiles =
            new LinkedHashMap<>(16, 0.75f, true);

    private final List<CommitMessage> finished = new ArrayList<>();

    /** What the last prepareCommit() handed out: what abort() removes besides unprepared files. */
    private List<CommitMessage> lastHandedOut = List.of();

    private boolean closed;

    private FormatTableWrite(Builder<T> b) {
        this.partitions = new PartitionTargets(b.table);
        this.files =
                new FileStager<>(b.table, b.writerFactory, b.stagingToken, b.renamesOnly, b.sweep);
        this.rolling =
                new RollingPolicy(
                        b.table.options().targetFileRowNum(),
                        b.table.options().targetFileSize(),
                        b.timeRolling);
        this.maxOpenFiles = b.table.options().maxOpenFiles();
        this.onFileFinished = b.onFileFinished;
    }

    /** Starts building a write into {@code table}, with files made by {@code writerFactory}. */
    public static <T> Builder<T> builder(
            FormatTableSpec table, FormatWriterFactory<T> writerFactory) {
        return new Builder<>(table, writerFactory);
    }

    /** Builds a {@link FormatTableWrite}. */
    public static final class Builder<T> {
        private final FormatTableSpec table;
        private final FormatWriterFactory<T> writerFactory;
        private String stagingToken = UUID.randomUUID().toString();
        private RollingPolicy.TimeRolling timeRolling = RollingPolicy.TimeRolling.NONE;
        private StagedFileSweep sweep;
        private boolean renamesOnly;
        private Consumer<CommitMessage> onFileFinished = m -> {};

        private Builder(FormatTableSpec table, FormatWriterFactory<T> writerFactory) {
            this.table = Objects.requireNonNull(table, "table");
            this.writerFactory = Objects.requireNonNull(writerFactory, "writerFactory");
        }

        /**
         * The token the staged files carry (a random one by default), so that {@code
         * StagedFileSweep} and {@code OrphanFiles} can find what the write leaves behind.
         *
         * @throws IllegalArgumentException when the token cannot be part of a file name
         */
        public Builder<T> stagingToken(String token) {
            this.stagingToken = Objects.requireNonNull(token, "token");
            return this;
        }

        /**
         * Rolls files by time as well: a file open for {@code rolloverMillis} is finished after the
         * record that reaches it, and files not written for {@code inactivityMillis} are finished
         * when the next record arrives, at {@link #finishTimedOut()}, or when the commit is
         * prepared, as every file is. {@code clock} tells the time in milliseconds.
         */
        public Builder<T> rollByTime(
                long rolloverMillis, long inactivityMillis, LongSupplier clock) {
            this.timeRolling =
                    new RollingPolicy.TimeRolling(
                            rolloverMillis, inactivityMillis, Objects.requireNonNull(clock));
            return this;
        }

        /**
         * Before the write first stages a file in a partition, removes what failed attempts left in
         * that partition's staging directory (see {@link StagedFileSweep}): how a restarted writer
         * clears up after the attempts it replaces at the cost of what it writes.
         */
        public Builder<T> sweepBeforeStaging(StagedFileSweep sweep) {
            this.sweep = Objects.requireNonNull(sweep, "sweep");
            return this;
        }

        /**
         * Stages every file to be published by a rename, also where the file system could upload it
         * straight to its target: for files read again before they are published (merged by
         * compaction), which a pending upload cannot be.
         */
        public Builder<T> stageForRename() {
            this.renamesOnly = true;
            return this;
        }

        /**
         * Tells {@code listener} of every file the write finishes (rolled by size or time, or at
         * {@link #prepareCommit()}), as it is finished: for an engine's metrics.
         */
        public Builder<T> onFileFinished(Consumer<CommitMessage> listener) {
            this.onFileFinished = Objects.requireNonNull(listener, "listener");
            return this;
        }

        public FormatTableWrite<T> build() {
            return new FormatTableWrite<>(this);
        }
    }

    /**
     * Writes a record into the partition with these typed values (in partition key order; empty for
     * an unpartitioned table).
     *
     * @throws IllegalArgumentException when the values cannot name a partition directory
     */
    public void write(List<Object> partitionValues, T record) throws IOException {
        if (closed) {
            throw new IllegalStateException("This write is closed.");
        }
        long now = rolling.now();
        if (rolling.rollsByTime()) {
            finishInactive(now);
        }
        OpenDataFile<T> file = openFiles.get(partitionValues);
        if (file == null) {
            if (openFiles.size() >= maxOpenFiles) {
                finishLeastRecentlyWritten();
            }
            file = files.open(partitions.of(partitionValues));
            file.openedAt = now;
            openFiles.put(PartitionTargets.key(partitionValues), file);
        }
        file.writer.add(record);
        file.rows++;
        file.lastWrite = now;
        if (rolling.rollsAfterRecord(file, now)) {
            openFiles.remove(partitionValues);
            finish(file);
        } else if (rolling.sizeCheckDue(file) && rolling.reachedTargetSize(file)) {
            openFiles.remove(partitionValues);
            long writtenBefore = file.out.getPos();
            long buffered = file.bufferedAtCheck;
            finish(file);
            rolling.learnBufferedSize(buffered, file.finishedSize - writtenBefore);
        }
    }

    /**
     * Finishes, without waiting for a record, the files open or idle for too long (see {@link
     * Builder#rollByTime}): what a writer calls at intervals, so that an idle file is not left open
     * until the next commit. Nothing without rolling by time.
     */
    public void finishTimedOut() throws IOException {
        if (!rolling.rollsByTime() || closed) {
            return;
        }
        long now = rolling.now();
        Iterator<OpenDataFile<T>> open = openFiles.values().iterator();
        while (open.hasNext()) {
            OpenDataFile<T> file = open.next();
            if (rolling.timedOut(file, now)) {
                open.remove();
                finish(file);
            }
        }
    }

    /** Finishes the files, least recently written first, that were not written for too long. */
    private void finishInactive(long now) throws IOException {
        Iterator<OpenDataFile<T>> open = openFiles.values().iterator();
        while (open.hasNext()) {
            OpenDataFile<T> file = open.next();
            if (!rolling.inactive(file, now)) {
                // In order of their last write: the rest were written later.
                return;
            }
            open.remove();
            finish(file);
        }
    }

    /** Stages the files opened from now on under another token (see {@link Builder}). */
    public void setStagingToken(String token) {
        files.setStagingToken(token);
    }

    private void finishLeastRecentlyWritten() throws IOException {
        Iterator<OpenDataFile<T>> eldest = openFiles.values().iterator();
        OpenDataFile<T> file = eldest.next();
        eldest.remove();
        finish(file);
    }

    /** The number of files open now. */
    public int openFiles() {
        return openFiles.size();
    }

    private void finish(OpenDataFile<T> file) throws IOException {
        CommitMessage message = files.finish(file);
        finished.add(message);
        onFileFinished.accept(message);
    }

    /**
     * Finishes every open file without handing out its message yet, so that a writer fed one
     * partition at a time keeps one file open.
     */
    public void finishOpenFiles() throws IOException {
        List<OpenDataFile<T>> open = new ArrayList<>(openFiles.values());
        openFiles.clear();
        for (OpenDataFile<T> file : open) {
            finish(file);
        }
    }

    /**
     * Finishes every open file and hands out the messages of every file finished since the last
     * call. The write may go on afterwards.
     */
    public List<CommitMessage> prepareCommit() throws IOException {
        if (closed) {
            throw new IllegalStateException("This write is closed.");
        }
        finishOpenFiles();
        List<CommitMessage> messages = new ArrayList<>(finished);
        finished.clear();
        lastHandedOut = messages;
        // Nothing is open now: forget the partitions, so a long write keeps only those it
        // writes between two calls.
        partitions.clear();
        return messages;
    }

    /**
     * Removes every file this write staged since the last {@code prepareCommit()}, and the files
     * that call handed out: the prepared commit a caller abandons. Files handed out by earlier
     * calls belong to their commits ({@code FormatTableCommit#abort} removes those). A file already
     * published is no longer staged and is left alone. Best effort: a file that cannot be removed
     * is logged.
     */
    public void abort() {
        discardUnprepared();
        for (CommitMessage m : lastHandedOut) {
            files.discard(m);
        }
        lastHandedOut = List.of();
    }

    /** How many messages and partition directories this write holds on to now. */
    int retainedEntries() {
        return lastHandedOut.size() + finished.size() + partitions.size() + openFiles.size();
    }

    /** Closes the write, removing the staged files it never handed out. */
    @Override
    public void close() {
        if (!closed) {
            discardUnprepared();
            closed = true;
        }
    }

    private void discardUnprepared() {
        for (OpenDataFile<T> file : openFiles.values()) {
            file.out.close();
        }
        openFiles.clear();
        for (CommitMessage m : finished) {
            files.discard(m);
        }
        finished.clear();
    }
}
