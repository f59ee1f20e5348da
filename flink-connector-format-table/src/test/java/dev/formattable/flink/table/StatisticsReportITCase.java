package dev.formattable.flink.table;

import dev.formattable.flink.format.FooterRowCounts;
import dev.formattable.flink.testutils.FlinkTestBase;

import org.apache.flink.table.api.ExplainDetail;
import org.apache.flink.table.api.TableEnvironment;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Row counts reported to the planner from footers, of the pruned partitions only, and cached per
 * file so that planning the same table again reads no footer.
 */
class StatisticsReportITCase extends FlinkTestBase {

    @TempDir Path dir;

    /** 3 days × 2 hours, 3 rows each, written by two INSERTs: 36 rows. */
    private TableEnvironment table(String format) {
        TableEnvironment env = batchEnv();
        exec(
                env,
                "CREATE TABLE t (v BIGINT, dt STRING, h INT) PARTITIONED BY (dt, h)"
                        + " WITH ('connector'='format-table', 'path'='"
                        + dir
                        + "', 'file.format'='"
                        + format
                        + "')");
        for (int round = 0; round < 2; round++) {
            StringBuilder values = new StringBuilder();
            for (int d = 0; d < 3; d++) {
                for (int h = 0; h < 2; h++) {
                    for (int r = 0; r < 3; r++) {
                        values.append(values.length() == 0 ? "" : ", ")
                                .append(String.format("(%d, 'd%d', %d)", r, d, h));
                    }
                }
            }
            exec(env, "INSERT INTO t VALUES " + values);
        }
        return env;
    }

    private long dataFilesBelow(String relative) throws IOException {
        try (Stream<Path> files = Files.walk(dir.resolve(relative))) {
            return files.filter(Files::isRegularFile)
                    .filter(p -> !p.getFileName().toString().startsWith("."))
                    .filter(p -> !p.getFileName().toString().startsWith("_"))
                    .count();
        }
    }

    private static String scanLine(TableEnvironment env, String sql) {
        String plan = env.explainSql(sql, ExplainDetail.ESTIMATED_COST);
        return Arrays.stream(plan.split("\n"))
                .filter(l -> l.contains("TableSourceScan"))
                .findFirst()
                .orElseThrow(() -> new AssertionError("No scan in " + plan));
    }

    @ParameterizedTest
    @ValueSource(strings = {"parquet", "orc"})
    void rowCountOfThePrunedPartitionsComesFromCachedFooters(String format) throws IOException {
        TableEnvironment env = table(format);
        String oneDay = "SELECT v FROM t WHERE dt = 'd1'";

        long before = FooterRowCounts.footerReads();
        assertThat(scanLine(env, oneDay)).contains("rowcount = 12.0");
        // Only the footers of the files of dt=d1, each once.
        assertThat(FooterRowCounts.footerReads() - before).isEqualTo(dataFilesBelow("dt=d1"));

        long afterFirst = FooterRowCounts.footerReads();
        assertThat(scanLine(env, oneDay)).contains("rowcount = 12.0");
        assertThat(FooterRowCounts.footerReads()).isEqualTo(afterFirst);

        // The whole table: only the files not read yet.
        assertThat(scanLine(env, "SELECT v FROM t")).contains("rowcount = 36.0");
        assertThat(FooterRowCounts.footerReads() - afterFirst)
                .isEqualTo(dataFilesBelow("dt=d0") + dataFilesBelow("dt=d2"));
        assertThat(query(env, oneDay)).hasSize(12);
    }
}
