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
package dev.formattable.flink.sink.compaction;

import dev.formattable.core.fs.Path;
import dev.formattable.core.table.CommitMessage;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Splits a checkpoint's files into units of compaction: in each partition, the staged files smaller
 * than the target size, packed in the order they come into groups of at most the target size
 * together; a group of one file is left as it is. What is not in a unit is published as it was
 * written.
 */
final class CompactionUnits {

    /** Groups of files to merge, each of one partition. */
    final List<List<CommitMessage>> units = new ArrayList<>();

    /** The files published as they are. */
    final List<CommitMessage> asTheyAre = new ArrayList<>();

    private CompactionUnits() {}

    static CompactionUnits plan(List<CommitMessage> files, long targetSize) {
        CompactionUnits result = new CompactionUnits();
        Map<Path, List<CommitMessage>> small = new LinkedHashMap<>();
        for (CommitMessage file : files) {
            // A pending upload cannot be read before it is published; writers that compact stage
            // their files, so only files of other writers come as uploads.
            if (file.fileSize() >= targetSize || file.isUpload()) {
                result.asTheyAre.add(file);
            } else {
                small.computeIfAbsent(file.targetPath().parent(), d -> new ArrayList<>()).add(file);
            }
        }
        for (List<CommitMessage> partition : small.values()) {
            List<CommitMessage> group = new ArrayList<>();
            long groupSize = 0;
            for (CommitMessage file : partition) {
                if (!group.isEmpty() && groupSize + file.fileSize() > targetSize) {
                    result.close(group);
                    group = new ArrayList<>();
                    groupSize = 0;
                }
                group.add(file);
                groupSize += file.fileSize();
            }
            result.close(group);
        }
        return result;
    }

    private void close(List<CommitMessage> group) {
        if (group.size() > 1) {
            units.add(group);
        } else {
            asTheyAre.addAll(group);
        }
    }
}
