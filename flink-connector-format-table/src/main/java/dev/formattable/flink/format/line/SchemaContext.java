package dev.formattable.flink.format.line;

import org.apache.flink.api.common.serialization.DeserializationSchema;
import org.apache.flink.api.common.serialization.SerializationSchema;
import org.apache.flink.metrics.MetricGroup;
import org.apache.flink.metrics.groups.UnregisteredMetricsGroup;
import org.apache.flink.util.SimpleUserCodeClassLoader;
import org.apache.flink.util.UserCodeClassLoader;

/**
 * What Flink's csv and json schemas are opened with here: they are used inside our own readers and
 * writers, not as a connector's format, and register no metrics.
 */
final class SchemaContext
        implements SerializationSchema.InitializationContext,
                DeserializationSchema.InitializationContext {

    static final SchemaContext INSTANCE = new SchemaContext();

    private SchemaContext() {}

    @Override
    public MetricGroup getMetricGroup() {
        return new UnregisteredMetricsGroup();
    }

    @Override
    public UserCodeClassLoader getUserCodeClassLoader() {
        return SimpleUserCodeClassLoader.create(SchemaContext.class.getClassLoader());
    }
}
