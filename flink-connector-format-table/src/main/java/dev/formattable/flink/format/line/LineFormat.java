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

import dev.formattable.core.line.LineReader;
import dev.formattable.core.options.FileFormat;
import dev.formattable.core.options.LineFormatOptions;
import dev.formattable.core.options.Options;
import dev.formattable.core.options.TableOptions;

import org.apache.flink.annotation.Internal;
import org.apache.flink.shaded.jackson2.com.fasterxml.jackson.databind.MappingIterator;
import org.apache.flink.shaded.jackson2.com.fasterxml.jackson.dataformat.csv.CsvMapper;
import org.apache.flink.shaded.jackson2.com.fasterxml.jackson.dataformat.csv.CsvParser;
import org.apache.flink.shaded.jackson2.com.fasterxml.jackson.dataformat.csv.CsvSchema;
import org.apache.flink.table.types.logical.LogicalTypeRoot;
import org.apache.flink.table.types.logical.RowType;

import javax.annotation.Nullable;

import java.io.IOException;
import java.io.Serializable;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * One table's line format (csv, json or text) with its options: how a row becomes a line and a line
 * a row ({@link LineEncoder}, {@link LineDecoder}, with Flink's own csv and json formats), and
 * where records end ({@link LineReader}).
 */
@Internal
public final class LineFormat implements Serializable {

    private static final long serialVersionUID = 1L;

    final FileFormat format;
    final RowType dataType;
    final String lineDelimiter;
    final char fieldDelimiter;
    final char quote;
    final char escape;
    final boolean header;
    final String nullLiteral;
    final String csvMode;
    final boolean ignoreParseErrors;
    final String mapNullKeyMode;
    final String mapNullKeyLiteral;

    /**
     * @param dataType the columns the files hold, in order (csv reads them by position)
     * @throws IllegalArgumentException for a text table that is not one STRING column
     */
    public LineFormat(TableOptions table, RowType dataType) {
        this.format = table.format();
        if (!format.lineBased()) {
            throw new IllegalArgumentException(format + " is not a line format");
        }
        Options options = table.options();
        this.dataType = dataType;
        this.lineDelimiter = LineFormatOptions.lineDelimiter(options, format);
        // Validated for csv only (one character each); json and text do not use them.
        boolean csv = format == FileFormat.CSV;
        this.fieldDelimiter =
                csv ? options.get(LineFormatOptions.CSV_FIELD_DELIMITER).charAt(0) : ',';
        // NO_CHARACTER where the table has none (Hive's LazySimpleSerDe quotes nothing).
        this.quote =
                csv
                        ? LineFormatOptions.csvCharacter(
                                options, LineFormatOptions.CSV_QUOTE_CHARACTER)
                        : '"';
        this.escape =
                csv
                        ? LineFormatOptions.csvCharacter(
                                options, LineFormatOptions.CSV_ESCAPE_CHARACTER)
                        : '\\';
        this.header = options.get(LineFormatOptions.CSV_INCLUDE_HEADER);
        this.nullLiteral = options.get(LineFormatOptions.CSV_NULL_LITERAL);
        this.csvMode = LineFormatOptions.csvMode(options);
        this.ignoreParseErrors = options.get(LineFormatOptions.JSON_IGNORE_PARSE_ERRORS);
        this.mapNullKeyMode =
                options.get(LineFormatOptions.JSON_MAP_NULL_KEY_MODE)
                        .trim()
                        .toUpperCase(Locale.ROOT);
        this.mapNullKeyLiteral = options.get(LineFormatOptions.JSON_MAP_NULL_KEY_LITERAL);
        if (format == FileFormat.TEXT) {
            checkText(dataType);
        }
    }

    private static void checkText(RowType dataType) {
        if (dataType.getFieldCount() != 1
                || !dataType.getTypeAt(0).is(LogicalTypeRoot.VARCHAR)
                        && !dataType.getTypeAt(0).is(LogicalTypeRoot.CHAR)) {
            throw new IllegalArgumentException(
                    String.format(
                            "'file.format'='text' holds one STRING column per line besides the"
                                    + " partition columns, but the data columns are %s",
                            dataType.asSummaryString()));
        }
    }

    /**
     * Refuses a table whose columns its line format cannot hold: a text table holds one STRING
     * column besides its partition columns.
     *
     * @throws IllegalArgumentException naming the format and the columns
     */
    public static void check(TableOptions table, RowType dataType) {
        if (table.format() == FileFormat.TEXT) {
            checkText(dataType);
        }
    }

    public FileFormat format() {
        return format;
    }

    /** The bytes written after each record. */
    byte[] lineDelimiterBytes() {
        return lineDelimiter.getBytes(StandardCharsets.UTF_8);
    }

    /** The delimiter a reader matches, or null for the default line breaks. */
    @Nullable
    public byte[] readDelimiter() {
        return LineReader.delimiterBytes(lineDelimiter);
    }

    /** How csv values are quoted, for finding where records end; null for json and text. */
    @Nullable
    public LineReader.CsvQuoting quoting() {
        if (format != FileFormat.CSV || quote == LineFormatOptions.NO_CHARACTER) {
            // Without quotes, a line break always ends a record.
            return null;
        }
        return escape == LineFormatOptions.NO_CHARACTER
                ? LineReader.CsvQuoting.withoutEscape(fieldDelimiter, quote)
                : LineReader.CsvQuoting.of(fieldDelimiter, quote, escape);
    }

    /** Whether each csv file starts with a line of column names. */
    public boolean header() {
        return format == FileFormat.CSV && header;
    }

    /** A new encoder of rows of the data type. */
    public LineEncoder encoder() {
        return LineEncoder.create(this);
    }

    /**
     * A new decoder of lines into rows holding the data columns {@code read} selects (indexes into
     * the data type), in that order.
     */
    public LineDecoder decoder(int[] read) {
        return LineDecoder.create(this, dataType, read);
    }

    /**
     * A new decoder of the lines of a csv file whose header names its columns: when the names are
     * the data columns in another order, the file's columns are read by those names; otherwise (a
     * header of other names, or none) by position, as Paimon reads them.
     */
    public LineDecoder decoder(int[] read, List<String> header) {
        List<String> names = dataType.getFieldNames();
        if (header.size() != names.size()
                || header.equals(names)
                || !new HashSet<>(header).equals(new HashSet<>(names))) {
            return decoder(read);
        }
        RowType fileType =
                new RowType(
                        header.stream()
                                .map(n -> dataType.getFields().get(names.indexOf(n)))
                                .collect(Collectors.toList()));
        int[] inFile = new int[read.length];
        for (int i = 0; i < read.length; i++) {
            inFile[i] = header.indexOf(names.get(read[i]));
        }
        return LineDecoder.create(this, fileType, inFile);
    }

    /** A schema of no columns with this table's csv characters. */
    CsvSchema csvSchema() {
        CsvSchema schema = CsvSchema.emptySchema().withColumnSeparator(fieldDelimiter);
        schema =
                quote == LineFormatOptions.NO_CHARACTER
                        ? schema.withoutQuoteChar()
                        : schema.withQuoteChar(quote);
        return escape == LineFormatOptions.NO_CHARACTER
                ? schema.withoutEscapeChar()
                : schema.withEscapeChar(escape);
    }

    /** The column names a csv header line holds, parsed with this table's csv characters. */
    public List<String> headerNames(byte[] line, int length) throws IOException {
        String[] names;
        CsvSchema schema = csvSchema();
        List<String> result = new ArrayList<>();
        try (MappingIterator<String[]> rows =
                new CsvMapper()
                        .enable(CsvParser.Feature.WRAP_AS_ARRAY)
                        .readerFor(String[].class)
                        .with(schema)
                        .readValues(line, 0, length)) {
            if (!rows.hasNext()) {
                return result;
            }
            names = rows.next();
        }
        for (String name : names) {
            result.add(name.trim());
        }
        return result;
    }
}
