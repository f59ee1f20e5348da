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
package dev.formattable.sqljar;

import org.apache.flink.connector.file.table.factories.BulkWriterFormatFactory;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.factories.CatalogFactory;
import org.apache.flink.table.factories.DynamicTableFactory;
import org.apache.flink.table.factories.Factory;
import org.apache.flink.table.factories.FactoryUtil;

import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.hadoop.util.HadoopInputFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.ServiceLoader;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The shaded jar at work on a class path that has it instead of the unshaded connector, next to
 * Flink's own {@code flink-sql-parquet} and {@code flink-sql-orc} (as a user's lib/ would be), with
 * Hadoop and Flink as the cluster provides them. failsafe builds that class path: see this module's
 * pom.
 */
class SqlJarRoundTripITCase extends SqlJarTestBase {

    private static final String SQL_JAR_NAME = SQL_JAR.getFileName().toString();

    @TempDir Path dir;

    /** The premise of the other tests: which jar each class comes from. */
    @Test
    void theClassPathHasTheShadedJarAndFlinksFormatJars() throws IOException {
        assertThat(locations("dev/formattable/flink/table/FormatTableDynamicTableFactory.class"))
                .singleElement()
                .asString()
                .contains(SQL_JAR_NAME);
        assertThat(locations("dev/formattable/shaded/org/apache/orc/OrcFile.class"))
                .singleElement()
                .asString()
                .contains(SQL_JAR_NAME);
        // The original names belong to Flink's format jars alone (orc-core 1.5.6 there).
        assertThat(locations("org/apache/orc/OrcFile.class"))
                .singleElement()
                .asString()
                .contains("flink-sql-orc-");
        assertThat(locations("org/apache/parquet/hadoop/ParquetFileReader.class"))
                .singleElement()
                .asString()
                .contains("flink-sql-parquet-");
        // zstd-jni, unrelocated, from our jar alone.
        assertThat(locations("com/github/luben/zstd/Zstd.class"))
                .singleElement()
                .asString()
                .contains(SQL_JAR_NAME);
        // snappy-java (parquet's default codec) comes from the cluster (Flink or Hadoop), not us.
        assertThat(locations("org/xerial/snappy/Snappy.class"))
                .isNotEmpty()
                .allSatisfy(url -> assertThat(url.toString()).doesNotContain(SQL_JAR_NAME));
    }

    @Test
    void oneServiceLoaderFindsOurFactoriesAndFlinksFormats() {
        ClassLoader classLoader = Thread.currentThread().getContextClassLoader();
        List<String> factories = new ArrayList<>();
        for (Factory factory : ServiceLoader.load(Factory.class, classLoader)) {
            factories.add(factory.factoryIdentifier() + "=" + factory.getClass().getName());
        }
        assertThat(factories)
                .contains(
                        "format-table=dev.formattable.flink.table.FormatTableDynamicTableFactory",
                        "format-table=dev.formattable.flink.catalog.FormatTableCatalogFactory",
                        "parquet=org.apache.flink.formats.parquet.ParquetFileFormatFactory",
                        "orc=org.apache.flink.orc.OrcFileFormatFactory");

        // Flink's lookups by identifier fail on two factories of one kind and identifier.
        assertThat(
                        FactoryUtil.discoverFactory(
                                        classLoader, DynamicTableFactory.class, "format-table")
                                .getClass()
                                .getName())
                .isEqualTo("dev.formattable.flink.table.FormatTableDynamicTableFactory");
        assertThat(
                        FactoryUtil.discoverFactory(
                                        classLoader, CatalogFactory.class, "format-table")
                                .getClass()
                                .getName())
                .isEqualTo("dev.formattable.flink.catalog.FormatTableCatalogFactory");
        assertThat(
                        FactoryUtil.discoverFactory(
                                        classLoader, BulkWriterFormatFactory.class, "parquet")
                                .getClass()
                                .getName())
                .isEqualTo("org.apache.flink.formats.parquet.ParquetFileFormatFactory");
        assertThat(
                        FactoryUtil.discoverFactory(
                                        classLoader, BulkWriterFormatFactory.class, "orc")
                                .getClass()
                                .getName())
                .isEqualTo("org.apache.flink.orc.OrcFileFormatFactory");
    }

    /**
     * zstd parquet through the shaded jar; Flink's own parquet format (filesystem connector, same
     * class path) reads the same files.
     */
    @Test
    void parquetWithZstdRoundTripsAndFlinksParquetFormatReadsIt() throws IOException {
        TableEnvironment env = batchEnv();
        exec(
                env,
                "CREATE TABLE ours (id INT, name STRING, price DECIMAL(10, 2), k STRING)"
                        + " PARTITIONED BY (k) WITH ('connector'='format-table', 'path'='"
                        + dir
                        + "', 'file.format'='parquet', 'file.compression'='zstd',"
                        + " 'partition.legacy-name'='false')");
        exec(
                env,
                "INSERT INTO ours VALUES (1, 'a', 1.50, 'x'), (2, 'b', 2.25, 'y'),"
                        + " (3, 'c', CAST(NULL AS DECIMAL(10, 2)), 'x')");

        List<String> expected =
                List.of("+I[1, a, 1.50, x]", "+I[2, b, 2.25, y]", "+I[3, c, null, x]");
        assertThat(query(env, "SELECT * FROM ours")).containsExactlyElementsOf(expected);

        List<Path> files = dataFiles(".parquet");
        assertThat(files).isNotEmpty();
        for (Path file : files) {
            assertThat(parquetCodecs(file)).containsOnly(CompressionCodecName.ZSTD);
        }

        exec(
                env,
                "CREATE TABLE fs (id INT, name STRING, price DECIMAL(10, 2), k STRING)"
                        + " PARTITIONED BY (k) WITH ('connector'='filesystem', 'path'='"
                        + dir
                        + "', 'format'='parquet')");
        assertThat(query(env, "SELECT * FROM fs")).containsExactlyElementsOf(expected);
    }

    /**
     * zstd orc (the default) through the shaded jar's orc-core 2.x, while Flink's orc format with
     * its orc-core 1.5.6 is on the same class path: each writes a table, ours reads both.
     */
    @Test
    void orcWithZstdRoundTripsNextToFlinksOrcFormat() throws IOException {
        TableEnvironment env = batchEnv();
        exec(
                env,
                "CREATE TABLE ours (id INT, name STRING, ts TIMESTAMP(3)) WITH ("
                        + "'connector'='format-table', 'path'='"
                        + dir.resolve("ours")
                        + "', 'file.format'='orc')");
        exec(
                env,
                "INSERT INTO ours VALUES (1, 'a', TIMESTAMP '2024-01-01 10:00:00.123'),"
                        + " (2, CAST(NULL AS STRING), TIMESTAMP '2024-01-02 11:30:00')");
        assertThat(query(env, "SELECT * FROM ours"))
                .containsExactly(
                        "+I[1, a, 2024-01-01T10:00:00.123]", "+I[2, null, 2024-01-02T11:30]");
        List<Path> files = dataFiles(".orc");
        assertThat(files).isNotEmpty();
        for (Path file : files) {
            assertThat(orcCompression(file)).isEqualTo(ORC_ZSTD);
        }

        exec(
                env,
                "CREATE TABLE fs (id INT, name STRING) WITH ('connector'='filesystem', 'path'='"
                        + dir.resolve("theirs")
                        + "', 'format'='orc')");
        exec(env, "INSERT INTO fs VALUES (7, 'seven'), (8, 'eight')");
        exec(
                env,
                "CREATE TABLE ours_reading_theirs (id INT, name STRING) WITH ("
                        + "'connector'='format-table', 'path'='"
                        + dir.resolve("theirs")
                        + "', 'file.format'='orc')");
        assertThat(query(env, "SELECT * FROM ours_reading_theirs"))
                .containsExactly("+I[7, seven]", "+I[8, eight]");
        assertThat(query(env, "SELECT * FROM fs")).containsExactly("+I[7, seven]", "+I[8, eight]");
    }

    /** The catalog keeps its schemas as JSON, written and read by the relocated Jackson. */
    @Test
    void catalogTablesSurviveANewSession() throws IOException {
        String catalog =
                "CREATE CATALOG lake WITH ('type'='format-table', 'warehouse'='" + dir + "')";
        TableEnvironment env = batchEnv();
        exec(env, catalog);
        exec(env, "USE CATALOG lake");
        exec(env, "CREATE TABLE orders (id INT, amount DOUBLE, dt STRING) PARTITIONED BY (dt)");
        exec(env, "INSERT INTO orders VALUES (1, 9.5, '2024-01-01'), (2, 3.0, '2024-01-02')");

        Path schema = dir.resolve("default.db/orders/schema/schema-0");
        assertThat(schema).isRegularFile();
        assertThat(Files.readString(schema)).contains("\"partitionKeys\"", "\"dt\"");
        // parquet with snappy, the default, through the cluster's snappy-java.
        assertThat(dataFiles(".parquet"))
                .isNotEmpty()
                .allSatisfy(
                        f ->
                                assertThat(parquetCodecs(f))
                                        .containsOnly(CompressionCodecName.SNAPPY));

        TableEnvironment later = batchEnv();
        exec(later, catalog);
        assertThat(query(later, "SELECT id, amount, dt FROM lake.`default`.orders"))
                .containsExactly("+I[1, 9.5, 2024-01-01]", "+I[2, 3.0, 2024-01-02]");
    }

    private static List<URL> locations(String resource) throws IOException {
        return Collections.list(
                SqlJarRoundTripITCase.class.getClassLoader().getResources(resource));
    }

    /** The visible data files under the test directory with the given extension. */
    private List<Path> dataFiles(String extension) throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(Files::isRegularFile)
                    .filter(f -> f.getFileName().toString().endsWith(extension))
                    .filter(f -> !dir.relativize(f).toString().matches("(.*/)?[._].*"))
                    .sorted()
                    .collect(Collectors.toList());
        }
    }

    /** The codecs of a parquet file's column chunks, read with Flink's (unrelocated) parquet. */
    private static List<CompressionCodecName> parquetCodecs(Path file) {
        try (ParquetFileReader reader =
                ParquetFileReader.open(
                        HadoopInputFile.fromPath(
                                new org.apache.hadoop.fs.Path(file.toUri()),
                                new org.apache.hadoop.conf.Configuration()))) {
            return reader.getFooter().getBlocks().stream()
                    .flatMap(block -> block.getColumns().stream())
                    .map(ColumnChunkMetaData::getCodec)
                    .collect(Collectors.toList());
        } catch (IOException e) {
            throw new RuntimeException(file.toString(), e);
        }
    }

    /** ZSTD in orc_proto.proto's CompressionKind. */
    private static final int ORC_ZSTD = 5;

    /**
     * The compression an orc file declares in its postscript. Read by hand: Flink's orc-core 1.5.6
     * on this class path does not know zstd, and the shaded one is what is under test. The file
     * ends with the postscript (a protobuf message) and one byte giving its length; field 2 of the
     * postscript is the compression kind.
     */
    private static int orcCompression(Path file) throws IOException {
        byte[] bytes = Files.readAllBytes(file);
        int length = bytes[bytes.length - 1] & 0xff;
        int pos = bytes.length - 1 - length;
        int end = bytes.length - 1;
        while (pos < end) {
            long[] key = varint(bytes, pos);
            pos = (int) key[1];
            int field = (int) (key[0] >>> 3);
            int wireType = (int) (key[0] & 7);
            if (wireType == 0) {
                long[] value = varint(bytes, pos);
                pos = (int) value[1];
                if (field == 2) {
                    return (int) value[0];
                }
            } else if (wireType == 2) {
                long[] size = varint(bytes, pos);
                pos = (int) (size[1] + size[0]);
            } else {
                throw new IOException("Unexpected wire type " + wireType + " in " + file);
            }
        }
        throw new IOException("No compression in the postscript of " + file);
    }

    /** A protobuf varint at {@code pos}: its value and the position after it. */
    private static long[] varint(byte[] bytes, int pos) {
        long value = 0;
        for (int shift = 0; ; shift += 7) {
            byte b = bytes[pos++];
            value |= (long) (b & 0x7f) << shift;
            if ((b & 0x80) == 0) {
                return new long[] {value, pos};
            }
        }
    }
}
