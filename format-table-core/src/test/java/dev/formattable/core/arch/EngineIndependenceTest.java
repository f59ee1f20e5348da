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
