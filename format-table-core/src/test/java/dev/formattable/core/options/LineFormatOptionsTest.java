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

import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Paimon's keys and defaults for csv, json and text, and the values refused. */
class LineFormatOptionsTest {

    private static TableOptions of(String format, String... keyValues) {
        Map<String, String> map = new HashMap<>();
        map.put("file.format", format);
        for (int i = 0; i < keyValues.length; i += 2) {
            map.put(keyValues[i], keyValues[i + 1]);
        }
        return TableOptions.of(new Options(map));
    }

    @Test
    void paimonsDefaults() {
        TableOptions csv = of("csv");
        assertThat(csv.format()).isEqualTo(FileFormat.CSV);
        assertThat(csv.compression()).isEqualTo("none");
        assertThat(csv.get(LineFormatOptions.CSV_FIELD_DELIMITER)).isEqualTo(",");
        assertThat(csv.get(LineFormatOptions.CSV_LINE_DELIMITER)).isEqualTo("\n");
        assertThat(csv.get(LineFormatOptions.CSV_QUOTE_CHARACTER)).isEqualTo("\"");
        assertThat(csv.get(LineFormatOptions.CSV_ESCAPE_CHARACTER)).isEqualTo("\\");
        assertThat(csv.get(LineFormatOptions.CSV_INCLUDE_HEADER)).isFalse();
        assertThat(csv.get(LineFormatOptions.CSV_NULL_LITERAL)).isEmpty();
        assertThat(LineFormatOptions.csvMode(csv.options())).isEqualTo("PERMISSIVE");
        TableOptions json = of("json");
        assertThat(json.get(LineFormatOptions.JSON_IGNORE_PARSE_ERRORS)).isFalse();
        assertThat(json.get(LineFormatOptions.JSON_MAP_NULL_KEY_MODE)).isEqualTo("FAIL");
        assertThat(json.get(LineFormatOptions.JSON_MAP_NULL_KEY_LITERAL)).isEqualTo("null");
        assertThat(of("text").get(LineFormatOptions.TEXT_LINE_DELIMITER)).isEqualTo("\n");
    }

    @Test
    void paimonsShortNamesAreRead() {
        TableOptions csv = of("csv", "seq", ";", "header", "true", "mode", "failfast");
        assertThat(csv.get(LineFormatOptions.CSV_FIELD_DELIMITER)).isEqualTo(";");
        assertThat(csv.get(LineFormatOptions.CSV_INCLUDE_HEADER)).isTrue();
        assertThat(LineFormatOptions.csvMode(csv.options())).isEqualTo("FAILFAST");
        assertThat(of("csv", "format-table.file.compression", "GZIP").lineCompression())
                .isEqualTo(LineCompression.GZIP);
    }

    @Test
    void anEmptyQuoteOrEscapeMeansNone() {
        TableOptions lazySimple = of("csv", "csv.quote-character", "", "csv.escape-character", "");
        assertThat(
                        LineFormatOptions.csvCharacter(
                                lazySimple.options(), LineFormatOptions.CSV_QUOTE_CHARACTER))
                .isEqualTo(LineFormatOptions.NO_CHARACTER);
        assertThat(
                        LineFormatOptions.csvCharacter(
                                lazySimple.options(), LineFormatOptions.CSV_ESCAPE_CHARACTER))
                .isEqualTo(LineFormatOptions.NO_CHARACTER);
        assertThat(
                        LineFormatOptions.csvCharacter(
                                of("csv").options(), LineFormatOptions.CSV_QUOTE_CHARACTER))
                .isEqualTo('"');
        // None is not a character two options could share.
        of(
                "csv",
                "csv.quote-character",
                "",
                "csv.escape-character",
                "",
                "csv.line-delimiter",
                "\n");
        assertThatThrownBy(() -> of("csv", "csv.quote-character", "", "csv.escape-character", ","))
                .hasMessageContaining("must be three different characters");
    }

    @Test
    void valuesThatCannotBeHonouredAreRefusedByName() {
        assertThatThrownBy(() -> of("csv", "csv.field-delimiter", "||"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("'csv.field-delimiter'='||' must be exactly one character");
        assertThatThrownBy(() -> of("csv", "csv.field-delimiter", "\\t"))
                .hasMessageContaining("type a tab itself, not '\\t'");
        assertThatThrownBy(() -> of("csv", "csv.quote-character", ","))
                .hasMessage(
                        "'csv.field-delimiter'=',', 'csv.quote-character'=',' and"
                                + " 'csv.escape-character'='\\' must be three different"
                                + " characters");
        assertThatThrownBy(() -> of("csv", "mode", "LENIENT"))
                .hasMessage("'mode'='LENIENT' is not one of PERMISSIVE, DROPMALFORMED, FAILFAST");
        assertThatThrownBy(() -> of("csv", "csv.line-delimiter", ""))
                .hasMessage("'csv.line-delimiter'='' must not be empty");
        assertThatThrownBy(() -> of("csv", "csv.line-delimiter", ",\n"))
                .hasMessage(
                        "'csv.line-delimiter'=',\n' must not contain the field delimiter or the"
                                + " quote character");
        assertThatThrownBy(() -> of("json", "json.map-null-key-mode", "KEEP"))
                .hasMessage("'json.map-null-key-mode'='KEEP' is not one of FAIL, DROP, LITERAL");
        assertThatThrownBy(() -> of("text", "text.line-delimiter", ""))
                .hasMessage("'text.line-delimiter'='' must not be empty");
        assertThatThrownBy(() -> of("json", "file.compression", "lzo"))
                .hasMessage(
                        "'file.compression'='lzo' is not a compression of json; supported: none,"
                                + " gzip, bzip2, deflate, snappy, lz4, zstd");
        assertThatThrownBy(() -> of("xml"))
                .hasMessage(
                        "'file.format'='xml' is not a supported file format; supported: parquet,"
                                + " orc, csv, json, text");
    }

    @Test
    void csvOptionsAreNotCheckedForOtherFormats() {
        assertThat(of("parquet", "csv.field-delimiter", "||").format())
                .isEqualTo(FileFormat.PARQUET);
    }
}
