package dev.formattable.bench;

import dev.formattable.bench.Sql.Side;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;

import com.sun.management.GarbageCollectionNotificationInfo;

import javax.management.NotificationEmitter;
import javax.management.openmbean.CompositeData;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryUsage;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The child JVM of {@link HeapBenchmark}: one streaming job (checkpoints every 2 s) writing rows
 * spread over 100 x 100 partitions. Prints one line: {@code RESULT <max heap after GC in bytes>}.
 * The heap after a collection is what the job really holds; the heap before one also counts
 * garbage, which depends on the collector's mood.
 */
public final class HeapJob {

    private static final AtomicLong MAX_AFTER_GC = new AtomicLong();

    private HeapJob() {}

    public static void main(String[] args) throws Exception {
        Side side = Side.valueOf(args[0]);
        String format = args[1];
        String path = args[2];
        long rows = Long.parseLong(args[3]);
        watchCollections();

        Configuration conf = new Configuration();
        // One writer; a checkpoint every 20 s, so a run is one or two checkpoints, not thousands of
        // tiny files per partition.
        conf.setString("parallelism.default", "1");
        conf.setString("execution.checkpointing.interval", "20 s");
        // A failure (out of heap) ends the run instead of restarting it.
        conf.setString("restart-strategy.type", "none");
        // 10,000 committables outgrow the JobManager's 5 MB in-memory checkpoint limit.
        conf.setString("execution.checkpointing.storage", "filesystem");
        conf.setString("execution.checkpointing.dir", args[4]);
        conf.setString("execution.checkpointing.checkpoints-after-tasks-finish.enabled", "true");
        TableEnvironment streaming =
                Sql.env(EnvironmentSettings.newInstance().inStreamingMode(), conf, 1);
        Sql.createGenerator(streaming, "gen", rows);
        String columns = "id BIGINT, v INT, s STRING, p1 INT, p2 INT";
        Sql.createTable(streaming, "sink", side, format, path, columns, "p1, p2");
        Sql.run(
                streaming,
                "INSERT INTO sink SELECT id, CAST(MOD(id, 1000) AS INT),"
                        + " CONCAT('v', CAST(id AS STRING)), CAST(MOD(id, 100) AS INT),"
                        + " CAST(MOD(id, 10000) - MOD(id, 100) AS INT) FROM gen");
        System.out.println("RESULT " + MAX_AFTER_GC.get());
        System.exit(0);
    }

    private static void watchCollections() {
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            ((NotificationEmitter) gc)
                    .addNotificationListener(
                            (n, h) -> {
                                if (!n.getType()
                                        .equals(
                                                GarbageCollectionNotificationInfo
                                                        .GARBAGE_COLLECTION_NOTIFICATION)) {
                                    return;
                                }
                                GarbageCollectionNotificationInfo info =
                                        GarbageCollectionNotificationInfo.from(
                                                (CompositeData) n.getUserData());
                                long used = 0;
                                for (MemoryUsage u :
                                        info.getGcInfo().getMemoryUsageAfterGc().values()) {
                                    used += u.getUsed();
                                }
                                // Non-heap pools are in the map too; subtract them.
                                used -= nonHeap(info);
                                MAX_AFTER_GC.accumulateAndGet(used, Math::max);
                            },
                            null,
                            null);
        }
    }

    private static long nonHeap(GarbageCollectionNotificationInfo info) {
        long n = 0;
        for (var pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() != java.lang.management.MemoryType.HEAP) {
                MemoryUsage u = info.getGcInfo().getMemoryUsageAfterGc().get(pool.getName());
                n += u == null ? 0 : u.getUsed();
            }
        }
        return n;
    }
}
