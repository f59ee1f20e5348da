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

import dev.formattable.flink.sink.merge.FileMerger;
import dev.formattable.flink.sink.partition.PartitionTrigger;

import org.apache.flink.annotation.Internal;

import javax.annotation.Nullable;

import java.util.Objects;

/**
 * How a writer holds its files across checkpoints ({@code compaction.across-checkpoints}): the
 * trigger that decides when a partition's files are released, and, while they are held, how a
 * partition's small files are merged once there are enough of them to fill a file. Merging early
 * keeps the held files, and the work left for the release, to about one file per target size.
 */
@Internal
public final class Holding {

    final PartitionTrigger trigger;
    @Nullable final FileMerger merger;
    final long mergeSize;

    /**
     * @param merger merges held files (their merged files must be staged, to be merged again), or
     *     null to hold them as they are
     * @param mergeSize held files smaller than this (or than the table's target file size, if
     *     smaller) are merged once together they reach it
     */
    public Holding(PartitionTrigger trigger, @Nullable FileMerger merger, long mergeSize) {
        this.trigger = Objects.requireNonNull(trigger);
        this.merger = merger;
        this.mergeSize = mergeSize;
    }
}
