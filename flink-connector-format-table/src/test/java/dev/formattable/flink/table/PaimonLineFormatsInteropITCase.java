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
import dev.formattable.flink.testutils.InteropRows;
import dev.formattable.flink.testutils.PaimonRows;
import dev.formattable.flink.testutils.TableFiles;

import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.types.Row;

import org.apache.paimon.catalog.Identifier;
import org.apache.paimon.data.BinaryString;
import org.apache.paimon.data.GenericRow;
import org.apache.paimon.data.InternalRow;
import org.apache.paimon.data.Timestamp;
import org.apache.paimon.fs.local.LocalFileIO;
import org.apache.paimon.reader.RecordReader;
import org.apache.paimon.table.FormatTable;
import org.apache.paimon.table.sink.BatchTableCommit;
import org.apache.paimon.table.sink.BatchTableWrite;
import org.apache.paimon.table.sink.BatchWriteBuilder;
import org.apache.paimon.table.source.ReadBuilder;
import org.apache.paimon.types.DataTypes;
import org.apache.paimon.types.RowType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TimeZone;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * csv, json and text tables with Apache Paimon 1.4.2, both ways, under Paimon's defaults and under
 * other options (a delimiter, a header, a null literal, compressions): Paimon writes a partitioned
 * directory that this connector reads, and this connector writes one that Paimon reads.
 */
class PaimonLineFormatsInteropITCase extends FlinkTestBase {

    private static final long SEED = 0x11_4E5L;

    @TempDir Path dir;

    static Stream<Arguments> cases() {
        return Stream.of(
                Arguments.of("csv", Map.of()),
                Arguments.of(
                        "csv",
                        Map.of(
                                "csv.field-delimiter", ";",
                                "csv.include-header", "true",
                                "file.compression", "gzip")),
                Arguments.of(
                        "csv",
                        Map.of(
                                "csv.field-delimiter", "|",
                                "csv.null-literal", "NULL",
                                "file.compression", "bzip2")),
                Arguments.of("json", Map.of()),
                Arguments.of("json", Map.of("file.compression", "gzip")),
                Arguments.of("json", Map.of("file.compression", "deflate")));
    }

    /** The interop rows, some names holding the field delimiters, quotes and non-ASCII text. */
    private static List<Row> rows(long seed, String... more) {
        List<Row> rows = InteropRows.random(new Random(seed));
        List<String> awkward =
                new ArrayList<>(
                        List.of("a,b;c|d", "he said \"hi\"", "ünïcödé 日本", "x\"", " padded "));
        awkward.addAll(List.of(more));
        for (int i = 0; i < rows.size(); i += 4) {
            if (rows.get(i).getField(1) != null) {
                rows.get(i).setField(1, awkward.get((i / 4) % awkward.size()));
            }
        }
        return rows;
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("cases")
    void paimonWritesConnectorReads(String format, Map<String, String> options) throws Exception {
        List<Row> rows = rows(SEED + format.hashCode() + options.hashCode());
        PaimonRows.write(paimonTable(format, options), rows);

        assertSuffixes(format, options);
        TableEnvironment env = batchEnv();
        createConnectorTable(env, format, options);
        assertThat(rows(env, "SELECT * FROM t")).containsExactlyInAnyOrderElementsOf(rows);
        assertThat(rows(env, "SELECT id FROM t WHERE dt = DATE '2024-01-01' AND h IS NULL"))
                .containsExactlyInAnyOrderElementsOf(
                        rows.stream()
                                .filter(r -> InteropRows.FIRST_DAY.equals(r.getField(6)))
                                .filter(r -> r.getField(7) == null)
                                .map(r -> Row.of(r.getField(0)))
                                .collect(Collectors.toList()))
                .isNotEmpty();
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("cases")
    void connectorWritesPaimonReads(String format, Map<String, String> options) throws Exception {
        // Paimon reads the backslash we escape; one it wrote raw it would drop itself.
        List<Row> rows = rows(SEED - format.hashCode() - options.hashCode(), "back\\slash");
        TableEnvironment env = batchEnv();
        createConnectorTable(env, format, options);
        exec(env, "INSERT INTO t VALUES " + InteropRows.sqlValues(rows));

        assertSuffixes(format, options);
        assertThat(PaimonRows.read(paimonTable(format, options)))
                .containsExactlyInAnyOrderElementsOf(rows);
    }

    @Test
    void textBothWays() throws Exception {
        RowType type =
                RowType.of(
                        new org.apache.paimon.types.DataType[] {
                            DataTypes.STRING(), DataTypes.INT()
                        },
                        new String[] {"line", "p"});
        FormatTable paimon =
                FormatTable.builder()
                        .fileIO(LocalFileIO.create())
                        .identifier(Identifier.create("db", "t"))
                        .rowType(type)
                        .partitionKeys(List.of("p"))
                        .location(dir.toUri().toString())
                        .format(FormatTable.parseFormat("text"))
                        .options(paimonOptions("text", Map.of()))
                        .build();
        BatchWriteBuilder builder = paimon.newBatchWriteBuilder();
        try (BatchTableWrite write = builder.newWrite();
                BatchTableCommit commit = builder.newCommit()) {
            write.write(GenericRow.of(BinaryString.fromString("from paimon, 1"), 1));
            write.write(GenericRow.of(BinaryString.fromString("ünïcödé \"2\""), 2));
            commit.commit(write.prepareCommit());
        }
        TableEnvironment env = batchEnv();
        exec(
                env,
                "CREATE TABLE t (line STRING, p INT) PARTITIONED BY (p)"
                        + withFormatTable(dir, "text"));
        exec(env, "INSERT INTO t VALUES ('from flink, 3', 3)");

        assertThat(rows(env, "SELECT * FROM t"))
                .containsExactlyInAnyOrder(
                        Row.of("from paimon, 1", 1),
                        Row.of("ünïcödé \"2\"", 2),
                        Row.of("from flink, 3", 3));
        List<String> read = new ArrayList<>();
        ReadBuilder reader = paimon.newReadBuilder();
        try (RecordReader<InternalRow> r =
                reader.newRead().createReader(reader.newScan().plan().splits())) {
            r.forEachRemaining(row -> read.add(row.getString(0) + "@" + row.getInt(1)));
        }
        assertThat(read)
                .containsExactlyInAnyOrder(
                        "from paimon, 1@1", "ünïcödé \"2\"@2", "from flink, 3@3");
    }

    /**
     * TIMESTAMP_LTZ goes both ways under a JVM zone that is not UTC: Paimon writes and reads the
     * wall time of that zone, and so do we.
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"csv", "json"})
    void timestampLtzBothWays(String format) throws Exception {
        TimeZone saved = TimeZone.getDefault();
        TimeZone.setDefault(TimeZone.getTimeZone("Asia/Shanghai"));
        try {
            RowType type =
                    RowType.of(
                            new org.apache.paimon.types.DataType[] {
                                DataTypes.INT(), DataTypes.TIMESTAMP_WITH_LOCAL_TIME_ZONE(3)
                            },
                            new String[] {"id", "moment"});
            FormatTable paimon =
                    FormatTable.builder()
                            .fileIO(LocalFileIO.create())
                            .identifier(Identifier.create("db", "t"))
                            .rowType(type)
                            .partitionKeys(List.of())
                            .location(dir.toUri().toString())
                            .format(FormatTable.parseFormat(format))
                            .options(paimonOptions(format, Map.of()))
                            .build();
            BatchWriteBuilder builder = paimon.newBatchWriteBuilder();
            try (BatchTableWrite write = builder.newWrite();
                    BatchTableCommit commit = builder.newCommit()) {
                write.write(GenericRow.of(1, Timestamp.fromEpochMillis(1_704_164_645_123L)));
                write.write(GenericRow.of(2, null));
                commit.commit(write.prepareCommit());
            }
            TableEnvironment env = batchEnv();
            exec(
                    env,
                    "CREATE TABLE t (id INT, moment TIMESTAMP_LTZ(3)) WITH ('connector'='format-table',"
                            + " 'path'='"
                            + dir
                            + "', 'file.format'='"
                            + format
                            + "', 'csv.mode'='FAILFAST')");
            exec(env, "INSERT INTO t VALUES (3, TO_TIMESTAMP_LTZ(0, 3))");

            assertThat(rows(env, "SELECT * FROM t"))
                    .containsExactlyInAnyOrder(
                            Row.of(1, Instant.ofEpochMilli(1_704_164_645_123L)),
                            Row.of(2, null),
                            Row.of(3, Instant.EPOCH));
            // Written as Paimon writes it: Shanghai's wall time, no offset.
            assertThat(TableFiles.dataFileText(dir))
                    .contains("2024-01-02 11:04:05.123")
                    .contains("1970-01-01 08:00:00")
                    .doesNotContain("Z");
            List<String> read = new ArrayList<>();
            ReadBuilder reader = paimon.newReadBuilder();
            try (RecordReader<InternalRow> r =
                    reader.newRead().createReader(reader.newScan().plan().splits())) {
                r.forEachRemaining(
                        row ->
                                read.add(
                                        row.getInt(0)
                                                + "@"
                                                + (row.isNullAt(1)
                                                        ? null
                                                        : row.getTimestamp(1, 3)
                                                                .getMillisecond())));
            }
            assertThat(read).containsExactlyInAnyOrder("1@1704164645123", "2@null", "3@0");
        } finally {
            TimeZone.setDefault(saved);
        }
    }

    private void assertSuffixes(String format, Map<String, String> options) throws IOException {
        String suffix =
                TableFiles.lineSuffix(format, options.getOrDefault("file.compression", "none"));
        assertThat(TableFiles.dataFileNames(dir)).isNotEmpty().allMatch(n -> n.endsWith(suffix));
    }

    private FormatTable paimonTable(String format, Map<String, String> options) {
        return FormatTable.builder()
                .fileIO(LocalFileIO.create())
                .identifier(Identifier.create("db", "t"))
                .rowType(PaimonRows.ROW_TYPE)
                .partitionKeys(List.of("dt", "h"))
                .location(dir.toUri().toString())
                .format(FormatTable.parseFormat(format))
                .options(paimonOptions(format, options))
                .build();
    }

    private Map<String, String> paimonOptions(String format, Map<String, String> options) {
        Map<String, String> all = new HashMap<>(options);
        all.put("type", "format-table");
        all.put("file.format", format);
        all.put("path", dir.toUri().toString());
        return all;
    }

    private void createConnectorTable(
            TableEnvironment env, String format, Map<String, String> options) {
        StringBuilder with = new StringBuilder();
        options.forEach((k, v) -> with.append(", '").append(k).append("'='").append(v).append("'"));
        exec(
                env,
                "CREATE TABLE t ("
                        + InteropRows.COLUMNS
                        + ") PARTITIONED BY (dt, h) WITH ('connector'='format-table', 'path'='"
                        + dir
                        + "', 'file.format'='"
                        + format
                        + "'"
                        + with
                        + ")");
    }
}
