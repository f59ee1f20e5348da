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
package dev.formattable.flink.tables;

import dev.formattable.core.FormatTable;
import dev.formattable.core.fs.Path;
import dev.formattable.core.options.FormatTableOptions;
import dev.formattable.core.schema.TableSchema;
import dev.formattable.core.types.DataField;
import dev.formattable.flink.config.FormatTableConnectorOptions;
import dev.formattable.flink.fs.FlinkFileIO;
import dev.formattable.flink.types.FlinkTypes;

import org.apache.flink.annotation.Internal;
import org.apache.flink.table.types.logical.RowType;

import javax.annotation.Nullable;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * Opens the core {@link FormatTable} of a Flink row type. The SQL connector and the DataStream
 * builders both go through here, so a table is built, and refused, the same way wherever it is
 * used.
 */
@Internal
public final class FormatTables {

    private FormatTables() {}

    /**
     * The table at {@code path} whose columns are the fields of {@code rowType}, in order.
     *
     * @param options table options (see docs/options.md); they are validated by the core
     * @throws IllegalArgumentException when the core refuses the schema or the options
     */
    public static FormatTable open(
            String path, RowType rowType, List<String> partitionKeys, Map<String, String> options) {
        return open(path, rowType, partitionKeys, List.of(), options, null);
    }

    /**
     * The table at {@code path}. A field's description becomes its column comment.
     *
     * @throws IllegalArgumentException when the core refuses the schema or the options
     */
    public static FormatTable open(
            String path,
            RowType rowType,
            List<String> partitionKeys,
            List<String> primaryKey,
            Map<String, String> options,
            @Nullable String comment) {
        if (path == null || path.isBlank()) {
            throw new IllegalArgumentException("A format table needs a path");
        }
        List<DataField> fields = new ArrayList<>();
        for (RowType.RowField field : rowType.getFields()) {
            fields.add(
                    new DataField(
                            fields.size(),
                            field.getName(),
                            FlinkTypes.toCore(field.getType()),
                            field.getDescription().orElse(null)));
        }
        TableSchema schema = new TableSchema(fields, partitionKeys, primaryKey, options, comment);
        return FormatTable.open(new FlinkFileIO(), Path.of(path), schema);
    }

    /**
     * Refuses, by name, an option key that is neither a core table option (or one of its fallback
     * keys), nor a pass-through format key ({@code parquet.*}, {@code orc.*}), nor one of {@code
     * extraKeys}.
     *
     * @throws IllegalArgumentException naming the first unknown key
     */
    public static void checkKeys(Map<String, String> options, Collection<String> extraKeys) {
        TreeSet<String> known = new TreeSet<>(extraKeys);
        for (dev.formattable.core.options.ConfigOption<?> option : FormatTableOptions.all()) {
            known.add(option.key());
            known.addAll(option.fallbackKeys());
        }
        for (String key : new TreeSet<>(options.keySet())) {
            if (known.contains(key)
                    || FormatTableConnectorOptions.FORMAT_PREFIXES.stream()
                            .anyMatch(key::startsWith)) {
                continue;
            }
            throw new IllegalArgumentException(
                    String.format(
                            "Unknown option '%s'. Known options: %s, and keys starting with %s",
                            key,
                            String.join(", ", known),
                            String.join(" or ", FormatTableConnectorOptions.FORMAT_PREFIXES)));
        }
    }
}
