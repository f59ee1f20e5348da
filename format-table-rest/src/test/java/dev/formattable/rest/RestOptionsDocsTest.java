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
package dev.formattable.rest;

import dev.formattable.core.options.OptionsDocs;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Fails when the REST catalog keys in {@code docs/catalog.md} no longer match their declarations.
 * Run with {@code -Dformattable.regenerate-docs=true} to rewrite the generated section.
 */
class RestOptionsDocsTest {

    static final Path DOC = Path.of("..", "docs", "catalog.md");

    @Test
    void restOptionsReferenceIsUpToDate() throws IOException {
        List<OptionsDocs.Row> rows = new ArrayList<>();
        new RestMetastoreFactory().options().forEach(o -> rows.add(OptionsDocs.row(o)));
        String current = Files.readString(DOC);
        String expected =
                OptionsDocs.replaceSection(current, "catalog-rest", OptionsDocs.table(rows));
        if (Boolean.getBoolean("formattable.regenerate-docs")) {
            Files.writeString(DOC, expected);
            current = expected;
        }
        assertThat(current)
                .as("docs/catalog.md is out of date; run with -Dformattable.regenerate-docs=true")
                .isEqualTo(expected);
    }
}
