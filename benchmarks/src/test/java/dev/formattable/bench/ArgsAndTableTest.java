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
package dev.formattable.bench;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The command line and the printed table; the benchmarks themselves never run in the build. */
class ArgsAndTableTest {

    @Test
    void defaultsAndFlags() {
        Args defaults = Args.parse();
        assertThat(defaults.scale).isEqualTo(Scale.SMALL);
        assertThat(defaults.pairs).isEqualTo(5);
        assertThat(defaults.scenarios).containsExactlyElementsOf(Args.SCENARIOS);

        Args large = Args.parse("--scale", "large", "--pairs", "7", "--only", "plan,commit");
        assertThat(large.scale).isEqualTo(Scale.LARGE);
        assertThat(large.pairs).isEqualTo(7);
        assertThat(large.scenarios).containsExactly("plan", "commit");

        Args hive = Args.parse("--only", "hive-commit,hive-planning");
        assertThat(hive.scenarios).containsExactly("hive-commit", "hive-planning");
        assertThat(Args.SCENARIOS).containsSubsequence("hive-planning", "commit", "hive-commit");
    }

    @Test
    void localDirectoryOfAMetastoreLocation() {
        assertThat(HivePlanningBenchmark.localPath("countingfile:/w/bench.db/t/p1=7/p2=0"))
                .isEqualTo(java.nio.file.Path.of("/w/bench.db/t/p1=7/p2=0"));
        assertThat(HivePlanningBenchmark.localPath("countingfile:///w/bench.db/t"))
                .isEqualTo(java.nio.file.Path.of("/w/bench.db/t"));
    }

    @Test
    void refusesWhatItCannotHonour() {
        assertThatThrownBy(() -> Args.parse("--scale", "huge")).hasMessageContaining("huge");
        assertThatThrownBy(() -> Args.parse("--pairs", "3")).hasMessageContaining("at least 5");
        assertThatThrownBy(() -> Args.parse("--only", "scan,nope")).hasMessageContaining("nope");
        assertThatThrownBy(() -> Args.parse("--scale")).hasMessageContaining("Missing value");
    }

    @Test
    void medianAndRange() {
        Stats s = Stats.of(List.of(5.0, 1.0, 3.0, 100.0));
        assertThat(s.median).isEqualTo(4.0);
        assertThat(s.min).isEqualTo(1.0);
        assertThat(s.max).isEqualTo(100.0);
        assertThat(Stats.of(List.of(2_500_000.0)).format()).isEqualTo("2.50M (2.50M–2.50M)");
    }

    @Test
    void alternatesAndRefusesAFigureWhenAnswersDiffer() throws Exception {
        StringBuilder order = new StringBuilder();
        Pairs.Result same =
                Pairs.run(
                        "t",
                        1,
                        5,
                        run -> {
                            order.append('o');
                            return new Sample(10, "42");
                        },
                        run -> {
                            order.append('t');
                            return new Sample(20, "42");
                        });
        assertThat(order.toString()).isEqualTo("ot".repeat(6));
        ResultTable table = new ResultTable();
        table.add("s", "rows/s", same, "n");
        assertThat(table.render()).contains("| 10.0 (10.0–10.0) ").contains("| 0.50 ");

        Pairs.Result differ =
                Pairs.run(
                        "t",
                        1,
                        5,
                        run -> new Sample(10, "42"),
                        run -> new Sample(20, run == 5 ? "41" : "42"));
        assertThat(differ.answersMatch).isFalse();
        table.add("s", "rows/s", differ, "n");
        assertThat(table.rows().get(1).ours).isEqualTo("ANSWERS DIFFER");
    }

    @Test
    void rowsOfTheScanInAnExplainedPlan() {
        String plan =
                "== Abstract Syntax Tree ==\nLogicalProject\n== Optimized Physical Plan ==\n"
                        + "Calc(select=[id]): rowcount = 7.5, cumulative cost = {}\n"
                        + "TableSourceScan(table=[[default_catalog, default_database, t,"
                        + " filter=[=(p1, 42)]]], fields=[id]): rowcount = 500.0, cumulative"
                        + " cost = {500.0 rows}\n";
        assertThat(PlanningBenchmark.scanRows(plan)).isEqualTo("500.0 rows");
        assertThat(PlanningBenchmark.scanRows("== Optimized ==\nCalc(select=[id])"))
                .isEqualTo("no TableSourceScan in the plan");
        assertThat(PlanningBenchmark.scanRows("== Optimized ==\nTableSourceScan(table=[[t]])"))
                .isEqualTo("no row count in the plan");
    }

    @Test
    void sameOrcCodecOnBothSides() {
        assertThat(OrcWriteChild.options(Sql.Side.OURS, "snappy"))
                .isEqualTo("'file.compression'='snappy'");
        assertThat(OrcWriteChild.options(Sql.Side.THEIRS, "snappy"))
                .isEqualTo("'orc.compress'='SNAPPY'");
    }
}
