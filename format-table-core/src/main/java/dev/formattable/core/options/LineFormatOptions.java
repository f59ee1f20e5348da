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
import java.util.Locale;

/**
 * The options of the line formats, csv, json and text, under Paimon's keys and with Paimon's
 * defaults, so that a table either engine wrote is read the same by the other. The fallback keys
 * are the short names Paimon also reads (those of Spark's csv source), for tables created there.
 */
public final class LineFormatOptions {

    /** The values of {@link #CSV_MODE}. */
    public static final List<String> CSV_MODES = List.of("PERMISSIVE", "DROPMALFORMED", "FAILFAST");

    /** The values of {@link #JSON_MAP_NULL_KEY_MODE}. */
    public static final List<String> MAP_NULL_KEY_MODES = List.of("FAIL", "DROP", "LITERAL");

    public static final ConfigOption<String> CSV_FIELD_DELIMITER =
            ConfigOption.key("csv.field-delimiter")
                    .fallbackKeys("field-delimiter", "seq")
                    .of(String.class, ",", "The character between the fields of a csv line.");

    public static final ConfigOption<String> CSV_LINE_DELIMITER =
            ConfigOption.key("csv.line-delimiter")
                    .defaultDescription("\\n (a line feed)")
                    .fallbackKeys("lineSep")
                    .of(
                            String.class,
                            "\n",
                            "What ends each csv record. The default, a line feed, also reads"
                                    + " lines ended by '\\r\\n' or '\\r'; any other value is"
                                    + " matched exactly.");

    public static final ConfigOption<String> CSV_QUOTE_CHARACTER =
            ConfigOption.key("csv.quote-character")
                    .fallbackKeys("quote")
                    .of(
                            String.class,
                            "\"",
                            "The character that encloses a csv field holding the delimiter, a"
                                    + " line break or itself. Empty for none: fields are never"
                                    + " quoted, as Hive's LazySimpleSerDe writes them.");

    public static final ConfigOption<String> CSV_ESCAPE_CHARACTER =
            ConfigOption.key("csv.escape-character")
                    .fallbackKeys("escape")
                    .of(
                            String.class,
                            "\\",
                            "The character that makes the next one literal inside a csv field."
                                    + " Empty for none.");

    public static final ConfigOption<Boolean> CSV_INCLUDE_HEADER =
            ConfigOption.key("csv.include-header")
                    .fallbackKeys("header")
                    .of(
                            Boolean.class,
                            false,
                            "Write the column names as the first line of each csv file, and skip"
                                    + " that line when reading.");

    public static final ConfigOption<String> CSV_NULL_LITERAL =
            ConfigOption.key("csv.null-literal")
                    .defaultDescription("(empty)")
                    .fallbackKeys("nullvalue")
                    .of(
                            String.class,
                            "",
                            "The text of a NULL csv field. With the default, an empty field,"
                                    + " an empty string reads back as NULL too.");

    public static final ConfigOption<String> CSV_MODE =
            ConfigOption.key("csv.mode")
                    .fallbackKeys("mode")
                    .of(
                            String.class,
                            "PERMISSIVE",
                            "What a csv line that cannot be read becomes: PERMISSIVE reads the"
                                    + " fields that cannot be converted as NULL, DROPMALFORMED"
                                    + " skips the line (counted in the 'numMalformedLinesDropped'"
                                    + " metric), FAILFAST fails the read naming the file and"
                                    + " line.");

    public static final ConfigOption<Boolean> JSON_IGNORE_PARSE_ERRORS =
            ConfigOption.key("json.ignore-parse-errors")
                    .of(
                            Boolean.class,
                            false,
                            "Skip json lines that are not json objects (counted in the"
                                    + " 'numMalformedLinesDropped' metric) and read fields that"
                                    + " cannot be converted as NULL, instead of failing the read.");

    public static final ConfigOption<String> JSON_MAP_NULL_KEY_MODE =
            ConfigOption.key("json.map-null-key-mode")
                    .of(
                            String.class,
                            "FAIL",
                            "How a NULL key of a MAP is written: FAIL refuses the row, DROP"
                                    + " leaves the entry out, LITERAL writes"
                                    + " 'json.map-null-key-literal'.");

    public static final ConfigOption<String> JSON_MAP_NULL_KEY_LITERAL =
            ConfigOption.key("json.map-null-key-literal")
                    .of(
                            String.class,
                            "null",
                            "The key written for a NULL MAP key when 'json.map-null-key-mode' is"
                                    + " LITERAL.");

    public static final ConfigOption<String> JSON_LINE_DELIMITER =
            ConfigOption.key("json.line-delimiter")
                    .defaultDescription("\\n (a line feed)")
                    .of(
                            String.class,
                            "\n",
                            "What ends each json record; the default also reads '\\r\\n' and"
                                    + " '\\r'.");

    public static final ConfigOption<String> TEXT_LINE_DELIMITER =
            ConfigOption.key("text.line-delimiter")
                    .defaultDescription("\\n (a line feed)")
                    .fallbackKeys("lineSep")
                    .of(
                            String.class,
                            "\n",
                            "What ends each line of a text table, whose single STRING column"
                                    + " holds a line; the default also reads '\\r\\n' and '\\r'.");

    private static final List<ConfigOption<?>> ALL =
            List.of(
                    CSV_FIELD_DELIMITER,
                    CSV_LINE_DELIMITER,
                    CSV_QUOTE_CHARACTER,
                    CSV_ESCAPE_CHARACTER,
                    CSV_INCLUDE_HEADER,
                    CSV_NULL_LITERAL,
                    CSV_MODE,
                    JSON_IGNORE_PARSE_ERRORS,
                    JSON_MAP_NULL_KEY_MODE,
                    JSON_MAP_NULL_KEY_LITERAL,
                    JSON_LINE_DELIMITER,
                    TEXT_LINE_DELIMITER);

    private LineFormatOptions() {}

    /** Every line format option, in documentation order. */
    public static List<ConfigOption<?>> all() {
        return ALL;
    }

    /** The line delimiter of a line format. */
    public static String lineDelimiter(Options options, FileFormat format) {
        switch (format) {
            case CSV:
                return options.get(CSV_LINE_DELIMITER);
            case JSON:
                return options.get(JSON_LINE_DELIMITER);
            case TEXT:
                return options.get(TEXT_LINE_DELIMITER);
            default:
                throw new IllegalArgumentException(format + " is not a line format");
        }
    }

    /** The csv mode, in upper case. */
    public static String csvMode(Options options) {
        return options.get(CSV_MODE).trim().toUpperCase(Locale.ROOT);
    }

    /**
     * Refuses line format options that cannot be honoured, naming the key and the value.
     *
     * @throws IllegalArgumentException for an empty line delimiter, a csv delimiter that is not one
     *     character, a quote or escape that is neither one character nor empty (none), one
     *     character two of them share, or an unknown mode
     */
    static void validate(Options options, FileFormat format) {
        if (!format.lineBased()) {
            return;
        }
        String line = lineDelimiter(options, format);
        if (line.isEmpty()) {
            throw refused(options, keyOfLineDelimiter(format), line, "must not be empty");
        }
        if (format == FileFormat.CSV) {
            char field = oneCharacter(options, CSV_FIELD_DELIMITER);
            char quote = noneOrOneCharacter(options, CSV_QUOTE_CHARACTER);
            char escape = noneOrOneCharacter(options, CSV_ESCAPE_CHARACTER);
            if (field == quote || field == escape || (quote == escape && quote != NO_CHARACTER)) {
                throw new IllegalArgumentException(
                        String.format(
                                "'%s'='%s', '%s'='%s' and '%s'='%s' must be three different"
                                        + " characters",
                                options.keyInUse(CSV_FIELD_DELIMITER),
                                field,
                                options.keyInUse(CSV_QUOTE_CHARACTER),
                                quote,
                                options.keyInUse(CSV_ESCAPE_CHARACTER),
                                escape));
            }
            if (line.indexOf(field) >= 0 || (quote != NO_CHARACTER && line.indexOf(quote) >= 0)) {
                throw refused(
                        options,
                        CSV_LINE_DELIMITER,
                        line,
                        "must not contain the field delimiter or the quote character");
            }
            oneOf(options, CSV_MODE, CSV_MODES);
        }
        if (format == FileFormat.JSON) {
            oneOf(options, JSON_MAP_NULL_KEY_MODE, MAP_NULL_KEY_MODES);
        }
    }

    private static ConfigOption<String> keyOfLineDelimiter(FileFormat format) {
        return format == FileFormat.CSV
                ? CSV_LINE_DELIMITER
                : format == FileFormat.JSON ? JSON_LINE_DELIMITER : TEXT_LINE_DELIMITER;
    }

    /** A csv quote or escape character given as empty: there is none. */
    public static final char NO_CHARACTER = '\0';

    /** A csv quote or escape character, or {@link #NO_CHARACTER} when it is given empty. */
    public static char csvCharacter(Options options, ConfigOption<String> option) {
        String value = options.get(option);
        return value.isEmpty() ? NO_CHARACTER : value.charAt(0);
    }

    private static char noneOrOneCharacter(Options options, ConfigOption<String> option) {
        return options.get(option).isEmpty() ? NO_CHARACTER : oneCharacter(options, option);
    }

    private static char oneCharacter(Options options, ConfigOption<String> option) {
        String value = options.get(option);
        if (value.length() != 1) {
            throw refused(
                    options,
                    option,
                    value,
                    "must be exactly one character (a value is taken as written: type a tab"
                            + " itself, not '\\t')");
        }
        return value.charAt(0);
    }

    private static void oneOf(Options options, ConfigOption<String> option, List<String> values) {
        String value = options.get(option);
        if (!values.contains(value.trim().toUpperCase(Locale.ROOT))) {
            throw refused(options, option, value, "is not one of " + String.join(", ", values));
        }
    }

    private static IllegalArgumentException refused(
            Options options, ConfigOption<?> option, String value, String why) {
        return Range.refused(options.keyInUse(option), value, why);
    }
}
