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
package dev.formattable.flink.sink.writer;

import org.apache.flink.annotation.Internal;

import java.util.List;
import java.util.Objects;

/**
 * What a writer checkpoints: the staging prefix of its files, the checkpoint, and the partition
 * directories it staged files in since the checkpoint before, and the finished files it holds back
 * across checkpoints (see {@link HeldPartition}), which the restored writer holds in turn. After a
 * restore, staged files under that prefix from this checkpoint on belong to no committable and are
 * removed, even when the job was resubmitted from a savepoint or rescaled. The restored writer
 * looks for them in the recorded directories, and in each partition as it first writes there, never
 * in the whole table.
 */
@Internal
public final class FormatTableWriterState {

    private final String stagingPrefix;
    private final long checkpointId;
    private final List<String> partitionDirectories;
    private final List<HeldPartition> heldPartitions;

    public FormatTableWriterState(String stagingPrefix, long checkpointId) {
        this(stagingPrefix, checkpointId, List.of(), List.of());
    }

    /**
     * @param partitionDirectories the partition directories (qualified paths) the writer staged
     *     files in since its previous checkpoint
     * @param heldPartitions the finished files the writer holds back across checkpoints
     */
    public FormatTableWriterState(
            String stagingPrefix,
            long checkpointId,
            List<String> partitionDirectories,
            List<HeldPartition> heldPartitions) {
        this.stagingPrefix = Objects.requireNonNull(stagingPrefix);
        this.checkpointId = checkpointId;
        this.partitionDirectories = List.copyOf(partitionDirectories);
        this.heldPartitions = List.copyOf(heldPartitions);
    }

    public String stagingPrefix() {
        return stagingPrefix;
    }

    public long checkpointId() {
        return checkpointId;
    }

    /** The partition directories the writer staged files in since its previous checkpoint. */
    public List<String> partitionDirectories() {
        return partitionDirectories;
    }

    /** The finished files the writer holds back across checkpoints, by partition. */
    public List<HeldPartition> heldPartitions() {
        return heldPartitions;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof FormatTableWriterState)) {
            return false;
        }
        FormatTableWriterState s = (FormatTableWriterState) o;
        return s.stagingPrefix.equals(stagingPrefix)
                && s.checkpointId == checkpointId
                && s.partitionDirectories.equals(partitionDirectories)
                && s.heldPartitions.equals(heldPartitions);
    }

    @Override
    public int hashCode() {
        return Objects.hash(stagingPrefix, checkpointId, partitionDirectories, heldPartitions);
    }

    @Override
    public String toString() {
        return "FormatTableWriterState{"
                + stagingPrefix
                + ", checkpoint "
                + checkpointId
                + ", "
                + partitionDirectories.size()
                + " partition directories, "
                + heldPartitions.size()
                + " held partitions}";
    }
}
