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
package dev.formattable.core.partition;

import dev.formattable.core.fs.Path;
import dev.formattable.core.types.DataType;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * How partition values name directories: {@code key=value} (Hive style) or the value alone, one
 * directory level per partition key, with Hive escaping and the typed round trip of {@link
 * PartitionValueCodec}. The table decides a directory's name, never the spelling a caller used.
 */
public final class PartitionLayout implements Serializable {

    private static final long serialVersionUID = 1L;

    private final List<String> keys;
    private final List<DataType> types;
    private final PartitionValueCodec codec;
    private final boolean valueOnly;
    private final Set<String> reservedRootNames;

    public PartitionLayout(
            List<String> keys, List<DataType> types, PartitionValueCodec codec, boolean valueOnly) {
        this(keys, types, codec, valueOnly, Set.of());
    }

    /**
     * A layout whose root also holds metadata directories ({@code reservedRootNames}), which no
     * partition may be named after.
     */
    public PartitionLayout(
            List<String> keys,
            List<DataType> types,
            PartitionValueCodec codec,
            boolean valueOnly,
            Set<String> reservedRootNames) {
        if (keys.size() != types.size()) {
            throw new IllegalArgumentException("One type per partition key expected.");
        }
        this.keys = List.copyOf(keys);
        this.types = Collections.unmodifiableList(new ArrayList<>(types));
        this.codec = codec;
        this.valueOnly = valueOnly;
        this.reservedRootNames = Set.copyOf(reservedRootNames);
    }

    public List<String> keys() {
        return keys;
    }

    public List<DataType> types() {
        return types;
    }

    public int levels() {
        return keys.size();
    }

    public boolean isPartitioned() {
        return !keys.isEmpty();
    }

    public boolean valueOnly() {
        return valueOnly;
    }

    public PartitionValueCodec codec() {
        return codec;
    }

    public String defaultName() {
        return codec.defaultName();
    }

    /** A name a scan never reads: it starts with {@code _} or {@code .}. */
    public static boolean isHidden(String name) {
        return name.startsWith("_") || name.startsWith(".");
    }

    /**
     * The directory name of one level for a typed value.
     *
     * @throws IllegalArgumentException when the value cannot name a directory in this layout
     */
    public String directoryName(int level, Object value) {
        return directoryNameOfText(level, codec.render(types.get(level), value));
    }

    private String directoryNameOfText(int level, String text) {
        String key = keys.get(level);
        if (text.equals(".") || text.equals("..")) {
            throw new IllegalArgumentException(
                    String.format(
                            "Partition value '%s' of column '%s' cannot name a directory",
                            text, key));
        }
        if (valueOnly) {
            if (isHidden(text) && !text.equals(codec.defaultName())) {
                throw new IllegalArgumentException(
                        String.format(
                                "Partition value '%s' of column '%s' starts with '_' or '.',"
                                        + " which would hide its directory under"
                                        + " 'format-table.partition-path-only-value'='true'",
                                text, key));
            }
            String name = PathEscaper.escape(text);
            if (level == 0 && reservedRootNames.contains(name)) {
                throw new IllegalArgumentException(
                        String.format(
                                "Partition value '%s' of column '%s' would name the directory"
                                        + " that holds the table's metadata",
                                text, key));
            }
            return name;
        }
        return PathEscaper.escape(key) + "=" + PathEscaper.escape(text);
    }

    /** Names at the table root that hold metadata, never data. */
    public Set<String> reservedRootNames() {
        return reservedRootNames;
    }

    /** The relative path of a partition, or of a prefix of its leading keys. */
    public String relativePath(List<?> values) {
        if (values.size() > keys.size()) {
            throw new IllegalArgumentException(
                    "More partition values than partition keys " + keys + ": " + values);
        }
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < values.size(); i++) {
            if (i > 0) {
                sb.append('/');
            }
            sb.append(directoryName(i, values.get(i)));
        }
        return sb.toString();
    }

    /**
     * Whether {@code dir} is the directory this layout gives the partition with {@code values}
     * below {@code root}, in any spelling it reads: a partition a catalog keeps elsewhere is not,
     * and its files do not name their partition values.
     */
    public boolean isDirectoryOf(Path root, Path dir, List<?> values) {
        if (!dir.isStrictlyBelow(root)) {
            return false;
        }
        String[] names = dir.relativeTo(root).split("/");
        if (names.length != keys.size() || values.size() != keys.size()) {
            return false;
        }
        List<Object> found = new ArrayList<>(names.length);
        for (int level = 0; level < names.length; level++) {
            try {
                Optional<Object[]> value = parseDirectoryName(level, names[level]);
                if (value.isEmpty()) {
                    return false;
                }
                found.add(value.get()[0]);
            } catch (IllegalArgumentException e) {
                return false;
            }
        }
        return toSpec(found).equals(toSpec(values));
    }

    /**
     * Reads one directory name at a level. Empty when the name does not belong to the layout: it is
     * hidden (other than the default partition under value-only) or, under {@code key=value}, names
     * another key.
     *
     * @throws IllegalArgumentException when the value does not parse into the column type
     */
    public Optional<Object[]> parseDirectoryName(int level, String name) {
        String text;
        if (level == 0 && reservedRootNames.contains(name)) {
            return Optional.empty();
        }
        if (valueOnly) {
            if (isHidden(name) && !name.equals(codec.defaultName())) {
                return Optional.empty();
            }
            text = PathEscaper.unescape(name);
        } else {
            if (isHidden(name)) {
                return Optional.empty();
            }
            int eq = name.indexOf('=');
            if (eq < 0 || !PathEscaper.unescape(name.substring(0, eq)).equals(keys.get(level))) {
                return Optional.empty();
            }
            text = PathEscaper.unescape(name.substring(eq + 1));
        }
        // Wrapped in an array so that a NULL partition value is present, not empty.
        return Optional.of(new Object[] {codec.parse(keys.get(level), types.get(level), text)});
    }

    /** Every directory name under which a level may hold the value (see codec spellings). */
    public List<String> directoryNameSpellings(int level, Object value) {
        List<String> result = new ArrayList<>();
        for (String text : codec.spellings(types.get(level), value)) {
            result.add(directoryNameOfText(level, text));
        }
        return result;
    }

    /**
     * Reads a spec given as text (a static partition, a commit message's partition) into typed
     * values. The keys must be a leading run of the partition keys, in order.
     *
     * @throws IllegalArgumentException naming the key that is unknown or out of order
     */
    public List<Object> parseSpec(Map<String, String> spec) {
        List<Object> values = new ArrayList<>(spec.size());
        int level = 0;
        for (Map.Entry<String, String> e : spec.entrySet()) {
            if (!keys.contains(e.getKey())) {
                throw new IllegalArgumentException(
                        String.format(
                                "'%s' is not a partition key; the partition keys are %s",
                                e.getKey(), keys));
            }
            if (level >= keys.size() || !keys.get(level).equals(e.getKey())) {
                throw new IllegalArgumentException(
                        String.format(
                                "Partition spec %s must name a leading run of the partition"
                                        + " keys %s in order; '%s' is out of place",
                                spec, keys, e.getKey()));
            }
            values.add(codec.parse(e.getKey(), types.get(level), e.getValue()));
            level++;
        }
        return values;
    }

    /** Renders typed values as the text spec a commit message carries (NULL stays null). */
    public LinkedHashMap<String, String> toSpec(List<?> values) {
        LinkedHashMap<String, String> spec = new LinkedHashMap<>();
        for (int i = 0; i < values.size(); i++) {
            Object v = values.get(i);
            String text = v == null ? null : codec.render(types.get(i), v);
            spec.put(keys.get(i), text == null || text.equals(codec.defaultName()) ? null : text);
        }
        return spec;
    }
}
