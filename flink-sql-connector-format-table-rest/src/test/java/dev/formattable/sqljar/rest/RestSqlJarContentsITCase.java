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
package dev.formattable.sqljar.rest;

import dev.formattable.core.testutils.JarContents;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What the REST jar holds: format-table-rest's classes under their own names, Paimon's client
 * relocated under {@code dev.formattable.shaded.rest}, nothing of format-table-core (the SQL
 * connector jar's), of Flink, Hadoop or logging, and nothing the SQL connector jar or the Hive jar
 * also has. Runs after the package phase, on the jar itself.
 */
class RestSqlJarContentsITCase {

    static final String OURS = "dev/formattable/rest/";
    static final String SHADED = "dev/formattable/shaded/rest/";

    private static JarContents jar;
    private static Set<String> entries;

    @BeforeAll
    static void openJar() {
        jar = JarContents.fromProperty("restjar.path");
        assertThat(jar.path()).isRegularFile();
        entries = jar.entries();
    }

    @Test
    void everyClassIsFormatTableRestOrRelocated() {
        assertThat(entries)
                .filteredOn(e -> e.endsWith(".class"))
                .filteredOn(e -> !e.startsWith(OURS) && !e.startsWith(SHADED))
                .isEmpty();
        assertThat(entries)
                .contains(
                        OURS + "RestMetastoreFactory.class",
                        SHADED + "org/apache/paimon/rest/RESTApi.class",
                        SHADED + "org/apache/paimon/rest/auth/BearTokenAuthProvider.class",
                        SHADED + "org/apache/paimon/rest/auth/DLFAuthProvider.class");
    }

    /** Resources outside META-INF/ could meet a Paimon jar's or another connector's in lib/. */
    @Test
    void everyOtherEntryIsOursOrUnderMetaInf() {
        assertThat(entries)
                .filteredOn(e -> !e.endsWith("/") && !e.endsWith(".class"))
                .allMatch(
                        e -> e.startsWith("META-INF/") || e.startsWith(SHADED),
                        "under META-INF/ or " + SHADED);
        // What cannot be relocated, or would reach outside the jar.
        assertThat(entries)
                .noneMatch(e -> e.startsWith("com/github/luben/"))
                .noneMatch(e -> e.startsWith("paimon-codegen/"))
                .noneMatch(e -> e.contains("libzstd-jni"))
                .doesNotContain("META-INF/services/java.time.chrono.Chronology");
    }

    @Test
    void coreFlinkHadoopAndLoggingAreLeftOut() {
        List<String> provided =
                List.of(
                        "dev/formattable/core/",
                        "dev/formattable/flink/",
                        "org/apache/flink/",
                        "org/apache/hadoop/",
                        "org/slf4j/",
                        "org/apache/logging/",
                        "org/apache/log4j/",
                        "META-INF/versions/");
        assertThat(entries).filteredOn(e -> provided.stream().anyMatch(e::startsWith)).isEmpty();
    }

    /**
     * Beside the SQL connector jar and the Hive jar no class or resource may exist twice; only
     * service files and the libraries' descriptions may share a name.
     */
    @Test
    void nothingIsAlsoInTheOtherJars() {
        for (String other : List.of("sqljar.path", "hivejar.path")) {
            Set<String> both = new TreeSet<>(JarContents.fromProperty(other).entries());
            both.retainAll(entries);
            both.removeIf(
                    e ->
                            e.endsWith("/")
                                    || e.startsWith("META-INF/services/")
                                    || e.startsWith("META-INF/maven/")
                                    || e.startsWith("META-INF/licenses/"));
            assertThat(both)
                    .as("entries also in " + other)
                    .isSubsetOf(
                            "META-INF/MANIFEST.MF",
                            "META-INF/NOTICE",
                            "META-INF/LICENSE",
                            "META-INF/LICENSE.txt",
                            "META-INF/FastDoubleParser-LICENSE",
                            "META-INF/FastDoubleParser-NOTICE",
                            "META-INF/bigint-BSD-LICENSE",
                            "META-INF/fast_double_parser-LICENSE",
                            "META-INF/fast_float-LICENSE",
                            "META-INF/thirdparty-LICENSE");
        }
    }

    /**
     * The class files name Paimon only by its relocated name, as classes and as resources. Names in
     * descriptor form ({@code Lorg/apache/paimon/...;}) are not checked: the shade plugin relocates
     * every real descriptor, and leaves only the method descriptors that a class's {@code
     * $deserializeLambda$} compares as text, which matter only when one of Paimon's serializable
     * lambdas is deserialized, which a REST client never does.
     */
    @Test
    void noClassRefersToPaimonByItsOriginalName() throws IOException {
        assertThat(
                        jar.unrelocatedReferences(
                                List.of("org/apache/paimon/", "org/publicsuffix/"),
                                List.of(SHADED, "L"),
                                Set.of()))
                .isEmpty();
    }

    @Test
    void theServiceFileNamesOurMetastoreFactory() throws IOException {
        assertThat(jar.serviceEntries("dev.formattable.core.metastore.MetastoreFactory"))
                .containsExactly("dev.formattable.rest.RestMetastoreFactory");
        assertThat(entries)
                .filteredOn(e -> e.startsWith("META-INF/services/") && !e.endsWith("/"))
                .allMatch(
                        e ->
                                e.equals(
                                                "META-INF/services/dev.formattable.core.metastore"
                                                        + ".MetastoreFactory")
                                        || e.startsWith(
                                                "META-INF/services/dev.formattable.shaded.rest."),
                        "ours, or of relocated Paimon");
    }

    @Test
    void noticeNamesTheBundle() throws IOException {
        assertThat(jar.read("META-INF/NOTICE"))
                .contains("flink-sql-connector-format-table-rest")
                .contains("org.apache.paimon:paimon-bundle:1.4.2");
        assertThat(jar.bundledArtifacts()).contains("org.apache.paimon:paimon-bundle:1.4.2");
    }
}
