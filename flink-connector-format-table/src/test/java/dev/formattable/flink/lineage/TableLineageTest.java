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

import dev.formattable.core.FormatTable;
import dev.formattable.core.fs.LocalFileIO;
import dev.formattable.flink.fs.FlinkFileIO;
import dev.formattable.flink.sink.FormatTableSink;
import dev.formattable.flink.source.FormatTableSource;
import dev.formattable.flink.testutils.SinkTables;

import org.apache.flink.api.connector.source.Boundedness;
import org.apache.flink.streaming.api.lineage.DatasetConfigFacet;
import org.apache.flink.streaming.api.lineage.DatasetSchemaFacet;
import org.apache.flink.streaming.api.lineage.LineageDataset;
import org.apache.flink.streaming.api.lineage.SourceLineageVertex;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.time.Duration;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The dataset a format table is to Flink's lineage API, on every line: Flink 1.20 declares the
 * interfaces the source and sink implement, though it builds no lineage graph of its own.
 */
class TableLineageTest {

    @TempDir java.nio.file.Path dir;

    private static LineageDataset at(String location) {
        // The core's local FileIO leaves a location on another file system as it is.
        FormatTable table = SinkTables.table(new LocalFileIO(), location, Map.of());
        return TableLineage.dataset(table);
    }

    @Test
    void namesTheTableAsOpenLineageNamesFiles() {
        LineageDataset local = at(dir.resolve("t").toString());
        assertThat(local.namespace()).isEqualTo("file");
        assertThat(local.name()).isEqualTo(dir.resolve("t").toString());

        LineageDataset s3 = at("s3://bucket/warehouse/db/t");
        assertThat(s3.namespace()).isEqualTo("s3://bucket");
        assertThat(s3.name()).isEqualTo("warehouse/db/t");

        LineageDataset hdfs = at("hdfs://namenode:8020/warehouse/t");
        assertThat(hdfs.namespace()).isEqualTo("hdfs://namenode:8020");
        assertThat(hdfs.name()).isEqualTo("/warehouse/t");
    }

    @Test
    void facetsCarryTheColumnsTheOptionsAndThePartitionKeys() {
        FormatTable table =
                SinkTables.table(new FlinkFileIO(), dir.toString(), Map.of("file.format", "orc"));
        LineageDataset d = TableLineage.dataset(table);

        DatasetSchemaFacet schema = (DatasetSchemaFacet) d.facets().get(TableLineage.SCHEMA_FACET);
        assertThat(schema.name()).isEqualTo(TableLineage.SCHEMA_FACET);
        assertThat(schema.fields().keySet())
                .containsExactlyElementsOf(SinkTables.ROW_TYPE.getFieldNames());
        assertThat(schema.fields().get("a").type()).isEqualTo("INT");
        DatasetConfigFacet config = (DatasetConfigFacet) d.facets().get(TableLineage.CONFIG_FACET);
        assertThat(config.config())
                .containsEntry("file.format", "orc")
                .containsEntry(
                        TableLineage.PARTITION_KEYS, String.join(",", table.layout().keys()));
    }

    @Test
    void theSourceAndTheSinkProvideTheirTablesVertex() {
        String path = dir.toString();
        FormatTableSource bounded =
                FormatTableSource.forRowData(path, SinkTables.ROW_TYPE).partitionKeys("k").build();
        FormatTableSource continuous =
                FormatTableSource.forRowData(path, SinkTables.ROW_TYPE)
                        .partitionKeys("k")
                        .monitorContinuously(Duration.ofSeconds(1))
                        .build();
        FormatTableSink sink =
                FormatTableSink.forRowData(path, SinkTables.ROW_TYPE).partitionKeys("k").build();

        SourceLineageVertex read = bounded.getLineageVertex();
        assertThat(read.boundedness()).isEqualTo(Boundedness.BOUNDED);
        assertThat(read.datasets()).extracting(LineageDataset::name).containsExactly(path);
        assertThat(continuous.getLineageVertex().boundedness())
                .isEqualTo(Boundedness.CONTINUOUS_UNBOUNDED);
        assertThat(sink.getLineageVertex().datasets())
                .extracting(LineageDataset::namespace, LineageDataset::name)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("file", path));
    }
}
