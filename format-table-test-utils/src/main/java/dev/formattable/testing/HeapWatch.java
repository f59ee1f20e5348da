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
package dev.formattable.testing;

import com.sun.management.GarbageCollectionNotificationInfo;

import javax.management.ListenerNotFoundException;
import javax.management.Notification;
import javax.management.NotificationEmitter;
import javax.management.NotificationListener;
import javax.management.openmbean.CompositeData;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;

/**
 * The peak heap use of this JVM from {@link #start()} to {@link #stop()}: the sum of the heap
 * pools' peaks, and the heap held right after a collection. The latter is what a job really holds;
 * the former also counts garbage, which depends on when the collector runs.
 */
public final class HeapWatch {

    private final AtomicLong peakAfterGc = new AtomicLong();
    private final NotificationListener listener = this::collected;

    private HeapWatch() {}

    /** Collects once, then watches every collection from now on. */
    public static HeapWatch start() {
        System.gc();
        HeapWatch watch = new HeapWatch();
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            ((NotificationEmitter) gc).addNotificationListener(watch.listener, null, null);
        }
        heapPools().forEach(MemoryPoolMXBean::resetPeakUsage);
        return watch;
    }

    private void collected(Notification notification, Object handback) {
        if (!notification
                .getType()
                .equals(GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION)) {
            return;
        }
        GarbageCollectionNotificationInfo info =
                GarbageCollectionNotificationInfo.from((CompositeData) notification.getUserData());
        long used = 0;
        for (MemoryPoolMXBean pool : heapPools()) {
            MemoryUsage after = info.getGcInfo().getMemoryUsageAfterGc().get(pool.getName());
            if (after != null) {
                used += after.getUsed();
            }
        }
        peakAfterGc.accumulateAndGet(used, Math::max);
    }

    /** Stops watching collections; the peaks stay readable. */
    public void stop() {
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            try {
                ((NotificationEmitter) gc).removeNotificationListener(listener);
            } catch (ListenerNotFoundException e) {
                // Stopped before: nothing to remove.
            }
        }
    }

    /** The sum of the heap pools' peaks since {@link #start()}, in bytes. */
    public long peakUsed() {
        return heapPools().stream().mapToLong(p -> p.getPeakUsage().getUsed()).sum();
    }

    /** The most heap held right after a collection since {@link #start()}, in bytes. */
    public long peakAfterGc() {
        return peakAfterGc.get();
    }

    private static List<MemoryPoolMXBean> heapPools() {
        return ManagementFactory.getMemoryPoolMXBeans().stream()
                .filter(p -> p.getType() == MemoryType.HEAP)
                .collect(Collectors.toList());
    }
}
