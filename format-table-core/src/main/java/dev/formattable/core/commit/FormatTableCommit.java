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

import dev.formattable.core.fs.FileIO;
import dev.formattable.core.fs.Path;
import dev.formattable.core.metastore.PartitionRegistry;
import dev.formattable.core.scan.DataSplit;
import dev.formattable.core.scan.FileListing;
import dev.formattable.core.scan.FormatTableScan;
import dev.formattable.core.scan.ListingStats;
import dev.formattable.core.table.CommitMessage;
import dev.formattable.core.table.FormatTableSpec;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Publishes staged files by renaming them to their targets, and clears what an overwrite replaces.
 *
 * <p>Every message is checked before anything is touched. An append that fails part way takes back
 * every file it published, so the table is as it was. An overwrite deletes what it replaces before
 * it publishes; if it fails part way, committing the same messages again completes it. A commit is
 * safe to replay: a file already published is recognised and skipped, and an overwrite never
 * deletes the files its own messages name.
 */
public final class FormatTableCommit {

    private static final Logger LOG = LoggerFactory.getLogger(FormatTableCommit.class);

    /** Files renamed or deleted at once on a remote file system. */
    public static final int DEFAULT_PARALLELISM = 16;

    private final FormatTableSpec table;
    private final FileIO fileIO;
    private int parallelism;
    private boolean afterRecovery;
    private String commitId;

    public FormatTableCommit(FormatTableSpec table) {
        this.table = table;
        this.fileIO = table.fileIO();
        this.parallelism = defaultParallelism(table);
    }

    /** {@value #DEFAULT_PARALLELISM}, or one on a local file system. */
    static int defaultParallelism(FormatTableSpec table) {
        // On a local disk a rename or a status takes microseconds, less than handing it to a
        // thread, so one thread does them all.
        return table.fileIO().isLocal(table.qualifiedLocation()) ? 1 : DEFAULT_PARALLELISM;
    }

    /**
     * How many files are renamed or deleted at once; by default {@value #DEFAULT_PARALLELISM}, or
     * one on a local file system.
     */
    public FormatTableCommit withParallelism(int files) {
        if (files < 1) {
            throw new IllegalArgumentException("Commit parallelism must be positive, got " + files);
        }
        this.parallelism = files;
        return this;
    }

    /**
     * Marks this as a commit of messages restored after a failure (a checkpoint or savepoint), as
     * an engine's committer replays them. A message whose staged file and target are both gone
     * (removed by a retention job, a truncate, an overwrite, a dropped partition) is then skipped
     * with a warning and counted in {@link CommitResult#vanishedFiles()}, and the rest is
     * published; a first commit refuses such a message, since its rows were never published.
     */
    public FormatTableCommit afterRecovery() {
        this.afterRecovery = true;
        return this;
    }

    /**
     * Makes this a commit that publishes at most one set of files, however often it is tried: the
     * first try records its messages under {@code id} (in {@code _temporary/.commit.<id>.journal})
     * before it publishes anything, and every later try with the same id publishes the recorded
     * messages instead of those it is given, as a commit after recovery, and removes the staged
     * files of given messages the record does not name. Once a try has published, the record is
     * marked published ({@code _temporary/.commit.<id>.published}) and a later try publishes
     * nothing (and removes no data for an overwrite): it only removes the staged files of given
     * messages the record does not name. An engine that reruns writers and their committer after a
     * failure (the rerun writes new files), even one after the commit returned, thus never
     * publishes the same rows twice. A commit with nothing to publish records nothing.
     *
     * <p>The record stays after the commit, for an engine that reruns it after a later step failed.
     * The engine removes it with {@link #forgetCommit} once nothing can rerun the commit; otherwise
     * {@link OrphanFiles} removes it once it is older than its threshold. Ids must therefore not be
     * reused for a different set of files while a record of theirs is kept.
     *
     * @throws IllegalArgumentException when the id is not 1 to 200 letters, digits, '-' or '_'
     */
    public FormatTableCommit withCommitId(String id) {
        CommitJournal.of(table, id); // refuse a bad id now
        this.commitId = id;
        return this;
    }

    /**
     * Whether a try of the commit {@code id} (see {@link #withCommitId}) recorded its messages or
     * published them.
     */
    public boolean isRecorded(String id) throws IOException {
        return CommitJournal.of(table, id).exists();
    }

    /**
     * Removes the record of the commit {@code id} (see {@link #withCommitId}), once everything that
     * had to follow the commit succeeded and nothing can try it again. A later commit with the id
     * is then a first commit. Best effort: what cannot be removed is logged and left to {@link
     * OrphanFiles}.
     */
    public void forgetCommit(String id) {
        CommitJournal.of(table, id).deleteQuietly();
    }

    /**
     * Publishes the messages' files. On failure, every file this call published is taken back
     * (renamed back to its staged path) before the error is thrown.
     */
    public CommitResult append(Collection<CommitMessage> messages) throws IOException {
        CommitResult earlier = publishedEarlier(messages);
        if (earlier != null) {
            return earlier;
        }
        Set<Map<String, String>> registered =
                PartitionRegistrations.registeredAtHome(table, messages);
        Plan plan = toPublish(messages, List.of());
        CommitResult result =
                new Publisher(fileIO, parallelism)
                        .publish(plan.checked, true, plan.skipsVanished, 0);
        registerPartitions(plan.checked, registered);
        markPublished(plan);
        return result;
    }

    /**
     * What one try publishes: the checked messages; whether it skips what vanished (after recovery,
     * or the replay of a record); whether it recorded them under the commit's id.
     */
    private static final class Plan {
        final List<CheckedMessage> checked;
        final boolean skipsVanished;
        final boolean recorded;

        Plan(List<CheckedMessage> checked, boolean skipsVanished, boolean recorded) {
            this.checked = checked;
            this.skipsVanished = skipsVanished;
            this.recorded = recorded;
        }
    }

    /**
     * For a commit with an id that a try published already: removes the staged files of the given
     * messages the record does not name, and tells what the record published; otherwise null.
     */
    private CommitResult publishedEarlier(Collection<CommitMessage> messages) throws IOException {
        if (commitId == null) {
            return null;
        }
        CommitJournal journal = CommitJournal.of(table, commitId);
        if (!journal.isPublished()) {
            return null;
        }
        List<CommitMessage> recorded = journal.read().orElse(List.of());
        List<CommitMessage> unrecorded = unrecorded(recorded, messages);
        LOG.info(
                "Commit {} to {} was published by an earlier try: publishing nothing, removing {}"
                        + " staged files it does not name",
                commitId,
                table.location(),
                unrecorded.size());
        abort(unrecorded);
        return CommitResult.alreadyPublished(recorded.size());
    }

    /**
     * Registers the partitions the commit published into, where the table's catalog lists
     * partitions. Before the commit's record is marked published, so that a failure here leaves a
     * commit that a replay finishes: its files are found published, and it registers again.
     *
     * @param registered partitions found registered at their directories before publishing
     */
    private void registerPartitions(
            List<CheckedMessage> published, Set<Map<String, String>> registered)
            throws IOException {
        Optional<PartitionRegistry> registry = table.partitionRegistry();
        if (registry.isEmpty() || !table.layout().isPartitioned()) {
            return;
        }
        Map<Map<String, String>, Path> partitions = new LinkedHashMap<>();
        for (CheckedMessage c : published) {
            if (c.state == CheckedMessage.State.VANISHED) {
                continue;
            }
            Map<String, String> spec = PartitionRegistrations.spec(table.layout(), c.message);
            if (!registered.contains(spec)) {
                partitions.putIfAbsent(spec, c.target.parent());
            }
        }
        if (!partitions.isEmpty()) {
            registry.get().register(partitions);
        }
    }

    /** After success: the record of a commit with an id is marked published. */
    private void markPublished(Plan plan) {
        if (plan.recorded) {
            CommitJournal.of(table, commitId).markPublishedQuietly();
        }
    }

    private static List<CommitMessage> unrecorded(
            List<CommitMessage> recorded, Collection<CommitMessage> messages) {
        Set<Path> named = new HashSet<>();
        recorded.forEach(m -> named.add(m.stagedPath()));
        List<CommitMessage> unrecorded = new ArrayList<>();
        for (CommitMessage m : messages) {
            if (!named.contains(m.stagedPath())) {
                unrecorded.add(m);
            }
        }
        return unrecorded;
    }

    /**
     * The messages to publish, checked: those given, or, for a commit whose id an earlier try
     * recorded, those recorded. The first try records them before anything is published.
     */
    private Plan toPublish(Collection<CommitMessage> messages, List<Object> prefix)
            throws IOException {
        if (commitId == null) {
            return new Plan(
                    new MessageChecker(table, parallelism, afterRecovery).check(messages, prefix),
                    afterRecovery,
                    false);
        }
        CommitJournal journal = CommitJournal.of(table, commitId);
        Optional<List<CommitMessage>> recorded = journal.read();
        if (recorded.isPresent()) {
            List<CommitMessage> unrecorded = unrecorded(recorded.get(), messages);
            List<CheckedMessage> checked =
                    new MessageChecker(table, parallelism, true).check(recorded.get(), prefix);
            if (!unrecorded.isEmpty()) {
                LOG.info(
                        "Commit {} to {} was recorded by an earlier try: publishing the {} files"
                                + " it recorded, removing {} staged files it does not name",
                        commitId,
                        table.location(),
                        recorded.get().size(),
                        unrecorded.size());
                abort(unrecorded);
            }
            return new Plan(checked, true, true);
        }
        List<CheckedMessage> checked =
                new MessageChecker(table, parallelism, afterRecovery).check(messages, prefix);
        if (messages.isEmpty()) {
            return new Plan(checked, afterRecovery, false);
        }
        journal.write(new ArrayList<>(messages));
        return new Plan(checked, afterRecovery, true);
    }

    /**
     * Replaces data and publishes the messages' files. With a static partition (a leading run of
     * partition keys, given as text and read through the column types) everything below it is
     * replaced; otherwise, with {@code dynamic-partition-overwrite} on a partitioned table, the
     * partitions the messages write to; otherwise the whole table. The replaced files are deleted
     * even when there is nothing to publish.
     */
    public CommitResult overwrite(
            Map<String, String> staticPartition, Collection<CommitMessage> messages)
            throws IOException {
        if (!staticPartition.isEmpty() && !table.layout().isPartitioned()) {
            throw new IllegalArgumentException(
                    "Cannot overwrite static partition "
                            + staticPartition
                            + ": the table is not partitioned");
        }
        List<Object> prefix = table.layout().parseSpec(staticPartition);
        // Render now, so that a value refused by the layout fails before anything is touched.
        table.layout().relativePath(prefix);
        CommitResult earlier = publishedEarlier(messages);
        if (earlier != null) {
            return earlier;
        }
        Set<Map<String, String>> registered =
                PartitionRegistrations.registeredAtHome(table, messages);
        Plan plan = toPublish(messages, prefix);
        List<CheckedMessage> checked = plan.checked;

        Set<Path> keep = new HashSet<>();
        checked.forEach(c -> keep.add(c.target));
        List<Path> replaced = filesToReplace(prefix, checked);
        replaced.removeIf(keep::contains);
        int deleted =
                TableFiles.deleteAll(
                        fileIO,
                        replaced,
                        parallelism,
                        n ->
                                String.format(
                                        "Overwrite of %s stopped while deleting the data it"
                                                + " replaces: %d of %d files deleted, nothing"
                                                + " published. Committing the same messages again"
                                                + " completes it.",
                                        table.location(), n, replaced.size()));
        CommitResult result =
                new Publisher(fileIO, parallelism)
                        .publish(checked, false, plan.skipsVanished, deleted);
        registerPartitions(checked, registered);
        if (!dynamicOverwrite(prefix)) {
            // Partitions below the prefix that got no new files now hold nothing.
            Set<Map<String, String>> written = new HashSet<>();
            checked.stream()
                    .filter(c -> c.state != CheckedMessage.State.VANISHED)
                    .forEach(c -> written.add(table.layout().toSpec(c.partitionValues)));
            PartitionRegistrations.unregisterBelow(table, prefix, written);
        }
        markPublished(plan);
        return result;
    }

    private boolean dynamicOverwrite(List<Object> prefix) {
        return prefix.isEmpty()
                && table.layout().isPartitioned()
                && table.options().dynamicPartitionOverwrite();
    }

    private List<Path> filesToReplace(List<Object> prefix, List<CheckedMessage> checked)
            throws IOException {
        List<Path> files = new ArrayList<>();
        if (dynamicOverwrite(prefix)) {
            Set<Path> dirs = new LinkedHashSet<>();
            for (CheckedMessage c : checked) {
                dirs.addAll(TableFiles.spellings(table, c.partitionValues));
            }
            FileListing listing =
                    new FileListing(fileIO, table.layout(), parallelism, new ListingStats());
            listing.dataFiles(new ArrayList<>(dirs))
                    .forEach(l -> l.forEach(f -> files.add(f.path())));
        } else {
            for (DataSplit split :
                    new FormatTableScan(table).withPartitionPrefix(prefix).plan().splits()) {
                files.add(split.path());
            }
        }
        return files;
    }

    /**
     * Removes the staged files of messages that will not be committed, and aborts their uploads. A
     * published file is left alone. Best effort: what cannot be removed is logged, never thrown.
     */
    public void abort(Collection<CommitMessage> messages) {
        messages.forEach(m -> m.discardQuietly(fileIO));
    }
}
