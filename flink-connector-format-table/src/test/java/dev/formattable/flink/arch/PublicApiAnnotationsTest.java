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
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every public class of the connector says whether users may rely on it, as Flink's connectors do:
 * {@code @PublicEvolving} (or {@code @Experimental}) for what users call, {@code @Internal} for the
 * rest. Flink's annotations are not kept at run time, so the sources are read.
 */
class PublicApiAnnotationsTest {

    private static final Path MAIN = ConnectorSources.MAIN;
    private static final Pattern DECLARATION =
            Pattern.compile(
                    "^public (final |abstract )*(class|interface|enum|record|@interface) .*");
    private static final Pattern STABILITY =
            Pattern.compile("^@(PublicEvolving|Experimental|Internal)\\b.*");

    @Test
    void everyPublicClassIsMarked() throws IOException {
        List<String> unmarked;
        try (Stream<Path> files = Files.walk(MAIN)) {
            unmarked =
                    files.filter(f -> f.toString().endsWith(".java"))
                            .filter(f -> !marked(f))
                            .map(Path::toString)
                            .sorted()
                            .collect(Collectors.toList());
        }
        assertThat(unmarked)
                .as("public classes marked neither @PublicEvolving nor @Internal")
                .isEmpty();
    }

    @Test
    void theBuildersAreOpenToUsers() {
        assertThat(annotations("dev/formattable/flink/sink/FormatTableSinkBuilder.java"))
                .contains("@PublicEvolving");
        assertThat(annotations("dev/formattable/flink/sink/FormatTableSinkTopology.java"))
                .contains("@Internal");
    }

    /** Whether the file declares no public top-level type, or marks the one it declares. */
    private static boolean marked(Path file) {
        List<String> lines = lines(file);
        for (int i = 0; i < lines.size(); i++) {
            if (DECLARATION.matcher(lines.get(i)).matches()) {
                for (int j = i - 1; j >= 0 && lines.get(j).startsWith("@"); j--) {
                    if (STABILITY.matcher(lines.get(j)).matches()) {
                        return true;
                    }
                }
                return false;
            }
        }
        return true;
    }

    private static List<String> annotations(String file) {
        return lines(MAIN.resolve(file)).stream()
                .filter(l -> l.startsWith("@"))
                .collect(Collectors.toList());
    }

    private static List<String> lines(Path file) {
        try {
            return Files.readAllLines(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
