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
package dev.formattable.core.schema;

import dev.formattable.core.partition.PartitionValueCodec;
import dev.formattable.core.types.DataField;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The schema of a format table: its columns, partition keys, (always empty) primary keys, stored
 * options and comment. {@link #validate()} refuses what a format table cannot hold.
 */
public final class TableSchema implements Serializable {

    private static final long serialVersionUID = 1L;

    private final List<DataField> fields;
    private final List<String> partitionKeys;
    private final List<String> primaryKeys;
    private final Map<String, String> options;
    private final String comment;

    public TableSchema(
            List<DataField> fields,
            List<String> partitionKeys,
            List<String> primaryKeys,
            Map<String, String> options,
            String comment) {
        this.fields = List.copyOf(fields);
        this.partitionKeys = List.copyOf(partitionKeys);
        this.primaryKeys = List.copyOf(primaryKeys);
        this.options = new LinkedHashMap<>(options);
        this.comment = comment;
    }

    public TableSchema(
            List<DataField> fields, List<String> partitionKeys, Map<String, String> options) {
        this(fields, partitionKeys, List.of(), options, null);
    }

    public List<DataField> fields() {
        return fields;
    }

    public List<String> fieldNames() {
        List<String> names = new ArrayList<>(fields.size());
        fields.forEach(f -> names.add(f.name()));
        return names;
    }

    public DataField field(String name) {
        for (DataField f : fields) {
            if (f.name().equals(name)) {
                return f;
            }
        }
        throw new IllegalArgumentException(
                String.format(
                        "Column '%s' does not exist; the columns are %s", name, fieldNames()));
    }

    public List<String> partitionKeys() {
        return partitionKeys;
    }

    public List<String> primaryKeys() {
        return primaryKeys;
    }

    public Map<String, String> options() {
        return Collections.unmodifiableMap(options);
    }

    public String comment() {
        return comment;
    }

    /** The columns that are not partition columns, which is what a data file stores. */
    public List<DataField> dataFields() {
        List<DataField> result = new ArrayList<>();
        for (DataField f : fields) {
            if (!partitionKeys.contains(f.name())) {
                result.add(f);
            }
        }
        return result;
    }

    /**
     * Refuses a schema a format table cannot serve: duplicate columns, a primary key, a partition
     * key that is no column or is repeated, a partition column of a type that cannot name a
     * directory, or partition columns that leave no column for the files.
     *
     * @throws IllegalArgumentException naming what is refused
     */
    public TableSchema validate() {
        Set<String> names = new HashSet<>();
        for (DataField f : fields) {
            if (!names.add(f.name())) {
                throw new IllegalArgumentException(
                        String.format("Column '%s' is declared more than once", f.name()));
            }
        }
        if (fields.isEmpty()) {
            throw new IllegalArgumentException("A format table needs at least one column");
        }
        if (!primaryKeys.isEmpty()) {
            throw new IllegalArgumentException(
                    String.format(
                            "A format table cannot have a primary key (%s): a directory of plain"
                                    + " files only accepts inserts",
                            String.join(", ", primaryKeys)));
        }
        Set<String> seen = new HashSet<>();
        for (String key : partitionKeys) {
            if (!names.contains(key)) {
                throw new IllegalArgumentException(
                        String.format(
                                "Partition key '%s' is not a column; the columns are %s",
                                key, fieldNames()));
            }
            if (!seen.add(key)) {
                throw new IllegalArgumentException(
                        String.format("Partition key '%s' is given more than once", key));
            }
            DataField f = field(key);
            if (!PartitionValueCodec.supports(f.type())) {
                throw new IllegalArgumentException(
                        String.format(
                                "Partition column '%s' has type %s, which cannot be a partition"
                                        + " column; supported: BOOLEAN, TINYINT, SMALLINT, INT,"
                                        + " BIGINT, FLOAT, DOUBLE, DECIMAL, CHAR, VARCHAR, STRING,"
                                        + " DATE, TIMESTAMP",
                                key, f.type().typeText()));
            }
        }
        if (!partitionKeys.isEmpty() && partitionKeys.size() == fields.size()) {
            throw new IllegalArgumentException(
                    String.format(
                            "Every column is a partition column (%s): a format table needs at"
                                    + " least one column stored in its files",
                            String.join(", ", partitionKeys)));
        }
        return this;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof TableSchema)) {
            return false;
        }
        TableSchema s = (TableSchema) o;
        return fields.equals(s.fields)
                && partitionKeys.equals(s.partitionKeys)
                && primaryKeys.equals(s.primaryKeys)
                && options.equals(s.options)
                && Objects.equals(comment, s.comment);
    }

    @Override
    public int hashCode() {
        return Objects.hash(fields, partitionKeys, primaryKeys, options);
    }

    @Override
    public String toString() {
        return "TableSchema{fields="
                + fields
                + ", partitionKeys="
                + partitionKeys
                + ", options="
                + options
                + "}";
    }
}
