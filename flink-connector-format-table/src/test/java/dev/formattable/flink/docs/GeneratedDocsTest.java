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

import dev.formattable.core.options.FormatTableOptions;
import dev.formattable.core.options.OptionsDocs;
import dev.formattable.flink.catalog.FormatTableCatalogFactory;
import dev.formattable.flink.config.FormatTableConnectorOptions;
import dev.formattable.flink.read.MetadataColumns;
import dev.formattable.flink.table.FormatTableDynamicTableFactory;

import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.FallbackKey;
import org.apache.flink.configuration.description.HtmlFormatter;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.StreamSupport;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Fails when a generated section of the docs drifts from the declarations it is made from: the
 * connector options ({@code docs/options.md}), the catalog options ({@code docs/catalog.md}) and
 * the metadata columns ({@code docs/sql.md}). Regenerate with {@code
 * -Dformattable.regenerate-docs=true}.
 */
class GeneratedDocsTest {

    private static final Path DOCS = Path.of("..", "..", "docs");

    @Test
    void connectorOptionsReferenceIsUpToDate() throws IOException {
        assertSection(
                "options.md",
                "connector",
                OptionsDocs.table(rows(FormatTableConnectorOptions.connectorOptions())));
    }

    @Test
    void catalogOptionsReferenceIsUpToDate() throws IOException {
        assertSection(
                "catalog.md",
                "catalog",
                OptionsDocs.table(rows(FormatTableCatalogFactory.catalogOptions())));
    }

    @Test
    void metadataColumnsTableIsUpToDate() throws IOException {
        StringBuilder table = new StringBuilder();
        table.append("| Key | Type | Value |\n");
        table.append("| --- | --- | --- |\n");
        for (MetadataColumns.Column column : MetadataColumns.Column.values()) {
            table.append("| `")
                    .append(column.key())
                    .append("` | `")
                    .append(column.type())
                    .append("` | ")
                    .append(column.description())
                    .append(" |\n");
        }
        assertSection("sql.md", "metadata-columns", table.toString());
    }

    @Test
    void everyCoreOptionIsAnOptionOfTheFactory() {
        FormatTableDynamicTableFactory factory = new FormatTableDynamicTableFactory();
        List<String> keys = new ArrayList<>();
        factory.optionalOptions().forEach(o -> keys.add(o.key()));
        factory.requiredOptions().forEach(o -> keys.add(o.key()));
        List<String> coreKeys = new ArrayList<>();
        FormatTableOptions.all().forEach(o -> coreKeys.add(o.key()));
        assertThat(keys).containsAll(coreKeys).contains("path", "sink.parallelism");
    }

    private static void assertSection(String doc, String section, String content)
            throws IOException {
        Path file = DOCS.resolve(doc);
        String current = Files.readString(file);
        String expected = OptionsDocs.replaceSection(current, section, content);
        if (Boolean.getBoolean("formattable.regenerate-docs")) {
            Files.writeString(file, expected);
            current = expected;
        }
        assertThat(current)
                .as("docs/%s is out of date; run with -Dformattable.regenerate-docs=true", doc)
                .isEqualTo(expected);
    }

    private static List<OptionsDocs.Row> rows(List<ConfigOption<?>> options) {
        List<OptionsDocs.Row> rows = new ArrayList<>();
        for (ConfigOption<?> o : options) {
            String fallback =
                    StreamSupport.stream(o.fallbackKeys().spliterator(), false)
                            .map(FallbackKey::getKey)
                            .collect(Collectors.joining(", "));
            rows.add(
                    new OptionsDocs.Row(
                            o.key(),
                            fallback,
                            o.hasDefaultValue() ? String.valueOf(o.defaultValue()) : "(none)",
                            typeName(o),
                            new HtmlFormatter().format(o.description())));
        }
        return rows;
    }

    private static String typeName(ConfigOption<?> option) {
        try {
            java.lang.reflect.Method m = ConfigOption.class.getDeclaredMethod("getClazz");
            m.setAccessible(true);
            return ((Class<?>) m.invoke(option)).getSimpleName();
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("Flink's ConfigOption has no getClazz() any more", e);
        }
    }
}
