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
package dev.formattable.hive;

import dev.formattable.core.options.ConfigOption;
import dev.formattable.core.options.LineFormatOptions;

import org.apache.hadoop.hive.metastore.api.SerDeInfo;
import org.apache.hadoop.hive.metastore.api.StorageDescriptor;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * How a file format looks in a Hive table's storage descriptor (SerDe, input and output format),
 * and which format a Hive table's storage is, with the options its SerDe parameters imply.
 */
final class HiveStorage {

    static final String PARQUET_SERDE =
            "org.apache.hadoop.hive.ql.io.parquet.serde.ParquetHiveSerDe";
    static final String ORC_SERDE = "org.apache.hadoop.hive.ql.io.orc.OrcSerde";
    static final String LAZY_SIMPLE_SERDE = "org.apache.hadoop.hive.serde2.lazy.LazySimpleSerDe";
    static final String OPEN_CSV_SERDE = "org.apache.hadoop.hive.serde2.OpenCSVSerde";
    static final String HCATALOG_JSON_SERDE = "org.apache.hive.hcatalog.data.JsonSerDe";
    static final String JSON_SERDE = "org.apache.hadoop.hive.serde2.JsonSerDe";

    private static final String FIELD_DELIM = "field.delim";
    private static final String SERIALIZATION_FORMAT = "serialization.format";
    private static final String LINE_DELIM = "line.delim";
    private static final String NULL_FORMAT = "serialization.null.format";

    private static final String TEXT_INPUT = "org.apache.hadoop.mapred.TextInputFormat";
    private static final String TEXT_OUTPUT =
            "org.apache.hadoop.hive.ql.io.HiveIgnoreKeyTextOutputFormat";

    // LazySimpleSerDe's default field delimiter, Ctrl-A, when a table names none.
    private static final String HIVE_DEFAULT_FIELD_DELIMITER = "\u0001";
    private static final String HIVE_DEFAULT_NULL = "\\N";

    private HiveStorage() {}

    /** Sets the SerDe and the input and output formats of {@code format} with its options. */
    static void describe(String format, Map<String, String> options, StorageDescriptor sd) {
        SerDeInfo serde = new SerDeInfo();
        serde.setParameters(new HashMap<>());
        switch (format) {
            case "parquet":
                serde.setSerializationLib(PARQUET_SERDE);
                sd.setInputFormat("org.apache.hadoop.hive.ql.io.parquet.MapredParquetInputFormat");
                sd.setOutputFormat(
                        "org.apache.hadoop.hive.ql.io.parquet.MapredParquetOutputFormat");
                break;
            case "orc":
                serde.setSerializationLib(ORC_SERDE);
                sd.setInputFormat("org.apache.hadoop.hive.ql.io.orc.OrcInputFormat");
                sd.setOutputFormat("org.apache.hadoop.hive.ql.io.orc.OrcOutputFormat");
                break;
            case "csv":
                serde.setSerializationLib(LAZY_SIMPLE_SERDE);
                String delimiter =
                        options.getOrDefault(
                                LineFormatOptions.CSV_FIELD_DELIMITER.key(),
                                LineFormatOptions.CSV_FIELD_DELIMITER.defaultValue());
                serde.getParameters().put(FIELD_DELIM, toHiveDelimiter(delimiter));
                serde.getParameters().put(SERIALIZATION_FORMAT, toHiveDelimiter(delimiter));
                serde.getParameters()
                        .put(
                                NULL_FORMAT,
                                options.getOrDefault(
                                        LineFormatOptions.CSV_NULL_LITERAL.key(),
                                        LineFormatOptions.CSV_NULL_LITERAL.defaultValue()));
                putLineDelimiter(options, LineFormatOptions.CSV_LINE_DELIMITER, serde);
                sd.setInputFormat(TEXT_INPUT);
                sd.setOutputFormat(TEXT_OUTPUT);
                break;
            case "text":
                // One string column a line: Hive reads it with any field delimiter.
                serde.setSerializationLib(LAZY_SIMPLE_SERDE);
                putLineDelimiter(options, LineFormatOptions.TEXT_LINE_DELIMITER, serde);
                sd.setInputFormat(TEXT_INPUT);
                sd.setOutputFormat(TEXT_OUTPUT);
                break;
            case "json":
                serde.setSerializationLib(HCATALOG_JSON_SERDE);
                sd.setInputFormat(TEXT_INPUT);
                sd.setOutputFormat(TEXT_OUTPUT);
                break;
            default:
                throw new IllegalArgumentException(
                        "File format '" + format + "' has no Hive storage");
        }
        sd.setSerdeInfo(serde);
    }

    // Only a table's own line delimiter: Hive's text reader splits lines at '\n' whatever this
    // says, and refuses other values in its DDL, so the default is left to Hive's.
    private static void putLineDelimiter(
            Map<String, String> options, ConfigOption<String> option, SerDeInfo serde) {
        String line = options.get(option.key());
        if (line != null) {
            serde.getParameters().put(LINE_DELIM, line);
        }
    }

    /**
     * A delimiter as LazySimpleSerDe reads its parameter: a number is a byte code ('1' is Ctrl-A,
     * as Hive and Spark write {@code serialization.format} for text tables), anything else its
     * first character; null when the parameter is absent or empty.
     */
    static String fromHiveDelimiter(String parameter) {
        if (parameter == null || parameter.isEmpty()) {
            return null;
        }
        try {
            return String.valueOf((char) (Byte.parseByte(parameter) & 0xff));
        } catch (NumberFormatException e) {
            return parameter.substring(0, 1);
        }
    }

    /** A delimiter as a parameter LazySimpleSerDe reads back as it: a digit by its code. */
    static String toHiveDelimiter(String delimiter) {
        return Character.isDigit(delimiter.charAt(0))
                ? String.valueOf((int) delimiter.charAt(0))
                : delimiter;
    }

    /**
     * The format of a Hive table's storage, with the options its SerDe parameters give, or empty
     * when it is not one we read.
     *
     * @param declared the format the table's parameters name, if any: only they tell a text table
     *     from a csv table, as both are {@value #LAZY_SIMPLE_SERDE}
     */
    static Optional<String> formatOf(
            StorageDescriptor sd, String declared, Map<String, String> options) {
        SerDeInfo serde = sd.getSerdeInfo();
        String lib = serde == null ? null : serde.getSerializationLib();
        Map<String, String> p =
                serde == null || serde.getParameters() == null ? Map.of() : serde.getParameters();
        if (lib == null) {
            return Optional.empty();
        }
        switch (lib) {
            case PARQUET_SERDE:
                return Optional.of("parquet");
            case ORC_SERDE:
                return Optional.of("orc");
            case LAZY_SIMPLE_SERDE:
                if ("text".equals(declared)) {
                    if (p.containsKey(LINE_DELIM)) {
                        options.put(LineFormatOptions.TEXT_LINE_DELIMITER.key(), p.get(LINE_DELIM));
                    }
                    return Optional.of("text");
                }
                String fieldDelimiter =
                        fromHiveDelimiter(p.getOrDefault(FIELD_DELIM, p.get(SERIALIZATION_FORMAT)));
                options.put(
                        LineFormatOptions.CSV_FIELD_DELIMITER.key(),
                        fieldDelimiter == null ? HIVE_DEFAULT_FIELD_DELIMITER : fieldDelimiter);
                options.put(
                        LineFormatOptions.CSV_NULL_LITERAL.key(),
                        p.getOrDefault(NULL_FORMAT, HIVE_DEFAULT_NULL));
                if (p.containsKey(LINE_DELIM)) {
                    options.put(LineFormatOptions.CSV_LINE_DELIMITER.key(), p.get(LINE_DELIM));
                }
                // LazySimpleSerDe quotes nothing, and escapes only with its escape.delim.
                options.put(LineFormatOptions.CSV_QUOTE_CHARACTER.key(), "");
                String escape = fromHiveDelimiter(p.get("escape.delim"));
                options.put(
                        LineFormatOptions.CSV_ESCAPE_CHARACTER.key(), escape == null ? "" : escape);
                return Optional.of("csv");
            case OPEN_CSV_SERDE:
                options.put(
                        LineFormatOptions.CSV_FIELD_DELIMITER.key(),
                        p.getOrDefault("separatorChar", ","));
                options.put(
                        LineFormatOptions.CSV_QUOTE_CHARACTER.key(),
                        p.getOrDefault("quoteChar", "\""));
                options.put(
                        LineFormatOptions.CSV_ESCAPE_CHARACTER.key(),
                        p.getOrDefault("escapeChar", "\\"));
                return Optional.of("csv");
            case HCATALOG_JSON_SERDE:
            case JSON_SERDE:
                return Optional.of("json");
            default:
                return Optional.empty();
        }
    }
}
