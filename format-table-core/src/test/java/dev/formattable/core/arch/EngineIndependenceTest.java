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
package dev.formattable.core.arch;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/** The core stays free of Flink: no source file of it may import or name Flink's packages. */
class EngineIndependenceTest {

    @Test
    void mainSourcesDoNotReferToFlink() throws IOException {
        Path main = Path.of("src", "main", "java");
        assertThat(main).isDirectory();
        List<String> offenders;
        try (Stream<Path> files = Files.walk(main)) {
            offenders =
                    files.filter(p -> p.toString().endsWith(".java"))
                            .filter(EngineIndependenceTest::refersToFlink)
                            .map(Path::toString)
                            .collect(Collectors.toList());
        }
        assertThat(offenders).as("core sources that refer to org.apache.flink").isEmpty();
    }

    @Test
    void flinkIsNotOnTheCoreClasspath() {
        assertThat(
                        getClass()
                                .getClassLoader()
                                .getResource("org/apache/flink/api/common/JobID.class"))
                .isNull();
    }

    private static boolean refersToFlink(Path file) {
        try {
            return Files.readString(file).contains("org.apache.flink");
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
