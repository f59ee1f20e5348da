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

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The connector's source tree, as the tests of every Flink line's module see it: the line modules
 * sit one level below it and run their tests in their own directory.
 */
final class ConnectorSources {

    /** The sources every line builds. */
    static final Path MAIN = Path.of("..", "src", "main", "java");

    private ConnectorSources() {}

    /** The per-line layers of the main sources: {@code src/main/flink-<range>/java}. */
    static List<Path> mainLayers() {
        try (Stream<Path> dirs = Files.list(Path.of("..", "src", "main"))) {
            return dirs.filter(d -> d.getFileName().toString().startsWith("flink-"))
                    .map(d -> d.resolve("java"))
                    .sorted()
                    .collect(Collectors.toList());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
