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

import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.data.TimestampData;
import org.apache.flink.table.types.logical.LocalZonedTimestampType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.LogicalTypeRoot;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.TimestampType;
import org.apache.flink.table.types.logical.VarCharType;

import javax.annotation.Nullable;

import java.time.DateTimeException;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * TIMESTAMP_LTZ columns of a csv or json table, as Paimon writes them: the wall time of the JVM's
 * default time zone, {@code yyyy-MM-dd HH:mm:ss[.fraction]}, without an offset. Flink's own csv and
 * json formats write a trailing {@code Z} (UTC) instead; both forms are read. Only top-level
 * columns: an instant nested in an ARRAY, MAP or ROW keeps Flink's form.
 */
final class LocalZoneTimestamps {

    private final ZoneId zone = ZoneId.systemDefault();

    /** Positions of the LTZ columns in the row converted, and their precisions. */
    private final int[] positions;

    private final int[] precisions;
    private final RowData.FieldGetter[] getters;

    private LocalZoneTimestamps(RowType type, int[] positions) {
        this.positions = positions;
        this.precisions = new int[positions.length];
        for (int i = 0; i < positions.length; i++) {
            precisions[i] = precision(type.getTypeAt(positions[i]));
        }
        this.getters = new RowData.FieldGetter[type.getFieldCount()];
        for (int i = 0; i < getters.length; i++) {
            getters[i] = RowData.createFieldGetter(type.getTypeAt(i), i);
        }
    }

    /** The LTZ columns of rows of {@code type}, or null when it has none. */
    @Nullable
    static LocalZoneTimestamps of(RowType type) {
        List<Integer> found = new ArrayList<>();
        for (int i = 0; i < type.getFieldCount(); i++) {
            if (isLocalZoned(type.getTypeAt(i))) {
                found.add(i);
            }
        }
        return found.isEmpty()
                ? null
                : new LocalZoneTimestamps(type, found.stream().mapToInt(x -> x).toArray());
    }

    /** {@code type} with each top-level LTZ column a TIMESTAMP of the same precision. */
    static RowType asWallTimes(RowType type) {
        return replace(type, t -> new TimestampType(t.isNullable(), precision(t)));
    }

    /** {@code type} with each top-level LTZ column a STRING, converted by {@link #parse}. */
    static RowType asStrings(RowType type) {
        return replace(type, t -> new VarCharType(t.isNullable(), VarCharType.MAX_LENGTH));
    }

    /** A copy of {@code row} whose LTZ columns hold their wall times in the JVM's zone. */
    RowData toWallTimes(RowData row) {
        GenericRowData copy = new GenericRowData(row.getRowKind(), getters.length);
        for (int i = 0; i < getters.length; i++) {
            copy.setField(i, getters[i].getFieldOrNull(row));
        }
        for (int position : positions) {
            TimestampData instant = (TimestampData) copy.getField(position);
            if (instant != null) {
                copy.setField(
                        position,
                        TimestampData.fromLocalDateTime(
                                LocalDateTime.ofInstant(instant.toInstant(), zone)));
            }
        }
        return copy;
    }

    /** The positions, in rows of {@code type}, of its LTZ columns read as strings. */
    int[] positions() {
        return positions;
    }

    int precisionAt(int index) {
        return precisions[index];
    }

    /**
     * The instant a column's text holds: a wall time of the JVM's zone, or of UTC with a trailing
     * {@code Z}; a {@code T} may separate date and time. The fraction is cut to the precision.
     *
     * @throws DateTimeException when the text is neither
     */
    TimestampData parse(StringData value, int precision) {
        String text = value.toString().trim();
        boolean utc = text.endsWith("Z") || text.endsWith("z");
        if (utc) {
            text = text.substring(0, text.length() - 1);
        }
        if (text.length() > 10 && text.charAt(10) == ' ') {
            text = text.substring(0, 10) + 'T' + text.substring(11);
        }
        LocalDateTime wall = LocalDateTime.parse(text, DateTimeFormatter.ISO_LOCAL_DATE_TIME);
        int unit = (int) Math.pow(10, 9 - precision);
        wall = wall.withNano(wall.getNano() / unit * unit);
        return TimestampData.fromInstant(wall.atZone(utc ? ZoneOffset.UTC : zone).toInstant());
    }

    private static boolean isLocalZoned(LogicalType type) {
        return type.is(LogicalTypeRoot.TIMESTAMP_WITH_LOCAL_TIME_ZONE);
    }

    private static int precision(LogicalType type) {
        return ((LocalZonedTimestampType) type).getPrecision();
    }

    private static RowType replace(RowType type, Function<LogicalType, LogicalType> with) {
        List<RowType.RowField> fields = new ArrayList<>();
        for (RowType.RowField f : type.getFields()) {
            LogicalType t = isLocalZoned(f.getType()) ? with.apply(f.getType()) : f.getType();
            fields.add(new RowType.RowField(f.getName(), t, f.getDescription().orElse(null)));
        }
        return new RowType(type.isNullable(), fields);
    }
}
