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
package dev.formattable.flink.internal;

import dev.formattable.flink.sink.FormatTableSink;
import dev.formattable.flink.source.FormatTableSource;

import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.types.logical.IntType;
import org.apache.flink.table.types.logical.RowType;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Every entry point of the connector refuses a Flink of another line: the table factory (reading
 * and writing), the catalog factory and both DataStream builders.
 */
class FlinkLineEntryPointsTest {

    private static final String OTHER_LINE = "0.9";
    private static final String REFUSAL = "is built for Flink " + OTHER_LINE;
    private static final RowType TYPE = RowType.of(new IntType());

    @TempDir Path dir;

    private static TableEnvironment tableEnv() {
        return TableEnvironment.create(EnvironmentSettings.inBatchMode());
    }

    @Test
    void theTableFactoryChecksForReadsAndWrites() {
        TableEnvironment env = tableEnv();
        env.executeSql(
                "CREATE TABLE t (a INT) WITH ('connector'='format-table', 'path'='"
                        + dir.toUri()
                        + "', 'file.format'='csv')");
        try (FlinkLine.Pretence p = FlinkLine.pretendBuiltFor(OTHER_LINE)) {
            assertThatThrownBy(() -> env.explainSql("SELECT * FROM t"))
                    .hasStackTraceContaining(REFUSAL);
            assertThatThrownBy(() -> env.explainSql("INSERT INTO t VALUES (1)"))
                    .hasStackTraceContaining(REFUSAL);
        }
    }

    @Test
    void theCatalogFactoryChecks() {
        TableEnvironment env = tableEnv();
        try (FlinkLine.Pretence p = FlinkLine.pretendBuiltFor(OTHER_LINE)) {
            assertThatThrownBy(
                            () ->
                                    env.executeSql(
                                            "CREATE CATALOG c WITH ('type'='format-table',"
                                                    + " 'warehouse'='"
                                                    + dir.toUri()
                                                    + "')"))
                    .hasStackTraceContaining(REFUSAL);
        }
    }

    @Test
    void theDataStreamBuildersCheck() {
        try (FlinkLine.Pretence p = FlinkLine.pretendBuiltFor(OTHER_LINE)) {
            assertThatThrownBy(() -> FormatTableSink.forRowData(dir.toString(), TYPE).build())
                    .hasMessageContaining(REFUSAL);
            assertThatThrownBy(() -> FormatTableSource.forRowData(dir.toString(), TYPE).build())
                    .hasMessageContaining(REFUSAL);
        }
    }
}
