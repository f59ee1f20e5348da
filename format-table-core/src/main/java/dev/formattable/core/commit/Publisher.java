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
package dev.formattable.core.commit;

import dev.formattable.core.fs.FileCommitter;
import dev.formattable.core.fs.FileIO;
import dev.formattable.core.fs.Path;
import dev.formattable.core.table.CommitMessage;
import dev.formattable.core.utils.Parallel;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Publishes checked messages: renames staged files to their targets (taking them back when an
 * append fails) and completes uploads.
 */
final class Publisher {

    private static final Logger LOG = LoggerFactory.getLogger(Publisher.class);

    private final FileIO fileIO;
    private final int parallelism;

    Publisher(FileIO fileIO, int parallelism) {
        this.fileIO = fileIO;
        this.parallelism = parallelism;
    }

    /**
     * Publishes every message not yet published. When {@code takeBackOnFailure}, a failure takes
     * back every file this call tried to publish, including the one whose rename failed, since a
     * store may have carried out a rename whose answer was lost. A completed upload cannot be taken
     * back: a commit with uploads leaves what it published on failure, and committing the same
     * messages again completes it.
     *
     * @param afterRecovery whether an upload the store no longer knows, whose target was never
     *     published, is skipped (a commit after recovery) rather than refused
     */
    CommitResult publish(
            List<CheckedMessage> checked,
            boolean takeBackOnFailure,
            boolean afterRecovery,
            int deleted)
            throws IOException {
        List<CheckedMessage> pending = new ArrayList<>();
        List<String> vanished = new ArrayList<>();
        int already = 0;
        boolean uploads = false;
        for (CheckedMessage c : checked) {
            if (c.state == CheckedMessage.State.PUBLISHED) {
                already++;
            } else if (c.state == CheckedMessage.State.VANISHED) {
                vanished.add(c.target.toString());
            } else {
                pending.add(c);
                uploads |= c.state == CheckedMessage.State.UPLOAD;
            }
        }
        boolean takeBack = takeBackOnFailure && !uploads;
        List<Parallel.Outcome<FileCommitter.Outcome>> outcomes;
        try {
            outcomes = Parallel.runUntilFailure(pending, parallelism, this::publish);
        } catch (InterruptedIOException e) {
            // Cancelled: every rename that had started has ended. An append puts back what they
            // published; an overwrite, or a commit of uploads, is completed by committing again.
            if (!takeBack) {
                throw interrupted(
                        (takeBackOnFailure ? "Commit" : "Overwrite")
                                + " interrupted while publishing: "
                                + (takeBackOnFailure
                                        ? "the files it published stay published (a completed"
                                                + " upload cannot be taken back)"
                                        : "the data it replaces is deleted and part of the new"
                                                + " files are published")
                                + ". Committing the same messages again completes it.",
                        e);
            }
            List<String> notTakenBack = takeBackUninterrupted(pending);
            throw interrupted(
                    notTakenBack.isEmpty()
                            ? "Commit interrupted while publishing; every file it had published"
                                    + " was taken back and the table is as it was"
                            : "Commit interrupted while publishing, and these published files"
                                    + " could not be taken back: "
                                    + notTakenBack,
                    e);
        }
        Throwable failure = null;
        CheckedMessage failed = null;
        long rows = 0;
        long bytes = 0;
        Set<Path> partitions = new HashSet<>();
        int published = 0;
        List<CheckedMessage> publishedNow = new ArrayList<>();
        for (int i = 0; i < outcomes.size(); i++) {
            Parallel.Outcome<FileCommitter.Outcome> o = outcomes.get(i);
            if (o.failed()) {
                if (failure == null) {
                    failure = o.failure();
                    failed = pending.get(i);
                }
            } else if (!o.skipped()) {
                if (o.value() == FileCommitter.Outcome.VANISHED) {
                    vanished.add(pending.get(i).target.toString());
                } else if (o.value() == FileCommitter.Outcome.ALREADY_PUBLISHED) {
                    already++;
                    publishedNow.add(pending.get(i));
                } else {
                    rows += pending.get(i).message.rowCount();
                    bytes += pending.get(i).message.fileSize();
                    partitions.add(pending.get(i).target.parent());
                    published++;
                    publishedNow.add(pending.get(i));
                }
            }
        }
        if (failure == null && !vanished.isEmpty()) {
            if (!afterRecovery) {
                // Known only once the rest is completed: a first commit cannot ask the store
                // about every upload beforehand without a request per file.
                throw new IOException(
                        String.format(
                                "Commit failed: these files were never published and the store"
                                        + " no longer knows their uploads (aborted, or expired by"
                                        + " a lifecycle rule), so their rows are lost: %s. The"
                                        + " other %d files of the commit were published.",
                                vanished, published + already));
            }
            LOG.warn(
                    "Skipping {} files of a commit after recovery: neither pending nor published,"
                            + " they were removed since they were written: {}",
                    vanished.size(),
                    vanished);
        }
        if (failure == null) {
            if (takeBackOnFailure) {
                checkStillPublished(publishedNow);
            }
            return new CommitResult(
                    published, already, vanished.size(), deleted, rows, bytes, partitions.size());
        }
        if (!takeBackOnFailure) {
            throw failed(
                    String.format(
                            "Overwrite failed publishing %s: the data it replaces is deleted and"
                                    + " part of the new files are published. Committing the same"
                                    + " messages again completes it.",
                            failed.target),
                    failure);
        }
        if (!takeBack) {
            throw failed(
                    String.format(
                            "Commit failed publishing %s: the %d files it published stay published"
                                    + " (a completed upload cannot be taken back) and the rest"
                                    + " are not visible. Committing the same messages again"
                                    + " completes it.",
                            failed.target, published),
                    failure);
        }
        List<String> notTakenBack = takeBackUninterrupted(pending);
        String message =
                String.format(
                        "Commit failed publishing %s; the %d files it had published were taken"
                                + " back and the table is as it was",
                        failed.target, published);
        if (!notTakenBack.isEmpty()) {
            message =
                    String.format(
                            "Commit failed publishing %s, and these published files could not"
                                    + " be taken back: %s",
                            failed.target, notTakenBack);
        }
        throw failed(message, failure);
    }

    /**
     * An append whose files are all published checks that they still are: an overwrite that listed
     * the table while this append ran deletes what it saw, and the append must not report success
     * for rows that are gone.
     */
    private void checkStillPublished(List<CheckedMessage> published) throws IOException {
        List<Boolean> there = stillThere(published);
        List<String> removed = new ArrayList<>();
        for (int i = 0; i < published.size(); i++) {
            if (!there.get(i)) {
                removed.add(published.get(i).target.toString());
            }
        }
        if (!removed.isEmpty()) {
            throw new CommitConflictException(published.size(), removed);
        }
    }

    /**
     * Whether each file is at its target, asked file by file: the cost follows the commit. Listing
     * a directory instead would cost what the directory holds, which in an unpartitioned or
     * coarsely partitioned table grows with every commit.
     */
    private List<Boolean> stillThere(List<CheckedMessage> published) throws IOException {
        return Parallel.map(published, parallelism, c -> fileIO.exists(c.target));
    }

    /**
     * The error to throw for a failed publish: an I/O error or an unchecked exception of the file
     * system as the cause of an {@link IOException} saying what the table holds now; an {@link
     * Error} itself, with that message attached.
     */
    private static IOException failed(String message, Throwable failure) {
        if (failure instanceof Error) {
            failure.addSuppressed(new IOException(message));
            throw (Error) failure;
        }
        return new IOException(message, failure);
    }

    private static InterruptedIOException interrupted(String message, InterruptedIOException e) {
        InterruptedIOException result = new InterruptedIOException(message);
        result.initCause(e);
        return result;
    }

    /**
     * Takes back with the thread's interrupt flag cleared (an interrupted thread cannot wait for
     * the take-back's own calls, and NIO file channels refuse it), and sets it again afterwards.
     */
    private List<String> takeBackUninterrupted(List<CheckedMessage> attempted) throws IOException {
        boolean interrupted = Thread.interrupted();
        try {
            return takeBack(attempted);
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private FileCommitter.Outcome publish(CheckedMessage c) throws IOException {
        if (c.state == CheckedMessage.State.UPLOAD) {
            CommitMessage m = c.message;
            return fileIO.recoverCommitter(c.staged, c.target, m.fileSize(), m.upload())
                    .commitAfterRecovery();
        }
        rename(c);
        return FileCommitter.Outcome.PUBLISHED;
    }

    private void rename(CheckedMessage c) throws IOException {
        if (c.state == CheckedMessage.State.STAGED_AND_WHOLE_TARGET) {
            // The target is complete: the rename copied it and did not delete its source.
            fileIO.delete(c.staged, false);
            return;
        }
        if (c.state == CheckedMessage.State.STAGED_AND_TARGET) {
            // The target carries this write's unique name and is shorter than the file: our
            // own unfinished copy, while the staged file is whole.
            fileIO.delete(c.target, false);
        }
        fileIO.rename(c.staged, c.target);
    }

    /** Puts back each published target; returns those that could not be removed. */
    private List<String> takeBack(List<CheckedMessage> attempted) throws IOException {
        List<Parallel.Outcome<Void>> outcomes =
                Parallel.runAll(attempted, parallelism, this::takeBack);
        List<String> failed = new ArrayList<>();
        for (int i = 0; i < outcomes.size(); i++) {
            if (outcomes.get(i).failed()) {
                LOG.error(
                        "Could not take back published file {}",
                        attempted.get(i).target,
                        outcomes.get(i).failure());
                failed.add(attempted.get(i).target.toString());
            }
        }
        return failed;
    }

    private Void takeBack(CheckedMessage c) throws IOException {
        if (!fileIO.exists(c.target)) {
            return null;
        }
        if (fileIO.exists(c.staged)) {
            fileIO.delete(c.target, false);
        } else {
            try {
                // Renaming back keeps the staged file, so the commit can be tried again.
                fileIO.rename(c.target, c.staged);
            } catch (IOException e) {
                if (!fileIO.exists(c.staged)) {
                    // The published file is the only copy of its rows: it stays, and the caller
                    // names it. Committing the same messages again then finishes the commit.
                    throw e;
                }
                // A copy-and-delete rename that copied back but did not delete.
                if (fileIO.exists(c.target)) {
                    fileIO.delete(c.target, false);
                }
            }
        }
        return null;
    }
}
