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
                                .setQuoteCharacter(format.quote)
                                .setEscapeCharacter(format.escape)
                                .setNullLiteral(format.nullLiteral);
                return new Schema(csv.build(), instants);
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
