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

import dev.formattable.core.table.CommitMessage;

import org.apache.flink.annotation.Internal;

import java.util.List;
import java.util.Objects;

/**
 * The finished files of one partition that a writer holds back across checkpoints (see {@code
 * compaction.across-checkpoints}), as its state records them: the partition's directory relative to
 * the table ("" for an unpartitioned table), the processing time the writer first held a file of it
 * (the process-time trigger counts its delay from then), and the files, each still staged.
 */
@Internal
public final class HeldPartition {

    private final String directory;
    private final long heldSince;
    private final List<CommitMessage> files;

    public HeldPartition(String directory, long heldSince, List<CommitMessage> files) {
        this.directory = Objects.requireNonNull(directory);
        this.heldSince = heldSince;
        this.files = List.copyOf(files);
    }

    public String directory() {
        return directory;
    }

    public long heldSince() {
        return heldSince;
    }

    public List<CommitMessage> files() {
        return files;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof HeldPartition)) {
            return false;
        }
        HeldPartition p = (HeldPartition) o;
        return p.directory.equals(directory) && p.heldSince == heldSince && p.files.equals(files);
    }

    @Override
    public int hashCode() {
        return Objects.hash(directory, heldSince, files);
    }

    @Override
    public String toString() {
        return "HeldPartition{'" + directory + "', since " + heldSince + ", " + files + "}";
    }
}
