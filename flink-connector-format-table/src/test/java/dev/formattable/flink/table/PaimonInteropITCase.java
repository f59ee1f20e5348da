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
import dev.formattable.flink.testutils.StatisticsFiles;

import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.types.Row;

import org.apache.hadoop.conf.Configuration;
import org.apache.orc.CompressionKind;
import org.apache.orc.OrcFile;
import org.apache.orc.Reader;
import org.apache.paimon.catalog.Identifier;
import org.apache.paimon.fs.local.LocalFileIO;
import org.apache.paimon.table.FormatTable;
import org.apache.paimon.table.sink.BatchTableCommit;
import org.apache.paimon.table.sink.BatchTableWrite;
import org.apache.paimon.table.sink.BatchWriteBuilder;
import org.apache.paimon.table.sink.CommitMessage;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.hadoop.util.HadoopInputFile;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Interop with Apache Paimon's own format tables, both ways, for parquet and for orc: Paimon writes
 * a directory that this connector reads, and this connector writes a directory that Paimon reads.
 * Each case checks the rows, the partition directories, and the codec and row count that the files
 * themselves record (read with parquet-hadoop and orc-core, not through either table).
 *
 * <p>The Paimon side (Paimon 1.4, the first release that writes format tables from Java) is a
 * {@link FormatTable} built directly on the directory: Paimon's {@code FileSystemCatalog} cannot
 * create format tables (see {@link #paimonFileSystemCatalogRefusesFormatTables()}), so no Paimon
 * schema file lives with the data. {@link #schemaDirectoryInTableDirectory(boolean)} shows what
 * both readers would do with one.
 */
class PaimonInteropITCase extends FlinkTestBase {

    private static final long SEED = 0x5EED_2024L;
    private static final String DEFAULT_PARTITION = "__DEFAULT_PARTITION__";
    private static final LocalDate FIRST_DAY = InteropRows.FIRST_DAY;
    private static final String COLUMNS = InteropRows.COLUMNS;

    @TempDir Path dir;

    /** How partitions are laid out: the options both sides get, and the directory names. */
    enum Layout {
        NONE(Map.of()),
        /** Paimon's default: {@code dt=19723/h=1}, dates as day counts. */
        KEY_VALUE(Map.of()),
        /** {@code dt=2024-01-01/h=1}. */
        ISO_DATES(Map.of("partition.legacy-name", "false")),
        /** {@code 19723/1}: values only, no key names. */
        VALUE_ONLY(Map.of("format-table.partition-path-only-value", "true"));

        final Map<String, String> options;

        Layout(Map<String, String> options) {
            this.options = options;
        }

        boolean partitioned() {
            return this != NONE;
        }

        String directory(LocalDate dt, Integer h) {
            String day =
                    dt == null
                            ? DEFAULT_PARTITION
                            : this == ISO_DATES ? dt.toString() : String.valueOf(dt.toEpochDay());
            String hour = h == null ? DEFAULT_PARTITION : String.valueOf(h);
            return this == VALUE_ONLY ? day + "/" + hour : "dt=" + day + "/h=" + hour;
        }
    }

    static Stream<Arguments> cases() {
        return Stream.of("parquet", "orc")
                .flatMap(f -> Stream.of(Layout.values()).map(l -> Arguments.of(f, l)));
    }

    // ------------------------------------------------------------------------------------------
    // Paimon writes, this connector reads
    // ------------------------------------------------------------------------------------------

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("cases")
    void paimonWritesConnectorReads(String format, Layout layout) throws Exception {
        List<Row> rows =
                InteropRows.random(new Random(SEED + format.hashCode() + layout.ordinal()));
        FormatTable table = paimonTable(format, layout);

        TableEnvironment env = batchEnv();
        createConnectorTable(env, format, layout);

        BatchWriteBuilder builder = table.newBatchWriteBuilder();
        try (BatchTableWrite write = builder.newWrite();
                BatchTableCommit commit = builder.newCommit()) {
            for (Row row : rows) {
                write.write(PaimonRows.toPaimon(row));
            }
            List<CommitMessage> messages = write.prepareCommit();
            // Until the commit, Paimon keeps its files in <partition>/_temporary/.tmp.<uuid>:
            // hidden from this connector, which sees an empty table.
            assertThat(stagedFiles()).isNotEmpty();
            assertThat(dataFiles()).isEmpty();
            assertThat(rows(env, "SELECT * FROM t")).isEmpty();
            commit.commit(messages);
        }

        List<Path> files = dataFiles();
        assertLayout(files, rows, format, layout);
        // Paimon's defaults for format tables are the same as ours: snappy and zstd.
        assertCodecAndRowCount(files, format, rows.size());

        assertThat(rows(env, "SELECT * FROM t")).containsExactlyInAnyOrderElementsOf(rows);
        if (layout.partitioned()) {
            // A pruned scan over Paimon's directory names: the day count and the default name.
            assertThat(rows(env, "SELECT * FROM t WHERE dt = DATE '2024-01-01' AND h IS NULL"))
                    .containsExactlyInAnyOrderElementsOf(
                            rows.stream()
                                    .filter(r -> FIRST_DAY.equals(r.getField(6)))
                                    .filter(r -> r.getField(7) == null)
                                    .collect(Collectors.toList()))
                    .isNotEmpty();
        }
    }

    // ------------------------------------------------------------------------------------------
    // This connector writes, Paimon reads
    // ------------------------------------------------------------------------------------------

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("cases")
    void connectorWritesPaimonReads(String format, Layout layout) throws Exception {
        List<Row> rows =
                InteropRows.random(new Random(SEED - format.hashCode() - layout.ordinal()));

        TableEnvironment env = batchEnv();
        createConnectorTable(env, format, layout);
        exec(env, "INSERT INTO t VALUES " + InteropRows.sqlValues(rows));

        List<Path> files = dataFiles();
        assertLayout(files, rows, format, layout);
        assertCodecAndRowCount(files, format, rows.size());
        assertThat(files.get(0).resolveSibling("_SUCCESS")).exists();

        // A file staged by a writer that never committed, named as this connector stages, is as
        // invisible to Paimon as it is to us.
        Path published = files.get(0);
        Path staging = published.resolveSibling("_temporary");
        Files.createDirectories(staging);
        Files.copy(
                published,
                staging.resolve("." + published.getFileName() + "." + UUID.randomUUID() + ".tmp"));
        assertThat(stagedFiles()).isNotEmpty();
        // So is a statistics file: Paimon reads files in hidden directories, not hidden files.
        StatisticsFiles.compute(env, "t");

        FormatTable table = paimonTable(format, layout);
        if (layout == Layout.VALUE_ONLY) {
            // Paimon 1.4.2 bug, pinned: in a value-only layout the NULL partition's directory is
            // the default name alone, "__DEFAULT_PARTITION__", and Paimon's own listing skips it
            // as hidden (it starts with '_'), so Paimon's reader loses those rows, though its
            // writer puts them there too. We read them.
            assertThat(PaimonRows.read(table))
                    .containsExactlyInAnyOrderElementsOf(
                            rows.stream()
                                    .filter(r -> r.getField(6) != null && r.getField(7) != null)
                                    .collect(Collectors.toList()));
        } else {
            assertThat(PaimonRows.read(table)).containsExactlyInAnyOrderElementsOf(rows);
        }
        assertThat(rows(env, "SELECT * FROM t")).containsExactlyInAnyOrderElementsOf(rows);
    }

    /**
     * A {@code schema/schema-0} file in the table directory, as Paimon's filesystem catalog keeps
     * in its own (non-format) tables. Both readers treat it alike: in a partitioned table {@code
     * schema/} is not a partition directory and both skip it; in an unpartitioned table it is a
     * visible file below the table, so both take it for a data file and fail on it.
     */
    @ParameterizedTest(name = "partitioned={0}")
    @ValueSource(booleans = {true, false})
    void schemaDirectoryInTableDirectory(boolean partitioned) throws Exception {
        List<Row> rows = InteropRows.random(new Random(SEED));
        TableEnvironment env = batchEnv();
        Layout layout = partitioned ? Layout.KEY_VALUE : Layout.NONE;
        createConnectorTable(env, "parquet", layout);
        exec(env, "INSERT INTO t VALUES " + InteropRows.sqlValues(rows));
        Files.createDirectories(dir.resolve("schema"));
        Files.writeString(dir.resolve("schema/schema-0"), "{\"version\" : 3, \"id\" : 0}");
        FormatTable table = paimonTable("parquet", layout);

        if (partitioned) {
            assertThat(rows(env, "SELECT * FROM t")).containsExactlyInAnyOrderElementsOf(rows);
            assertThat(PaimonRows.read(table)).containsExactlyInAnyOrderElementsOf(rows);
        } else {
            String file = dir.resolve("schema/schema-0").toUri().getPath();
            assertThatThrownBy(() -> rows(env, "SELECT * FROM t"))
                    .hasStackTraceContaining("Cannot read data file")
                    .hasStackTraceContaining(file)
                    .hasStackTraceContaining("is not a Parquet file");
            assertThatThrownBy(() -> PaimonRows.read(table))
                    .hasStackTraceContaining(file)
                    .hasStackTraceContaining("is not a Parquet file");
        }
    }

    // ------------------------------------------------------------------------------------------
    // Data
    // ------------------------------------------------------------------------------------------

    // ------------------------------------------------------------------------------------------
    // Both sides of the table
    // ------------------------------------------------------------------------------------------

    /**
     * Paimon's view of the directory: a format table with no catalog behind it. Paimon's writer
     * takes the directory from the {@code path} option, not from {@link FormatTable#location()}
     * (without it, {@code newWrite()} fails with "Can not create a Path from a null string"), so
     * both are set, as Paimon's catalogs do.
     */
    private FormatTable paimonTable(String format, Layout layout) {
        String location = dir.toUri().toString();
        return FormatTable.builder()
                .fileIO(LocalFileIO.create())
                .identifier(Identifier.create("db", "t"))
                .rowType(PaimonRows.ROW_TYPE)
                .partitionKeys(layout.partitioned() ? List.of("dt", "h") : List.of())
                .location(location)
                .format(FormatTable.parseFormat(format))
                .options(paimonOptions(format, location, layout))
                .build();
    }

    private static Map<String, String> paimonOptions(
            String format, String location, Layout layout) {
        Map<String, String> options = new java.util.HashMap<>(layout.options);
        options.put("type", "format-table");
        options.put("file.format", format);
        options.put("path", location);
        return options;
    }

    private void createConnectorTable(TableEnvironment env, String format, Layout layout) {
        StringBuilder options = new StringBuilder();
        layout.options.forEach(
                (k, v) -> options.append(", '").append(k).append("'='").append(v).append("'"));
        exec(
                env,
                "CREATE TABLE t ("
                        + COLUMNS
                        + ")"
                        + (layout.partitioned() ? " PARTITIONED BY (dt, h)" : "")
                        // Success files in every partition written: hidden from Paimon too.
                        + withFormatTable(
                                dir,
                                format,
                                options + ", 'sink.partition-commit.policy.kind'='success-file'"));
    }

    // ------------------------------------------------------------------------------------------
    // The files themselves
    // ------------------------------------------------------------------------------------------

    /**
     * Every visible regular file below the table: no segment of its path starts with _ or . (the
     * default partition name aside).
     */
    private List<Path> dataFiles() throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(Files::isRegularFile)
                    .filter(
                            p -> {
                                for (Path segment : dir.relativize(p)) {
                                    String s = segment.toString();
                                    // Value-only layouts name the NULL partition by the
                                    // default name alone, which is not a hidden directory.
                                    if ((s.startsWith("_") && !s.equals(DEFAULT_PARTITION))
                                            || s.startsWith(".")) {
                                        return false;
                                    }
                                }
                                return true;
                            })
                    .sorted()
                    .collect(Collectors.toList());
        }
    }

    /** Every regular file in a {@code _temporary} directory. */
    private List<Path> stagedFiles() throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(Files::isRegularFile)
                    .filter(p -> p.getParent().getFileName().toString().equals("_temporary"))
                    .collect(Collectors.toList());
        }
    }

    /**
     * The data files sit exactly in the partition directories the rows call for ({@link
     * Layout#directory}), with {@code __DEFAULT_PARTITION__} for NULL; or all in the table
     * directory.
     */
    private void assertLayout(List<Path> files, List<Row> rows, String format, Layout layout) {
        assertThat(files)
                .isNotEmpty()
                .allMatch(f -> f.getFileName().toString().endsWith("." + format));
        Set<String> directories = new TreeSet<>();
        for (Path file : files) {
            Path parent = dir.relativize(file).getParent();
            directories.add(parent == null ? "" : parent.toString());
        }
        Set<String> expected = new TreeSet<>();
        for (Row row : rows) {
            expected.add(
                    layout.partitioned()
                            ? layout.directory(
                                    (LocalDate) row.getField(6), (Integer) row.getField(7))
                            : "");
        }
        assertThat(directories).isEqualTo(expected);
        if (layout.partitioned()) {
            assertThat(directories)
                    .contains(layout.directory(null, null))
                    .contains(layout.directory(FIRST_DAY, null));
        }
    }

    /**
     * Every file records the format's default codec (parquet SNAPPY, orc ZSTD), and the files hold
     * exactly the rows written, as their own readers count them.
     */
    private static void assertCodecAndRowCount(List<Path> files, String format, long expectedRows)
            throws IOException {
        Configuration conf = new Configuration();
        long total = 0;
        for (Path file : files) {
            org.apache.hadoop.fs.Path path = new org.apache.hadoop.fs.Path(file.toUri());
            if (format.equals("orc")) {
                try (Reader reader = OrcFile.createReader(path, OrcFile.readerOptions(conf))) {
                    assertThat(reader.getCompressionKind())
                            .as("compression of %s", file)
                            .isEqualTo(CompressionKind.ZSTD);
                    total += reader.getNumberOfRows();
                }
            } else {
                try (ParquetFileReader reader =
                        ParquetFileReader.open(HadoopInputFile.fromPath(path, conf))) {
                    for (BlockMetaData block : reader.getFooter().getBlocks()) {
                        for (ColumnChunkMetaData column : block.getColumns()) {
                            assertThat(column.getCodec())
                                    .as("compression of %s in %s", column.getPath(), file)
                                    .isEqualTo(CompressionCodecName.SNAPPY);
                        }
                    }
                    total += reader.getRecordCount();
                }
            }
        }
        assertThat(total).isEqualTo(expectedRows);
    }
}
