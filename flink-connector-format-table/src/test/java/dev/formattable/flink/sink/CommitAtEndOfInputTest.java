package dev.formattable.flink.sink;

import dev.formattable.flink.sink.committer.JobManagerCommitter;

import org.apache.flink.api.dag.Transformation;
import org.apache.flink.streaming.api.operators.OutputFormatOperatorFactory;
import org.apache.flink.streaming.api.operators.StreamOperatorFactory;
import org.apache.flink.streaming.api.transformations.LegacySinkTransformation;
import org.apache.flink.streaming.api.transformations.OneInputTransformation;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.api.internal.TableEnvironmentImpl;
import org.apache.flink.table.operations.ModifyOperation;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Whether the committer commits what it holds when its input ends, as the SQL sink decides it while
 * the planner translates a statement: only in batch mode or without checkpoints. With a checkpoint
 * interval set in the table configuration, a bounded streaming job's last files wait for its final
 * checkpoint; committed before it, a failure in between would publish those rows twice. A batch job
 * on a local disk commits on the JobManager instead, once every task has finished.
 */
class CommitAtEndOfInputTest {

    @TempDir Path dir;

    @ParameterizedTest(name = "mode={0}, checkpoint interval={1}")
    @CsvSource({
        "streaming, 1 s, at checkpoints",
        "streaming, , at the end of the input",
        "batch, 1 s, on the JobManager",
        "batch, , on the JobManager"
    })
    void decidedFromTheTableConfiguration(String mode, String interval, String when) {
        TableEnvironment tables =
                TableEnvironment.create(
                        mode.equals("batch")
                                ? EnvironmentSettings.inBatchMode()
                                : EnvironmentSettings.inStreamingMode());
        if (interval != null) {
            tables.getConfig().set("execution.checkpointing.interval", interval);
        }
        tables.executeSql(
                "CREATE TEMPORARY TABLE gen (id BIGINT) WITH ('connector'='datagen',"
                        + " 'number-of-rows'='10')");
        tables.executeSql(
                "CREATE TEMPORARY TABLE t (id BIGINT) WITH ('connector'='format-table', 'path'='"
                        + dir
                        + "')");

        assertThat(whenCommitted(tables, "INSERT INTO t SELECT * FROM gen")).isEqualTo(when);
    }

    private static String whenCommitted(TableEnvironment tables, String statement) {
        TableEnvironmentImpl impl = (TableEnvironmentImpl) tables;
        ModifyOperation insert = (ModifyOperation) impl.getParser().parse(statement).get(0);
        List<Transformation<?>> sinks = impl.getPlanner().translate(List.of(insert));
        for (Transformation<?> sink : sinks) {
            for (Transformation<?> t : sink.getTransitivePredecessors()) {
                if (t instanceof LegacySinkTransformation
                        && ((LegacySinkTransformation<?>) t).getOperatorFactory()
                                instanceof OutputFormatOperatorFactory
                        && ((OutputFormatOperatorFactory<?, ?>)
                                                ((LegacySinkTransformation<?>) t)
                                                        .getOperatorFactory())
                                        .getOutputFormat()
                                instanceof JobManagerCommitter) {
                    return "on the JobManager";
                }
                if (t instanceof OneInputTransformation) {
                    StreamOperatorFactory<?> factory =
                            ((OneInputTransformation<?, ?>) t).getOperatorFactory();
                    if (factory instanceof FormatTableCommitterOperatorFactory) {
                        return ((FormatTableCommitterOperatorFactory) factory).commitsAtEndOfInput()
                                ? "at the end of the input"
                                : "at checkpoints";
                    }
                }
            }
        }
        throw new AssertionError("No format-table committer in " + sinks);
    }
}
