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

import dev.formattable.core.testutils.JarContents;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What the packaged connector jar holds: our classes under their own names, every bundled library
 * relocated under {@code dev.formattable.shaded} (zstd-jni excepted), nothing of Flink, Hadoop or
 * the logging libraries, and no class or resource that Flink's {@code flink-sql-parquet} and {@code
 * flink-sql-orc} jars also have. Runs after the package phase, on the jar itself.
 */
class SqlJarContentsITCase {

    private static final String SHADED = JarContents.SHADED;

    /** Kept under its own name: zstd-jni's native methods are bound by class name. */
    private static final String ZSTD_JNI = "com/github/luben/zstd/";

    /** The packages of the bundled libraries, as they are named before relocation. */
    private static final List<String> RELOCATED =
            Stream.concat(
                            JarContents.FORMAT_LIBRARIES.stream(),
                            Stream.of("com/fasterxml/jackson/", "org/apache/datasketches/"))
                    .collect(Collectors.toList());

    /**
     * flink-orc's {@code OrcColumnarRowInputFormat.createPartitionedFormat} builds a serializable
     * lambda over orc's batch type. The connector never calls it (it passes its own batch factory),
     * so the stale signature string is never used.
     */
    private static final Set<String> KNOWN_UNRELOCATED_SIGNATURES =
            Set.of(SHADED + "org/apache/flink/orc/OrcColumnarRowInputFormat.class");

    private static JarContents jar;
    private static Set<String> entries;

    @BeforeAll
    static void openJar() {
        jar = JarContents.fromProperty("sqljar.path");
        assertThat(jar.path()).isRegularFile();
        entries = jar.entries();
    }

    @Test
    void everyClassIsOursOrRelocatedOrZstdJni() {
        List<String> strays =
                entries.stream()
                        .filter(e -> e.endsWith(".class"))
                        .filter(e -> !e.startsWith("dev/formattable/") && !e.startsWith(ZSTD_JNI))
                        .collect(Collectors.toList());
        // META-INF/versions/** and module-info.class would show up here too.
        assertThat(strays).isEmpty();
    }

    @Test
    void ourOwnClassesKeepTheirNames() {
        assertThat(entries)
                .contains(
                        "dev/formattable/flink/table/FormatTableDynamicTableFactory.class",
                        "dev/formattable/flink/catalog/FormatTableCatalogFactory.class",
                        "dev/formattable/core/schema/TableSchema.class");
    }

    @Test
    void bundledLibrariesAreRelocated() {
        assertThat(entries)
                .contains(
                        SHADED
                                + "org/apache/flink/formats/parquet/ParquetColumnarRowInputFormat.class",
                        SHADED + "org/apache/flink/orc/OrcColumnarRowInputFormat.class",
                        SHADED + "org/apache/parquet/hadoop/ParquetFileReader.class",
                        SHADED + "shaded/parquet/org/apache/thrift/TBase.class",
                        SHADED + "org/apache/orc/OrcFile.class",
                        SHADED + "org/apache/hadoop/hive/ql/exec/vector/VectorizedRowBatch.class",
                        SHADED + "com/google/protobuf/Message.class",
                        SHADED + "com/fasterxml/jackson/databind/ObjectMapper.class",
                        SHADED + "io/airlift/compress/snappy/SnappyCompressor.class",
                        ZSTD_JNI + "Zstd.class");
    }

    @Test
    void flinkHadoopLoggingAndFlinksJniLibrariesAreLeftOut() {
        List<String> provided =
                List.of(
                        "org/apache/flink/",
                        "org/apache/hadoop/",
                        "org/slf4j/",
                        "org/apache/logging/",
                        "org/apache/log4j/",
                        "javax/annotation/",
                        // flink-dist has these; brotli4j is platform-specific.
                        "org/xerial/snappy/",
                        "net/jpountz/",
                        "com/aayushatharva/",
                        "META-INF/versions/");
        assertThat(entries).filteredOn(e -> provided.stream().anyMatch(e::startsWith)).isEmpty();
    }

    @Test
    void zstdJniCarriesItsNativeLibrariesForEveryPlatform() {
        assertThat(entries)
                .anyMatch(e -> e.matches("linux/amd64/libzstd-jni-[0-9.-]+\\.so"))
                .anyMatch(e -> e.matches("linux/aarch64/libzstd-jni-[0-9.-]+\\.so"))
                .anyMatch(e -> e.matches("darwin/aarch64/libzstd-jni-[0-9.-]+\\.dylib"))
                .anyMatch(e -> e.matches("win/amd64/libzstd-jni-[0-9.-]+\\.dll"));
    }

    /**
     * The relocation must reach every reference, not only the file names. A class that still names
     * {@code org/apache/orc/...} would load Flink's orc 1.5 (or fail) at run time. The shade plugin
     * rewrites class references but not method signatures kept as strings, as a serializable lambda
     * keeps them for its deserialization: such a lambda fails to deserialize once relocated
     * ("Invalid lambda deserialization"), which is why the connector has none that involves a
     * relocated type.
     */
    @Test
    void noClassStillReferencesABundledLibraryByItsOriginalName() throws IOException {
        // parquet's own shaded.parquet inside ours is relocated too; a resource path under
        // META-INF/ is threeten-extra's optional leap second file; Flink's own relocated Jackson
        // (flink-shaded-jackson, part of Flink) is what Flink's csv and json formats use.
        assertThat(
                        jar.unrelocatedReferences(
                                RELOCATED,
                                List.of(
                                        SHADED + "shaded/parquet/",
                                        "META-INF/",
                                        "org/apache/flink/shaded/jackson2/"),
                                KNOWN_UNRELOCATED_SIGNATURES))
                .isEmpty();
    }

    @Test
    void theFactoryServiceFileListsOurTableAndCatalogFactories() throws IOException {
        assertThat(jar.serviceEntries("org.apache.flink.table.factories.Factory"))
                .containsExactlyInAnyOrder(
                        "dev.formattable.flink.table.FormatTableDynamicTableFactory",
                        "dev.formattable.flink.catalog.FormatTableCatalogFactory");
    }

    /** Relocated service files: their names and their entries point at classes in the jar. */
    @Test
    void everyServiceFileNamesClassesOfTheJar() throws IOException {
        Map<String, List<String>> services = new LinkedHashMap<>();
        for (String entry : entries) {
            if (entry.startsWith("META-INF/services/") && !entry.endsWith("/")) {
                String service = entry.substring("META-INF/services/".length());
                services.put(service, jar.serviceEntries(service));
            }
        }
        assertThat(services)
                .containsKeys(
                        "org.apache.flink.table.factories.Factory",
                        "dev.formattable.shaded.org.apache.orc.DataMask$Provider");
        services.forEach(
                (service, providers) -> {
                    assertThat(service)
                            .matches("org\\.apache\\.flink\\.table\\.factories\\.Factory|dev\\..*");
                    assertThat(providers)
                            .isNotEmpty()
                            .allSatisfy(
                                    p ->
                                            assertThat(entries)
                                                    .contains(p.replace('.', '/') + ".class"));
                });
    }

    /**
     * Next to Flink's own format jars in lib/, no class or resource may exist twice: which copy
     * wins would depend on the class path order. Only their service files share a name, on purpose
     * (ServiceLoader reads every one).
     */
    @Test
    void nothingIsAlsoInFlinksParquetAndOrcJars() {
        for (String property : List.of("flink-sql-parquet.path", "flink-sql-orc.path")) {
            Path theirs = Path.of(System.getProperty(property));
            Set<String> theirEntries = JarContents.of(theirs).entries();
            assertThat(theirEntries).as(theirs.toString()).isNotEmpty();

            Set<String> both = new TreeSet<>(entries);
            both.retainAll(theirEntries);
            both.removeIf(e -> e.endsWith("/"));
            assertThat(both)
                    .as("in both %s and %s", jar.path().getFileName(), theirs.getFileName())
                    .filteredOn(
                            e -> !e.startsWith("META-INF/") || e.startsWith("META-INF/services/"))
                    .containsOnly("META-INF/services/org.apache.flink.table.factories.Factory");
        }
    }

    /** Each bundled library that describes itself (META-INF/maven) is named in our NOTICE. */
    @Test
    void noticeNamesTheBundledLibraries() throws IOException {
        String notice = jar.read("META-INF/NOTICE");
        List<String> bundled = jar.bundledArtifacts();
        assertThat(bundled)
                .contains("org.apache.orc:orc-core:2.3.1")
                .allSatisfy(coordinates -> assertThat(notice).contains(coordinates));
        assertThat(notice)
                .contains("com.github.luben:zstd-jni:", "com.google.protobuf:protobuf-java:");
    }
}
