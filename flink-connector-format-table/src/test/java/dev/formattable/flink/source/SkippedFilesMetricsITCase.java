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
package dev.formattable.flink.source;

import dev.formattable.core.FormatTable;
import dev.formattable.core.scan.DataSplit;
import dev.formattable.flink.read.ReadSpec;
import dev.formattable.flink.sink.FormatTableSink;
import dev.formattable.flink.source.enumerator.ScanSpec;
import dev.formattable.flink.tables.FormatTables;
import dev.formattable.flink.testutils.DataStreamTestUtils;
import dev.formattable.flink.testutils.ReportedMetrics;

import org.apache.flink.api.common.JobID;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.api.TableResult;
import org.apache.flink.table.types.logical.IntType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.VarCharType;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.types.Row;
import org.apache.flink.util.CloseableIterator;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Skipped lost and corrupt files are counted in the reader's metric group, where Flink's metric
 * reporters see them.
 */
class SkippedFilesMetricsITCase {

    private static final ReportedMetrics METRICS = new ReportedMetrics();

    @RegisterExtension static final MiniClusterExtension MINI_CLUSTER = METRICS.cluster();

    private static final RowType TYPE =
            RowType.of(
                    new org.apache.flink.table.types.logical.LogicalType[] {
                        new IntType(), new VarCharType(VarCharType.MAX_LENGTH)
                    },
                    new String[] {"a", "p"});

    @TempDir Path dir;

    /** Writes three partitions p=0..2 of ten rows each, one file per partition. */
    private void writeThreePartitions(String format) throws Exception {
        FormatTableSink sink =
                FormatTableSink.forRowData(dir.toString(), TYPE)
                        .partitionKeys("p")
                        .format(format)
                        .build();
        List<Row> rows =
                IntStream.range(0, 30)
                        .mapToObj(i -> Row.of(i, String.valueOf(i / 10)))
                        .collect(Collectors.toList());
        DataStreamTestUtils.write(TYPE, sink, rows, 1);
    }

    @ParameterizedTest
    @ValueSource(strings = {"parquet", "orc"})
    void lostAndCorruptFilesAreCountedPerKind(String format) throws Exception {
        writeThreePartitions(format);
        Path corrupt = Files.createDirectories(dir.resolve("p=9")).resolve("data-x." + format);
        Files.writeString(corrupt, "this is not a data file, only some text of a fair length");

        FormatTable table =
                FormatTables.open(
                        dir.toString(),
                        TYPE,
                        List.of("p"),
                        Map.of(
                                "file.format", format,
                                "scan.ignore-lost-files", "true",
                                "scan.ignore-corrupt-files", "true"));
        // Planned with every file, then the files of p=1 and p=2 vanish before the job reads.
        List<DataSplit> planned = table.newScan().plan().splits();
        assertThat(planned).hasSize(4);
        deleteFilesOf(dir.resolve("p=1"));
        deleteFilesOf(dir.resolve("p=2"));
        FormatTableSource source =
                FormatTableSource.create(
                        ScanSpec.builder(table).planned(planned).build(),
                        ReadSpec.builder(table, TYPE).build(),
                        List.of());
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setParallelism(1);
        DataStream<String> rows =
                env.fromSource(source, WatermarkStrategy.noWatermarks(), "read")
                        .map(row -> "p=" + row.getString(1));
        List<String> result = new ArrayList<>();
        JobClient client;
        try (CloseableIterator<String> it = rows.collectAsync()) {
            client = env.executeAsync("read with skips");
            it.forEachRemaining(result::add);
        }
        client.getJobExecutionResult().get();

        assertThat(result).hasSize(10).containsOnly("p=0");
        assertThat(METRICS.counter(client.getJobID(), FormatTableSource.LOST_FILES_SKIPPED))
                .isEqualTo(2);
        assertThat(METRICS.counter(client.getJobID(), FormatTableSource.CORRUPT_FILES_SKIPPED))
                .isEqualTo(1);
    }

    @Test
    void sqlReadersReportTheSameMetric() throws Exception {
        writeThreePartitions("parquet");
        Files.writeString(dir.resolve("p=1").resolve("data-x.parquet"), "not parquet");
        TableEnvironment env = TableEnvironment.create(EnvironmentSettings.inBatchMode());
        env.executeSql(
                String.format(
                        "CREATE TABLE t (a INT, p STRING) PARTITIONED BY (p) WITH ("
                                + "'connector'='format-table', 'path'='%s',"
                                + " 'file.format'='parquet', 'scan.ignore-corrupt-files'='true')",
                        dir));
        TableResult result = env.executeSql("SELECT a FROM t");
        List<Row> rows = new ArrayList<>();
        try (CloseableIterator<Row> it = result.collect()) {
            it.forEachRemaining(rows::add);
        }
        JobID job = result.getJobClient().orElseThrow().getJobID();

        assertThat(rows).hasSize(30);
        assertThat(METRICS.counter(job, FormatTableSource.CORRUPT_FILES_SKIPPED)).isEqualTo(1);
        assertThat(METRICS.counter(job, FormatTableSource.LOST_FILES_SKIPPED)).isZero();
    }

    private static void deleteFilesOf(Path partition) throws IOException {
        try (Stream<Path> files = Files.list(partition)) {
            for (Path f : files.collect(Collectors.toList())) {
                Files.delete(f);
            }
        }
    }
}
