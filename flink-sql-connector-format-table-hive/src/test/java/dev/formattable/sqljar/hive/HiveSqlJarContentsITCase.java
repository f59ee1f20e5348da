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
package dev.formattable.sqljar.hive;

import dev.formattable.core.testutils.JarContents;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What the Hive jar holds: format-table-hive's classes under their own names, its metastore
 * client's libraries relocated under {@code dev.formattable.shaded.hive}, nothing of
 * format-table-core (the SQL connector jar's), of Flink, Hadoop or logging, and nothing the SQL
 * connector jar also has. Runs after the package phase, on the jar itself.
 */
class HiveSqlJarContentsITCase {

    static final String OURS = "dev/formattable/hive/";
    static final String SHADED = "dev/formattable/shaded/hive/";

    /** The bundled libraries' packages, as named before relocation. */
    private static final List<String> RELOCATED =
            List.of(
                    "org/apache/hadoop/hive/",
                    "org/apache/hive/",
                    "org/apache/thrift/",
                    "com/facebook/fb303/",
                    "com/google/common/",
                    "com/google/thirdparty/",
                    "org/apache/commons/lang3/",
                    "org/apache/commons/codec/",
                    // hive-shims' classes in Hadoop's packages.
                    "org/apache/hadoop/fs/ProxyFileSystem",
                    "org/apache/hadoop/fs/ProxyLocalFileSystem",
                    "org/apache/hadoop/fs/DefaultFileAccess",
                    "org/apache/hadoop/security/token/delegation/HiveDelegationTokenSupport",
                    "org/apache/hadoop/mapred/WebHCatJTShim23");

    /**
     * The names format-table-hive writes to the metastore and recognises there, kept Hive's. The
     * two SerDes hive-serde has as classes are left out of the jar.
     */
    private static final Set<String> HIVE_NAMES =
            Set.of(
                    "org.apache.hadoop.hive.ql.io.parquet.serde.ParquetHiveSerDe",
                    "org.apache.hadoop.hive.ql.io.parquet.MapredParquetInputFormat",
                    "org.apache.hadoop.hive.ql.io.parquet.MapredParquetOutputFormat",
                    "org.apache.hadoop.hive.ql.io.orc.OrcSerde",
                    "org.apache.hadoop.hive.ql.io.orc.OrcInputFormat",
                    "org.apache.hadoop.hive.ql.io.orc.OrcOutputFormat",
                    "org.apache.hadoop.hive.ql.io.HiveIgnoreKeyTextOutputFormat",
                    "org.apache.hadoop.hive.serde2.lazy.LazySimpleSerDe",
                    "org.apache.hadoop.hive.serde2.OpenCSVSerde",
                    "org.apache.hadoop.hive.serde2.JsonSerDe",
                    "org.apache.hive.hcatalog.data.JsonSerDe");

    /** A string the shade plugin takes for a class name, and relocates. */
    private static final Pattern CLASS_NAME =
            Pattern.compile("[A-Za-z_$][A-Za-z0-9_$]*(\\.[A-Za-z_$][A-Za-z0-9_$]*)+");

    private static JarContents jar;
    private static Set<String> entries;

    @BeforeAll
    static void openJar() {
        jar = JarContents.fromProperty("hivejar.path");
        assertThat(jar.path()).isRegularFile();
        entries = jar.entries();
    }

    @Test
    void everyClassIsFormatTableHiveOrRelocated() {
        assertThat(entries)
                .filteredOn(e -> e.endsWith(".class"))
                .filteredOn(e -> !e.startsWith(OURS) && !e.startsWith(SHADED))
                .isEmpty();
        assertThat(entries)
                .contains(
                        OURS + "HiveMetastoreFactory.class",
                        SHADED + "org/apache/hadoop/hive/metastore/HiveMetaStoreClient.class",
                        SHADED + "org/apache/hadoop/hive/conf/HiveConf.class",
                        SHADED + "org/apache/hadoop/hive/serde2/typeinfo/TypeInfoUtils.class",
                        SHADED + "org/apache/hadoop/hive/common/type/HiveDecimal.class",
                        SHADED + "org/apache/hadoop/hive/shims/Hadoop23Shims.class",
                        SHADED + "org/apache/thrift/transport/TSocket.class",
                        SHADED + "com/facebook/fb303/FacebookService.class",
                        SHADED + "com/google/common/collect/Lists.class",
                        SHADED + "org/apache/commons/lang3/StringUtils.class",
                        SHADED + "org/apache/hadoop/fs/ProxyFileSystem.class");
    }

    /** Resources outside META-INF/ could meet a Hive jar's or another connector's in lib/. */
    @Test
    void everyOtherEntryIsUnderMetaInf() {
        assertThat(entries)
                .filteredOn(e -> !e.endsWith("/") && !e.endsWith(".class"))
                .allMatch(e -> e.startsWith("META-INF/"), "under META-INF/");
        // The metastore server's JDO mapping, and Hive's logging set-ups.
        assertThat(entries)
                .doesNotContain(
                        "package.jdo", "hive-log4j2.properties", "parquet-logging.properties");
    }

    @Test
    void coreFlinkHadoopAndLoggingAreLeftOut() {
        List<String> provided =
                List.of(
                        "dev/formattable/core/",
                        "dev/formattable/flink/",
                        "dev/formattable/shaded/org/",
                        "org/apache/flink/",
                        "org/apache/hadoop/",
                        "org/slf4j/",
                        "org/apache/logging/",
                        "org/apache/log4j/",
                        "META-INF/versions/");
        assertThat(entries).filteredOn(e -> provided.stream().anyMatch(e::startsWith)).isEmpty();
        // The metastore server's HBase store (needs HBase and protobuf, which are not here).
        assertThat(entries)
                .noneMatch(e -> e.startsWith(SHADED + "org/apache/hadoop/hive/metastore/hbase/"));
    }

    /**
     * Next to the SQL connector jar no class or resource may exist twice; only service files may
     * share a name (ServiceLoader reads every copy). Flink's own jars have nothing under
     * dev/formattable/, where all our classes are.
     */
    @Test
    void nothingIsAlsoInTheSqlConnectorJar() {
        JarContents sqlJar = JarContents.fromProperty("sqljar.path");
        Set<String> both = new TreeSet<>(sqlJar.entries());
        assertThat(both).contains("dev/formattable/core/metastore/MetastoreFactory.class");
        both.retainAll(entries);
        // META-INF/maven/ describes the libraries: both jars bundle hive-storage-api.
        both.removeIf(
                e ->
                        e.endsWith("/")
                                || e.startsWith("META-INF/services/")
                                || e.startsWith("META-INF/maven/"));
        assertThat(both)
                .containsOnly(
                        "META-INF/MANIFEST.MF",
                        "META-INF/NOTICE",
                        "META-INF/LICENSE",
                        "META-INF/LICENSE.txt");
    }

    /**
     * The class files refer to the bundled libraries by their relocated names alone: in class
     * references and descriptors, and in string literals that are class names (which Hive loads by
     * name, such as HiveConf's default filter hook and ShimLoader's shims; names inside longer
     * text, such as the server's JDOQL queries, are not loaded). The exceptions are the names of
     * SerDes and formats kept for the metastore. Of the classes of Hive that name one, three refer
     * to LazySimpleSerDe as a class, which is left out of the jar (two SerDes that extend it, and a
     * MetaStoreUtils method that builds a table with it), and a metastore client runs none;
     * HiveConf and a storage descriptor builder name LazySimpleSerDe as a default, which is right
     * as it stays.
     */
    @Test
    void noClassRefersToABundledLibraryByItsOriginalName() {
        Map<String, ClassConstants.Pool> pools = ClassConstants.of(jar.path(), "");
        List<String> strays = new ArrayList<>();
        Set<String> referringToKeptNames = new TreeSet<>();
        pools.forEach(
                (entry, pool) -> {
                    List<String> names = new ArrayList<>();
                    for (String constant : pool.utf8) {
                        for (String original : RELOCATED) {
                            for (int i = constant.indexOf(original);
                                    i >= 0;
                                    i = constant.indexOf(original, i + 1)) {
                                if (!constant.substring(0, i).endsWith(SHADED)) {
                                    names.add(constant.substring(i).replace('/', '.'));
                                }
                            }
                        }
                    }
                    for (String literal : pool.literals) {
                        if (CLASS_NAME.matcher(literal).matches()
                                && RELOCATED.stream()
                                        .anyMatch(o -> literal.startsWith(o.replace('/', '.')))) {
                            names.add(literal);
                        }
                    }
                    for (String name : names) {
                        if (HIVE_NAMES.stream().anyMatch(name::startsWith)) {
                            referringToKeptNames.add(entry);
                        } else {
                            strays.add(entry + " -> " + name);
                        }
                    }
                });
        assertThat(strays).isEmpty();
        assertThat(referringToKeptNames)
                .containsExactlyInAnyOrder(
                        OURS + "HiveStorage.class",
                        SHADED + "org/apache/hadoop/hive/conf/HiveConf$ConfVars.class",
                        SHADED + "org/apache/hadoop/hive/metastore/MetaStoreUtils.class",
                        SHADED
                                + "org/apache/hadoop/hive/metastore/client/builder/StorageDescriptorBuilder.class",
                        SHADED + "org/apache/hadoop/hive/serde2/DelimitedJSONSerDe.class",
                        SHADED + "org/apache/hadoop/hive/serde2/columnar/ColumnarSerDe.class");
    }

    /**
     * What format-table-hive writes to the metastore and compares with what it reads there keeps
     * Hive's names: a relocated SerDe name would make every table we create unreadable for Hive and
     * Spark, and every table they created unknown to us. Each literal of our classes is as
     * compiled.
     */
    @Test
    void theNamesOurClassesGiveTheMetastoreAreHives() {
        Map<String, ClassConstants.Pool> ours = ClassConstants.of(jar.path(), OURS);
        assertThat(ours).containsKey(OURS + "HiveStorage.class");
        List<String> literals =
                ours.values().stream()
                        .flatMap(pool -> pool.literals.stream())
                        .collect(Collectors.toList());
        assertThat(literals)
                .noneMatch(s -> s.contains("dev.formattable.shaded"))
                .noneMatch(s -> s.contains("dev/formattable/shaded"))
                .contains(
                        "org.apache.hadoop.hive.ql.io.parquet.serde.ParquetHiveSerDe",
                        "org.apache.hadoop.hive.ql.io.orc.OrcSerde",
                        "org.apache.hadoop.hive.serde2.lazy.LazySimpleSerDe",
                        "org.apache.hive.hcatalog.data.JsonSerDe");
        assertThat(entries)
                .doesNotContain(
                        "org/apache/hadoop/hive/serde2/lazy/LazySimpleSerDe.class",
                        SHADED + "org/apache/hadoop/hive/serde2/lazy/LazySimpleSerDe.class",
                        "org/apache/hadoop/hive/serde2/OpenCSVSerde.class",
                        SHADED + "org/apache/hadoop/hive/serde2/OpenCSVSerde.class");
    }

    @Test
    void theServiceFileNamesOurMetastoreFactory() throws IOException {
        assertThat(entries)
                .filteredOn(e -> e.startsWith("META-INF/services/") && !e.endsWith("/"))
                .containsExactly(
                        "META-INF/services/dev.formattable.core.metastore.MetastoreFactory");
        assertThat(jar.serviceEntries("dev.formattable.core.metastore.MetastoreFactory"))
                .containsExactly("dev.formattable.hive.HiveMetastoreFactory");
    }

    /** Each bundled library that describes itself (META-INF/maven) is named in our NOTICE. */
    @Test
    void noticeNamesTheBundledLibraries() throws IOException {
        String notice = jar.read("META-INF/NOTICE");
        assertThat(jar.bundledArtifacts())
                .contains(
                        "org.apache.hive:hive-metastore:2.3.10",
                        "org.apache.hive:hive-storage-api:2.8.1")
                .allSatisfy(coordinates -> assertThat(notice).contains(coordinates));
        // Those without META-INF/maven.
        assertThat(notice)
                .contains(
                        "flink-sql-connector-format-table-hive",
                        "org.apache.thrift:libthrift:",
                        "org.apache.thrift:libfb303:");
    }
}
