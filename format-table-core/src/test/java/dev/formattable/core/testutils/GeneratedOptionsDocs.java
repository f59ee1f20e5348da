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
package dev.formattable.core.testutils;

import dev.formattable.core.options.ConfigOption;
import dev.formattable.core.options.OptionsDocs;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Holds a generated section of a document to the option declarations it is made from. With {@code
 * -Dformattable.regenerate-docs=true} it rewrites the section instead of failing.
 */
public final class GeneratedOptionsDocs {

    private GeneratedOptionsDocs() {}

    /**
     * @param doc the document, such as {@code ../docs/catalog.md}
     * @param section the name of its {@code BEGIN GENERATED} section
     */
    public static void check(Path doc, String section, Collection<ConfigOption<?>> options)
            throws IOException {
        List<OptionsDocs.Row> rows = new ArrayList<>();
        options.forEach(o -> rows.add(OptionsDocs.row(o)));
        String current = Files.readString(doc);
        String expected = OptionsDocs.replaceSection(current, section, OptionsDocs.table(rows));
        if (Boolean.getBoolean("formattable.regenerate-docs")) {
            Files.writeString(doc, expected);
            current = expected;
        }
        assertThat(current)
                .as(
                        "%s is out of date (section '%s'); run the test with"
                                + " -Dformattable.regenerate-docs=true",
                        doc.getFileName(), section)
                .isEqualTo(expected);
    }
}
