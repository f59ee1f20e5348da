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
import dev.formattable.core.partition.PartitionLayout;
import dev.formattable.core.table.CommitMessage;
import dev.formattable.core.table.DataFilePathFactory;
import dev.formattable.core.table.FormatTableSpec;
import dev.formattable.core.utils.Parallel;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * Checks every message of a commit before anything is touched, so that one bad message refuses the
 * whole commit: its paths lie inside the table with no {@code .} or {@code ..} segment, its target
 * sits in the partition it declares, its staged file sits in the staging directory beside the
 * target, no two messages share a file, and each file is either staged or already published (an
 * upload's state is settled when the publisher completes it).
 */
final class MessageChecker {

    private static final Logger LOG = LoggerFactory.getLogger(MessageChecker.class);

    private final FormatTableSpec table;
    private final FileIO fileIO;
    private final Path root;
    private final int parallelism;
    private final boolean afterRecovery;

    /** Options changed since restored messages were written, and the targets kept for them. */
    private final Set<String> changedOptions = new LinkedHashSet<>();

    private final Set<Path> keptRecorded = new LinkedHashSet<>();

    MessageChecker(FormatTableSpec table, int parallelism, boolean afterRecovery) {
        this.table = table;
        this.fileIO = table.fileIO();
        this.root = table.qualifiedLocation();
        this.parallelism = parallelism;
        this.afterRecovery = afterRecovery;
    }

    /**
     * Checks the messages; {@code staticPrefix} (typed, possibly empty) is the static partition
     * every message must lie in.
     *
     * @throws IllegalArgumentException naming the message and what is wrong with it
     */
    List<CheckedMessage> check(Collection<CommitMessage> messages, List<Object> staticPrefix)
            throws IOException {
        List<CheckedMessage> checked = new ArrayList<>(messages.size());
        Set<Path> targets = new HashSet<>();
        Set<Path> stagedFiles = new HashSet<>();
        String prefixPath = table.layout().relativePath(staticPrefix);
        for (CommitMessage m : messages) {
            CheckedMessage c = checkPaths(m);
            if (!targets.add(c.target) || !stagedFiles.add(c.staged)) {
                throw refuse(m, "names a file that another message of this commit names too");
            }
            if (!staticPrefix.isEmpty()) {
                String own =
                        table.layout()
                                .relativePath(c.partitionValues.subList(0, staticPrefix.size()));
                if (!own.equals(prefixPath)) {
                    throw refuse(
                            m,
                            "lies outside the static partition "
                                    + prefixPath
                                    + " being overwritten");
                }
            }
            checked.add(c);
        }
        if (!keptRecorded.isEmpty()) {
            LOG.warn(
                    "Committing {} files after recovery at the targets their messages recorded,"
                            + " written before these options changed: {}. First of them: {}",
                    keptRecorded.size(),
                    changedOptions,
                    keptRecorded.iterator().next());
        }
        checkStates(checked);
        return checked;
    }

    private CheckedMessage checkPaths(CommitMessage m) {
        if (m.stagedPath().hasDotSegment() || m.targetPath().hasDotSegment()) {
            throw refuse(m, "has a path with a '.' or '..' segment");
        }
        Path target = fileIO.qualify(m.targetPath());
        Path staged = fileIO.qualify(m.stagedPath());
        if (afterRecovery && (!target.isStrictlyBelow(root) || !staged.isStrictlyBelow(root))) {
            // Staged under another alias of the store's scheme (s3a:// and s3://): the same files.
            Path t =
                    target.isStrictlyBelow(root)
                            ? target
                            : RecordedTarget.underRootScheme(target, root);
            Path s =
                    staged.isStrictlyBelow(root)
                            ? staged
                            : RecordedTarget.underRootScheme(staged, root);
            if (t != null && s != null) {
                changedOptions.add("the scheme of 'path' (now " + root.scheme() + "://)");
                keptRecorded.add(m.targetPath());
                target = t;
                staged = s;
            }
        }
        if (!target.isStrictlyBelow(root) || !staged.isStrictlyBelow(root)) {
            String scheme =
                    afterRecovery && !Objects.equals(target.scheme(), root.scheme())
                            ? ". It was written under "
                                    + target.scheme()
                                    + "://, and the scheme of 'path' is now "
                                    + root.scheme()
                                    + "://"
                            : "";
            throw refuse(m, "has a path outside the table location " + root + scheme);
        }
        if (PartitionLayout.isHidden(target.name())) {
            throw refuse(m, "has a hidden target name, which no scan would read");
        }
        if (!DataFilePathFactory.isStagedPathOf(staged, target)) {
            throw refuse(
                    m,
                    "has a staged file that is not in the '"
                            + DataFilePathFactory.STAGING_DIR
                            + "' directory beside its target");
        }
        if (!new ArrayList<>(m.partition().keySet()).equals(table.layout().keys())) {
            throw refuse(
                    m,
                    "declares partition keys "
                            + m.partition().keySet()
                            + ", not "
                            + table.layout().keys());
        }
        List<Object> values;
        try {
            values = table.layout().parseSpec(m.partition());
        } catch (IllegalArgumentException e) {
            throw refuse(m, "declares a partition that cannot be read: " + e.getMessage());
        }
        Path expectedDir = table.partitionPath(values);
        if (!target.parent().equals(expectedDir)) {
            checkRecordedDirectory(m, target, values, expectedDir);
        }
        return new CheckedMessage(m, staged, target, values);
    }

    /**
     * A first commit's target must be where today's options put it. A commit after recovery keeps
     * the target its message recorded when only a partition option changed since it was staged
     * (moving it would leave its staged file or published target behind), and when refusing names
     * the option.
     */
    private void checkRecordedDirectory(
            CommitMessage m, Path target, List<Object> values, Path expectedDir) {
        String outside = "has a target outside the partition it declares (" + expectedDir + ")";
        if (!afterRecovery) {
            throw refuse(m, outside);
        }
        RecordedTarget.Judgement judged =
                RecordedTarget.judge(table.layout(), root, target.parent(), values);
        if (judged.publishable) {
            changedOptions.addAll(judged.changedOptions);
            keptRecorded.add(m.targetPath());
            return;
        }
        if (judged.changedOptions.isEmpty()) {
            throw refuse(m, outside);
        }
        throw refuse(
                m,
                outside
                        + ". It was staged before these options changed: "
                        + judged.changedOptions
                        + ", and with their values today no scan would read its directory."
                        + " Restore them to commit it");
    }

    private void checkStates(List<CheckedMessage> checked) throws IOException {
        List<CheckedMessage.State> states = Parallel.map(checked, parallelism, this::state);
        for (int i = 0; i < checked.size(); i++) {
            if (states.get(i) == CheckedMessage.State.VANISHED && !afterRecovery) {
                throw refuse(
                        checked.get(i).message,
                        "names a staged file that does not exist and a target that was never"
                                + " published");
            }
            checked.get(i).state = states.get(i);
        }
    }

    private CheckedMessage.State state(CheckedMessage c) throws IOException {
        if (c.message.isUpload()) {
            // Asking the store costs a request per file; completing the upload tells the same.
            return CheckedMessage.State.UPLOAD;
        }
        boolean staged = fileIO.exists(c.staged);
        boolean target = fileIO.exists(c.target);
        if (!staged) {
            return target ? CheckedMessage.State.PUBLISHED : CheckedMessage.State.VANISHED;
        }
        if (!target) {
            return CheckedMessage.State.STAGED;
        }
        // Both: a rename that copies may have finished copying. A whole target is the one to
        // keep; only a shorter one is an unfinished copy.
        return fileIO.getStatus(c.target).length() == c.message.fileSize()
                ? CheckedMessage.State.STAGED_AND_WHOLE_TARGET
                : CheckedMessage.State.STAGED_AND_TARGET;
    }

    private static IllegalArgumentException refuse(CommitMessage m, String why) {
        return new IllegalArgumentException(
                "Commit refused, nothing was changed: the message for "
                        + m.targetPath()
                        + " (staged at "
                        + m.stagedPath()
                        + ") "
                        + why);
    }
}
