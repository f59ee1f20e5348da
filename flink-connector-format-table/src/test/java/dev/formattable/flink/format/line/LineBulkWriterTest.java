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

import dev.formattable.core.options.LineCompression;
import dev.formattable.core.options.Options;
import dev.formattable.core.options.TableOptions;
import dev.formattable.flink.testutils.RecordingOutputStream;

import org.apache.flink.api.common.serialization.BulkWriter;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.types.logical.IntType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.VarCharType;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A value that a reader would split into several rows is refused by name, never written raw. */
class LineBulkWriterTest {

    private static final RowType TEXT =
            RowType.of(
                    new LogicalType[] {new VarCharType(VarCharType.MAX_LENGTH)},
                    new String[] {"line"});

    private static final RowType ID_NAME =
            RowType.of(
                    new LogicalType[] {new IntType(), new VarCharType(VarCharType.MAX_LENGTH)},
                    new String[] {"id", "name"});

    @Test
    void textValueHoldingALineBreakIsRefused() {
        for (String value : new String[] {"a\nb", "a\rb", "a\r\n"}) {
            assertThatThrownBy(() -> write(format("text", Map.of(), TEXT), row(value)))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage(
                            "Column 'line' of a text table contains the line delimiter '\\n'"
                                    + " ('text.line-delimiter'); it would read back as several"
                                    + " rows");
        }
    }

    @Test
    void textValueHoldingACustomDelimiterIsRefused() throws IOException {
        LineFormat pipes = format("text", Map.of("text.line-delimiter", "||"), TEXT);
        assertThatThrownBy(() -> write(pipes, row("a||b")))
                .hasMessageContaining("Column 'line' of a text table")
                .hasMessageContaining("'||' ('text.line-delimiter')");
        // "a|" then "||" reads back as "a" and "|": the delimiter starts inside the value.
        assertThatThrownBy(() -> write(pipes, row("a|")))
                .hasMessageContaining("'||' ('text.line-delimiter')");
        // Line breaks are plain characters under a custom delimiter.
        assertThat(write(pipes, row("a|b"), row("c\nd"))).isEqualTo("a|b||c\nd||");
    }

    @Test
    void csvAndJsonValuesHoldingACustomDelimiterAreRefused() {
        assertThatThrownBy(
                        () ->
                                write(
                                        format("csv", Map.of("csv.line-delimiter", "|"), ID_NAME),
                                        GenericRowData.of(1, StringData.fromString("a|b"))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(
                        "A value of a csv table contains the line delimiter '|'"
                                + " ('csv.line-delimiter'); it would read back as several rows");
        assertThatThrownBy(
                        () ->
                                write(
                                        format("json", Map.of("json.line-delimiter", "|"), ID_NAME),
                                        GenericRowData.of(1, StringData.fromString("a|b"))))
                .hasMessageContaining("('json.line-delimiter')");
    }

    @Test
    void csvQuotesAndJsonEscapesLineBreaksUnderTheDefaultDelimiter() throws IOException {
        RowData multiLine = GenericRowData.of(1, StringData.fromString("a\nb\rc"));
        assertThat(write(format("csv", Map.of(), ID_NAME), multiLine)).isEqualTo("1,\"a\nb\rc\"\n");
        assertThat(write(format("json", Map.of(), ID_NAME), multiLine))
                .isEqualTo("{\"id\":1,\"name\":\"a\\nb\\rc\"}\n");
    }

    private static RowData row(String value) {
        return GenericRowData.of(StringData.fromString(value));
    }

    private static LineFormat format(String format, Map<String, String> more, RowType type) {
        Map<String, String> options = new HashMap<>(more);
        options.put("file.format", format);
        return new LineFormat(TableOptions.of(new Options(options)), type);
    }

    private static String write(LineFormat format, RowData... rows) throws IOException {
        RecordingOutputStream out = new RecordingOutputStream();
        BulkWriter<RowData> writer =
                LineBulkWriter.factory(format, LineCompression.NONE).create(out);
        for (RowData row : rows) {
            writer.addElement(row);
        }
        writer.finish();
        return new String(out.bytes(), StandardCharsets.UTF_8);
    }
}
