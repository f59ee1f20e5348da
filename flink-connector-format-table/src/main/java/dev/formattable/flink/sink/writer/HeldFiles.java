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

import dev.formattable.core.FormatTable;
import dev.formattable.core.fs.Path;
import dev.formattable.core.table.CommitMessage;
import dev.formattable.flink.sink.partition.PartitionTrigger;

import javax.annotation.Nullable;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The finished files a writer holds back across checkpoints, by partition, until the partition
 * commit trigger finds the partition ready or the input ends (see {@code
 * compaction.across-checkpoints}). A file is in the state of exactly one writer from the checkpoint
 * that first finds it finished until the checkpoint whose committable carries it, so a restore
 * neither loses nor repeats one. A writer that does not hold files hands out what it restored at
 * its first checkpoint, as when the job no longer compacts across checkpoints.
 *
 * <p>While a partition is held, its small files are merged once together they fill a file (see
 * {@link Holding}). The merged file is recorded in the state of the checkpoint whose committable
 * names the files it replaces as obsolete, so the committer deletes those only once that checkpoint
 * is committed: a restore from an earlier checkpoint still finds them.
 */
final class HeldFiles {

    /** What a checkpoint's committable carries: files to publish, and staged files merged away. */
    static final class HandOut {
        final List<CommitMessage> files;
        final List<Path> obsolete;

        HandOut(List<CommitMessage> files, List<Path> obsolete) {
            this.files = files;
            this.obsolete = obsolete;
        }
    }

    private final FormatTable table;
    @Nullable private final Holding holding;
    private final Map<String, Long> since = new LinkedHashMap<>();
    private final Map<String, List<CommitMessage>> files = new LinkedHashMap<>();
    private int count;

    private HeldFiles(FormatTable table, @Nullable Holding holding) {
        this.table = table;
        this.holding = holding;
    }

    /**
     * The files held in the states a writer restored (a partition held by several merged), held on
     * as {@code holding} says, or handed out at once without it.
     */
    static HeldFiles restore(
            FormatTable table,
            @Nullable Holding holding,
            Collection<FormatTableWriterState> states) {
        HeldFiles held = new HeldFiles(table, holding);
        for (FormatTableWriterState state : states) {
            for (HeldPartition p : state.heldPartitions()) {
                for (CommitMessage file : p.files()) {
                    held.add(p.directory(), file, p.heldSince());
                }
            }
        }
        return held;
    }

    /**
     * What a checkpoint's committable carries: of the files held and those just finished, the files
     * of the partitions now ready; every file at the end of the input, or when not holding. The
     * rest stays held, its small files merged where they fill a file.
     *
     * @param now the processing time now
     * @param watermark the writer's watermark now
     * @param stagingToken the token of the files merged now
     */
    HandOut handOut(
            List<CommitMessage> finished,
            boolean inputEnded,
            long now,
            long watermark,
            String stagingToken)
            throws IOException {
        if (holding == null || inputEnded) {
            List<CommitMessage> all = releaseAll();
            all.addAll(finished);
            return new HandOut(all, List.of());
        }
        for (CommitMessage file : finished) {
            add(PartitionTrigger.directoryOf(table, file), file, now);
        }
        PartitionTrigger trigger = holding.trigger;
        List<String> released = new ArrayList<>();
        List<CommitMessage> files =
                release((dir, since) -> trigger.ready(dir, since, now, watermark), released);
        released.forEach(trigger::forget);
        return new HandOut(files, mergeSmallFiles(stagingToken));
    }

    /** Merges each held partition's small files where they fill a file; returns the merged away. */
    private List<Path> mergeSmallFiles(String stagingToken) throws IOException {
        if (holding.merger == null) {
            return List.of();
        }
        // Merged files roll at the target file size: one of them must not count as small again.
        long mergeSize = Math.min(holding.mergeSize, table.options().targetFileSize());
        List<Path> obsolete = new ArrayList<>();
        for (List<CommitMessage> partition : files.values()) {
            List<CommitMessage> small = new ArrayList<>();
            long size = 0;
            for (CommitMessage file : partition) {
                if (file.fileSize() < mergeSize && !file.isUpload()) {
                    small.add(file);
                    size += file.fileSize();
                }
            }
            if (small.size() < 2 || size < mergeSize) {
                continue;
            }
            List<CommitMessage> merged = holding.merger.merge(small, stagingToken);
            partition.removeAll(small);
            partition.addAll(merged);
            count += merged.size() - small.size();
            small.forEach(file -> obsolete.add(file.stagedPath()));
        }
        return obsolete;
    }

    private interface Ready {
        boolean test(String directory, long heldSince);
    }

    private void add(String directory, CommitMessage file, long now) {
        since.merge(directory, now, Math::min);
        files.computeIfAbsent(directory, d -> new ArrayList<>()).add(file);
        count++;
    }

    /** Removes and returns the files of the partitions {@code ready} accepts. */
    private List<CommitMessage> release(Ready ready, List<String> releasedDirectories) {
        List<CommitMessage> released = new ArrayList<>();
        Iterator<Map.Entry<String, List<CommitMessage>>> it = files.entrySet().iterator();
        while (it.hasNext()) {
            Map.Entry<String, List<CommitMessage>> e = it.next();
            if (ready.test(e.getKey(), since.get(e.getKey()))) {
                released.addAll(e.getValue());
                releasedDirectories.add(e.getKey());
                since.remove(e.getKey());
                it.remove();
            }
        }
        count -= released.size();
        return released;
    }

    /** Removes and returns every file held. */
    private List<CommitMessage> releaseAll() {
        return release((directory, heldSince) -> true, new ArrayList<>());
    }

    /** What the state records. */
    List<HeldPartition> partitions() {
        List<HeldPartition> result = new ArrayList<>(files.size());
        files.forEach((dir, held) -> result.add(new HeldPartition(dir, since.get(dir), held)));
        return result;
    }

    int files() {
        return count;
    }
}
