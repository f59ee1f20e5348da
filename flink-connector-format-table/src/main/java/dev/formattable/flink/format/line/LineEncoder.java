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

import dev.formattable.core.options.LineFormatOptions;

import org.apache.flink.annotation.Internal;
import org.apache.flink.api.common.serialization.SerializationSchema;
import org.apache.flink.formats.common.TimestampFormat;
import org.apache.flink.formats.csv.CsvRowDataSerializationSchema;
import org.apache.flink.formats.json.JsonFormatOptions;
import org.apache.flink.formats.json.JsonRowDataSerializationSchema;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.types.logical.RowType;

import javax.annotation.Nullable;

import java.nio.charset.StandardCharsets;

/** Turns a row into the bytes of its line, without the line delimiter. */
@Internal
public abstract class LineEncoder {

    /** The line's bytes, valid until the next call. */
    public abstract byte[] encode(RowData row);

    static LineEncoder create(LineFormat format) {
        // TIMESTAMP_LTZ columns are written as Paimon writes them, as wall times.
        LocalZoneTimestamps instants = LocalZoneTimestamps.of(format.dataType);
        RowType type =
                instants == null
                        ? format.dataType
                        : LocalZoneTimestamps.asWallTimes(format.dataType);
        switch (format.format) {
            case CSV:
                CsvRowDataSerializationSchema.Builder csv =
                        new CsvRowDataSerializationSchema.Builder(type)
                                .setFieldDelimiter(format.fieldDelimiter)
                                .setNullLiteral(format.nullLiteral);
                if (format.quote == LineFormatOptions.NO_CHARACTER) {
                    csv.disableQuoteCharacter();
                } else {
                    csv.setQuoteCharacter(format.quote);
                }
                if (format.escape != LineFormatOptions.NO_CHARACTER) {
                    csv.setEscapeCharacter(format.escape);
                }
                Schema schema = new Schema(csv.build(), instants);
                return format.quote == LineFormatOptions.NO_CHARACTER
                                && format.escape == LineFormatOptions.NO_CHARACTER
                                && format.fieldDelimiter < 0x80
                        ? new Unprotected(
                                schema, (byte) format.fieldDelimiter, type.getFieldCount())
                        : schema;
            case JSON:
                return new Schema(
                        new JsonRowDataSerializationSchema(
                                type,
                                // Paimon's form: '2024-01-02 03:04:05.123', no 'T'.
                                TimestampFormat.SQL,
                                JsonFormatOptions.MapNullKeyMode.valueOf(format.mapNullKeyMode),
                                format.mapNullKeyLiteral,
                                // Plain digits, as Paimon writes decimals.
                                true,
                                false),
                        instants);
            default:
                return new Text();
        }
    }

    private static final class Schema extends LineEncoder {
        private final SerializationSchema<RowData> schema;
        @Nullable private final LocalZoneTimestamps instants;

        Schema(SerializationSchema<RowData> schema, @Nullable LocalZoneTimestamps instants) {
            this.schema = schema;
            this.instants = instants;
            try {
                schema.open(SchemaContext.INSTANCE);
            } catch (Exception e) {
                // Both formats only build their Jackson mappers here.
                throw new IllegalStateException("Cannot set up " + schema.getClass(), e);
            }
        }

        @Override
        public byte[] encode(RowData row) {
            return schema.serialize(instants == null ? row : instants.toWallTimes(row));
        }
    }

    /**
     * Csv with neither quotes nor escapes, as Hive's LazySimpleSerDe reads it: a value holding the
     * field delimiter would shift every later column of its row, so such a row is refused.
     */
    private static final class Unprotected extends LineEncoder {
        private final LineEncoder csv;
        private final byte delimiter;
        private final int delimiters;

        Unprotected(LineEncoder csv, byte delimiter, int fields) {
            this.csv = csv;
            this.delimiter = delimiter;
            this.delimiters = fields - 1;
        }

        @Override
        public byte[] encode(RowData row) {
            byte[] line = csv.encode(row);
            int found = 0;
            for (byte b : line) {
                if (b == delimiter) {
                    found++;
                }
            }
            if (found != delimiters) {
                throw new IllegalArgumentException(
                        String.format(
                                "A value of this row holds the field delimiter '%s', which a csv"
                                        + " table without a quote or escape character (such as"
                                        + " a Hive table of LazySimpleSerDe) cannot hold: %s",
                                (char) delimiter, new String(line, StandardCharsets.UTF_8).trim()));
            }
            return line;
        }
    }

    /** A text line is its one column; NULL is an empty line, as Paimon writes it. */
    private static final class Text extends LineEncoder {
        private static final byte[] EMPTY = new byte[0];

        @Override
        public byte[] encode(RowData row) {
            return row.isNullAt(0)
                    ? EMPTY
                    : row.getString(0).toString().getBytes(StandardCharsets.UTF_8);
        }
    }
}
