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
import org.apache.flink.table.data.TimestampData;
import org.apache.flink.table.types.logical.IntType;
import org.apache.flink.table.types.logical.LocalZonedTimestampType;
import org.apache.flink.table.types.logical.RowType;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.TimeZone;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * TIMESTAMP_LTZ columns of csv and json tables: written as Paimon writes them (the wall time of the
 * JVM's zone, no offset), read in that form and in Flink's (UTC, ending in {@code Z}), and a value
 * in neither handled as each malformed-line mode says.
 */
class LocalZoneTimestampsTest {

    private static final RowType TYPE =
            RowType.of(
                    new org.apache.flink.table.types.logical.LogicalType[] {
                        new IntType(), new LocalZonedTimestampType(3)
                    },
                    new String[] {"id", "at"});

    private TimeZone saved;

    @BeforeEach
    void shanghai() {
        saved = TimeZone.getDefault();
        TimeZone.setDefault(TimeZone.getTimeZone("Asia/Shanghai"));
    }

    @AfterEach
    void restore() {
        TimeZone.setDefault(saved);
    }

    @Test
    void csvWritesTheWallTimeOfTheJvmZone() {
        String line = encode(format("csv", Map.of()), 1, Instant.ofEpochMilli(123));
        assertThat(line).isEqualTo("1,\"1970-01-01 08:00:00.123\"");
    }

    @Test
    void jsonWritesTheWallTimeOfTheJvmZone() {
        String line = encode(format("json", Map.of()), 1, Instant.ofEpochMilli(123));
        assertThat(line).isEqualTo("{\"id\":1,\"at\":\"1970-01-01 08:00:00.123\"}");
    }

    @Test
    void readsPaimonsFormAndFlinksForm() throws Exception {
        for (String format : new String[] {"csv", "json"}) {
            LineFormat f = format(format, Map.of());
            assertThat(instant(f, line(format, "1970-01-01 08:00:00.123")))
                    .isEqualTo(Instant.ofEpochMilli(123));
            assertThat(instant(f, line(format, "1970-01-01 00:00:00.123Z")))
                    .isEqualTo(Instant.ofEpochMilli(123));
            assertThat(instant(f, line(format, "1970-01-01T00:00:01Z")))
                    .isEqualTo(Instant.ofEpochMilli(1000));
            // Cut to the column's precision, as Paimon does.
            assertThat(instant(f, line(format, "1970-01-01 08:00:00.123999999")))
                    .isEqualTo(Instant.ofEpochMilli(123));
        }
    }

    @Test
    void roundTripsThroughTheEncoder() throws Exception {
        for (String format : new String[] {"csv", "json"}) {
            LineFormat f = format(format, Map.of());
            Instant at = Instant.parse("2024-03-31T01:30:00.5Z");
            assertThat(instant(f, encode(f, 7, at))).isEqualTo(at);
        }
    }

    @Test
    void aValueInNeitherFormFollowsTheMalformedMode() throws Exception {
        String bad = "1,yesterday";
        LineFormat permissive = format("csv", Map.of());
        RowData row = decode(permissive, bad);
        assertThat(row.getInt(0)).isEqualTo(1);
        assertThat(row.isNullAt(1)).isTrue();

        assertThat(decode(format("csv", Map.of("csv.mode", "DROPMALFORMED")), bad)).isNull();

        assertThatThrownBy(() -> decode(format("csv", Map.of("csv.mode", "FAILFAST")), bad))
                .isInstanceOf(LineDecoder.MalformedLineException.class)
                .hasMessage(
                        "column 'at' holds 'yesterday', which is not a TIMESTAMP_LTZ"
                                + " (yyyy-MM-dd HH:mm:ss[.fraction] in the JVM's time zone,"
                                + " or in UTC ending in Z)");

        String badJson = "{\"id\":1,\"at\":\"yesterday\"}";
        assertThatThrownBy(() -> decode(format("json", Map.of()), badJson))
                .isInstanceOf(LineDecoder.MalformedLineException.class)
                .hasMessageStartingWith("column 'at' holds 'yesterday'");
        RowData ignored =
                decode(format("json", Map.of("json.ignore-parse-errors", "true")), badJson);
        assertThat(ignored.getInt(0)).isEqualTo(1);
        assertThat(ignored.isNullAt(1)).isTrue();
    }

    @Test
    void aProjectionWithoutTheColumnReadsNoTimestamp() throws Exception {
        LineFormat f = format("csv", Map.of("csv.mode", "FAILFAST"));
        byte[] line = "5,yesterday".getBytes(StandardCharsets.UTF_8);
        RowData row = f.decoder(new int[] {0}).decode(line, line.length);
        assertThat(row.getInt(0)).isEqualTo(5);
    }

    private static LineFormat format(String format, Map<String, String> more) {
        Map<String, String> options = new HashMap<>(more);
        options.put("file.format", format);
        return new LineFormat(TableOptions.of(new Options(options)), TYPE);
    }

    private static String line(String format, String text) {
        return format.equals("csv") ? "1," + text : "{\"at\":\"" + text + "\",\"id\":1}";
    }

    private static String encode(LineFormat format, int id, Instant at) {
        GenericRowData row = GenericRowData.of(id, TimestampData.fromInstant(at));
        return new String(format.encoder().encode(row), StandardCharsets.UTF_8);
    }

    private static RowData decode(LineFormat format, String line) throws Exception {
        byte[] bytes = line.getBytes(StandardCharsets.UTF_8);
        return format.decoder(new int[] {0, 1}).decode(bytes, bytes.length);
    }

    private static Instant instant(LineFormat format, String line) throws Exception {
        return decode(format, line).getTimestamp(1, 3).toInstant();
    }
}
