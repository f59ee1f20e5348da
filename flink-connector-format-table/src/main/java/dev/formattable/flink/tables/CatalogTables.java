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

import dev.formattable.core.options.FormatTableOptions;
import dev.formattable.core.schema.TableSchema;
import dev.formattable.core.types.DataField;
import dev.formattable.flink.types.FlinkTypes;

import org.apache.flink.annotation.Internal;
import org.apache.flink.table.api.Schema;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.catalog.CatalogTable;
import org.apache.flink.table.catalog.Column;
import org.apache.flink.table.catalog.ObjectPath;
import org.apache.flink.table.catalog.ResolvedCatalogTable;
import org.apache.flink.table.catalog.ResolvedSchema;
import org.apache.flink.table.factories.FactoryUtil;
import org.apache.flink.table.types.utils.TypeConversions;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Converts between Flink's catalog tables and the core's table schema, and decides which schema
 * changes a directory of files can honour.
 */
@Internal
public final class CatalogTables {

    private CatalogTables() {}

    /**
     * The core schema of a table being created: physical columns, partition keys, primary key
     * (which the core refuses), and the options to store (with {@code type} and the format made
     * explicit, as Paimon's schema files have them).
     *
     * @throws ValidationException for computed or metadata columns, or another connector
     */
    public static TableSchema toCore(ResolvedCatalogTable table) {
        ResolvedSchema schema = table.getResolvedSchema();
        List<DataField> fields = new ArrayList<>();
        for (Column column : schema.getColumns()) {
            if (!column.isPhysical()) {
                throw new ValidationException(
                        String.format(
                                "Column '%s' is not a physical column: a format table stores"
                                        + " only physical columns",
                                column.getName()));
            }
            fields.add(
                    new DataField(
                            fields.size(),
                            column.getName(),
                            FlinkTypes.toCore(column.getDataType().getLogicalType()),
                            column.getComment().orElse(null)));
        }
        List<String> primaryKey = schema.getPrimaryKey().map(k -> k.getColumns()).orElse(List.of());
        return new TableSchema(
                fields,
                table.getPartitionKeys(),
                primaryKey,
                storedOptions(table.getOptions()),
                table.getComment());
    }

    /** The options a catalog stores for a table: without the connector, with type and format. */
    static Map<String, String> storedOptions(Map<String, String> given) {
        Map<String, String> options = new LinkedHashMap<>(given);
        String connector = options.remove(FactoryUtil.CONNECTOR.key());
        if (connector != null && !connector.equals("format-table")) {
            throw new ValidationException(
                    String.format(
                            "'%s'='%s' is not supported: the format-table catalog stores only"
                                    + " format tables",
                            FactoryUtil.CONNECTOR.key(), connector));
        }
        options.remove("path");
        options.put(FormatTableOptions.TYPE.key(), FormatTableOptions.FORMAT_TABLE_TYPE);
        options.putIfAbsent(
                FormatTableOptions.FILE_FORMAT.key(),
                FormatTableOptions.FILE_FORMAT.defaultValue());
        return options;
    }

    /** The Flink catalog table of a stored schema. */
    public static CatalogTable toFlink(TableSchema schema) {
        Schema.Builder builder = Schema.newBuilder();
        for (DataField f : schema.fields()) {
            builder.column(
                    f.name(), TypeConversions.fromLogicalToDataType(FlinkTypes.toFlink(f.type())));
            if (f.description() != null) {
                builder.withComment(f.description());
            }
        }
        return CatalogTable.newBuilder()
                .schema(builder.build())
                .comment(schema.comment())
                .partitionKeys(schema.partitionKeys())
                .options(new HashMap<>(schema.options()))
                .build();
    }

    /**
     * The schema after an ALTER TABLE, if the files can honour it: new columns are nullable and
     * come after the existing ones, existing columns keep their names, types and order, partition
     * keys stay, and options may change (except {@code type}).
     *
     * @throws ValidationException naming the change that is refused
     */
    public static TableSchema alter(TableSchema old, TableSchema proposed) {
        List<DataField> oldFields = old.fields();
        List<DataField> newFields = proposed.fields();
        for (int i = 0; i < oldFields.size(); i++) {
            DataField before = oldFields.get(i);
            if (i >= newFields.size() || !newFields.get(i).name().equals(before.name())) {
                boolean stillThere =
                        newFields.stream().anyMatch(f -> f.name().equals(before.name()));
                throw new ValidationException(
                        String.format(
                                "Cannot %s column '%s': the table's data files still hold it under"
                                        + " that name and position",
                                stillThere ? "move" : "rename or drop", before.name()));
            }
            DataField after = newFields.get(i);
            if (!after.type().equals(before.type())) {
                throw new ValidationException(
                        String.format(
                                "Cannot change the type of column '%s' from %s to %s: its data"
                                        + " files store %s",
                                before.name(), before.type(), after.type(), before.type()));
            }
        }
        List<DataField> merged = new ArrayList<>();
        for (int i = 0; i < newFields.size(); i++) {
            DataField f = newFields.get(i);
            if (i >= oldFields.size()) {
                if (!f.type().isNullable()) {
                    throw new ValidationException(
                            String.format(
                                    "Cannot add column '%s' as NOT NULL: the existing data files"
                                            + " have no value for it",
                                    f.name()));
                }
                merged.add(
                        new DataField(
                                highestId(old) + 1 + (i - oldFields.size()),
                                f.name(),
                                f.type(),
                                f.description()));
            } else {
                merged.add(
                        new DataField(oldFields.get(i).id(), f.name(), f.type(), f.description()));
            }
        }
        if (!proposed.partitionKeys().equals(old.partitionKeys())) {
            throw new ValidationException(
                    String.format(
                            "Cannot change the partition keys from %s to %s: the directories"
                                    + " already follow %s",
                            old.partitionKeys(), proposed.partitionKeys(), old.partitionKeys()));
        }
        Map<String, String> options = new LinkedHashMap<>(proposed.options());
        options.put(FormatTableOptions.TYPE.key(), FormatTableOptions.FORMAT_TABLE_TYPE);
        return new TableSchema(
                merged, old.partitionKeys(), proposed.primaryKeys(), options, proposed.comment());
    }

    private static int highestId(TableSchema schema) {
        return schema.fields().stream().mapToInt(DataField::id).max().orElse(-1);
    }

    /**
     * The table name of a path that names a table's main branch.
     *
     * @throws ValidationException for a branch or a system table ({@code t$branch_b}, {@code
     *     t$files})
     */
    public static String checkMainTable(ObjectPath path) {
        String table = path.getObjectName();
        if (table.contains("$")) {
            String suffix = table.substring(table.indexOf('$') + 1);
            throw new ValidationException(
                    String.format(
                            "Table '%s' is refused: %s. A format table has only its main branch"
                                    + " and no system tables.",
                            path.getFullName(),
                            suffix.startsWith("branch_")
                                    ? "branch '"
                                            + suffix.substring("branch_".length())
                                            + "'"
                                            + " is not supported"
                                    : "'$" + suffix + "' is not supported"));
        }
        return table;
    }
}
