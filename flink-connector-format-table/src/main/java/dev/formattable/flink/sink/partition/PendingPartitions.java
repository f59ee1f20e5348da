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
package dev.formattable.flink.sink.partition;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.BiPredicate;

/**
 * The partitions published to and not yet committed, each with the processing time it was first
 * published at, and the watermark the partition committer had at each checkpoint it took. A
 * partition's data of checkpoint {@code n} is published after checkpoint {@code n} completes, so it
 * is judged by the watermark of checkpoint {@code n}, not by the committer's current one, which may
 * already be ahead of rows still in flight.
 */
final class PendingPartitions {

    /** Relative directory of a partition ("" for an unpartitioned table) to first publish time. */
    private final LinkedHashMap<String, Long> created = new LinkedHashMap<>();

    /** Checkpoint id to the watermark the committer had when it took that checkpoint. */
    private final TreeMap<Long, Long> watermarks = new TreeMap<>();

    void add(String partition, long processingTime) {
        created.putIfAbsent(partition, processingTime);
    }

    void recordWatermark(long checkpointId, long watermark) {
        watermarks.put(checkpointId, watermark);
    }

    /**
     * The watermark as of {@code checkpointId} (that of the latest checkpoint up to it), and
     * forgets those of earlier checkpoints. {@code Long.MIN_VALUE} when none was recorded.
     */
    long watermarkAt(long checkpointId) {
        Map.Entry<Long, Long> entry = watermarks.floorEntry(checkpointId);
        if (entry == null) {
            return Long.MIN_VALUE;
        }
        long watermark = entry.getValue();
        watermarks.headMap(entry.getKey(), false).clear();
        return watermark;
    }

    /**
     * Forgets the watermarks of checkpoints before {@code checkpointId}, keeping the one {@link
     * #watermarkAt} would answer for it, so the map holds only what checkpoints still to be
     * published can need. A checkpoint published later than expected then finds no watermark and
     * waits for the next one, which delays its partitions but never commits them early.
     */
    void forgetWatermarksBefore(long checkpointId) {
        Long floor = watermarks.floorKey(checkpointId);
        if (floor != null) {
            watermarks.headMap(floor, false).clear();
        }
    }

    /** Removes and returns the partitions {@code ready} accepts, given their first publish time. */
    List<String> take(BiPredicate<String, Long> ready) {
        List<String> result = new ArrayList<>();
        Iterator<Map.Entry<String, Long>> it = created.entrySet().iterator();
        while (it.hasNext()) {
            Map.Entry<String, Long> e = it.next();
            if (ready.test(e.getKey(), e.getValue())) {
                result.add(e.getKey());
                it.remove();
            }
        }
        return result;
    }

    List<String> takeAll() {
        return take((partition, time) -> true);
    }

    Map<String, Long> partitions() {
        return Collections.unmodifiableMap(created);
    }

    Map<Long, Long> watermarks() {
        return Collections.unmodifiableMap(watermarks);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof PendingPartitions
                && ((PendingPartitions) o).created.equals(created)
                && ((PendingPartitions) o).watermarks.equals(watermarks);
    }

    @Override
    public int hashCode() {
        return created.hashCode() * 31 + watermarks.hashCode();
    }

    @Override
    public String toString() {
        return "PendingPartitions{" + created + ", watermarks " + watermarks + "}";
    }
}
