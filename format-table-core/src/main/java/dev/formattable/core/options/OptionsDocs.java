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
package dev.formattable.core.options;

import java.util.List;

/**
 * Renders option declarations as a Markdown table, so the documentation is generated from the one
 * place options are declared. A test compares the rendering with {@code docs/options.md}.
 */
public final class OptionsDocs {

    private OptionsDocs() {}

    /** One option as the docs describe it. */
    public static final class Row {
        final String key;
        final String fallbackKeys;
        final String defaultValue;
        final String type;
        final String description;

        public Row(
                String key,
                String fallbackKeys,
                String defaultValue,
                String type,
                String description) {
            this.key = key;
            this.fallbackKeys = fallbackKeys;
            this.defaultValue = defaultValue;
            this.type = type;
            this.description = description;
        }
    }

    public static Row row(ConfigOption<?> option) {
        return new Row(
                option.key(),
                String.join(", ", option.fallbackKeys()),
                option.defaultDescription(),
                option.type().getSimpleName(),
                option.description());
    }

    public static String table(List<Row> rows) {
        StringBuilder sb = new StringBuilder();
        sb.append("| Key | Default | Type | Description |\n");
        sb.append("| --- | --- | --- | --- |\n");
        for (Row r : rows) {
            sb.append("| `").append(r.key).append('`');
            if (!r.fallbackKeys.isEmpty()) {
                sb.append(" (or `").append(r.fallbackKeys).append("`)");
            }
            sb.append(" | ").append(escape(r.defaultValue));
            sb.append(" | ").append(r.type);
            sb.append(" | ").append(escape(r.description)).append(" |\n");
        }
        return sb.toString();
    }

    private static String escape(String text) {
        return text.replace("|", "\\|").replace("\n", " ");
    }

    /**
     * Replaces the text between {@code <!-- BEGIN GENERATED: name -->} and {@code <!-- END
     * GENERATED: name -->} in a document.
     *
     * @throws IllegalArgumentException if the markers are missing
     */
    public static String replaceSection(String document, String name, String content) {
        String begin = "<!-- BEGIN GENERATED: " + name + " -->\n";
        String end = "<!-- END GENERATED: " + name + " -->";
        int b = document.indexOf(begin);
        int e = document.indexOf(end);
        if (b < 0 || e < b) {
            throw new IllegalArgumentException(
                    "The document has no section '"
                            + name
                            + "' between "
                            + begin.trim()
                            + " and "
                            + end);
        }
        return document.substring(0, b + begin.length()) + content + document.substring(e);
    }
}
