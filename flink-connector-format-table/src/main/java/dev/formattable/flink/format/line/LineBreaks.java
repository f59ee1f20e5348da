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
package dev.formattable.flink.format.line;

import dev.formattable.core.options.FileFormat;

import javax.annotation.Nullable;

import java.util.Locale;

/**
 * Refuses a line that holds what a reader takes for its end, where the format has no rule that
 * protects it: a text value, or a csv or json value holding a custom line delimiter (csv quotes and
 * json escapes line feeds and carriage returns, but not other characters). Written raw, such a row
 * would read back as several rows.
 */
final class LineBreaks {

    private final FileFormat format;
    private final String name;
    private final String key;
    private final String delimiter;

    /** The delimiter a reader matches, or null for the default, where '\n' and '\r' end a line. */
    @Nullable private final byte[] custom;

    private final String column;

    private LineBreaks(LineFormat format) {
        this.format = format.format;
        this.name = format.format.name().toLowerCase(Locale.ROOT);
        this.key = name + ".line-delimiter";
        this.delimiter = format.lineDelimiter;
        this.custom = format.readDelimiter();
        this.column = format.dataType.getFieldNames().get(0);
    }

    /** The check of a format's lines, or null where its encoder already protects them. */
    @Nullable
    static LineBreaks of(LineFormat format) {
        return format.format == FileFormat.TEXT || format.readDelimiter() != null
                ? new LineBreaks(format)
                : null;
    }

    /**
     * @throws IllegalArgumentException naming the column (text) or the format, the delimiter and
     *     its option, when the line holds the delimiter
     */
    void check(byte[] line) {
        if (custom == null ? hasLineBreak(line) : hasDelimiter(line, custom)) {
            throw new IllegalArgumentException(
                    String.format(
                            "%s contains the line delimiter '%s' ('%s'); it would read back as"
                                    + " several rows",
                            format == FileFormat.TEXT
                                    ? "Column '" + column + "' of a text table"
                                    : "A value of a " + name + " table",
                            escaped(delimiter),
                            key));
        }
    }

    private static boolean hasLineBreak(byte[] line) {
        for (byte b : line) {
            if (b == '\n' || b == '\r') {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether a reader would find the delimiter before the one written after the line: anywhere in
     * the line, or starting in the line and ending in the delimiter written after it.
     */
    private static boolean hasDelimiter(byte[] line, byte[] delimiter) {
        byte first = delimiter[0];
        for (int i = 0; i < line.length; i++) {
            if (line[i] == first && matchesAt(line, i, delimiter)) {
                return true;
            }
        }
        return false;
    }

    private static boolean matchesAt(byte[] line, int start, byte[] delimiter) {
        for (int k = 0; k < delimiter.length; k++) {
            int at = start + k;
            byte b = at < line.length ? line[at] : delimiter[at - line.length];
            if (b != delimiter[k]) {
                return false;
            }
        }
        return true;
    }

    private static String escaped(String delimiter) {
        return delimiter.replace("\r", "\\r").replace("\n", "\\n").replace("\t", "\\t");
    }
}
