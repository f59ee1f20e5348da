package dev.formattable.flink.testutils;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.runtime.testutils.MiniClusterResourceConfiguration;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.api.TableResult;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.types.Row;
import org.apache.flink.util.CloseableIterator;

import org.junit.jupiter.api.extension.RegisterExtension;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/** A shared MiniCluster and helpers to run SQL and read results as sorted strings. */
public abstract class FlinkTestBase {

    @RegisterExtension
    protected static final MiniClusterExtension MINI_CLUSTER =
            new MiniClusterExtension(
                    new MiniClusterResourceConfiguration.Builder()
                            .setNumberTaskManagers(1)
                            .setNumberSlotsPerTaskManager(4)
                            .setConfiguration(clusterConfig())
                            .build());

    private static Configuration clusterConfig() {
        Configuration conf = new Configuration();
        // Caps Flink 2.3's known stall when closing split fetchers (FLINK-40660).
        conf.setString("source.reader.close.timeout", "1000");
        return conf;
    }

    protected static TableEnvironment batchEnv() {
        TableEnvironment env = TableEnvironment.create(EnvironmentSettings.inBatchMode());
        env.getConfig().set("table.exec.resource.default-parallelism", "2");
        return env;
    }

    protected static TableEnvironment streamingEnv() {
        TableEnvironment env = TableEnvironment.create(EnvironmentSettings.inStreamingMode());
        env.getConfig().set("table.exec.resource.default-parallelism", "2");
        return env;
    }

    /** Runs a statement to completion. */
    protected static void exec(TableEnvironment env, String sql) {
        try {
            env.executeSql(sql).await(5, java.util.concurrent.TimeUnit.MINUTES);
        } catch (Exception e) {
            throw new RuntimeException("Failed: " + sql, e);
        }
    }

    /** Every row of a query as its string form, sorted. */
    protected static List<String> query(TableEnvironment env, String sql) {
        TableResult result = env.executeSql(sql);
        List<String> rows = new ArrayList<>();
        try (CloseableIterator<Row> it = result.collect()) {
            it.forEachRemaining(r -> rows.add(r.toString()));
        } catch (Exception e) {
            throw new RuntimeException("Failed: " + sql, e);
        }
        return rows.stream().sorted().collect(Collectors.toList());
    }

    protected static Duration timeout() {
        return Duration.ofMinutes(5);
    }
}
