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

import org.apache.flink.annotation.Internal;
import org.apache.flink.formats.common.Converter;
import org.apache.flink.formats.common.TimestampFormat;
import org.apache.flink.formats.csv.CsvToRowDataConverters;
import org.apache.flink.formats.json.JsonParserRowDataDeserializationSchema;
import org.apache.flink.shaded.jackson2.com.fasterxml.jackson.core.JsonFactory;
import org.apache.flink.shaded.jackson2.com.fasterxml.jackson.core.JsonToken;
import org.apache.flink.shaded.jackson2.com.fasterxml.jackson.databind.JsonNode;
import org.apache.flink.shaded.jackson2.com.fasterxml.jackson.databind.node.ArrayNode;
import org.apache.flink.shaded.jackson2.com.fasterxml.jackson.databind.node.JsonNodeFactory;
import org.apache.flink.shaded.jackson2.com.fasterxml.jackson.databind.node.NullNode;
import org.apache.flink.shaded.jackson2.com.fasterxml.jackson.databind.node.TextNode;
import org.apache.flink.shaded.jackson2.com.fasterxml.jackson.dataformat.csv.CsvMapper;
import org.apache.flink.shaded.jackson2.com.fasterxml.jackson.dataformat.csv.CsvParser;
import org.apache.flink.shaded.jackson2.com.fasterxml.jackson.dataformat.csv.CsvSchema;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.runtime.typeutils.InternalTypeInfo;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.VarCharType;
import org.apache.flink.util.Collector;

import javax.annotation.Nullable;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.DateTimeException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Turns a line into a row of the columns read, with Flink's csv and json formats: csv by position,
 * json by name. A line that cannot be read is a {@link MalformedLineException}, or is dropped
 * (null), or becomes NULLs, as the table's csv mode or json option says.
 */
@Internal
public abstract class LineDecoder {

    /** The row of a line, or null when the line is dropped. */
    @Nullable
    public abstract RowData decode(byte[] line, int length) throws MalformedLineException;

    /** A decoder of lines holding {@code fileType}'s columns, giving those {@code read} picks. */
    static LineDecoder create(LineFormat format, RowType fileType, int[] read) {
        RowType readType =
                new RowType(
                        Arrays.stream(read)
                                .mapToObj(i -> fileType.getFields().get(i))
                                .collect(Collectors.toList()));
        LocalZoneTimestamps instants = LocalZoneTimestamps.of(readType);
        if (instants == null) {
            return createPlain(format, fileType, read);
        }
        // Read TIMESTAMP_LTZ columns as text, then take both Paimon's form and Flink's.
        LineDecoder strings = createPlain(format, LocalZoneTimestamps.asStrings(fileType), read);
        boolean json = format.format == FileFormat.JSON;
        return new Instants(
                strings,
                instants,
                readType.getFieldNames(),
                json ? format.ignoreParseErrors : format.csvMode.equals("PERMISSIVE"),
                !json && format.csvMode.equals("DROPMALFORMED"));
    }

    private static LineDecoder createPlain(LineFormat format, RowType fileType, int[] read) {
        switch (format.format) {
            case CSV:
                return new Csv(format, fileType, read);
            case JSON:
                return new Json(format, fileType, read);
            default:
                return new Text(read);
        }
    }

    /** A line that cannot be read under the table's options; the reader names file and line. */
    public static final class MalformedLineException extends IOException {
        private static final long serialVersionUID = 1L;

        MalformedLineException(String message, @Nullable Throwable cause) {
            super(message, cause);
        }
    }

    /**
     * csv with Flink's csv format: Jackson's csv parser turns the line into an array of its fields
     * (cheaper than the object by column names that Flink's schema builds), and Flink's converters
     * turn the fields into the row's values by position.
     */
    private static final class Csv extends LineDecoder {
        private final JsonFactory factory;
        private final CsvSchema schema;
        private final Converter<JsonNode, Object, Void> converter;
        private final JsonNode emptyLine;
        private final int[] read;
        private final boolean permissive;
        private final boolean drop;

        Csv(LineFormat format, RowType fileType, int[] read) {
            this.read = read;
            this.permissive = format.csvMode.equals("PERMISSIVE");
            this.drop = format.csvMode.equals("DROPMALFORMED");
            // Columns not read are taken as text: nothing to convert, nothing to fail on.
            List<RowType.RowField> fields = new ArrayList<>();
            for (int i = 0; i < fileType.getFieldCount(); i++) {
                RowType.RowField f = fileType.getFields().get(i);
                int index = i;
                fields.add(
                        Arrays.stream(read).anyMatch(r -> r == index)
                                ? f
                                : new RowType.RowField(f.getName(), new VarCharType()));
            }
            // Under PERMISSIVE a field that cannot be converted is NULL and the rest are kept.
            this.converter =
                    new CsvToRowDataConverters(permissive)
                            .createRowConverter(new RowType(fields), false);
            // No columns in the schema: each record is an array of its fields.
            CsvSchema schema = format.csvSchema().withNullValue(format.nullLiteral);
            this.factory = new CsvMapper().getFactory();
            this.schema = schema;
            // An empty line is one empty field.
            this.emptyLine =
                    JsonNodeFactory.instance
                            .arrayNode()
                            .add(
                                    format.nullLiteral.isEmpty()
                                            ? NullNode.getInstance()
                                            : TextNode.valueOf(""));
        }

        /** The line's fields, read token by token: no tree binding per line. */
        private JsonNode fields(byte[] line, int length) throws IOException {
            ArrayNode fields = JsonNodeFactory.instance.arrayNode();
            try (CsvParser parser = (CsvParser) factory.createParser(line, 0, length)) {
                parser.setSchema(schema);
                if (parser.nextToken() != JsonToken.START_ARRAY) {
                    return fields;
                }
                JsonToken token;
                while ((token = parser.nextToken()) != null && token != JsonToken.END_ARRAY) {
                    fields.add(
                            token == JsonToken.VALUE_NULL
                                    ? NullNode.getInstance()
                                    : TextNode.valueOf(parser.getText()));
                }
            }
            return fields;
        }

        @Override
        public RowData decode(byte[] line, int length) throws MalformedLineException {
            GenericRowData full;
            try {
                JsonNode fields = length == 0 ? emptyLine : fields(line, length);
                full = (GenericRowData) converter.convert(fields, null);
            } catch (IOException | RuntimeException e) {
                if (drop) {
                    return null;
                }
                if (!permissive) {
                    throw new MalformedLineException(rootMessage(e), e);
                }
                // A line that cannot be parsed at all: all NULL.
                full = null;
            }
            GenericRowData result = new GenericRowData(read.length);
            if (full != null) {
                for (int i = 0; i < read.length; i++) {
                    result.setField(i, full.getField(read[i]));
                }
            }
            return result;
        }
    }

    /**
     * json with Flink's json format, on its streaming parser (no tree of the line is built): fields
     * by name in any order, a missing one NULL.
     */
    private static final class Json extends LineDecoder {
        private final JsonParserRowDataDeserializationSchema schema;
        private final boolean ignoreErrors;
        private RowData row;
        private final Collector<RowData> out =
                new Collector<RowData>() {
                    @Override
                    public void collect(RowData record) {
                        row = record;
                    }

                    @Override
                    public void close() {}
                };

        Json(LineFormat format, RowType fileType, int[] read) {
            RowType readType =
                    new RowType(
                            Arrays.stream(read)
                                    .mapToObj(i -> fileType.getFields().get(i))
                                    .collect(Collectors.toList()));
            this.ignoreErrors = format.ignoreParseErrors;
            this.schema =
                    new JsonParserRowDataDeserializationSchema(
                            readType,
                            InternalTypeInfo.of(readType),
                            false,
                            ignoreErrors,
                            TimestampFormat.SQL);
            try {
                schema.open(SchemaContext.INSTANCE);
            } catch (Exception e) {
                throw new IllegalStateException("Cannot set up the json format", e);
            }
        }

        @Override
        public RowData decode(byte[] line, int length) throws MalformedLineException {
            // The parser would take an array as several rows; a line holds one object.
            int first = 0;
            while (first < length && Character.isWhitespace(line[first])) {
                first++;
            }
            if (first == length || line[first] != '{') {
                if (ignoreErrors) {
                    return null;
                }
                throw new MalformedLineException(
                        "it is not a json object" + (length == 0 ? " (an empty line)" : ""), null);
            }
            row = null;
            try {
                schema.deserialize(Arrays.copyOf(line, length), out);
            } catch (IOException | RuntimeException e) {
                throw new MalformedLineException(rootMessage(e), e);
            }
            // Null when the line could not be parsed and errors are ignored.
            return row;
        }
    }

    /** Converts the TIMESTAMP_LTZ columns another decoder read as text. */
    private static final class Instants extends LineDecoder {
        private final LineDecoder strings;
        private final LocalZoneTimestamps instants;
        private final List<String> names;
        private final boolean nullOnError;
        private final boolean drop;

        Instants(
                LineDecoder strings,
                LocalZoneTimestamps instants,
                List<String> names,
                boolean nullOnError,
                boolean drop) {
            this.strings = strings;
            this.instants = instants;
            this.names = names;
            this.nullOnError = nullOnError;
            this.drop = drop;
        }

        @Override
        public RowData decode(byte[] line, int length) throws MalformedLineException {
            GenericRowData row = (GenericRowData) strings.decode(line, length);
            if (row == null) {
                return null;
            }
            int[] positions = instants.positions();
            for (int k = 0; k < positions.length; k++) {
                StringData text = (StringData) row.getField(positions[k]);
                if (text == null) {
                    continue;
                }
                try {
                    row.setField(positions[k], instants.parse(text, instants.precisionAt(k)));
                } catch (DateTimeException e) {
                    if (drop) {
                        return null;
                    }
                    if (!nullOnError) {
                        throw new MalformedLineException(
                                String.format(
                                        "column '%s' holds '%s', which is not a TIMESTAMP_LTZ"
                                                + " (yyyy-MM-dd HH:mm:ss[.fraction] in the JVM's"
                                                + " time zone, or in UTC ending in Z)",
                                        names.get(positions[k]), text),
                                e);
                    }
                    row.setField(positions[k], null);
                }
            }
            return row;
        }
    }

    /** A text line is its one column. */
    private static final class Text extends LineDecoder {
        private final int width;

        Text(int[] read) {
            this.width = read.length;
        }

        @Override
        public RowData decode(byte[] line, int length) {
            GenericRowData row = new GenericRowData(width);
            if (width > 0) {
                row.setField(
                        0,
                        StringData.fromString(new String(line, 0, length, StandardCharsets.UTF_8)));
            }
            return row;
        }
    }

    private static String rootMessage(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        return t == e ? String.valueOf(e.getMessage()) : e.getMessage() + ": " + t.getMessage();
    }
}
