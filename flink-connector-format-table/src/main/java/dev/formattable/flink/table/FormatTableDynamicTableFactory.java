package dev.formattable.flink.table;

import dev.formattable.core.FormatTable;

import org.apache.flink.api.common.RuntimeExecutionMode;
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.ExecutionOptions;
import org.apache.flink.configuration.ReadableConfig;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.catalog.Column;
import org.apache.flink.table.catalog.ResolvedCatalogTable;
import org.apache.flink.table.catalog.ResolvedSchema;
import org.apache.flink.table.connector.sink.DynamicTableSink;
import org.apache.flink.table.connector.source.DynamicTableSource;
import org.apache.flink.table.factories.DynamicTableSinkFactory;
import org.apache.flink.table.factories.DynamicTableSourceFactory;
import org.apache.flink.table.factories.FactoryUtil;
import org.apache.flink.table.types.logical.RowType;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The {@code format-table} connector: {@code CREATE TABLE t (...) PARTITIONED BY (...) WITH
 * ('connector'='format-table', 'path'='...', 'file.format'='parquet')}.
 *
 * <p>Every key is declared (a misspelt one is refused by name), except the {@code parquet.*} and
 * {@code orc.*} keys that pass through to the formats. The table is validated by the core when it
 * is planned, and refused by name when it cannot be served.
 */
public class FormatTableDynamicTableFactory
        implements DynamicTableSourceFactory, DynamicTableSinkFactory {

    public static final String IDENTIFIER = "format-table";

    @Override
    public String factoryIdentifier() {
        return IDENTIFIER;
    }

    @Override
    public Set<ConfigOption<?>> requiredOptions() {
        Set<ConfigOption<?>> options = new HashSet<>();
        options.add(FormatTableConnectorOptions.PATH);
        return options;
    }

    @Override
    public Set<ConfigOption<?>> optionalOptions() {
        Set<ConfigOption<?>> options =
                new HashSet<>(FormatTableConnectorOptions.connectorOptions());
        options.remove(FormatTableConnectorOptions.PATH);
        options.addAll(FormatTableConnectorOptions.tableOptions());
        return options;
    }

    @Override
    public DynamicTableSource createDynamicTableSource(Context context) {
        FactoryUtil.TableFactoryHelper helper = FactoryUtil.createTableFactoryHelper(this, context);
        validate(helper);
        ReadableConfig options = helper.getOptions();
        return new FormatTableDynamicSource(
                open(context),
                physicalRowType(context.getCatalogTable()),
                options.get(FormatTableConnectorOptions.SCAN_SPLIT_SIZE).getBytes(),
                options.get(FormatTableConnectorOptions.READ_BATCH_SIZE));
    }

    @Override
    public DynamicTableSink createDynamicTableSink(Context context) {
        FactoryUtil.TableFactoryHelper helper = FactoryUtil.createTableFactoryHelper(this, context);
        validate(helper);
        boolean streaming =
                context.getConfiguration().get(ExecutionOptions.RUNTIME_MODE)
                        == RuntimeExecutionMode.STREAMING;
        return new FormatTableDynamicSink(
                open(context),
                physicalRowType(context.getCatalogTable()),
                helper.getOptions()
                        .getOptional(FormatTableConnectorOptions.SINK_PARALLELISM)
                        .orElse(null),
                streaming);
    }

    private static void validate(FactoryUtil.TableFactoryHelper helper) {
        helper.validateExcept(FormatTableConnectorOptions.FORMAT_PREFIXES.toArray(new String[0]));
    }

    private static RowType physicalRowType(ResolvedCatalogTable table) {
        return (RowType) table.getResolvedSchema().toPhysicalRowDataType().getLogicalType();
    }

    /** The core table of a catalog table, validated by the core. */
    static FormatTable open(Context context) {
        ResolvedCatalogTable catalogTable = context.getCatalogTable();
        ResolvedSchema schema = catalogTable.getResolvedSchema();
        String name = context.getObjectIdentifier().asSummaryString();
        try {
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
}
