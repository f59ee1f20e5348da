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
package dev.formattable.flink.arch;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Flink's internal sink operators and source fetchers are used in the {@code internal} package
 * only, where code for different Flink lines may differ; everything else goes through it.
 */
class InternalsFenceTest {

    private static final List<String> FENCED =
            List.of(
                    "org.apache.flink.streaming.runtime.operators.sink",
                    "org.apache.flink.connector.base.source.reader.fetcher",
                    "org.apache.flink.connector.base.source.reader.synchronization");

    private static final Path MAIN = ConnectorSources.MAIN;
    private static final Path INTERNAL = MAIN.resolve("dev/formattable/flink/internal");

    @Test
    void onlyTheInternalPackageUsesFlinksInternals() throws IOException {
        List<String> offenders;
        try (Stream<Path> files = Files.walk(MAIN)) {
            offenders =
                    files.filter(f -> f.toString().endsWith(".java"))
                            .filter(f -> !f.startsWith(INTERNAL))
                            .flatMap(InternalsFenceTest::fencedReferences)
                            .collect(Collectors.toList());
        }
        assertThat(offenders).as("references to Flink internals outside internal/").isEmpty();
    }

    @Test
    void theInternalPackageUsesThem() throws IOException {
        try (Stream<Path> files = Files.walk(INTERNAL)) {
            assertThat(
                            files.filter(f -> f.toString().endsWith(".java"))
                                    .flatMap(InternalsFenceTest::fencedReferences))
                    .as("the check looks at the right files")
                    .isNotEmpty();
        }
    }

    /** What differs between Flink lines is internal: every layer's class is in that package. */
    @Test
    void everyLinesLayerIsInTheInternalPackage() throws IOException {
        List<Path> layers = ConnectorSources.mainLayers();
        assertThat(layers).as("the layers of the lines").hasSizeGreaterThanOrEqualTo(6);
        for (Path layer : layers) {
            try (Stream<Path> files = Files.walk(layer)) {
                assertThat(
                                files.filter(f -> f.toString().endsWith(".java"))
                                        .map(f -> layer.relativize(f.getParent()).toString()))
                        .as("packages of %s", layer)
                        .isNotEmpty()
                        .containsOnly(
                                Path.of("dev", "formattable", "flink", "internal").toString());
            }
        }
    }

    private static Stream<String> fencedReferences(Path file) {
        try {
            return Files.readAllLines(file).stream()
                    .filter(line -> FENCED.stream().anyMatch(line::contains))
                    .map(line -> file + ": " + line.trim());
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
