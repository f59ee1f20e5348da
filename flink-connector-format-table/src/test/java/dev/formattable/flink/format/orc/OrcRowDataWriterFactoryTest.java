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
package dev.formattable.flink.format.orc;

import org.apache.flink.api.common.serialization.BulkWriter;
import org.apache.flink.core.fs.FSDataOutputStream;
import org.apache.flink.core.fs.FileSystem;
import org.apache.flink.core.fs.local.LocalFileSystem;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.types.DataType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.types.Row;
import org.apache.flink.util.InstantiationUtil;

import org.apache.hadoop.hive.ql.exec.vector.LongColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.TimestampColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.VectorizedRowBatch;
import org.apache.orc.CompressionKind;
import org.apache.orc.Reader;
import org.apache.orc.RecordReader;
import org.apache.orc.TypeDescription;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static dev.formattable.flink.format.orc.OrcTestFiles.flinkPath;
import static dev.formattable.flink.format.orc.OrcTestFiles.openWithOrcCore;
import static dev.formattable.flink.format.orc.OrcTestFiles.readWithFlink;
import static dev.formattable.flink.format.orc.OrcTestFiles.toInternal;
import static dev.formattable.flink.format.orc.OrcTestFiles.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * {@link OrcRowDataWriterFactory}: every type, every codec, read back by orc-core and flink-orc.
 */
class OrcRowDataWriterFactoryTest {

    private static final int ROWS = 3000;

    @TempDir Path dir;

    static Stream<Arguments> codecs() {
        return Stream.of(
                Arguments.of("zstd", CompressionKind.ZSTD),
                Arguments.of("none", CompressionKind.NONE),
                Arguments.of("zlib", CompressionKind.ZLIB),
                Arguments.of("snappy", CompressionKind.SNAPPY),
                Arguments.of("lzo", CompressionKind.LZO),
                Arguments.of("lz4", CompressionKind.LZ4));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("codecs")
    void writesEveryTypeThatOrcCoreAndFlinkReadBackEqual(String codec, CompressionKind kind)
            throws IOException {
        List<Row> rows = OrcTestData.rows(20261129L, ROWS);
        Path file = dir.resolve("every-type." + codec + ".orc");
        write(file, factory(codec, Map.of()), toInternal(OrcTestData.dataType(), rows));

        try (Reader reader = openWithOrcCore(file)) {
            assertThat(reader.getCompressionKind()).isEqualTo(kind);
            assertThat(reader.getNumberOfRows()).isEqualTo(ROWS);
            assertThat(reader.getSchema().getFieldNames())
                    .containsExactlyElementsOf(OrcTestData.names());
            assertThat(reader.getSchema().toString())
                    .isEqualTo(OrcTypes.toOrcSchema(OrcTestData.rowType()).toString());
        }
        assertFlinkReadsBack(file, rows);
        assertOrcCoreReadsInstantsAndTimes(file, rows);
    }

    @Test
    void orcOptionsReachTheWriterAndTheCompressionArgumentWins() throws IOException {
        List<Row> rows = OrcTestData.rows(7L, ROWS);
        Path file = dir.resolve("options.orc");
        Map<String, String> options =
                Map.of(
                        "orc.compress", "ZLIB",
                        "orc.stripe.row.count", "1000",
                        "orc.row.index.stride", "1000",
                        "orc.compression.zstd.level", "9");
        write(file, factory("zstd", options), toInternal(OrcTestData.dataType(), rows));

        try (Reader reader = openWithOrcCore(file)) {
            assertThat(reader.getCompressionKind()).isEqualTo(CompressionKind.ZSTD);
            assertThat(reader.getRowIndexStride()).isEqualTo(1000);
            // A stripe is cut once a 1024-row batch reaches the row limit.
            assertThat(reader.getStripes()).hasSize(3);
            assertThat(reader.getNumberOfRows()).isEqualTo(ROWS);
        }
        assertFlinkReadsBack(file, rows);
    }

    @Test
    void finishWritesTheWholeFileButLeavesTheStreamOpen() throws IOException {
        List<Row> rows = OrcTestData.rows(3L, 1500);
        Path file = dir.resolve("left-open.orc");
        long orcLength;
        try (FSDataOutputStream out =
                LocalFileSystem.getSharedInstance()
                        .create(flinkPath(file), FileSystem.WriteMode.NO_OVERWRITE)) {
            BulkWriter<RowData> writer = factory("zstd", Map.of()).create(out);
            for (RowData row : toInternal(OrcTestData.dataType(), rows)) {
                writer.addElement(row);
            }
            writer.finish();

            // Still open: a closed LocalDataOutputStream throws on each of these.
            orcLength = out.getPos();
            out.flush();
            out.write(0x5A);
        }

        byte[] written = Files.readAllBytes(file);
        assertThat(written).hasSize((int) orcLength + 1);
        assertThat(written[written.length - 1]).isEqualTo((byte) 0x5A);

        // Everything before the marker is the complete ORC file.
        Path orcOnly = dir.resolve("without-marker.orc");
        Files.write(orcOnly, Arrays.copyOf(written, (int) orcLength));
        try (Reader reader = openWithOrcCore(orcOnly)) {
            assertThat(reader.getNumberOfRows()).isEqualTo(rows.size());
            assertThat(reader.getCompressionKind()).isEqualTo(CompressionKind.ZSTD);
        }
        assertFlinkReadsBack(orcOnly, rows);
    }

    @Test
    void aFileWithoutRowsIsAValidOrcFile() throws IOException {
        Path file = dir.resolve("empty.orc");
        write(file, factory("zstd", Map.of()), List.of());

        try (Reader reader = openWithOrcCore(file)) {
            assertThat(reader.getNumberOfRows()).isZero();
            assertThat(reader.getSchema().getFieldNames())
                    .containsExactlyElementsOf(OrcTestData.names());
        }
        assertThat(
                        readWithFlink(
                                file,
                                OrcTestData.flinkReadableType(),
                                allOf(OrcTestData.flinkReadableType()),
                                100,
                                (i, row) -> {}))
                .isZero();
    }

    @Test
    void charValuesComeBackWithoutTrailingBlanksAsOrcReadsChar() throws IOException {
        // ORC pads a CHAR(n) value to n characters on write and strips trailing blanks on read
        // (Hive's CHAR semantics), so only the value without trailing blanks survives.
        DataType type =
                DataTypes.ROW(
                        DataTypes.FIELD("id", DataTypes.INT()),
                        DataTypes.FIELD("ch", DataTypes.CHAR(5)));
        List<Row> rows =
                List.of(
                        Row.of(0, "ab"),
                        Row.of(1, "ab   "),
                        Row.of(2, "     "),
                        Row.of(3, " a b "),
                        Row.of(4, "é中 x"));
        List<String> expected = List.of("ab", "ab", "", " a b", "é中 x");
        Path file = dir.resolve("char.orc");
        write(
                file,
                new OrcRowDataWriterFactory((RowType) type.getLogicalType(), "zstd", Map.of()),
                toInternal(type, rows));

        List<String> read = new ArrayList<>();
        readWithFlink(
                file, type, new int[] {1}, 100, (i, row) -> read.add((String) row.getField(0)));
        assertThat(read).containsExactlyElementsOf(expected);
    }

    @Test
    void severalFilesWrittenAtOnceDoNotInterfere() throws IOException {
        List<Row> first = OrcTestData.rows(11L, 2500);
        List<Row> second = OrcTestData.rows(12L, 1800);
        List<RowData> firstRows = toInternal(OrcTestData.dataType(), first);
        List<RowData> secondRows = toInternal(OrcTestData.dataType(), second);
        Path firstFile = dir.resolve("first.orc");
        Path secondFile = dir.resolve("second.orc");
        OrcRowDataWriterFactory factory = factory("zstd", Map.of("orc.stripe.row.count", "700"));

        FileSystem fs = LocalFileSystem.getSharedInstance();
        try (FSDataOutputStream firstOut =
                        fs.create(flinkPath(firstFile), FileSystem.WriteMode.NO_OVERWRITE);
                FSDataOutputStream secondOut =
                        fs.create(flinkPath(secondFile), FileSystem.WriteMode.NO_OVERWRITE)) {
            BulkWriter<RowData> firstWriter = factory.create(firstOut);
            BulkWriter<RowData> secondWriter = factory.create(secondOut);
            for (int i = 0; i < Math.max(first.size(), second.size()); i++) {
                if (i < first.size()) {
                    firstWriter.addElement(firstRows.get(i));
                }
                if (i < second.size()) {
                    secondWriter.addElement(secondRows.get(i));
                }
                if (i == 1000) {
                    // A checkpoint's flush in the middle of a file.
                    firstWriter.flush();
                }
            }
            secondWriter.finish();
            firstWriter.finish();
        }

        assertFlinkReadsBack(firstFile, first);
        assertFlinkReadsBack(secondFile, second);
    }

    @Test
    void theFactorySurvivesJavaSerialization() throws Exception {
        OrcRowDataWriterFactory copy =
                InstantiationUtil.deserializeObject(
                        InstantiationUtil.serializeObject(
                                factory("lz4", Map.of("orc.stripe.row.count", "500"))),
                        getClass().getClassLoader());
        List<Row> rows = OrcTestData.rows(5L, 1200);
        Path file = dir.resolve("after-serialization.orc");
        write(file, copy, toInternal(OrcTestData.dataType(), rows));

        try (Reader reader = openWithOrcCore(file)) {
            assertThat(reader.getCompressionKind()).isEqualTo(CompressionKind.LZ4);
            assertThat(reader.getStripes()).hasSizeGreaterThan(1);
        }
        assertFlinkReadsBack(file, rows);
    }

    @Test
    void anUnsupportedCompressionIsRefusedNamingItAndTheSupportedOnes() {
        for (String codec : new String[] {"brotli", "gzip", "", "uncompressed"}) {
            assertThatThrownBy(() -> factory(codec, Map.of()))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("'" + codec + "'")
                    .hasMessageContaining("none, zlib, snappy, lzo, lz4, zstd");
        }
        assertThatThrownBy(() -> factory(null, Map.of()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'null'")
                .hasMessageContaining("none, zlib, snappy, lzo, lz4, zstd");
    }

    @Test
    void compressionNamesIgnoreCase() {
        assertThat(OrcRowDataWriterFactory.compressionKind("ZSTD")).isEqualTo(CompressionKind.ZSTD);
        assertThat(OrcRowDataWriterFactory.compressionKind("Snappy"))
                .isEqualTo(CompressionKind.SNAPPY);
        assertThat(OrcRowDataWriterFactory.supportedCompressions())
                .containsExactly("none", "zlib", "snappy", "lzo", "lz4", "zstd");
    }

    @Test
    void anUnsupportedColumnTypeIsRefusedWhenTheFactoryIsBuilt() {
        RowType withMultiset =
                (RowType)
                        DataTypes.ROW(
                                        DataTypes.FIELD("ok", DataTypes.INT()),
                                        DataTypes.FIELD(
                                                "bag", DataTypes.MULTISET(DataTypes.STRING())))
                                .getLogicalType();
        assertThatThrownBy(() -> new OrcRowDataWriterFactory(withMultiset, "zstd", Map.of()))
                .isInstanceOf(UnsupportedOperationException.class)
                .hasMessageContaining("MULTISET<STRING>")
                .hasMessageContaining("'bag'");
    }

    private static OrcRowDataWriterFactory factory(String codec, Map<String, String> options) {
        return new OrcRowDataWriterFactory(OrcTestData.rowType(), codec, options);
    }

    private static int[] allOf(DataType rowType) {
        return java.util.stream.IntStream.range(0, rowType.getChildren().size()).toArray();
    }

    /** flink-orc reads every column it can read, in several batches, equal to what was written. */
    static void assertFlinkReadsBack(Path file, List<Row> rows) throws IOException {
        DataType readType = OrcTestData.flinkReadableType();
        int[] positions = OrcTestData.flinkReadablePositions();
        List<Row> expected = new ArrayList<>(rows.size());
        for (Row row : rows) {
            expected.add(OrcTestData.project(row, positions));
        }
        long read =
                readWithFlink(
                        file,
                        readType,
                        allOf(readType),
                        500,
                        (index, row) ->
                                assertThat(row)
                                        .as("row %d of %s", index, file.getFileName())
                                        .isEqualTo(expected.get(index.intValue())));
        assertThat(read).isEqualTo(rows.size());
    }

    /**
     * flink-orc cannot read TIMESTAMP_LTZ or TIME, so orc-core's vectors are checked directly: the
     * instant itself (UTC epoch) and the milliseconds of the day.
     */
    static void assertOrcCoreReadsInstantsAndTimes(Path file, List<Row> rows) throws IOException {
        int ltz = OrcTestData.position("ltz");
        int tm = OrcTestData.position("tm");
        try (Reader reader = openWithOrcCore(file);
                RecordReader records = reader.rows()) {
            assertThat(reader.getSchema().getChildren().get(ltz).getCategory())
                    .isEqualTo(TypeDescription.Category.TIMESTAMP_INSTANT);
            assertThat(reader.getSchema().getChildren().get(tm).getCategory())
                    .isEqualTo(TypeDescription.Category.INT);
            VectorizedRowBatch batch = reader.getSchema().createRowBatch();
            int index = 0;
            while (records.nextBatch(batch)) {
                TimestampColumnVector instants = (TimestampColumnVector) batch.cols[ltz];
                LongColumnVector times = (LongColumnVector) batch.cols[tm];
                for (int i = 0; i < batch.size; i++, index++) {
                    int at = instants.isRepeating ? 0 : i;
                    Instant instant =
                            !instants.noNulls && instants.isNull[at]
                                    ? null
                                    : Instant.ofEpochSecond(
                                            Math.floorDiv(instants.time[at], 1000L),
                                            instants.nanos[at]);
                    at = times.isRepeating ? 0 : i;
                    LocalTime time =
                            !times.noNulls && times.isNull[at]
                                    ? null
                                    : LocalTime.ofNanoOfDay(times.vector[at] * 1_000_000L);
                    Row expected = rows.get(index);
                    assertThat(instant)
                            .as("ltz of row %d", index)
                            .isEqualTo(expected.getField(ltz));
                    assertThat(time).as("tm of row %d", index).isEqualTo(expected.getField(tm));
                }
            }
            assertThat(index).isEqualTo(rows.size());
        }
    }
}
