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
import org.apache.hadoop.hive.metastore.api.SerDeInfo;
import org.apache.hadoop.hive.metastore.api.StorageDescriptor;
import org.apache.hadoop.hive.metastore.api.Table;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
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
    static final String TABLE_TYPE = "table_type";

    /** The partition name Hive, Spark and Trino write for a NULL value. */
    static final String HIVE_DEFAULT_PARTITION_NAME = "__HIVE_DEFAULT_PARTITION__";

    private static final int MAX_COLUMN_COMMENT = 255;

    private static final Set<String> OPTION_KEYS = new HashSet<>();
    private static final Set<String> FORMATS = Set.of("parquet", "orc", "csv", "json", "text");

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
        // Partitions named as the engines reading this metastore name theirs, written down so
        // that Paimon reads them the same way.
        parameters.putAll(hiveNamingUnlessGiven(schema.options()));
        // Paimon's Hive catalog marks a format table so (and reads a text table by it).
        parameters.put(TABLE_TYPE, formatOf(schema).toUpperCase(Locale.ROOT));
        parameters.put(EXTERNAL, "TRUE");
        // DROP TABLE removes the files, as the file-system catalog does; Hive 4 honours it too
        // (a Hive 2 metastore does not know it: dropTable removes them itself).
        parameters.put(PURGE, "TRUE");
        if (schema.comment() != null) {
            parameters.put("comment", schema.comment());
        }
        StorageDescriptor sd = new StorageDescriptor();
        sd.setLocation(location.toString());
        sd.setCols(new ArrayList<>());
        List<FieldSchema> partitionKeys = new ArrayList<>();
        for (DataField f : schema.fields()) {
            if (!f.name().equals(f.name().toLowerCase(Locale.ROOT))) {
                // The metastore would store it in lower case, which data files would not match.
                throw new IllegalArgumentException(
                        String.format(
                                "Column '%s' of Hive table %s.%s: the Hive Metastore keeps column"
                                        + " names in lower case",
                                f.name(), database, name));
            }
            boolean partitionKey = schema.partitionKeys().contains(f.name());
            FieldSchema column =
                    new FieldSchema(
                            f.name(),
                            HiveTypes.toHive(f.name(), f.type()).getTypeName(),
                            partitionKey ? f.description() : columnComment(f.description()));
            if (partitionKey) {
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

    // A data column's comment is at most 256 characters in the metastore's database (and 255 in
    // AWS Glue); a longer one would fail the whole table. Partition key comments have more room.
    private static String columnComment(String comment) {
        if (comment == null || comment.length() <= MAX_COLUMN_COMMENT) {
            return comment;
        }
        return comment.substring(0, MAX_COLUMN_COMMENT - 3) + "...";
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
        String declared = parameters.get(FormatTableOptions.FILE_FORMAT.key());
        if (declared == null && "TEXT".equalsIgnoreCase(parameters.get(TABLE_TYPE))) {
            declared = "text";
        }
        Map<String, String> options = new HashMap<>();
        parameters.forEach(
                (k, v) -> {
                    if (OPTION_KEYS.contains(k)) {
                        options.put(k, v);
                    }
                });
        // What the SerDe says wins over a parameter: it is what Hive and Spark read with.
        Optional<String> storageFormat = HiveStorage.formatOf(table.getSd(), declared, options);
        if (declared != null && !FORMATS.contains(declared)) {
            return MetastoreTable.refused(
                    db, name, "its file.format '" + declared + "' is not one we read");
        }
        String format = declared;
        if (format == null) {
            if (storageFormat.isEmpty()) {
                return MetastoreTable.refused(
                        db, name, "its storage " + storage(table.getSd()) + " is not one we read");
            }
            format = storageFormat.get();
        }
        if (!parameters.containsKey(FormatTableOptions.TYPE.key())) {
            // Hive, Spark or Trino made it: their partition names, not Paimon's defaults.
            options.putAll(hiveNamingUnlessGiven(options));
        }
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

    /**
     * Hive's partition naming (ISO dates, timestamps without trailing fractional zeros, its NULL
     * partition name) for each naming option the options leave unset.
     */
    private static Map<String, String> hiveNamingUnlessGiven(Map<String, String> options) {
        Map<String, String> naming = new HashMap<>();
        if (!options.containsKey(FormatTableOptions.PARTITION_DEFAULT_NAME.key())) {
            naming.put(
                    FormatTableOptions.PARTITION_DEFAULT_NAME.key(), HIVE_DEFAULT_PARTITION_NAME);
        }
        if (!options.containsKey(FormatTableOptions.PARTITION_LEGACY_NAME.key())) {
            naming.put(FormatTableOptions.PARTITION_LEGACY_NAME.key(), "false");
        }
        if (!options.containsKey(FormatTableOptions.PARTITION_TIMESTAMP_FRACTION.key())) {
            naming.put(FormatTableOptions.PARTITION_TIMESTAMP_FRACTION.key(), "minimal");
        }
        return naming;
    }

    /**
     * Refuses a change Hive cannot store on an existing table: other partition keys (Hive keeps
     * them apart from the columns, fixed at creation), primary keys, another file format.
     *
     * @throws IllegalArgumentException naming the table and what changed
     */
    static void checkAlterable(
            String database, String name, TableSchema before, TableSchema after) {
        String table = database + "." + name;
        if (!after.partitionKeys().equals(before.partitionKeys())) {
            throw new IllegalArgumentException(
                    String.format(
                            "Cannot change the partition keys of Hive table %s from %s to %s",
                            table, before.partitionKeys(), after.partitionKeys()));
        }
        for (String key : before.partitionKeys()) {
            if (!after.field(key).type().equals(before.field(key).type())) {
                throw new IllegalArgumentException(
                        String.format(
                                "Cannot change the type of partition key '%s' of Hive table %s"
                                        + " from %s to %s",
                                key, table, before.field(key).type(), after.field(key).type()));
            }
        }
        if (!after.primaryKeys().isEmpty()) {
            throw new IllegalArgumentException(
                    "Hive table " + table + " cannot have primary keys " + after.primaryKeys());
        }
        String format = formatOf(before);
        if (!formatOf(after).equals(format)) {
            throw new IllegalArgumentException(
                    String.format(
                            "Cannot change '%s' of Hive table %s from '%s' to '%s': its files"
                                    + " are %s files",
                            FormatTableOptions.FILE_FORMAT.key(),
                            table,
                            format,
                            formatOf(after),
                            format));
        }
    }

    /**
     * Takes the SerDe parameters of an altered table where the table has the SerDe we write for its
     * format; a SerDe another engine chose (OpenCSVSerde, Hive's JsonSerDe) stays as it is.
     */
    static void updateSerDe(StorageDescriptor current, StorageDescriptor replacement) {
        SerDeInfo ours = replacement.getSerdeInfo();
        SerDeInfo theirs = current.getSerdeInfo();
        if (theirs == null || !ours.getSerializationLib().equals(theirs.getSerializationLib())) {
            return;
        }
        Map<String, String> merged =
                theirs.getParameters() == null
                        ? new HashMap<>()
                        : new HashMap<>(theirs.getParameters());
        merged.putAll(ours.getParameters());
        theirs.setParameters(merged);
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
        // A Paimon table (primary key or not) keeps its files in snapshots, Iceberg likewise:
        // their directories are not the table.
        if (p.containsKey("storage_handler")
                || "paimon".equalsIgnoreCase(p.get(TABLE_TYPE))
                || "iceberg".equalsIgnoreCase(p.get(TABLE_TYPE))) {
            return Optional.of(
                    "it is a table of another format ("
                            + p.getOrDefault(TABLE_TYPE, p.get("storage_handler"))
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
