package dev.formattable.flink.examples;

import dev.formattable.flink.testutils.FlinkTestBase;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** Runs the DataStream example, and checks that docs/streaming.md quotes it as it is. */
class DataStreamExampleITCase extends FlinkTestBase {

    static final Path SOURCE =
            Path.of("src/test/java/dev/formattable/flink/examples/DataStreamExample.java");
    static final Path DOC = Path.of("..", "docs", "streaming.md");

    @TempDir Path dir;

    @Test
    void theExampleRuns() throws Exception {
        assertThat(DataStreamExample.run(dir.resolve("orders").toString()))
                .containsExactlyInAnyOrder("bob 2", "carol 3");
    }

    @Test
    void theDocsQuoteTheExample() throws Exception {
        String source = Files.readString(SOURCE);
        String start = "    // [START example]\n";
        String end = "    // [END example]\n";
        String quoted =
                source.substring(source.indexOf(start) + start.length(), source.indexOf(end))
                        .replaceAll("(?m)^    ", "");
        assertThat(Files.readString(DOC)).contains(quoted);
    }
}
