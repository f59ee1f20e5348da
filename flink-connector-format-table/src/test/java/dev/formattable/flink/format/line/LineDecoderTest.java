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

import dev.formattable.core.options.Options;
import dev.formattable.core.options.TableOptions;

import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.types.logical.DoubleType;
import org.apache.flink.table.types.logical.IntType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.VarCharType;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * How a csv or json line becomes a row under each malformed-line setting: short and long lines,
 * empty lines, NULL literals, quotes and escapes, fields in any order, values that do not convert.
 */
class LineDecoderTest {

    private static final RowType TYPE =
            RowType.of(
                    new LogicalType[] {
                        new IntType(), new VarCharType(VarCharType.MAX_LENGTH), new DoubleType()
                    },
                    new String[] {"id", "name", "price"});

    private static final int[] ALL = {0, 1, 2};

    @Test
    void csvFieldsByPosition() throws Exception {
        LineFormat csv = format("csv", Map.of("csv.mode", "FAILFAST"));
        assertThat(decode(csv, ALL, "1,a,2.5")).isEqualTo("1|a|2.5");
        assertThat(decode(csv, ALL, "1,\"a, \"\"b\"\"\",2.5")).isEqualTo("1|a, \"b\"|2.5");
        assertThat(decode(csv, ALL, "1,\"a\\\"b\",2.5")).isEqualTo("1|a\"b|2.5");
        assertThat(decode(csv, ALL, "1,,")).isEqualTo("1|null|null");
        assertThat(decode(csv, ALL, "1,a,2.5,extra")).isEqualTo("1|a|2.5");
        assertThat(decode(csv, new int[] {2, 0}, "1,a,2.5")).isEqualTo("2.5|1");
        assertThat(decode(csv, new int[] {1}, "x,a,y")).isEqualTo("a");
        // An empty line is one empty field: short of three, but all of a one-column table.
        assertThat(decode(format("csv", Map.of()), ALL, "")).isEqualTo("null|null|null");
        assertThatThrownBy(() -> decode(csv, ALL, ""))
                .isInstanceOf(LineDecoder.MalformedLineException.class)
                .hasMessage("Row length mismatch. 3 fields expected but was 1.");
        LineFormat oneColumn =
                new LineFormat(
                        TableOptions.of(
                                new Options(Map.of("file.format", "csv", "csv.mode", "FAILFAST"))),
                        RowType.of(new IntType()));
        assertThat(decode(oneColumn, new int[] {0}, "")).isEqualTo("null");
        assertThat(decode(format("csv", Map.of("csv.null-literal", "NULL")), ALL, "NULL,,1"))
                .isEqualTo("null||1.0");
        assertThat(decode(format("csv", Map.of("csv.field-delimiter", ";")), ALL, "1;a,b;2"))
                .isEqualTo("1|a,b|2.0");
    }

    @Test
    void csvWithoutQuoteOrEscapeReadsAndWritesAsHivesTextSerDe() throws Exception {
        LineFormat lazySimple =
                format(
                        "csv",
                        Map.of(
                                "csv.quote-character", "",
                                "csv.escape-character", "",
                                "csv.null-literal", "\\N",
                                "csv.mode", "FAILFAST"));
        // Quotes and backslashes are data; only the NULL text is NULL.
        assertThat(decode(lazySimple, ALL, "1,\"a b\",2.5")).isEqualTo("1|\"a b\"|2.5");
        assertThat(decode(lazySimple, ALL, "2,c:\\tmp,\\N")).isEqualTo("2|c:\\tmp|null");
        assertThat(decode(lazySimple, ALL, "\\N,\\N,1")).isEqualTo("null|null|1.0");
        assertThat(lazySimple.quoting()).as("a line break always ends a record").isNull();

        LineEncoder encoder = lazySimple.encoder();
        assertThat(encoded(encoder, GenericRowData.of(1, StringData.fromString("a b \"c\""), 2.5)))
                .isEqualTo("1,a b \"c\",2.5");
        assertThat(encoded(encoder, GenericRowData.of(2, null, null))).isEqualTo("2,\\N,\\N");
        assertThatThrownBy(
                        () ->
                                encoder.encode(
                                        GenericRowData.of(3, StringData.fromString("x,y"), 1.0)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("holds the field delimiter ','")
                .hasMessageContaining("3,x,y,1.0");

        // With the default characters, the same value is quoted.
        assertThat(
                        encoded(
                                format("csv", Map.of()).encoder(),
                                GenericRowData.of(1, StringData.fromString("x,y"), 1.0)))
                .isEqualTo("1,\"x,y\",1.0");
    }

    private static String encoded(LineEncoder encoder, RowData row) {
        return new String(encoder.encode(row), StandardCharsets.UTF_8).trim();
    }

    @Test
    void csvMalformedLinesUnderEachMode() throws Exception {
        LineFormat permissive = format("csv", Map.of());
        assertThat(decode(permissive, ALL, "1,a,cheap")).isEqualTo("1|a|null");
        assertThat(decode(permissive, ALL, "x,a,2")).isEqualTo("null|a|2.0");
        assertThat(decode(permissive, ALL, "1,a")).isEqualTo("1|a|null");

        LineFormat drop = format("csv", Map.of("csv.mode", "DROPMALFORMED"));
        assertThat(decode(drop, ALL, "1,a,cheap")).isNull();
        assertThat(decode(drop, ALL, "1,a")).isNull();
        assertThat(decode(drop, ALL, "1,a,2")).isEqualTo("1|a|2.0");

        LineFormat failFast = format("csv", Map.of("csv.mode", "FAILFAST"));
        assertThatThrownBy(() -> decode(failFast, ALL, "1,a,cheap"))
                .isInstanceOf(LineDecoder.MalformedLineException.class)
                .hasMessageContaining("price")
                .hasMessageContaining("cheap");
        assertThatThrownBy(() -> decode(failFast, ALL, "1,a"))
                .isInstanceOf(LineDecoder.MalformedLineException.class)
                .hasMessageContaining("3 fields expected but was 2");
    }

    @Test
    void jsonFieldsByName() throws Exception {
        LineFormat json = format("json", Map.of());
        assertThat(decode(json, ALL, "{\"price\":2.5,\"id\":1,\"name\":\"a\"}"))
                .isEqualTo("1|a|2.5");
        assertThat(decode(json, ALL, "{\"id\":1,\"other\":{\"x\":[1,2]},\"name\":null}"))
                .isEqualTo("1|null|null");
        assertThat(decode(json, new int[] {2}, " {\"price\":3,\"id\":\"not read\"}"))
                .isEqualTo("3.0");
        assertThat(decode(json, ALL, "{}")).isEqualTo("null|null|null");
    }

    @Test
    void jsonMalformedLines() throws Exception {
        LineFormat json = format("json", Map.of());
        assertThatThrownBy(() -> decode(json, ALL, "{\"id\":\"one\"}"))
                .isInstanceOf(LineDecoder.MalformedLineException.class)
                .hasMessageContaining("id");
        assertThatThrownBy(() -> decode(json, ALL, "{\"id\":1"))
                .isInstanceOf(LineDecoder.MalformedLineException.class);
        assertThatThrownBy(() -> decode(json, ALL, "[{\"id\":1}]"))
                .isInstanceOf(LineDecoder.MalformedLineException.class)
                .hasMessage("it is not a json object");
        assertThatThrownBy(() -> decode(json, ALL, ""))
                .isInstanceOf(LineDecoder.MalformedLineException.class)
                .hasMessage("it is not a json object (an empty line)");
        assertThatThrownBy(() -> decode(json, ALL, "7"))
                .isInstanceOf(LineDecoder.MalformedLineException.class)
                .hasMessage("it is not a json object");

        LineFormat ignore = format("json", Map.of("json.ignore-parse-errors", "true"));
        assertThat(decode(ignore, ALL, "{\"id\":1")).isNull();
        assertThat(decode(ignore, ALL, "")).isNull();
        assertThat(decode(ignore, ALL, "{\"id\":\"one\",\"name\":\"a\"}")).isEqualTo("null|a|null");
    }

    private static LineFormat format(String format, Map<String, String> more) {
        Map<String, String> options = new HashMap<>(more);
        options.put("file.format", format);
        return new LineFormat(TableOptions.of(new Options(options)), TYPE);
    }

    /** The row's fields joined by '|', or null for a dropped line. */
    private static String decode(LineFormat format, int[] read, String line) throws Exception {
        byte[] bytes =
                (line + "trailing bytes not part of the line").getBytes(StandardCharsets.UTF_8);
        RowData row =
                format.decoder(read).decode(bytes, line.getBytes(StandardCharsets.UTF_8).length);
        if (row == null) {
            return null;
        }
        List<String> fields = new ArrayList<>();
        for (int i = 0; i < row.getArity(); i++) {
            fields.add(String.valueOf(((GenericRowData) row).getField(i)));
        }
        return String.join("|", fields);
    }
}
