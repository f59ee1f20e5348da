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
        String lts = pom.substring(pom.indexOf("<id>flink-1.20</id>"));
        assertThat(property(lts, "flink.version"))
                .isEqualTo(System.getProperty("flink.lts.version"));
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
