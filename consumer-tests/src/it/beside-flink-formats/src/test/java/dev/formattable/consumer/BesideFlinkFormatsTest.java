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
package dev.formattable.consumer;

import dev.formattable.flink.sink.FormatTableSink;
import dev.formattable.flink.source.FormatTableSource;

import org.apache.flink.api.common.RuntimeExecutionMode;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.connector.file.sink.FileSink;
import org.apache.flink.core.fs.Path;
import org.apache.flink.formats.parquet.row.ParquetRowDataBuilder;
import org.apache.flink.orc.vector.RowDataVectorizer;
import org.apache.flink.orc.writer.OrcBulkWriterFactory;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.streaming.api.functions.sink.filesystem.bucketassigners.BasePathBucketAssigner;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.StatementSet;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.data.DecimalData;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.runtime.typeutils.InternalTypeInfo;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.types.Row;
import org.apache.flink.util.CloseableIterator;

import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Properties;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A Flink job's project with both our connector and Flink's own orc and parquet formats on one
 * class path: SQL and DataStream jobs write and read our orc and parquet tables and Flink's own orc
 * and parquet files side by side, in one job each. The project is built once per dependency order
 * (its pom's profiles); every order must pass.
 */
class BesideFlinkFormatsTest {

    private static final RowType ROW =
            (RowType)
                    DataTypes.ROW(
                                    DataTypes.FIELD("id", DataTypes.INT()),
                                    DataTypes.FIELD("name", DataTypes.STRING()),
                                    DataTypes.FIELD("amount", DataTypes.DECIMAL(10, 2)),
                                    DataTypes.FIELD("dt", DataTypes.STRING()))
                            .getLogicalType();

    /** count, sum(amount) and max(name) of the rows every table gets. */
    private static final String EXPECTED = "3 | 42.50 | carol";

    @TempDir java.nio.file.Path dir;

    @Test
    void theClassPathKeepsTheUsersOrcAndOneZstdJni() {
        List<String> jars =
                Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                        .map(p -> new File(p).getName())
                        .collect(Collectors.toList());
        // Flink's orc stays Flink's: the connector brings no orc-core or hive-storage-api of its
        // own (they are inside its jar, relocated), so nothing can replace Flink's 1.5.6.
        assertThat(jars).noneMatch(j -> j.startsWith("orc-core-2."));
        assertThat(jars).noneMatch(j -> j.startsWith("hive-storage-api-2.8"));
        // This project keeps flink-parquet's protobuf 4 away from flink-orc (see its pom), so a
        // protobuf 4 here would be ours; and a slf4j-api 2 would silence Flink's 1.x binding.
        assertThat(jars).noneMatch(j -> j.startsWith("protobuf-java-4."));
        assertThat(jars).noneMatch(j -> j.startsWith("slf4j-api-2."));
        if (jars.stream().anyMatch(j -> j.startsWith("flink-orc-"))) {
            assertThat(jars).contains("orc-core-1.5.6.jar", "hive-storage-api-2.6.0.jar");
        }
        assertThat(jars.stream().filter(j -> j.startsWith("zstd-jni-"))).hasSize(1);
        // The build's Flink line, with the connector artifact of that line.
        assertThat(jars)
                .contains("flink-core-" + System.getProperty("flink.line.version") + ".jar")
                .anyMatch(
                        j ->
                                j.startsWith(
                                        "flink-connector-format-table-"
                                                + System.getProperty("connector.line")
                                                + "-"));
    }

    @Test
    void sqlJobWithBothConnectorsAndBothFormats() {
        TableEnvironment tEnv = TableEnvironment.create(EnvironmentSettings.inBatchMode());
        List<String> tables = List.of("ours_orc", "ours_parquet", "flink_orc", "flink_parquet");
        for (String table : tables) {
            String format = table.endsWith("orc") ? "orc" : "parquet";
            String with =
                    table.startsWith("ours")
                            ? "'connector' = 'format-table', 'file.format' = '" + format + "'"
                            : "'connector' = 'filesystem', 'format' = '" + format + "'";
            tEnv.executeSql(
                    "CREATE TABLE "
                            + table
                            + " (id INT, name STRING, amount DECIMAL(10, 2), dt STRING)"
                            + " PARTITIONED BY (dt) WITH ("
                            + with
                            + ", 'path' = '"
                            + dir.resolve(table).toUri()
                            + "')");
        }
        tEnv.executeSql(
                "CREATE TEMPORARY VIEW input AS SELECT * FROM (VALUES"
                        + " (1, 'alice', CAST(12.50 AS DECIMAL(10, 2)), '2024-01-01'),"
                        + " (2, 'bob', CAST(20.00 AS DECIMAL(10, 2)), '2024-01-01'),"
                        + " (3, 'carol', CAST(10.00 AS DECIMAL(10, 2)), '2024-01-02'))"
                        + " AS t(id, name, amount, dt)");

        // One job writes all four tables.
        StatementSet writes = tEnv.createStatementSet();
        tables.forEach(t -> writes.addInsertSql("INSERT INTO " + t + " SELECT * FROM input"));
        await(writes.execute().getJobClient().orElseThrow().getJobExecutionResult());

        // One job reads all four.
        String union =
                tables.stream()
                        .map(t -> "SELECT '" + t + "', COUNT(*), SUM(amount), MAX(name) FROM " + t)
                        .collect(Collectors.joining(" UNION ALL "));
        List<String> results = collect(tEnv, union);
        assertThat(results)
                .containsExactlyInAnyOrder(
                        tables.stream().map(t -> t + " | " + EXPECTED).toArray(String[]::new));
        assertThat(dataFiles("ours_orc")).allMatch(f -> f.endsWith(".orc")).isNotEmpty();
        assertThat(dataFiles("ours_parquet")).allMatch(f -> f.endsWith(".parquet")).isNotEmpty();
        assertThat(dataFiles("flink_orc")).isNotEmpty();
        assertThat(dataFiles("flink_parquet")).isNotEmpty();
    }

    @Test
    void dataStreamJobWithBothConnectorsAndBothFormats() throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setRuntimeMode(RuntimeExecutionMode.BATCH);
        DataStream<RowData> rows =
                env.fromData(
                        InternalTypeInfo.of(ROW),
                        row(1, "alice", "12.50", "2024-01-01"),
                        row(2, "bob", "20.00", "2024-01-01"),
                        row(3, "carol", "10.00", "2024-01-02"));

        // One job writes through our sink (orc, parquet) and Flink's FileSink (orc, parquet).
        for (String format : List.of("orc", "parquet")) {
            rows.sinkTo(
                    FormatTableSink.forRowData(dir.resolve("ds_ours_" + format).toString(), ROW)
                            .partitionKeys("dt")
                            .format(format)
                            .build());
        }
        LogicalType[] types = ROW.getChildren().toArray(new LogicalType[0]);
        rows.sinkTo(
                FileSink.forBulkFormat(
                                new Path(dir.resolve("ds_flink_orc").toUri()),
                                new OrcBulkWriterFactory<>(
                                        new RowDataVectorizer(
                                                "struct<id:int,name:string,amount:decimal(10,2),"
                                                        + "dt:string>",
                                                types),
                                        new Properties(),
                                        new Configuration()))
                        .withBucketAssigner(new BasePathBucketAssigner<>())
                        .build());
        rows.sinkTo(
                FileSink.forBulkFormat(
                                new Path(dir.resolve("ds_flink_parquet").toUri()),
                                ParquetRowDataBuilder.createWriterFactory(
                                        ROW, new Configuration(), true))
                        .withBucketAssigner(new BasePathBucketAssigner<>())
                        .build());
        env.execute("write through both connectors");

        // One job reads both of our tables through our source.
        StreamExecutionEnvironment readEnv = StreamExecutionEnvironment.getExecutionEnvironment();
        readEnv.setRuntimeMode(RuntimeExecutionMode.BATCH);
        DataStream<RowData> ours = null;
        for (String format : List.of("orc", "parquet")) {
            DataStream<RowData> read =
                    readEnv.fromSource(
                            FormatTableSource.forRowData(
                                            dir.resolve("ds_ours_" + format).toString(), ROW)
                                    .partitionKeys("dt")
                                    .format(format)
                                    .build(),
                            WatermarkStrategy.noWatermarks(),
                            format);
            ours = ours == null ? read : ours.union(read);
        }
        List<String> read = new ArrayList<>();
        try (CloseableIterator<RowData> it = ours.executeAndCollect("read our tables")) {
            it.forEachRemaining(
                    r ->
                            read.add(
                                    r.getInt(0)
                                            + " "
                                            + r.getString(1)
                                            + " "
                                            + r.getDecimal(2, 10, 2)
                                            + " "
                                            + r.getString(3)));
        }
        List<String> once =
                List.of(
                        "1 alice 12.50 2024-01-01",
                        "2 bob 20.00 2024-01-01",
                        "3 carol 10.00 2024-01-02");
        List<String> twice = new ArrayList<>(once);
        twice.addAll(once);
        assertThat(read).containsExactlyInAnyOrderElementsOf(twice);

        // Flink's own files, read back by Flink's own filesystem connector, in one job.
        TableEnvironment tEnv = TableEnvironment.create(EnvironmentSettings.inBatchMode());
        List<String> flinkTables = List.of("ds_flink_orc", "ds_flink_parquet");
        for (String table : flinkTables) {
            tEnv.executeSql(
                    "CREATE TABLE "
                            + table
                            + " (id INT, name STRING, amount DECIMAL(10, 2), dt STRING) WITH ("
                            + "'connector' = 'filesystem', 'format' = '"
                            + (table.endsWith("orc") ? "orc" : "parquet")
                            + "', 'path' = '"
                            + dir.resolve(table).toUri()
                            + "')");
        }
        String union =
                flinkTables.stream()
                        .map(t -> "SELECT '" + t + "', COUNT(*), SUM(amount), MAX(name) FROM " + t)
                        .collect(Collectors.joining(" UNION ALL "));
        assertThat(collect(tEnv, union))
                .containsExactlyInAnyOrder(
                        flinkTables.stream().map(t -> t + " | " + EXPECTED).toArray(String[]::new));
    }

    private static RowData row(int id, String name, String amount, String dt) {
        return GenericRowData.of(
                id,
                StringData.fromString(name),
                DecimalData.fromBigDecimal(new BigDecimal(amount), 10, 2),
                StringData.fromString(dt));
    }

    private static List<String> collect(TableEnvironment tEnv, String query) {
        List<String> rows = new ArrayList<>();
        try (CloseableIterator<Row> it = tEnv.executeSql(query).collect()) {
            it.forEachRemaining(
                    r -> {
                        List<String> fields = new ArrayList<>();
                        for (int i = 0; i < r.getArity(); i++) {
                            fields.add(String.valueOf(r.getField(i)));
                        }
                        rows.add(String.join(" | ", fields));
                    });
        } catch (Exception e) {
            throw new IllegalStateException("query failed: " + query, e);
        }
        return rows;
    }

    private List<String> dataFiles(String table) {
        try (Stream<java.nio.file.Path> files = Files.walk(dir.resolve(table))) {
            return files.filter(Files::isRegularFile)
                    .map(p -> dir.resolve(table).relativize(p).toString())
                    .filter(p -> Stream.of(p.split("/")).noneMatch(n -> n.startsWith(".")))
                    .filter(p -> !p.startsWith("_"))
                    .collect(Collectors.toList());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void await(java.util.concurrent.CompletableFuture<?> job) {
        try {
            job.get();
        } catch (Exception e) {
            throw new IllegalStateException("job failed", e);
        }
    }
}
