package dev.formattable.flink.testutils;

import org.apache.flink.api.common.JobID;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.metrics.Counter;
import org.apache.flink.metrics.Metric;
import org.apache.flink.runtime.testutils.InMemoryReporter;
import org.apache.flink.runtime.testutils.MiniClusterResourceConfiguration;
import org.apache.flink.test.junit5.MiniClusterExtension;

/**
 * A MiniCluster whose metrics an in-memory reporter keeps, for tests that read a connector metric
 * as Flink's reporters see it. One per test class: a reporter ends with the cluster it reports for.
 */
public final class ReportedMetrics {

    private final InMemoryReporter reporter = InMemoryReporter.createWithRetainedMetrics();

    /** A cluster of one TaskManager with two slots that reports to this reporter. */
    public MiniClusterExtension cluster() {
        Configuration conf = reporter.addToConfiguration(new Configuration());
        // Caps Flink 2.3's known stall when closing split fetchers (FLINK-40660).
        conf.setString("source.reader.close.timeout", "1000");
        return new MiniClusterExtension(
                new MiniClusterResourceConfiguration.Builder()
                        .setNumberTaskManagers(1)
                        .setNumberSlotsPerTaskManager(2)
                        .setConfiguration(conf)
                        .build());
    }

    /** The sum of every counter of that name in the job (one per subtask). */
    public long counter(JobID job, String name) {
        long sum = 0;
        for (Metric m : reporter.findMetrics(job, name).values()) {
            sum += ((Counter) m).getCount();
        }
        return sum;
    }
}
