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
package dev.formattable.flink.docs;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every relative link in {@code README.md} and {@code docs/} points at a file that exists, and
 * every anchor at a heading of the page it names, as GitHub renders them.
 */
class DocLinksTest {

    private static final Path ROOT = Path.of("..", "..").toAbsolutePath().normalize();
    private static final Pattern LINK = Pattern.compile("\\[[^\\]]*\\]\\(([^)\\s]+)\\)");
    private static final Pattern HEADING = Pattern.compile("^#{1,6}\\s+(.*?)\\s*#*\\s*$");

    @Test
    void everyRelativeLinkAndAnchorResolves() throws IOException {
        List<Path> pages = new ArrayList<>();
        pages.add(ROOT.resolve("README.md"));
        try (Stream<Path> docs = Files.list(ROOT.resolve("docs"))) {
            docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(pages::add);
        }
        assertThat(pages).hasSizeGreaterThan(5);
        List<String> broken = new ArrayList<>();
        int checked = 0;
        for (Path page : pages) {
            for (String target : links(Files.readString(page))) {
                if (target.matches("^[a-zA-Z][a-zA-Z0-9+.-]*:.*")) {
                    continue; // http:, https:, mailto:
                }
                checked++;
                int hash = target.indexOf('#');
                String file = hash < 0 ? target : target.substring(0, hash);
                String anchor = hash < 0 ? null : target.substring(hash + 1);
                Path resolved = file.isEmpty() ? page : page.getParent().resolve(file).normalize();
                if (!Files.exists(resolved)) {
                    broken.add(ROOT.relativize(page) + ": " + target + " (no such file)");
                } else if (anchor != null && !anchors(resolved).contains(anchor)) {
                    broken.add(ROOT.relativize(page) + ": " + target + " (no such heading)");
                }
            }
        }
        assertThat(checked).isGreaterThan(20);
        assertThat(broken).as("broken links").isEmpty();
    }

    @Test
    void anchorsAreMadeAsGitHubMakesThem() {
        assertThat(
                        anchorsOf(
                                "## Orc on S3\n# A `b.c` d: e\n## Orc on S3\n```\n# not a heading\n```"))
                .containsExactly("orc-on-s3", "a-bc-d-e", "orc-on-s3-1");
    }

    /** The link targets of a page, outside fenced code blocks and inline code. */
    private static List<String> links(String markdown) {
        List<String> targets = new ArrayList<>();
        boolean fenced = false;
        for (String line : markdown.split("\n", -1)) {
            if (line.trim().startsWith("```")) {
                fenced = !fenced;
                continue;
            }
            if (fenced) {
                continue;
            }
            Matcher m = LINK.matcher(line.replaceAll("`[^`]*`", ""));
            while (m.find()) {
                targets.add(m.group(1));
            }
        }
        return targets;
    }

    private static Set<String> anchors(Path page) throws IOException {
        if (!page.toString().endsWith(".md")) {
            return Set.of();
        }
        return anchorsOf(Files.readString(page));
    }

    private static Set<String> anchorsOf(String markdown) {
        Set<String> anchors = new LinkedHashSet<>();
        Map<String, Integer> seen = new HashMap<>();
        boolean fenced = false;
        for (String line : markdown.split("\n", -1)) {
            if (line.trim().startsWith("```")) {
                fenced = !fenced;
                continue;
            }
            Matcher m = HEADING.matcher(line);
            if (fenced || !m.matches()) {
                continue;
            }
            String slug = slug(m.group(1));
            int n = seen.merge(slug, 1, Integer::sum) - 1;
            anchors.add(n == 0 ? slug : slug + "-" + n);
        }
        return anchors;
    }

    private static String slug(String heading) {
        String text =
                heading.replaceAll("\\[([^\\]]*)\\]\\([^)]*\\)", "$1") // a link's text
                        .replace("`", "")
                        .toLowerCase(Locale.ROOT);
        return text.codePoints()
                .filter(c -> Character.isLetterOrDigit(c) || c == ' ' || c == '-' || c == '_')
                .mapToObj(c -> c == ' ' ? "-" : new String(Character.toChars(c)))
                .collect(Collectors.joining());
    }
}
