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
package dev.formattable.flink.datastream;

import dev.formattable.core.partition.PartitionPredicate;
import dev.formattable.flink.lookup.FormatTableLookup;
import dev.formattable.flink.sink.FormatTableSink;
import dev.formattable.flink.source.FormatTableSource;
import dev.formattable.flink.source.FormatTableSourceBuilder;
import dev.formattable.flink.testutils.DataStreamTestUtils;
import dev.formattable.flink.testutils.FlinkTestBase;

import org.apache.flink.api.common.functions.RichFlatMapFunction;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.types.logical.DateType;
import org.apache.flink.table.types.logical.IntType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.VarCharType;
import org.apache.flink.types.Row;
import org.apache.flink.util.CloseableIterator;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A DataStream job writes a partitioned table with the sink builder, and DataStream jobs read it
 * back with the source builder, whole and with a projection and a partition filter. SQL reads the
 * same rows from the same directory.
 */
class DataStreamRoundTripITCase extends FlinkTestBase {

    @TempDir Path dir;

    static final RowType TYPE =
            RowType.of(
                    new LogicalType[] {
                        new IntType(), VarCharType.STRING_TYPE, new DateType(), new IntType()
                    },
                    new String[] {"id", "name", "dt", "h"});

    static List<Row> rows() {
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < 24; i++) {
            rows.add(
                    Row.of(
                            i,
                            i % 5 == 0 ? null : "name-" + i,
                            LocalDate.of(2024, 1, 1 + i % 3),
                            i % 7 == 0 ? null : i % 4));
        }
        return rows;
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"parquet", "orc", "csv", "json"})
    void writeThenRead(String format) throws Exception {
        String path = dir.resolve("t").toString();
        FormatTableSink sink =
                FormatTableSink.forRowData(path, TYPE)
                        .partitionKeys("dt", "h")
                        .format(format)
                        .option("target-file-row-num", "3")
                        .build();
        DataStreamTestUtils.write(TYPE, sink, rows(), 2);

        // Everything, as written.
        FormatTableSourceBuilder all =
                FormatTableSource.forRowData(path, TYPE).partitionKeys("dt", "h").format(format);
        assertThat(DataStreamTestUtils.read(all.build(), all.producedType(), 2))
                .containsExactlyElementsOf(
                        rows().stream().map(Row::toString).sorted().collect(Collectors.toList()));

        // A projection (partition columns first, out of order) and a partition filter.
        FormatTableSourceBuilder some =
                FormatTableSource.forRowData(path, TYPE)
                        .partitionKeys("dt", "h")
                        .format(format)
                        .project("h", "id", "dt")
                        .partitionFilter(
                                PartitionPredicate.and(
                                        PartitionPredicate.greaterOrEqual(
                                                "dt", LocalDate.of(2024, 1, 2)),
                                        PartitionPredicate.in("h", List.of(1, 2))));
        List<String> expected =
                rows().stream()
                        .filter(
                                r ->
                                        !((LocalDate) r.getField(2))
                                                        .isBefore(LocalDate.of(2024, 1, 2))
                                                && r.getField(3) != null
                                                && List.of(1, 2).contains(r.getField(3)))
                        .map(r -> Row.of(r.getField(3), r.getField(0), r.getField(2)).toString())
                        .sorted()
                        .collect(Collectors.toList());
        assertThat(expected).hasSizeGreaterThan(3);
        assertThat(some.producedType().getFieldNames()).containsExactly("h", "id", "dt");
        assertThat(DataStreamTestUtils.read(some.build(), some.producedType(), 2))
                .containsExactlyElementsOf(expected);

        // SQL reads the directory the DataStream job wrote, and agrees.
        TableEnvironment env = batchEnv();
        exec(
                env,
                "CREATE TABLE t (id INT, name STRING, dt DATE, h INT) PARTITIONED BY (dt, h)"
                        + " WITH ('connector'='format-table', 'path'='"
                        + path
                        + "', 'file.format'='"
                        + format
                        + "')");
        assertThat(
                        query(
                                env,
                                "SELECT h, id, dt FROM t WHERE dt >= DATE '2024-01-02'"
                                        + " AND h IN (1, 2)"))
                .containsExactlyElementsOf(expected);
        assertThat(query(env, "SELECT count(*) FROM t WHERE h IS NULL"))
                .containsExactly(
                        "+I["
                                + rows().stream().filter(r -> Objects.isNull(r.getField(3))).count()
                                + "]");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"parquet", "csv"})
    void nullInNotNullColumnFailsTheJob(String format) throws Exception {
        RowType type =
                RowType.of(
                        new LogicalType[] {new IntType(false), new VarCharType(false, 10)},
                        new String[] {"id", "name"});
        Path table = dir.resolve("t");
        FormatTableSink sink =
                FormatTableSink.forRowData(table.toString(), type).format(format).build();
        List<Row> rows = List.of(Row.of(1, "a"), Row.of(2, null), Row.of(3, "c"));

        assertThatThrownBy(() -> DataStreamTestUtils.write(type, sink, rows, 1))
                .hasStackTraceContaining("Column 'name' is NOT NULL, but a row holds NULL in it");
        // Nothing published: no visible data file.
        try (Stream<Path> files = Files.walk(table)) {
            assertThat(
                            files.filter(Files::isRegularFile)
                                    .map(p -> table.relativize(p).toString())
                                    .filter(p -> !p.startsWith(".") && !p.startsWith("_")))
                    .isEmpty();
        } catch (java.nio.file.NoSuchFileException noTable) {
            // Nothing at all written is nothing published.
        }
    }

    /**
     * A DataStream joins a table it looks up by key: a left join keeps the inputs without a row, an
     * inner join drops them, and the rows found are the projection of the table.
     */
    @Test
    void aStreamIsJoinedWithATableLookedUpByKey() throws Exception {
        String path = dir.resolve("t").toString();
        FormatTableSink sink =
                FormatTableSink.forRowData(path, TYPE).partitionKeys("dt", "h").build();
        DataStreamTestUtils.write(TYPE, sink, rows(), 2);
        FormatTableLookup byId =
                FormatTableSource.forRowData(path, TYPE)
                        .partitionKeys("dt", "h")
                        .project("name", "id")
                        .buildLookup("id");
        assertThat(byId.producedType().getFieldNames()).containsExactly("name", "id");

        List<String> left =
                joined(
                        byId.leftJoin(
                                id -> GenericRowData.of(id),
                                (id, row, out) -> out.collect(id + "=" + nameOf(row))));
        assertThat(left).containsExactly("1=name-1", "25=none", "5=null", "7=name-7");

        List<String> inner =
                joined(
                        byId.join(
                                id -> GenericRowData.of(id),
                                (id, row, out) -> out.collect(id + "=" + row.getInt(1))));
        assertThat(inner).containsExactly("1=1", "5=5", "7=7");
    }

    private static String nameOf(RowData row) {
        if (row == null) {
            return "none";
        }
        return row.isNullAt(0) ? "null" : row.getString(0).toString();
    }

    private static List<String> joined(RichFlatMapFunction<Integer, String> join) throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        env.setParallelism(2);
        List<String> out = new ArrayList<>();
        try (CloseableIterator<String> it =
                env.fromData(1, 5, 7, 25).flatMap(join).returns(Types.STRING).executeAndCollect()) {
            it.forEachRemaining(out::add);
        }
        return out.stream().sorted().collect(Collectors.toList());
    }
}
