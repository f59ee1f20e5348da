package dev.formattable.flink.source.reader;

import org.apache.flink.connector.file.src.FileSourceSplit;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.data.TimestampData;
import org.apache.flink.table.types.DataType;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/** The metadata columns a format table offers, like those of Flink's filesystem connector. */
public final class MetadataColumns {

    /** The readable metadata columns and their types, in the order they are listed. */
    public static final Map<String, DataType> METADATA = metadata();

    /** What each metadata column holds, for the documentation generated from these declarations. */
    public static final Map<String, String> DESCRIPTIONS = descriptions();

    private MetadataColumns() {}

    private static Map<String, String> descriptions() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("file.path", "the full path of the file the row was read from");
        m.put("file.name", "the file's name, without its directories");
        m.put("file.size", "the file's size in bytes");
        m.put("file.modification-time", "the file's modification time");
        return Collections.unmodifiableMap(m);
    }

    private static Map<String, DataType> metadata() {
        Map<String, DataType> m = new LinkedHashMap<>();
        m.put("file.path", DataTypes.STRING().notNull());
        m.put("file.name", DataTypes.STRING().notNull());
        m.put("file.size", DataTypes.BIGINT().notNull());
        m.put("file.modification-time", DataTypes.TIMESTAMP_LTZ(3).notNull());
        return Collections.unmodifiableMap(m);
    }

    /** The value of metadata column {@code key} for the rows of a split, as Flink holds it. */
    static Object value(String key, FileSourceSplit split) {
        switch (key) {
            case "file.path":
                return StringData.fromString(split.path().toString());
            case "file.name":
                return StringData.fromString(split.path().getName());
            case "file.size":
                return split.fileSize();
            case "file.modification-time":
                return TimestampData.fromEpochMillis(split.fileModificationTime());
            default:
                throw new IllegalArgumentException("Unknown metadata column '" + key + "'");
        }
    }
}
