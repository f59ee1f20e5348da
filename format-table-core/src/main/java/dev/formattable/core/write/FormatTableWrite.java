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

import dev.formattable.core.fs.FileCommitter;
import dev.formattable.core.fs.FileIO;
import dev.formattable.core.fs.Path;
import dev.formattable.core.fs.StagedOutputStream;
import dev.formattable.core.fs.TwoPhaseOutputStream;
import dev.formattable.core.table.CommitMessage;
import dev.formattable.core.table.DataFilePathFactory;
import dev.formattable.core.table.FormatTableSpec;
import dev.formattable.core.table.StagedFileSweep;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.LongSupplier;

/**
 * Writes records into staged data files, one open file per partition, rolling to a new file when
 * one reaches {@code target-file-row-num} rows (checked after every record) or {@code
 * target-file-size} bytes, written and buffered by the format's writer (checked often enough that a
 * file passes it by little more than a record). Nothing it writes is visible until a {@code
 * FormatTableCommit} publishes the messages of {@link #prepareCommit()}. Files are staged under
 * {@code _temporary} beside their targets, or, on an object store with {@code
 * write.multipart-upload}, written as uploads straight to their targets (see {@link
 * FileIO#newTwoPhaseOutputStream}).
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

    private static final Logger LOG = LoggerFactory.getLogger(FormatTableWrite.class);

    /** The most rows written between two checks of a file's size. */
    static final long MAX_ROWS_BETWEEN_SIZE_CHECKS = 1000;

    private final FormatTableSpec table;
    private final FileIO fileIO;
    private final FormatWriterFactory<T> writerFactory;
    private final DataFilePathFactory pathFactory;
    private final long targetRows;
    private final long targetBytes;

    private final Map<List<Object>, PartitionTarget> partitions = new HashMap<>();

    /** Open files in least-recently-written order. */
    private final Map<List<Object>, OpenDataFile<T>> openFiles =
            new LinkedHashMap<>(16, 0.75f, true);

    private final int maxOpenFiles;

    /** Time-based rolling (see {@link #rollByTime}); off unless asked for. */
    private long rolloverMillis = Long.MAX_VALUE;

    private long inactivityMillis = Long.MAX_VALUE;
    private LongSupplier clock;

    /**
     * How many bytes of file one byte that a writer reports as buffered has turned out to become,
     * learnt from the files that rolled at the target size. Parquet reports the open pages before
     * encoding and compression: a file rolled on that figure alone ended at about half its target
     * (0.55 MB for 1 MB, 20 columns, snappy).
     */
    private double bufferedToFileBytes = 1.0;

    private int filesLearntFrom;
    private final List<CommitMessage> finished = new ArrayList<>();

    /** What the last prepareCommit() handed out: what abort() removes besides unprepared files. */
    private List<CommitMessage> lastHandedOut = List.of();

    private boolean closed;

    private StagedFileSweep sweep;

    /** Whether files are uploads to their targets; decided when the first file opens. */
    private Boolean uploads;

    public FormatTableWrite(FormatTableSpec table, FormatWriterFactory<T> writerFactory) {
        this(table, writerFactory, UUID.randomUUID().toString());
    }

    /**
     * A write whose staged files carry {@code stagingToken}, so that {@code StagedFileSweep} and
     * {@code OrphanFiles} can find what it leaves behind.
     */
    public FormatTableWrite(
            FormatTableSpec table, FormatWriterFactory<T> writerFactory, String stagingToken) {
        this.table = table;
        this.fileIO = table.fileIO();
        this.writerFactory = writerFactory;
        this.pathFactory =
                new DataFilePathFactory(
                        table.options(), UUID.randomUUID().toString(), stagingToken);
        this.targetRows = table.options().targetFileRowNum();
        this.targetBytes = table.options().targetFileSize();
        this.maxOpenFiles = table.options().maxOpenFiles();
    }

    /** The directory and rendered spec of a partition, computed once per partition. */
    private static final class PartitionTarget {
        final Path directory;
        final LinkedHashMap<String, String> spec;

        PartitionTarget(Path directory, LinkedHashMap<String, String> spec) {
            this.directory = directory;
            this.spec = spec;
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
        long now = clock == null ? 0 : clock.getAsLong();
        if (clock != null) {
            finishInactive(now);
        }
        OpenDataFile<T> file = openFiles.get(partitionValues);
        if (file == null) {
            if (openFiles.size() >= maxOpenFiles) {
                finishLeastRecentlyWritten();
            }
            file = open(target(partitionValues));
            file.openedAt = now;
            openFiles.put(nullSafe(partitionValues), file);
        }
        file.writer.add(record);
        file.rows++;
        file.lastWrite = now;
        if (file.rows >= targetRows || now - file.openedAt >= rolloverMillis) {
            openFiles.remove(partitionValues);
            finish(file);
        } else if (file.rows >= file.nextSizeCheck && reachedTargetSize(file)) {
            openFiles.remove(partitionValues);
            long writtenBefore = file.out.getPos();
            long buffered = file.bufferedAtCheck;
            finish(file);
            learnBufferedSize(buffered, file.finishedSize - writtenBefore);
        }
    }

    /**
     * Rolls files by time as well: a file open for {@code rolloverMillis} is finished after the
     * record that reaches it, and files not written for {@code inactivityMillis} are finished when
     * the next record arrives (or when the commit is prepared, as every file is). A finished file
     * is published with the next commit, as any other.
     */
    public void rollByTime(long rolloverMillis, long inactivityMillis, LongSupplier clock) {
        this.rolloverMillis = rolloverMillis;
        this.inactivityMillis = inactivityMillis;
        this.clock = clock;
    }

    /**
     * Finishes, without waiting for a record, the files open for {@code rolloverMillis} and those
     * not written for {@code inactivityMillis} (see {@link #rollByTime}): what a writer calls at
     * intervals, so that an idle file is not left open until the next commit. Nothing without
     * {@link #rollByTime}.
     */
    public void finishTimedOut() throws IOException {
        if (clock == null || closed) {
            return;
        }
        long now = clock.getAsLong();
        Iterator<OpenDataFile<T>> files = openFiles.values().iterator();
        while (files.hasNext()) {
            OpenDataFile<T> file = files.next();
            if (now - file.lastWrite >= inactivityMillis || now - file.openedAt >= rolloverMillis) {
                files.remove();
                finish(file);
            }
        }
    }

    /** Finishes the files, least recently written first, that were not written for too long. */
    private void finishInactive(long now) throws IOException {
        Iterator<OpenDataFile<T>> files = openFiles.values().iterator();
        while (files.hasNext()) {
            OpenDataFile<T> file = files.next();
            if (now - file.lastWrite < inactivityMillis) {
                // In order of their last write: the rest were written later.
                return;
            }
            files.remove();
            finish(file);
        }
    }

    /**
     * Whether the file (bytes written and those its writer buffers) reached {@code
     * target-file-size}. Asking a writer what it buffers walks its columns, so when the file is
     * below the target the next check is planned half way to where the average row size so far says
     * the target will be, and at most {@value #MAX_ROWS_BETWEEN_SIZE_CHECKS} rows on: a file passes
     * its target by little more than a row, at the cost of a few checks per file.
     */
    private boolean reachedTargetSize(OpenDataFile<T> file) throws IOException {
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
    private void learnBufferedSize(long buffered, long becameBytes) {
        if (buffered <= 0 || becameBytes <= 0) {
            return;
        }
        double ratio = Math.max(0.05, Math.min(2.0, (double) becameBytes / buffered));
        bufferedToFileBytes = filesLearntFrom++ == 0 ? ratio : (bufferedToFileBytes + ratio) / 2;
    }

    /**
     * Before this write first stages a file in a partition, removes what failed attempts left in
     * that partition's staging directory (see {@link StagedFileSweep}): how a restarted writer
     * clears up after the attempts it replaces at the cost of what it writes.
     */
    public void sweepBeforeStaging(StagedFileSweep sweep) {
        this.sweep = sweep;
    }

    /** Stages the files opened from now on under another token (see the constructor). */
    public void setStagingToken(String token) {
        pathFactory.setStagingToken(token);
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

    private static List<Object> nullSafe(List<Object> values) {
        // List.copyOf refuses nulls, and NULL is a valid partition value.
        return Collections.unmodifiableList(new ArrayList<>(values));
    }

    private PartitionTarget target(List<Object> values) {
        PartitionTarget target = partitions.get(values);
        if (target == null) {
            if (values.size() != table.layout().levels()) {
                throw new IllegalArgumentException(
                        "Expected "
                                + table.layout().levels()
                                + " partition values for "
                                + table.layout().keys()
                                + ", got "
                                + values);
            }
            target =
                    new PartitionTarget(table.partitionPath(values), table.layout().toSpec(values));
            partitions.put(nullSafe(values), target);
        }
        return target;
    }

    private OpenDataFile<T> open(PartitionTarget partition) throws IOException {
        Path target = pathFactory.newTarget(partition.directory);
        Path staged = pathFactory.stagedPathFor(target);
        if (uploads == null) {
            uploads = table.options().multipartUpload() && fileIO.uploadsToTarget(target);
        }
        TwoPhaseOutputStream out;
        if (uploads) {
            out = fileIO.newTwoPhaseOutputStream(target, staged);
        } else {
            if (sweep != null) {
                sweep.sweep(partition.directory);
            }
            fileIO.mkdirs(staged.parent());
            out = new StagedOutputStream(fileIO, staged, target);
        }
        try {
            return new OpenDataFile<>(
                    staged, target, partition.spec, out, writerFactory.create(out));
        } catch (IOException | RuntimeException e) {
            out.close();
            throw e;
        }
    }

    private void finish(OpenDataFile<T> file) throws IOException {
        long size;
        FileCommitter committer;
        try {
            file.writer.finish();
            size = file.out.getPos();
            committer = file.out.closeForCommit();
        } catch (IOException | RuntimeException e) {
            file.out.close();
            throw e;
        }
        file.finishedSize = size;
        finished.add(
                new CommitMessage(
                        file.staged,
                        file.target,
                        file.spec,
                        file.rows,
                        size,
                        committer.pendingUpload().orElse(null)));
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
            discard(m);
        }
        lastHandedOut = List.of();
    }

    /** How many messages and partition directories this write holds on to now. */
    int retainedEntries() {
        return lastHandedOut.size() + finished.size() + partitions.size() + openFiles.size();
    }

    /**
     * Stages every file to be published by a rename, also where the file system could upload it
     * straight to its target: for files read again before they are published (merged by
     * compaction), which a pending upload cannot be. Call before the first write.
     */
    public void stageForRename() {
        uploads = false;
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
            discard(m);
        }
        finished.clear();
    }

    /** Removes a finished file that will not be published: its staged file, or its upload. */
    private void discard(CommitMessage m) {
        try {
            fileIO.recoverCommitter(m.stagedPath(), m.targetPath(), m.fileSize(), m.upload())
                    .discard();
        } catch (IOException | RuntimeException e) {
            LOG.warn("Could not discard the unpublished file {}", m.targetPath(), e);
        }
    }
}
