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
package dev.formattable.flink.lineage;

import dev.formattable.flink.sink.FormatTableSink;
import dev.formattable.flink.source.FormatTableSource;
import dev.formattable.flink.testutils.FlinkTestBase;
import dev.formattable.flink.testutils.LineageCapture;

import org.apache.flink.api.common.JobID;
import org.apache.flink.api.common.RuntimeExecutionMode;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.lineage.DatasetSchemaFacet;
import org.apache.flink.streaming.api.lineage.LineageDataset;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.types.logical.BigIntType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.VarCharType;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * What a lineage listener is told of jobs that read and write format tables: the datasets of the
 * sources and sinks, and the edges between them, for DataStream jobs (each way a sink is attached)
 * and for SQL, where Flink's planner names a table by its identifier.
 */
class LineageITCase extends FlinkTestBase {

    private static final RowType TYPE =
            RowType.of(
                    new LogicalType[] {new BigIntType(), new VarCharType(VarCharType.MAX_LENGTH)},
                    new String[] {"k", "p"});

    @TempDir Path dir;

    @BeforeEach
    void onLinesWithLineage() {
        assumeTrue(LineageCapture.AVAILABLE, "This Flink line builds no lineage graph");
    }

    private String table(String name) {
        return dir.resolve(name).toString();
    }

    private static JobID copy(
            StreamExecutionEnvironment env, String from, String to, boolean attach)
            throws Exception {
        DataStream<RowData> rows =
                env.fromSource(
                        FormatTableSource.forRowData(from, TYPE).partitionKeys("p").build(),
                        WatermarkStrategy.noWatermarks(),
                        "read");
        FormatTableSink sink = FormatTableSink.forRowData(to, TYPE).partitionKeys("p").build();
        if (attach) {
            sink.attachTo(rows);
        } else {
            rows.sinkTo(sink);
        }
        return env.execute("copy").getJobID();
    }

    private void writeSource() {
        TableEnvironment batch = batchEnv();
        exec(
                batch,
                "CREATE TABLE a (k BIGINT, p STRING) PARTITIONED BY (p)"
                        + withFormatTable(table("a"), "parquet"));
        exec(batch, "INSERT INTO a VALUES (1, 'x'), (2, 'y')");
    }

    @Test
    void aDataStreamCopyNamesBothTablesByLocationEachWayTheSinkIsAttached() throws Exception {
        writeSource();
        String a = "file " + table("a");
        for (boolean attach : new boolean[] {false, true}) {
            for (RuntimeExecutionMode mode :
                    new RuntimeExecutionMode[] {
                        RuntimeExecutionMode.STREAMING, RuntimeExecutionMode.BATCH
                    }) {
                String target = table("b-" + attach + "-" + mode);
                StreamExecutionEnvironment env =
                        StreamExecutionEnvironment.getExecutionEnvironment();
                env.setRuntimeMode(mode);
                JobID job = copy(env, table("a"), target, attach);

                String b = "file " + target;
                assertThat(LineageCapture.sources(job))
                        .as("%s %s", attach, mode)
                        .containsExactly(a);
                assertThat(LineageCapture.sinks(job)).as("%s %s", attach, mode).containsExactly(b);
                assertThat(LineageCapture.relations(job))
                        .as("%s %s", attach, mode)
                        .containsExactly(a + " -> " + b);
            }
        }
    }

    @Test
    void aDataStreamSinkTellsItsSchemaAndPartitionKeys() throws Exception {
        writeSource();
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        JobID job = copy(env, table("a"), table("b"), false);

        LineageDataset written = LineageCapture.sinkDatasets(job).get(0);
        assertThat(
                        ((DatasetSchemaFacet) written.facets().get(TableLineage.SCHEMA_FACET))
                                .fields()
                                .keySet())
                .containsExactly("k", "p");
        assertThat(
                        ((org.apache.flink.streaming.api.lineage.DatasetConfigFacet)
                                        written.facets().get(TableLineage.CONFIG_FACET))
                                .config())
                .containsEntry(TableLineage.PARTITION_KEYS, "p");
    }

    @Test
    void sqlNamesTablesByTheirIdentifierInTheLocationsNamespace() throws Exception {
        writeSource();
        TableEnvironment streaming = streamingEnv();
        exec(
                streaming,
                "CREATE TABLE a (k BIGINT, p STRING) PARTITIONED BY (p)"
                        + withFormatTable(table("a"), "parquet"));
        exec(
                streaming,
                "CREATE TABLE b (k BIGINT, p STRING) PARTITIONED BY (p)"
                        + withFormatTable(table("b"), "parquet"));

        JobID job = run(streaming, "INSERT INTO b SELECT * FROM a").job;

        String a = "file default_catalog.default_database.a";
        String b = "file default_catalog.default_database.b";
        assertThat(LineageCapture.sources(job)).containsExactly(a);
        assertThat(LineageCapture.sinks(job)).containsExactly(b);
        assertThat(LineageCapture.relations(job)).containsExactly(a + " -> " + b);
        assertThat(LineageCapture.sinkDatasets(job).get(0).facets())
                .containsKeys(TableLineage.SCHEMA_FACET, TableLineage.CONFIG_FACET);
    }

    @Test
    void sqlInACatalogNamesTablesByTheCatalogsIdentifier() throws Exception {
        TableEnvironment batch = batchEnv();
        exec(
                batch,
                "CREATE CATALOG ft WITH ('type'='format-table', 'warehouse'='"
                        + dir.resolve("warehouse")
                        + "')");
        exec(batch, "CREATE DATABASE ft.db");
        exec(batch, "CREATE TABLE ft.db.a (k BIGINT, p STRING) PARTITIONED BY (p)");
        exec(batch, "CREATE TABLE ft.db.b (k BIGINT, p STRING) PARTITIONED BY (p)");
        exec(batch, "INSERT INTO ft.db.a VALUES (1, 'x')");

        JobID job = run(batch, "INSERT INTO ft.db.b SELECT * FROM ft.db.a").job;

        assertThat(LineageCapture.sources(job)).containsExactly("file ft.db.a");
        assertThat(LineageCapture.sinks(job)).containsExactly("file ft.db.b");
    }
}
