package dev.formattable.testing;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.runtime.testutils.MiniClusterResourceConfiguration;
import org.apache.flink.test.junit5.MiniClusterExtension;

/** The MiniCluster the test suites run their jobs on: one TaskManager, shared by a test class. */
public final class MiniClusters {

    private MiniClusters() {}

    /**
     * One TaskManager with {@code slots} slots and the given settings, plus a cap on Flink 2.3's
     * stall when closing split fetchers (FLINK-40660).
     */
    public static MiniClusterExtension of(int slots, Configuration conf) {
        conf.setString("source.reader.close.timeout", "1000");
        return new MiniClusterExtension(
                new MiniClusterResourceConfiguration.Builder()
                        .setNumberTaskManagers(1)
                        .setNumberSlotsPerTaskManager(slots)
                        .setConfiguration(conf)
                        .build());
    }

    /** One TaskManager with {@code slots} slots. */
    public static MiniClusterExtension of(int slots) {
        return of(slots, new Configuration());
    }
}
