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
package dev.formattable.flink.sink.committable;

import dev.formattable.core.fs.Path;
import dev.formattable.core.table.CommitMessage;

import org.apache.flink.annotation.Internal;

import java.io.Serializable;
import java.util.List;
import java.util.Objects;

/**
 * The files one checkpoint (or the end of a bounded input) made ready to publish: the core's commit
 * messages. Writers send one each; the global aggregator merges them into one per checkpoint for
 * the committer and adds the checkpoint's id, by which the commit at the end of a bounded input is
 * made at most once (see {@link #endOfInputCommitId}).
 */
@Internal
public final class FormatTableCommittable implements Serializable {

    private static final long serialVersionUID = 1L;

    /** The checkpoint id of a writer's committable, before the aggregator assigns one. */
    public static final long NO_CHECKPOINT = -1;

    private final List<CommitMessage> messages;
    private final long checkpointId;
    private final boolean endOfInput;
    private final List<Path> obsoleteStagedFiles;

    /** A writer's committable, which carries no checkpoint id. */
    public FormatTableCommittable(List<CommitMessage> messages) {
        this(messages, NO_CHECKPOINT, false);
    }

    /**
     * @param endOfInput whether these are the last files of a bounded input: a writer's last
     *     committable, or the one the aggregator emitted at the end of its input, not at a
     *     checkpoint
     */
    public FormatTableCommittable(
            List<CommitMessage> messages, long checkpointId, boolean endOfInput) {
        this(messages, checkpointId, endOfInput, List.of());
    }

    /**
     * @param obsoleteStagedFiles staged files whose rows are in other files now (merged away by
     *     compaction): the committer deletes them once this committable's commit has succeeded, as
     *     only then can no restore need them
     */
    public FormatTableCommittable(
            List<CommitMessage> messages,
            long checkpointId,
            boolean endOfInput,
            List<Path> obsoleteStagedFiles) {
        this.messages = List.copyOf(messages);
        this.checkpointId = checkpointId;
        this.endOfInput = endOfInput;
        this.obsoleteStagedFiles = List.copyOf(obsoleteStagedFiles);
    }

    public List<CommitMessage> messages() {
        return messages;
    }

    /** The checkpoint whose files these are, or {@link #NO_CHECKPOINT}. */
    public long checkpointId() {
        return checkpointId;
    }

    /** Whether these are the last files of a bounded input, the commit a batch job makes. */
    public boolean endOfInput() {
        return endOfInput;
    }

    /** Staged files to delete once this committable is committed; none but after compaction. */
    public List<Path> obsoleteStagedFiles() {
        return obsoleteStagedFiles;
    }

    /**
     * The id under which the core records the commit at the end of the input of a job's sink,
     * {@code <job token>-end}, so that a committer rerun after a lost TaskManager publishes what
     * the first try recorded rather than the files of rerun writers.
     */
    public static String endOfInputCommitId(String jobToken) {
        return jobToken + "-end";
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof FormatTableCommittable
                && ((FormatTableCommittable) o).messages.equals(messages)
                && ((FormatTableCommittable) o).checkpointId == checkpointId
                && ((FormatTableCommittable) o).endOfInput == endOfInput
                && ((FormatTableCommittable) o).obsoleteStagedFiles.equals(obsoleteStagedFiles);
    }

    @Override
    public int hashCode() {
        return Objects.hash(messages, checkpointId, endOfInput, obsoleteStagedFiles);
    }

    @Override
    public String toString() {
        return "FormatTableCommittable{checkpoint "
                + checkpointId
                + (endOfInput ? ", end of input, " : ", ")
                + messages
                + (obsoleteStagedFiles.isEmpty() ? "" : ", obsolete " + obsoleteStagedFiles)
                + "}";
    }
}
