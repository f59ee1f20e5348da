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
package dev.formattable.hive;

import dev.formattable.core.fs.Path;
import dev.formattable.core.metastore.MetastoreTable;
import dev.formattable.core.options.ConfigOption;
import dev.formattable.core.options.FormatTableOptions;
import dev.formattable.core.schema.TableSchema;
import dev.formattable.core.types.DataField;
import dev.formattable.core.types.DataType;
import dev.formattable.core.types.DataTypes;

import org.apache.hadoop.hive.metastore.TableType;
import org.apache.hadoop.hive.metastore.api.FieldSchema;
import org.apache.hadoop.hive.metastore.api.StorageDescriptor;
import org.apache.hadoop.hive.metastore.api.Table;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A format table as a Hive table and back. We create external tables with complete Hive metadata
 * (columns in Hive types, partition keys, location, SerDe and formats) so that other engines read
 * them as they are, and keep our options as table parameters. Hive's types are coarser than ours
 * (no nullability, no timestamp precision), so each column's exact type is kept too, and used while
 * the column's Hive type still matches it (another engine may have altered the table).
 */
final class HiveTables {

    /** The parameter prefix of a column's exact type. */
    static final String COLUMN_TYPE_PREFIX = "format-table.column-type.";

    static final String EXTERNAL = "EXTERNAL";
    static final String PURGE = "external.table.purge";

    private static final Set<String> OPTION_KEYS = new HashSet<>();

    static {
        for (ConfigOption<?> o : FormatTableOptions.all()) {
            OPTION_KEYS.add(o.key());
            OPTION_KEYS.addAll(o.fallbackKeys());
        }
    }

    private HiveTables() {}

    /** The Hive table of a new format table at {@code location}. */
    static Table toHive(String database, String name, TableSchema schema, Path location) {
        Table table = new Table();
        table.setDbName(database);
        table.setTableName(name);
        table.setTableType(TableType.EXTERNAL_TABLE.name());
        table.setOwner(System.getProperty("user.name"));
        int now = (int) (System.currentTimeMillis() / 1000);
        table.setCreateTime(now);
        table.setLastAccessTime(now);
        Map<String, String> parameters = new HashMap<>(schema.options());
        parameters.put(EXTERNAL, "TRUE");
        // DROP TABLE removes the files, as the file-system catalog does; Hive honours it too.
        parameters.put(PURGE, "TRUE");
        if (schema.comment() != null) {
            parameters.put("comment", schema.comment());
        }
        StorageDescriptor sd = new StorageDescriptor();
        sd.setLocation(location.toString());
        sd.setCols(new ArrayList<>());
        List<FieldSchema> partitionKeys = new ArrayList<>();
        for (DataField f : schema.fields()) {
            FieldSchema column =
                    new FieldSchema(
                            f.name(),
                            HiveTypes.toHive(f.name(), f.type()).getTypeName(),
                            f.description());
            if (schema.partitionKeys().contains(f.name())) {
                partitionKeys.add(column);
            } else {
                sd.getCols().add(column);
            }
            parameters.put(COLUMN_TYPE_PREFIX + f.name(), f.type().toString());
        }
        // Partition keys in the order the schema names them.
        partitionKeys.sort(
                (a, b) ->
                        schema.partitionKeys().indexOf(a.getName())
                                - schema.partitionKeys().indexOf(b.getName()));
        sd.setParameters(new HashMap<>());
        HiveStorage.describe(formatOf(schema), schema.options(), sd);
        sd.setNumBuckets(-1);
        sd.setCompressed(false);
        table.setSd(sd);
        table.setPartitionKeys(partitionKeys);
        table.setParameters(parameters);
        return table;
    }

    private static String formatOf(TableSchema schema) {
        return schema.options()
                .getOrDefault(
                        FormatTableOptions.FILE_FORMAT.key(),
                        FormatTableOptions.FILE_FORMAT.defaultValue());
    }

    /** A Hive table as a format table, or refused with the reason. */
    static MetastoreTable fromHive(Table table) {
        String db = table.getDbName();
        String name = table.getTableName();
        Optional<String> refusal = refusal(table);
        if (refusal.isPresent()) {
            return MetastoreTable.refused(db, name, refusal.get());
        }
        Map<String, String> parameters =
                table.getParameters() == null ? Map.of() : table.getParameters();
        Map<String, String> options = new HashMap<>();
        Optional<String> storageFormat = HiveStorage.formatOf(table.getSd(), options);
        String format = parameters.getOrDefault(FormatTableOptions.FILE_FORMAT.key(), null);
        if (format == null) {
            if (storageFormat.isEmpty()) {
                return MetastoreTable.refused(
                        db, name, "its storage " + storage(table.getSd()) + " is not one we read");
            }
            format = storageFormat.get();
        }
        parameters.forEach(
                (k, v) -> {
                    if (OPTION_KEYS.contains(k)) {
                        options.put(k, v);
                    }
                });
        options.put(FormatTableOptions.TYPE.key(), FormatTableOptions.FORMAT_TABLE_TYPE);
        options.put(FormatTableOptions.FILE_FORMAT.key(), format);
        List<DataField> fields = new ArrayList<>();
        List<String> partitionKeys = new ArrayList<>();
        try {
            for (FieldSchema c : table.getSd().getCols()) {
                fields.add(field(fields.size(), c, parameters));
            }
            for (FieldSchema c : table.getPartitionKeys()) {
                fields.add(field(fields.size(), c, parameters));
                partitionKeys.add(c.getName());
            }
        } catch (IllegalArgumentException e) {
            return MetastoreTable.refused(db, name, e.getMessage());
        }
        TableSchema schema =
                new TableSchema(
                        fields, partitionKeys, List.of(), options, parameters.get("comment"));
        return MetastoreTable.served(db, name, Path.of(table.getSd().getLocation()), schema);
    }

    private static DataField field(int id, FieldSchema column, Map<String, String> parameters) {
        String hiveType = column.getType();
        DataType type = HiveTypes.fromHive(column.getName(), hiveType);
        String exact = parameters.get(COLUMN_TYPE_PREFIX + column.getName());
        if (exact != null) {
            DataType kept = DataTypes.parse(exact);
            if (HiveTypes.toHive(column.getName(), kept).getTypeName().equals(hiveType)) {
                type = kept;
            }
        }
        return new DataField(id, column.getName(), type, column.getComment());
    }

    private static Optional<String> refusal(Table table) {
        String type = table.getTableType();
        if (TableType.VIRTUAL_VIEW.name().equals(type)
                || TableType.MATERIALIZED_VIEW.name().equals(type)) {
            return Optional.of("it is a view");
        }
        Map<String, String> p = table.getParameters() == null ? Map.of() : table.getParameters();
        if ("true".equalsIgnoreCase(p.get("transactional"))) {
            return Optional.of(
                    "it is a transactional (ACID) table, whose files only Hive's readers merge");
        }
        String kind = p.get(FormatTableOptions.TYPE.key());
        if (kind != null && !FormatTableOptions.FORMAT_TABLE_TYPE.equals(kind)) {
            return Optional.of("it is a Paimon table of type '" + kind + "'");
        }
        if (p.containsKey("storage_handler")
                || "paimon".equalsIgnoreCase(p.get("table_type"))
                || "iceberg".equalsIgnoreCase(p.get("table_type"))) {
            return Optional.of(
                    "it is a table of another format ("
                            + p.getOrDefault("table_type", p.get("storage_handler"))
                            + ")");
        }
        StorageDescriptor sd = table.getSd();
        if (sd == null || sd.getLocation() == null) {
            return Optional.of("it has no location");
        }
        if (sd.getNumBuckets() > 0 && sd.getBucketCols() != null && !sd.getBucketCols().isEmpty()) {
            return Optional.of(
                    "it is bucketed by "
                            + sd.getBucketCols()
                            + ", which writes that ignore buckets would break");
        }
        return Optional.empty();
    }

    private static String storage(StorageDescriptor sd) {
        return sd.getSerdeInfo() == null
                ? sd.getInputFormat()
                : sd.getSerdeInfo().getSerializationLib();
    }
}
