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
package dev.formattable.flink.table;

import dev.formattable.core.FormatTable;
import dev.formattable.flink.config.CompactionSettings;
import dev.formattable.flink.config.FormatTableConnectorOptions;
import dev.formattable.flink.config.PartitionCommitSettings;
import dev.formattable.flink.internal.FlinkLine;
import dev.formattable.flink.lookup.LookupSettings;
import dev.formattable.flink.tables.FormatTables;

import org.apache.flink.annotation.Internal;
import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.api.common.RuntimeExecutionMode;
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.ExecutionOptions;
import org.apache.flink.configuration.ReadableConfig;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.catalog.Column;
import org.apache.flink.table.catalog.ObjectIdentifier;
import org.apache.flink.table.catalog.ObjectPath;
import org.apache.flink.table.catalog.ResolvedCatalogTable;
import org.apache.flink.table.catalog.ResolvedSchema;
import org.apache.flink.table.catalog.exceptions.TableNotExistException;
import org.apache.flink.table.connector.sink.DynamicTableSink;
import org.apache.flink.table.connector.source.DynamicTableSource;
import org.apache.flink.table.factories.DynamicTableSinkFactory;
import org.apache.flink.table.factories.DynamicTableSourceFactory;
import org.apache.flink.table.factories.FactoryUtil;
import org.apache.flink.table.types.logical.RowType;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/**
 * The {@code format-table} connector: {@code CREATE TABLE t (...) PARTITIONED BY (...) WITH
 * ('connector'='format-table', 'path'='...', 'file.format'='parquet')}.
 *
 * <p>Every key is declared (a misspelt one is refused by name), except the {@code parquet.*} and
 * {@code orc.*} keys that pass through to the formats. The table is validated by the core when it
 * is planned, and refused by name when it cannot be served.
 */
@PublicEvolving
public class FormatTableDynamicTableFactory
        implements DynamicTableSourceFactory, DynamicTableSinkFactory {

    public static final String IDENTIFIER = "format-table";

    /** Set for the tables of a {@code FormatTableCatalog}: how it opens them. */
    private final CatalogTableOpener catalogTables;

    /** The {@code format-table} connector: a table's location is its {@code path} option. */
    public FormatTableDynamicTableFactory() {
        this(null);
    }

    /** The factory of a catalog's tables, which the catalog opens. */
    public FormatTableDynamicTableFactory(CatalogTableOpener catalogTables) {
        this.catalogTables = catalogTables;
    }

    /** How a catalog opens the tables it stores, for a statement that reads or writes one. */
    @Internal
    @FunctionalInterface
    public interface CatalogTableOpener {
        /**
         * The stored table with the statement's options ({@code declared}'s, hints included)
         * winning over the stored ones, except {@code type}; a table not stored yet (CREATE TABLE
         * AS SELECT) with the schema {@code declared} gives, where it will be created.
         *
         * @throws IllegalArgumentException when the core refuses the table
         */
        FormatTable open(ObjectPath path, ResolvedCatalogTable declared)
                throws TableNotExistException;

        /**
         * Whether a table appears by its schema file at its location (the file-system catalog),
         * which is what makes an atomic CREATE TABLE AS SELECT possible here: a catalog that keeps
         * schemas elsewhere refuses the atomic form rather than lose the table.
         */
        default boolean createsBySchemaFile() {
            return true;
        }
    }

    @Override
    public String factoryIdentifier() {
        return IDENTIFIER;
    }

    @Override
    public Set<ConfigOption<?>> requiredOptions() {
        Set<ConfigOption<?>> options = new HashSet<>();
        if (catalogTables == null) {
            options.add(FormatTableConnectorOptions.PATH);
        }
        return options;
    }

    @Override
    public Set<ConfigOption<?>> optionalOptions() {
        Set<ConfigOption<?>> options =
                new HashSet<>(FormatTableConnectorOptions.connectorOptions());
        options.remove(FormatTableConnectorOptions.PATH);
        options.addAll(FormatTableConnectorOptions.tableOptions());
        options.addAll(LookupSettings.options());
        return options;
    }

    @Override
    public DynamicTableSource createDynamicTableSource(Context context) {
        FlinkLine.checkRunning();
        FactoryUtil.TableFactoryHelper helper = FactoryUtil.createTableFactoryHelper(this, context);
        validate(helper, context);
        ReadableConfig options = helper.getOptions();
        FormatTable table = open(context);
        RowType type = physicalRowType(context.getCatalogTable());
        long splitSize = options.get(FormatTableConnectorOptions.SCAN_SPLIT_SIZE).getBytes();
        int batchSize = options.get(FormatTableConnectorOptions.READ_BATCH_SIZE);
        Duration interval =
                options.getOptional(FormatTableConnectorOptions.SOURCE_MONITOR_INTERVAL)
                        .orElse(null);
        LookupSettings lookup = LookupSettings.of(context.getCatalogTable().getOptions());
        // A catalog table takes partitions as the catalog lists them, for its statistics.
        return (servesCatalog()
                        ? new CatalogTableSource(table, type, splitSize, batchSize, interval)
                        : new FormatTableDynamicSource(table, type, splitSize, batchSize, interval))
                .withLookup(lookup);
    }

    @Override
    public DynamicTableSink createDynamicTableSink(Context context) {
        FlinkLine.checkRunning();
        FactoryUtil.TableFactoryHelper helper = FactoryUtil.createTableFactoryHelper(this, context);
        validate(helper, context);
        boolean streaming =
                context.getConfiguration().get(ExecutionOptions.RUNTIME_MODE)
                        == RuntimeExecutionMode.STREAMING;
        FormatTable table = open(context);
        FormatTableDynamicSink sink =
                new FormatTableDynamicSink(
                        table,
                        partitionCommit(context, table),
                        compaction(context, table),
                        physicalRowType(context.getCatalogTable()),
                        helper.getOptions()
                                .getOptional(FormatTableConnectorOptions.SINK_PARALLELISM)
                                .orElse(null),
                        streaming);
        sink.withShuffleByPartition(
                helper.getOptions().get(FormatTableConnectorOptions.SINK_SHUFFLE_BY_PARTITION));
        if (!servesCatalog()) {
            return sink;
        }
        return catalogTables.createsBySchemaFile()
                ? sink.withCatalogStaging(table.schema())
                : sink.withStagingRefused(
                        "An atomic CREATE TABLE AS SELECT ('table.rtas-ctas.atomicity-enabled'"
                                + "='true') is not supported by a catalog whose metastore keeps"
                                + " the schema away from the table's directory; set it to"
                                + " 'false' to create the table first and then insert");
    }

    private static void validate(FactoryUtil.TableFactoryHelper helper, Context context) {
        helper.validateExcept(FormatTableConnectorOptions.FORMAT_PREFIXES.toArray(new String[0]));
        served(
                context,
                () -> {
                    FormatTableConnectorOptions.checkRanges(
                            helper.getOptions(), context.getCatalogTable().getOptions());
                    return null;
                });
    }

    /** The compaction the table's options ask for. */
    private static CompactionSettings compaction(Context context, FormatTable table) {
        return served(
                context,
                () ->
                        CompactionSettings.of(
                                context.getCatalogTable().getOptions(),
                                table.options().targetFileSize()));
    }

    /** The partition commit the table's options ask for, checked against its partition keys. */
    private static PartitionCommitSettings partitionCommit(Context context, FormatTable table) {
        ObjectIdentifier id = context.getObjectIdentifier();
        return served(
                context,
                () ->
                        PartitionCommitSettings.of(
                                        context.getCatalogTable().getOptions(),
                                        table.layout(),
                                        table.partitionRegistry().isPresent(),
                                        context.getClassLoader())
                                .withTableName(
                                        id.getCatalogName(),
                                        id.getDatabaseName(),
                                        id.getObjectName()));
    }

    /** What {@code read} reads from the options, or the refusal naming the table. */
    private static <T> T served(Context context, Supplier<T> read) {
        try {
            return read.get();
        } catch (IllegalArgumentException e) {
            throw new ValidationException(
                    "Format table "
                            + context.getObjectIdentifier().asSummaryString()
                            + " cannot be served: "
                            + e.getMessage(),
                    e);
        }
    }

    private static RowType physicalRowType(ResolvedCatalogTable table) {
        return (RowType) table.getResolvedSchema().toPhysicalRowDataType().getLogicalType();
    }

    /** The core table of a catalog table, validated by the core. */
    FormatTable open(Context context) {
        ResolvedCatalogTable catalogTable = context.getCatalogTable();
        String name = context.getObjectIdentifier().asSummaryString();
        try {
            if (catalogTables != null) {
                return openCatalogTable(context, catalogTable);
            }
            ResolvedSchema schema = catalogTable.getResolvedSchema();
            List<RowType.RowField> fields = new ArrayList<>();
            for (Column column : schema.getColumns()) {
                if (column.isPhysical()) {
                    fields.add(
                            new RowType.RowField(
                                    column.getName(),
                                    column.getDataType().getLogicalType(),
                                    column.getComment().orElse(null)));
                }
            }
            List<String> primaryKey =
                    schema.getPrimaryKey().map(k -> k.getColumns()).orElse(List.of());
            Map<String, String> options = new HashMap<>(catalogTable.getOptions());
            options.remove(FactoryUtil.CONNECTOR.key());
            String path = options.remove(FormatTableConnectorOptions.PATH.key());
            return FormatTables.open(
                    path,
                    new RowType(fields),
                    catalogTable.getPartitionKeys(),
                    primaryKey,
                    options,
                    catalogTable.getComment());
        } catch (IllegalArgumentException e) {
            throw new ValidationException(
                    "Format table " + name + " cannot be served: " + e.getMessage(), e);
        }
    }

    private FormatTable openCatalogTable(Context context, ResolvedCatalogTable catalogTable) {
        ObjectPath path = context.getObjectIdentifier().toObjectPath();
        try {
            return catalogTables.open(path, catalogTable);
        } catch (TableNotExistException e) {
            throw new ValidationException(e.getMessage(), e);
        }
    }

    /** Whether the tables of this factory belong to a catalog. */
    boolean servesCatalog() {
        return catalogTables != null;
    }
}
