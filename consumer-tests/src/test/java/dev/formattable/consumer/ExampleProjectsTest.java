package dev.formattable.consumer;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The example projects are copied by users, so they name real versions rather than this build's
 * properties: those must be this build's, and the docs must quote the examples as they are. (The
 * invoker builds and runs the examples with this build's versions.)
 */
class ExampleProjectsTest {

    private static final Path EXAMPLE = Path.of("..", "examples", "datastream");

    @Test
    void theExampleNamesThisBuildsVersions() throws IOException {
        String pom = Files.readString(EXAMPLE.resolve("pom.xml"));
        assertThat(property(pom, "format-table.version"))
                .isEqualTo(System.getProperty("project.version"));
        assertThat(property(pom, "flink.version")).isEqualTo(System.getProperty("flink.version"));
    }

    @Test
    void theStreamingDocsQuoteTheDataStreamExample() throws IOException {
        String source =
                Files.readString(
                        EXAMPLE.resolve(
                                "src/main/java/dev/formattable/examples/DataStreamExample.java"));
        String start = "    // [START example]\n";
        String end = "    // [END example]\n";
        String quoted =
                source.substring(source.indexOf(start) + start.length(), source.indexOf(end))
                        .replaceAll("(?m)^    ", "");
        assertThat(Files.readString(Path.of("..", "docs", "streaming.md"))).contains(quoted);
    }

    private static String property(String pom, String name) {
        Matcher m = Pattern.compile("<" + Pattern.quote(name) + ">([^<]*)</").matcher(pom);
        assertThat(m.find()).as("<%s> in the example's pom", name).isTrue();
        return m.group(1);
    }
}
