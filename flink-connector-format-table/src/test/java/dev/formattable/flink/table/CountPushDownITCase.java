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
package dev.formattable.flink.table;

import dev.formattable.flink.testutils.FlinkTestBase;

import org.apache.flink.table.api.TableEnvironment;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** COUNT(*) answered from parquet and orc footers, equal to counting the rows read. */
class CountPushDownITCase extends FlinkTestBase {

    private static final String PUSHED =
            "aggregates=[grouping=[], aggFunctions=[Count1AggFunction()]]";

    @TempDir Path dir;

    /** 3 days × 2 hours, written by two INSERTs (so several files per partition): 36 rows. */
    private TableEnvironment table(String format) {
        TableEnvironment env = batchEnv();
        exec(
                env,
                "CREATE TABLE t (v BIGINT, s STRING, dt STRING, h INT) PARTITIONED BY (dt, h)"
                        + withFormatTable(dir, format));
        insertTwoRoundsOfDaysAndHours(
                env,
                (round, d, h, r) ->
                        String.format(
                                "(%d, %s, 'd%d', %d)",
                                round * 1000 + d * 100 + h * 10 + r,
                                r == 0 ? "CAST(NULL AS STRING)" : "'x'",
                                d,
                                h));
        return env;
    }

    @ParameterizedTest
    @ValueSource(strings = {"parquet", "orc"})
    void countStarIsAnsweredFromFooters(String format) {
        TableEnvironment env = table(format);

        // Flink 2.3 pushes aggregates into batch scans with no option to set.
        assertThat(env.explainSql("SELECT COUNT(*) FROM t")).contains(PUSHED);
        assertThat(query(env, "SELECT COUNT(*) FROM t")).containsExactly("+I[36]");
        assertThat(query(env, "SELECT COUNT(1) FROM t")).containsExactly("+I[36]");
        // Equal to a full count of the rows read.
        assertThat(query(env, "SELECT v FROM t")).hasSize(36);
    }

    @ParameterizedTest
    @ValueSource(strings = {"parquet", "orc"})
    void countStarWithAPartitionFilterCountsOnlyThosePartitions(String format) {
        TableEnvironment env = table(format);

        String oneDay = "SELECT COUNT(*) FROM t WHERE dt = 'd1'";
        assertThat(env.explainSql(oneDay)).contains(PUSHED);
        assertThat(query(env, oneDay)).containsExactly("+I[12]");
        assertThat(query(env, "SELECT v FROM t WHERE dt = 'd1'")).hasSize(12);
        String twoPartitions = "SELECT COUNT(*) FROM t WHERE dt >= 'd1' AND h = 1";
        assertThat(env.explainSql(twoPartitions)).contains(PUSHED);
        assertThat(query(env, twoPartitions)).containsExactly("+I[12]");
        assertThat(query(env, "SELECT COUNT(*) FROM t WHERE dt = 'none'")).containsExactly("+I[0]");
    }

    @ParameterizedTest
    @ValueSource(strings = {"parquet", "orc"})
    void otherAggregatesAndDataFiltersAreNotPushed(String format) {
        TableEnvironment env = table(format);

        // COUNT of a nullable column, a data filter, and a grouping are left to Flink.
        assertThat(env.explainSql("SELECT COUNT(s) FROM t")).doesNotContain("aggregates=[");
        assertThat(query(env, "SELECT COUNT(s) FROM t")).containsExactly("+I[24]");
        assertThat(env.explainSql("SELECT COUNT(*) FROM t WHERE v > 1000"))
                .doesNotContain("aggregates=[");
        assertThat(query(env, "SELECT COUNT(*) FROM t WHERE v > 1000")).containsExactly("+I[17]");
        assertThat(query(env, "SELECT dt, COUNT(*) FROM t GROUP BY dt"))
                .containsExactly("+I[d0, 12]", "+I[d1, 12]", "+I[d2, 12]");
    }
}
