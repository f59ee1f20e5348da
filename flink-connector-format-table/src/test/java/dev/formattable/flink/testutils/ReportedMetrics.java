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
package dev.formattable.flink.testutils;

import dev.formattable.testing.MiniClusters;

import org.apache.flink.api.common.JobID;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.MetricOptions;
import org.apache.flink.metrics.Counter;
import org.apache.flink.metrics.Gauge;
import org.apache.flink.metrics.Metric;
import org.apache.flink.metrics.MetricConfig;
import org.apache.flink.metrics.MetricGroup;
import org.apache.flink.metrics.reporter.MetricReporter;
import org.apache.flink.metrics.reporter.MetricReporterFactory;
import org.apache.flink.runtime.metrics.scope.ScopeFormat;
import org.apache.flink.test.junit5.MiniClusterExtension;

import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A MiniCluster whose metrics a reporter keeps, for tests that read a connector metric as Flink's
 * reporters see it. Every metric registered for a job is kept until the cluster stops (or, for the
 * shared cluster, until {@link #forgetJobs()}), also after its task or job ended; a cluster that is
 * started again gets a new reporter.
 */
public final class ReportedMetrics {

    /** The metrics of each running cluster's jobs, by job id. */
    private static final Map<String, List<Map.Entry<String, Metric>>> BY_JOB =
            new ConcurrentHashMap<>();

    /** A cluster of one TaskManager with two slots that reports here. */
    public MiniClusterExtension cluster() {
        return cluster(2);
    }

    /** A cluster of one TaskManager with that many slots that reports here. */
    public MiniClusterExtension cluster(int slots) {
        Configuration conf = new Configuration();
        MetricOptions.forReporter(conf, "format_table_test")
                .set(MetricOptions.REPORTER_FACTORY_CLASS, Factory.class.getName());
        // And the lineage of its jobs, as a lineage listener is told it.
        LineageCapture.listen(conf);
        return MiniClusters.of(slots, conf);
    }

    /**
     * The cluster every {@link FlinkTestBase} class of a test JVM shares: one TaskManager with that
     * many slots that reports here.
     */
    public SharedMiniCluster sharedCluster(int slots) {
        return new SharedMiniCluster(() -> cluster(slots));
    }

    /**
     * Forgets the metrics of every job so far: a shared cluster's reporter lives as long as the
     * JVM, and the metrics it keeps hold on to what their gauges read.
     */
    public void forgetJobs() {
        BY_JOB.clear();
    }

    /** The sum of every counter of exactly that name in the job (one per subtask). */
    public long counter(JobID job, String name) {
        long sum = 0;
        for (Map.Entry<String, Metric> m : BY_JOB.getOrDefault(job.toString(), List.of())) {
            if (m.getKey().equals(name)) {
                sum += ((Counter) m.getValue()).getCount();
            }
        }
        return sum;
    }

    /** The values of every gauge of exactly that name in the job (one per subtask). */
    public List<Object> gauges(JobID job, String name) {
        List<Object> values = new java.util.ArrayList<>();
        for (Map.Entry<String, Metric> m : BY_JOB.getOrDefault(job.toString(), List.of())) {
            if (m.getKey().equals(name)) {
                values.add(((Gauge<?>) m.getValue()).getValue());
            }
        }
        return values;
    }

    /** Keeps what it is told of until it is closed. */
    private static final class KeepingReporter implements MetricReporter {
        private final Set<String> jobs = ConcurrentHashMap.newKeySet();

        @Override
        public void open(MetricConfig config) {}

        @Override
        public void close() {
            jobs.forEach(BY_JOB::remove);
        }

        @Override
        public void notifyOfAddedMetric(Metric metric, String name, MetricGroup group) {
            String job = group.getAllVariables().get(ScopeFormat.SCOPE_JOB_ID);
            if (job != null) {
                jobs.add(job);
                BY_JOB.computeIfAbsent(job, j -> new CopyOnWriteArrayList<>())
                        .add(Map.entry(name, metric));
            }
        }

        @Override
        public void notifyOfRemovedMetric(Metric metric, String name, MetricGroup group) {}
    }

    /** Flink creates the reporter of each cluster start through this. */
    public static final class Factory implements MetricReporterFactory {
        @Override
        public MetricReporter createMetricReporter(Properties properties) {
            return new KeepingReporter();
        }
    }
}
