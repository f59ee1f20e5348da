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
package dev.formattable.core.testutils;

import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * Reads a packaged jar for the tests of what the connector's jars hold: their entries, their
 * service files, and class files that still name a relocated library by its original package.
 */
public final class JarContents {

    /** Where the connector's jars relocate every bundled library. */
    public static final String SHADED = "dev/formattable/shaded/";

    /**
     * The packages, as named before relocation, of the parquet and orc stacks that the plain
     * connector jar bundles (the SQL jar bundles these and more).
     */
    public static final List<String> FORMAT_LIBRARIES =
            List.of(
                    "com/google/protobuf/",
                    "org/apache/flink/formats/parquet/",
                    "org/apache/flink/orc/",
                    "org/apache/parquet/",
                    "shaded/parquet/",
                    "org/apache/orc/",
                    "org/apache/hadoop/hive/",
                    "org/apache/hive/",
                    "io/airlift/compress/",
                    "org/threeten/extra/",
                    "org/locationtech/jts/",
                    "org/apache/commons/pool/");

    private final Path jar;

    private JarContents(Path jar) {
        this.jar = jar;
    }

    /** The jar at a path given as a system property. */
    public static JarContents fromProperty(String property) {
        String path = System.getProperty(property);
        if (path == null) {
            throw new IllegalStateException("system property '" + property + "' is not set");
        }
        return new JarContents(Path.of(path));
    }

    public static JarContents of(Path jar) {
        return new JarContents(jar);
    }

    public Path path() {
        return jar;
    }

    /** Every entry's name, directories included. */
    public Set<String> entries() {
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            return zip.stream()
                    .map(ZipEntry::getName)
                    .collect(Collectors.toCollection(TreeSet::new));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + jar, e);
        }
    }

    /** The text of one entry. */
    public String read(String entry) throws IOException {
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            ZipEntry found = zip.getEntry(entry);
            if (found == null) {
                throw new IllegalArgumentException(jar + " has no entry " + entry);
            }
            try (InputStream in = zip.getInputStream(found)) {
                return new String(in.readAllBytes(), StandardCharsets.UTF_8);
            }
        }
    }

    /** The providers a service file lists, comments and blank lines left out. */
    public List<String> serviceEntries(String service) throws IOException {
        return read("META-INF/services/" + service)
                .lines()
                .map(String::trim)
                .filter(l -> !l.isEmpty() && !l.startsWith("#"))
                .collect(Collectors.toList());
    }

    /**
     * The {@code group:artifact:version} of every bundled library that describes itself with a
     * {@code META-INF/maven/.../pom.properties}, ours ({@code dev.formattable}) left out.
     */
    public List<String> bundledArtifacts() throws IOException {
        List<String> bundled = new ArrayList<>();
        for (String entry : entries()) {
            if (entry.startsWith("META-INF/maven/")
                    && entry.endsWith("/pom.properties")
                    && !entry.startsWith("META-INF/maven/dev.formattable/")) {
                Properties pom = new Properties();
                pom.load(new StringReader(read(entry)));
                bundled.add(
                        pom.getProperty("groupId")
                                + ":"
                                + pom.getProperty("artifactId")
                                + ":"
                                + pom.getProperty("version"));
            }
        }
        return bundled;
    }

    /**
     * Class files that still name one of {@code originals} (package paths such as {@code
     * org/apache/orc/}) other than under {@link #SHADED}, as "entry -> original". A name preceded
     * by one of {@code allowedPrefixes} (for example a resource path under {@code META-INF/}) does
     * not count, and neither do the entries in {@code skipped}.
     */
    public List<String> unrelocatedReferences(
            Collection<String> originals, Collection<String> allowedPrefixes, Set<String> skipped)
            throws IOException {
        List<String> unrelocated = new ArrayList<>();
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            for (ZipEntry entry : zip.stream().collect(Collectors.toList())) {
                if (!entry.getName().endsWith(".class") || skipped.contains(entry.getName())) {
                    continue;
                }
                String bytes;
                try (InputStream in = zip.getInputStream(entry)) {
                    // One char per byte, so that indexes are byte offsets.
                    bytes = new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
                }
                for (String original : originals) {
                    for (int i = bytes.indexOf(original);
                            i >= 0;
                            i = bytes.indexOf(original, i + 1)) {
                        String before = bytes.substring(0, i);
                        if (!before.endsWith(SHADED)
                                && allowedPrefixes.stream().noneMatch(before::endsWith)) {
                            unrelocated.add(entry.getName() + " -> " + original);
                        }
                    }
                }
            }
        }
        return unrelocated;
    }
}
