package dev.formattable.flink.table;

import dev.formattable.flink.testutils.FlinkTestBase;

import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.api.TableResult;
import org.apache.flink.types.Row;
import org.apache.flink.util.CloseableIterator;

import org.apache.hadoop.conf.Configuration;
import org.apache.orc.CompressionKind;
import org.apache.orc.OrcFile;
import org.apache.orc.Reader;
import org.apache.paimon.catalog.Identifier;
import org.apache.paimon.data.BinaryString;
import org.apache.paimon.data.Decimal;
import org.apache.paimon.data.GenericRow;
import org.apache.paimon.data.InternalRow;
import org.apache.paimon.data.Timestamp;
import org.apache.paimon.fs.local.LocalFileIO;
import org.apache.paimon.reader.RecordReader;
import org.apache.paimon.table.FormatTable;
import org.apache.paimon.table.sink.BatchTableCommit;
import org.apache.paimon.table.sink.BatchTableWrite;
import org.apache.paimon.table.sink.BatchWriteBuilder;
import org.apache.paimon.table.sink.CommitMessage;
import org.apache.paimon.table.source.ReadBuilder;
import org.apache.paimon.table.source.Split;
import org.apache.paimon.types.DataTypes;
import org.apache.paimon.types.RowType;
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
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
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
    private static final int ROWS = 60;
    private static final String DEFAULT_PARTITION = "__DEFAULT_PARTITION__";
    private static final LocalDate FIRST_DAY = LocalDate.of(2024, 1, 1); // 19723 days
    private static final DateTimeFormatter TS =
            DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSS");

    /** The columns, in Flink SQL. Partition columns come last. */
    private static final String COLUMNS =
            "id INT, name STRING, big BIGINT, score DOUBLE, amount DECIMAL(10, 2),"
                    + " ts TIMESTAMP(3), dt DATE, h INT";

    private static final RowType PAIMON_ROW_TYPE =
            RowType.of(
                    new org.apache.paimon.types.DataType[] {
                        DataTypes.INT(),
                        DataTypes.STRING(),
                        DataTypes.BIGINT(),
                        DataTypes.DOUBLE(),
                        DataTypes.DECIMAL(10, 2),
                        DataTypes.TIMESTAMP(3),
                        DataTypes.DATE(),
                        DataTypes.INT()
                    },
                    new String[] {"id", "name", "big", "score", "amount", "ts", "dt", "h"});

    @TempDir Path dir;

    static Stream<Arguments> cases() {
        return Stream.of(
                Arguments.of("parquet", true),
                Arguments.of("parquet", false),
                Arguments.of("orc", true),
                Arguments.of("orc", false));
    }

    // ------------------------------------------------------------------------------------------
    // Paimon writes, this connector reads
    // ------------------------------------------------------------------------------------------

    @ParameterizedTest(name = "{0} partitioned={1}")
    @MethodSource("cases")
    void paimonWritesConnectorReads(String format, boolean partitioned) throws Exception {
        List<Row> rows = randomRows(new Random(SEED + format.hashCode() + (partitioned ? 1 : 0)));
        FormatTable table = paimonTable(format, partitioned);

        TableEnvironment env = batchEnv();
        createConnectorTable(env, format, partitioned);

        BatchWriteBuilder builder = table.newBatchWriteBuilder();
        try (BatchTableWrite write = builder.newWrite();
                BatchTableCommit commit = builder.newCommit()) {
            for (Row row : rows) {
                write.write(toPaimon(row));
            }
            List<CommitMessage> messages = write.prepareCommit();
            // Until the commit, Paimon keeps its files in <partition>/_temporary/.tmp.<uuid>:
            // hidden from this connector, which sees an empty table.
            assertThat(stagedFiles()).isNotEmpty();
            assertThat(dataFiles()).isEmpty();
            assertThat(collect(env, "SELECT * FROM t")).isEmpty();
            commit.commit(messages);
        }

        List<Path> files = dataFiles();
        assertLayout(files, rows, format, partitioned);
        // Paimon's defaults for format tables are the same as ours: snappy and zstd.
        assertCodecAndRowCount(files, format, rows.size());

        assertThat(collect(env, "SELECT * FROM t")).containsExactlyInAnyOrderElementsOf(rows);
        if (partitioned) {
            // A pruned scan over Paimon's directory names: the day count and the default name.
            assertThat(collect(env, "SELECT * FROM t WHERE dt = DATE '2024-01-01' AND h IS NULL"))
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

    @ParameterizedTest(name = "{0} partitioned={1}")
    @MethodSource("cases")
    void connectorWritesPaimonReads(String format, boolean partitioned) throws Exception {
        List<Row> rows = randomRows(new Random(SEED - format.hashCode() - (partitioned ? 1 : 0)));

        TableEnvironment env = batchEnv();
        createConnectorTable(env, format, partitioned);
        exec(env, "INSERT INTO t VALUES " + sqlValues(rows));

        List<Path> files = dataFiles();
        assertLayout(files, rows, format, partitioned);
        assertCodecAndRowCount(files, format, rows.size());

        // A file staged by a writer that never committed, named as this connector stages, is as
        // invisible to Paimon as it is to us.
        Path published = files.get(0);
        Path staging = published.resolveSibling("_temporary");
        Files.createDirectories(staging);
        Files.copy(
                published,
                staging.resolve("." + published.getFileName() + "." + UUID.randomUUID() + ".tmp"));
        assertThat(stagedFiles()).isNotEmpty();

        FormatTable table = paimonTable(format, partitioned);
        assertThat(readWithPaimon(table)).containsExactlyInAnyOrderElementsOf(rows);
        assertThat(collect(env, "SELECT * FROM t")).containsExactlyInAnyOrderElementsOf(rows);
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
        List<Row> rows = randomRows(new Random(SEED));
        TableEnvironment env = batchEnv();
        createConnectorTable(env, "parquet", partitioned);
        exec(env, "INSERT INTO t VALUES " + sqlValues(rows));
        Files.createDirectories(dir.resolve("schema"));
        Files.writeString(dir.resolve("schema/schema-0"), "{\"version\" : 3, \"id\" : 0}");
        FormatTable table = paimonTable("parquet", partitioned);

        if (partitioned) {
            assertThat(collect(env, "SELECT * FROM t")).containsExactlyInAnyOrderElementsOf(rows);
            assertThat(readWithPaimon(table)).containsExactlyInAnyOrderElementsOf(rows);
        } else {
            String file = dir.resolve("schema/schema-0").toUri().getPath();
            assertThatThrownBy(() -> collect(env, "SELECT * FROM t"))
                    .hasStackTraceContaining("Cannot read data file")
                    .hasStackTraceContaining(file)
                    .hasStackTraceContaining("is not a Parquet file");
            assertThatThrownBy(() -> readWithPaimon(table))
                    .hasStackTraceContaining(file)
                    .hasStackTraceContaining("is not a Parquet file");
        }
    }

    // ------------------------------------------------------------------------------------------
    // Data
    // ------------------------------------------------------------------------------------------

    /**
     * Random rows over all eight columns, with NULLs in every column. The first rows pin the
     * partitions the assertions name: both keys NULL, and the first day with a NULL hour.
     */
    private static List<Row> randomRows(Random random) {
        List<Row> rows = new ArrayList<>(ROWS);
        for (int id = 0; id < ROWS; id++) {
            LocalDate dt =
                    id == 0 || random.nextInt(6) == 0
                            ? null
                            : FIRST_DAY.plusDays(id == 1 ? 0 : random.nextInt(3));
            Integer h = id <= 1 || random.nextInt(6) == 0 ? null : random.nextInt(3);
            rows.add(
                    Row.of(
                            id,
                            random.nextInt(8) == 0 ? null : randomName(random),
                            random.nextInt(8) == 0 ? null : random.nextLong(),
                            random.nextInt(8) == 0 ? null : (random.nextInt(80_001) - 40_000) / 8.0,
                            random.nextInt(8) == 0
                                    ? null
                                    : BigDecimal.valueOf(random.nextInt(2_000_001) - 1_000_000, 2),
                            random.nextInt(8) == 0
                                    ? null
                                    : FIRST_DAY
                                            .atStartOfDay()
                                            .plusSeconds(random.nextInt(30 * 24 * 3600))
                                            .plusNanos(random.nextInt(1000) * 1_000_000L),
                            dt,
                            h));
        }
        return rows;
    }

    private static String randomName(Random random) {
        StringBuilder name = new StringBuilder();
        int length = 1 + random.nextInt(10);
        for (int i = 0; i < length; i++) {
            name.append((char) ('a' + random.nextInt(26)));
        }
        return name.toString();
    }

    /** The rows as a SQL VALUES list, every value typed, NULLs included. */
    private static String sqlValues(List<Row> rows) {
        return rows.stream()
                .map(
                        r ->
                                "("
                                        + r.getField(0)
                                        + ", "
                                        + literal(r.getField(1), "'%s'", "STRING")
                                        + ", "
                                        + literal(r.getField(2), "CAST(%s AS BIGINT)", "BIGINT")
                                        + ", "
                                        + literal(r.getField(3), "CAST(%s AS DOUBLE)", "DOUBLE")
                                        + ", "
                                        + literal(
                                                r.getField(4),
                                                "CAST(%s AS DECIMAL(10, 2))",
                                                "DECIMAL(10, 2)")
                                        + ", "
                                        + literal(
                                                r.getField(5) == null
                                                        ? null
                                                        : TS.format((LocalDateTime) r.getField(5)),
                                                "TIMESTAMP '%s'",
                                                "TIMESTAMP(3)")
                                        + ", "
                                        + literal(r.getField(6), "DATE '%s'", "DATE")
                                        + ", "
                                        + literal(r.getField(7), "%s", "INT")
                                        + ")")
                .collect(Collectors.joining(", "));
    }

    private static String literal(Object value, String pattern, String type) {
        return value == null ? "CAST(NULL AS " + type + ")" : String.format(pattern, value);
    }

    private static InternalRow toPaimon(Row row) {
        String name = (String) row.getField(1);
        BigDecimal amount = (BigDecimal) row.getField(4);
        LocalDateTime ts = (LocalDateTime) row.getField(5);
        LocalDate dt = (LocalDate) row.getField(6);
        return GenericRow.of(
                row.getField(0),
                name == null ? null : BinaryString.fromString(name),
                row.getField(2),
                row.getField(3),
                amount == null ? null : Decimal.fromBigDecimal(amount, 10, 2),
                ts == null ? null : Timestamp.fromLocalDateTime(ts),
                dt == null ? null : (int) dt.toEpochDay(),
                row.getField(7));
    }

    private static Row fromPaimon(InternalRow row) {
        return Row.of(
                row.isNullAt(0) ? null : row.getInt(0),
                row.isNullAt(1) ? null : row.getString(1).toString(),
                row.isNullAt(2) ? null : row.getLong(2),
                row.isNullAt(3) ? null : row.getDouble(3),
                row.isNullAt(4) ? null : row.getDecimal(4, 10, 2).toBigDecimal(),
                row.isNullAt(5) ? null : row.getTimestamp(5, 3).toLocalDateTime(),
                row.isNullAt(6) ? null : LocalDate.ofEpochDay(row.getInt(6)),
                row.isNullAt(7) ? null : row.getInt(7));
    }

    // ------------------------------------------------------------------------------------------
    // Both sides of the table
    // ------------------------------------------------------------------------------------------

    /**
     * Paimon's view of the directory: a format table with no catalog behind it. Paimon's writer
     * takes the directory from the {@code path} option, not from {@link FormatTable#location()}
     * (without it, {@code newWrite()} fails with "Can not create a Path from a null string"), so
     * both are set, as Paimon's catalogs do.
     */
    private FormatTable paimonTable(String format, boolean partitioned) {
        String location = dir.toUri().toString();
        return FormatTable.builder()
                .fileIO(LocalFileIO.create())
                .identifier(Identifier.create("db", "t"))
                .rowType(PAIMON_ROW_TYPE)
                .partitionKeys(partitioned ? List.of("dt", "h") : List.of())
                .location(location)
                .format(FormatTable.parseFormat(format))
                .options(Map.of("type", "format-table", "file.format", format, "path", location))
                .build();
    }

    private static List<Row> readWithPaimon(FormatTable table) throws IOException {
        ReadBuilder builder = table.newReadBuilder();
        List<Split> splits = builder.newScan().plan().splits();
        List<Row> rows = new ArrayList<>();
        try (RecordReader<InternalRow> reader = builder.newRead().createReader(splits)) {
            reader.forEachRemaining(r -> rows.add(fromPaimon(r)));
        }
        return rows;
    }

    private void createConnectorTable(TableEnvironment env, String format, boolean partitioned) {
        exec(
                env,
                "CREATE TABLE t ("
                        + COLUMNS
                        + ")"
                        + (partitioned ? " PARTITIONED BY (dt, h)" : "")
                        + " WITH ('connector'='format-table', 'path'='"
                        + dir
                        + "', 'file.format'='"
                        + format
                        + "')");
    }

    private static List<Row> collect(TableEnvironment env, String sql) {
        TableResult result = env.executeSql(sql);
        List<Row> rows = new ArrayList<>();
        try (CloseableIterator<Row> it = result.collect()) {
            it.forEachRemaining(rows::add);
        } catch (Exception e) {
            throw new RuntimeException("Failed: " + sql, e);
        }
        return rows;
    }

    // ------------------------------------------------------------------------------------------
    // The files themselves
    // ------------------------------------------------------------------------------------------

    /** Every visible regular file below the table: no segment of its path starts with _ or . */
    private List<Path> dataFiles() throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(Files::isRegularFile)
                    .filter(
                            p -> {
                                for (Path segment : dir.relativize(p)) {
                                    String s = segment.toString();
                                    if (s.startsWith("_") || s.startsWith(".")) {
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
     * The data files sit exactly in the partition directories the rows call for: {@code
     * dt=<days>/h=<n>}, with {@code __DEFAULT_PARTITION__} for NULL; or all in the table directory.
     */
    private void assertLayout(
            List<Path> files, List<Row> rows, String format, boolean partitioned) {
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
            if (!partitioned) {
                expected.add("");
                continue;
            }
            LocalDate dt = (LocalDate) row.getField(6);
            Integer h = (Integer) row.getField(7);
            expected.add(
                    "dt="
                            + (dt == null ? DEFAULT_PARTITION : String.valueOf(dt.toEpochDay()))
                            + "/h="
                            + (h == null ? DEFAULT_PARTITION : String.valueOf(h)));
        }
        assertThat(directories).isEqualTo(expected);
        if (partitioned) {
            assertThat(directories)
                    .contains("dt=" + DEFAULT_PARTITION + "/h=" + DEFAULT_PARTITION)
                    .contains("dt=19723/h=" + DEFAULT_PARTITION);
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
