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
package dev.formattable.flink.read;

import org.apache.flink.annotation.Internal;
import org.apache.flink.connector.file.src.FileSourceSplit;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.data.TimestampData;
import org.apache.flink.table.types.DataType;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;

/** The metadata columns a format table offers, like those of Flink's filesystem connector. */
@Internal
public final class MetadataColumns {

    /** One metadata column: its key, its type, what it holds, and its value for a split's rows. */
    public enum Column {
        FILE_PATH(
                "file.path",
                DataTypes.STRING().notNull(),
                "the full path of the file the row was read from",
                split -> StringData.fromString(split.path().toString())),
        FILE_NAME(
                "file.name",
                DataTypes.STRING().notNull(),
                "the file's name, without its directories",
                split -> StringData.fromString(split.path().getName())),
        FILE_SIZE(
                "file.size",
                DataTypes.BIGINT().notNull(),
                "the file's size in bytes",
                FileSourceSplit::fileSize),
        FILE_MODIFICATION_TIME(
                "file.modification-time",
                DataTypes.TIMESTAMP_LTZ(3).notNull(),
                "the file's modification time",
                split -> TimestampData.fromEpochMillis(split.fileModificationTime()));

        private final String key;
        private final DataType type;
        private final String description;
        private final Function<FileSourceSplit, Object> value;

        Column(
                String key,
                DataType type,
                String description,
                Function<FileSourceSplit, Object> value) {
            this.key = key;
            this.type = type;
            this.description = description;
            this.value = value;
        }

        public String key() {
            return key;
        }

        public DataType type() {
            return type;
        }

        /** What the column holds, for the documentation generated from these declarations. */
        public String description() {
            return description;
        }
    }

    private static final Map<String, Column> BY_KEY = byKey();

    /** The readable metadata columns and their types, in the order they are listed. */
    public static final Map<String, DataType> METADATA = types();

    private MetadataColumns() {}

    private static Map<String, Column> byKey() {
        Map<String, Column> m = new LinkedHashMap<>();
        for (Column c : Column.values()) {
            m.put(c.key, c);
        }
        return Collections.unmodifiableMap(m);
    }

    private static Map<String, DataType> types() {
        Map<String, DataType> m = new LinkedHashMap<>();
        BY_KEY.forEach((key, column) -> m.put(key, column.type));
        return Collections.unmodifiableMap(m);
    }

    /** The value of metadata column {@code key} for the rows of a split, as Flink holds it. */
    static Object value(String key, FileSourceSplit split) {
        Column column = BY_KEY.get(key);
        if (column == null) {
            throw new IllegalArgumentException("Unknown metadata column '" + key + "'");
        }
        return column.value.apply(split);
    }
}
