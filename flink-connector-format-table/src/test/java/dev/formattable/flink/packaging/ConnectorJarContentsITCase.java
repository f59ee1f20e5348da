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
package dev.formattable.flink.packaging;

import dev.formattable.core.testutils.JarContents;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What the plain connector jar (the one Maven and Gradle builds depend on) holds, and what its
 * published pom makes a user's build resolve: our classes, the parquet and orc stacks relocated
 * under {@code dev.formattable.shaded}, and no class that Flink's own format jars also have, so
 * that flink-orc, flink-parquet, flink-sql-orc and flink-sql-parquet work beside it in any order.
 * Runs on the packaged jar.
 */
class ConnectorJarContentsITCase {

    private static JarContents jar;
    private static Set<String> entries;

    @BeforeAll
    static void openJar() {
        jar = JarContents.fromProperty("connector.jar");
        entries = jar.entries();
    }

    @Test
    void everyClassIsOursOrRelocated() {
        assertThat(entries)
                .filteredOn(e -> e.endsWith(".class"))
                .allMatch(
                        e ->
                                e.startsWith("dev/formattable/flink/")
                                        || e.startsWith(JarContents.SHADED))
                .contains(
                        "dev/formattable/flink/table/FormatTableDynamicTableFactory.class",
                        JarContents.SHADED + "org/apache/orc/OrcFile.class",
                        JarContents.SHADED + "org/apache/flink/orc/OrcColumnarRowInputFormat.class",
                        JarContents.SHADED + "org/apache/parquet/hadoop/ParquetFileReader.class",
                        JarContents.SHADED + "com/google/protobuf/Message.class");
        // The core is its own artifact; the JNI libraries and Jackson stay dependencies.
        assertThat(entries)
                .noneMatch(e -> e.startsWith("dev/formattable/core/"))
                .noneMatch(e -> e.startsWith("com/github/luben/"))
                .noneMatch(e -> e.startsWith("META-INF/versions/"));
    }

    @Test
    void noClassStillReferencesABundledLibraryByItsOriginalName() throws IOException {
        // flink-orc's createPartitionedFormat keeps a lambda signature as a string; the connector
        // never calls it (see SqlJarContentsITCase).
        assertThat(
                        jar.unrelocatedReferences(
                                JarContents.FORMAT_LIBRARIES,
                                List.of(JarContents.SHADED + "shaded/parquet/", "META-INF/"),
                                Set.of(
                                        JarContents.SHADED
                                                + "org/apache/flink/orc/OrcColumnarRowInputFormat.class")))
                .isEmpty();
    }

    /** Only our factories are registered: no 'orc' or 'parquet' format factory of our copies. */
    @Test
    void serviceFilesAreOursOrRelocated() throws IOException {
        List<String> services =
                entries.stream()
                        .filter(e -> e.startsWith("META-INF/services/") && !e.endsWith("/"))
                        .map(e -> e.substring("META-INF/services/".length()))
                        .collect(Collectors.toList());
        assertThat(services)
                .contains("org.apache.flink.table.factories.Factory")
                .allMatch(
                        s ->
                                s.equals("org.apache.flink.table.factories.Factory")
                                        || s.startsWith("dev.formattable.shaded."));
        assertThat(jar.serviceEntries("org.apache.flink.table.factories.Factory"))
                .containsExactlyInAnyOrder(
                        "dev.formattable.flink.table.FormatTableDynamicTableFactory",
                        "dev.formattable.flink.catalog.FormatTableCatalogFactory");
    }

    /** No class may be both in ours and in one of Flink's format jars. */
    @Test
    void noClassIsAlsoInFlinksFormatJars() throws IOException {
        Path dir = Path.of(System.getProperty("flink-format-jars"));
        List<Path> theirs;
        try (Stream<Path> jars = Files.list(dir)) {
            theirs = jars.filter(p -> p.toString().endsWith(".jar")).collect(Collectors.toList());
        }
        assertThat(theirs).hasSize(4);
        for (Path their : theirs) {
            Set<String> both = new TreeSet<>(entries);
            both.retainAll(JarContents.of(their).entries());
            assertThat(both)
                    .as("in both %s and %s", jar.path().getFileName(), their.getFileName())
                    .filteredOn(e -> e.endsWith(".class"))
                    .isEmpty();
        }
    }

    /** Each bundled library that describes itself is named in our NOTICE; the core's are not in. */
    @Test
    void noticeNamesTheBundledLibraries() throws IOException {
        String notice = jar.read("META-INF/NOTICE");
        assertThat(jar.bundledArtifacts())
                .contains(
                        "org.apache.orc:orc-core:2.3.1", "org.apache.parquet:parquet-hadoop:1.15.2")
                .noneMatch(a -> a.startsWith("org.apache.datasketches:"))
                .allSatisfy(coordinates -> assertThat(notice).contains(coordinates));
    }

    /**
     * The published pom: what a user's build resolves through the connector. Nothing that the jar
     * bundles, and nothing that Flink's formats bring at another version, except zstd-jni, which is
     * at flink-parquet's version.
     */
    @Test
    void thePublishedPomListsOnlyWhatIsNotBundled() throws IOException {
        String pom = Files.readString(Path.of(System.getProperty("connector.pom")));
        assertThat(compileDependencies(pom))
                .containsExactlyInAnyOrder(
                        "dev.formattable:format-table-core:"
                                + System.getProperty("project.version"),
                        "com.github.luben:zstd-jni:" + System.getProperty("zstd-jni.version"));
    }

    /**
     * The published pom names the connector's parent pom, whose dependencies a user's build
     * inherits: there too, only what the jar does not bundle.
     */
    @Test
    void theParentPomPassesOnOnlyWhatIsNotBundled() throws IOException {
        String pom = Files.readString(Path.of(System.getProperty("connector.pom")));
        assertThat(tag(pom, "artifactId")).isEqualTo("flink-connector-format-table-parent");
        String parent = Files.readString(Path.of(System.getProperty("connector.parent-pom")));
        assertThat(compileDependencies(parent))
                .containsExactlyInAnyOrder(
                        "dev.formattable:format-table-core:null",
                        "com.github.luben:zstd-jni:${zstd-jni.version}");
    }

    /** The compile and runtime dependencies a pom passes on, as group:artifact:version. */
    private static List<String> compileDependencies(String pom) {
        String declared = pom.replaceAll("(?s)<dependencyManagement>.*</dependencyManagement>", "");
        List<String> compile = new ArrayList<>();
        Matcher m =
                Pattern.compile("<dependency>(.*?)</dependency>", Pattern.DOTALL).matcher(declared);
        while (m.find()) {
            String dependency = m.group(1);
            String scope = tag(dependency, "scope");
            boolean passedOn =
                    (scope == null || scope.equals("compile") || scope.equals("runtime"))
                            && !"true".equals(tag(dependency, "optional"));
            if (passedOn) {
                compile.add(
                        tag(dependency, "groupId")
                                + ":"
                                + tag(dependency, "artifactId")
                                + ":"
                                + tag(dependency, "version"));
            }
        }
        return compile;
    }

    private static String tag(String xml, String name) {
        Matcher m = Pattern.compile("<" + name + ">([^<]*)</" + name + ">").matcher(xml);
        return m.find() ? m.group(1) : null;
    }
}
