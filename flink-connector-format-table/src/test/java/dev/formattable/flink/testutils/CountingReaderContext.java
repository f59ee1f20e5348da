package dev.formattable.flink.testutils;

import org.apache.flink.api.connector.source.SourceEvent;
import org.apache.flink.api.connector.source.SourceReaderContext;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.metrics.groups.SourceReaderMetricGroup;
import org.apache.flink.metrics.groups.UnregisteredMetricsGroup;
import org.apache.flink.util.SimpleUserCodeClassLoader;
import org.apache.flink.util.UserCodeClassLoader;

/** The context of a source reader run outside a task: subtask 0, counting its split requests. */
public final class CountingReaderContext implements SourceReaderContext {

    private int splitRequests;

    /** How many splits the reader asked for. */
    public int splitRequests() {
        return splitRequests;
    }

    @Override
    public SourceReaderMetricGroup metricGroup() {
        return UnregisteredMetricsGroup.createSourceReaderMetricGroup();
    }

    @Override
    public Configuration getConfiguration() {
        return new Configuration();
    }

    @Override
    public String getLocalHostName() {
        return "localhost";
    }

    @Override
    public int getIndexOfSubtask() {
        return 0;
    }

    @Override
    public void sendSplitRequest() {
        splitRequests++;
    }

    @Override
    public void sendSourceEventToCoordinator(SourceEvent sourceEvent) {}

    @Override
    public UserCodeClassLoader getUserCodeClassLoader() {
        return SimpleUserCodeClassLoader.create(getClass().getClassLoader());
    }
}
