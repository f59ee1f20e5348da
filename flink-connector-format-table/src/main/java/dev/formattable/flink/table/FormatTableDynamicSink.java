package dev.formattable.flink.table;

import dev.formattable.core.FormatTable;
import dev.formattable.flink.sink.FormatTableSink;

import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.connector.ChangelogMode;
import org.apache.flink.table.connector.sink.DynamicTableSink;
import org.apache.flink.table.connector.sink.SinkV2Provider;
import org.apache.flink.table.connector.sink.abilities.SupportsOverwrite;
import org.apache.flink.table.connector.sink.abilities.SupportsPartitioning;
import org.apache.flink.table.types.logical.RowType;

import java.util.LinkedHashMap;
import java.util.Map;

/** The SQL sink of a format table: INSERT INTO and INSERT OVERWRITE, static or dynamic. */
public final class FormatTableDynamicSink
        implements DynamicTableSink, SupportsOverwrite, SupportsPartitioning {

    private final FormatTable table;
    private final RowType rowType;
    private final Integer parallelism;
    private final boolean streaming;
    private boolean overwrite;
    private LinkedHashMap<String, String> staticPartition = new LinkedHashMap<>();
    private boolean grouped;

    public FormatTableDynamicSink(
            FormatTable table, RowType rowType, Integer parallelism, boolean streaming) {
        this.table = table;
        this.rowType = rowType;
        this.parallelism = parallelism;
        this.streaming = streaming;
    }

    @Override
    public ChangelogMode getChangelogMode(ChangelogMode requestedMode) {
        return ChangelogMode.insertOnly();
    }

    @Override
    public SinkRuntimeProvider getSinkRuntimeProvider(Context context) {
        if (overwrite && (streaming || !context.isBounded())) {
            throw new ValidationException(
                    "INSERT OVERWRITE into format table "
                            + table.location()
                            + " is only supported in batch mode: a streaming job has no end at"
                            + " which to replace the data");
        }
        FormatTableSink sink =
                new FormatTableSink(table, rowType, overwrite, staticPartition, grouped);
        return parallelism == null ? SinkV2Provider.of(sink) : SinkV2Provider.of(sink, parallelism);
    }

    @Override
    public void applyOverwrite(boolean overwrite) {
        this.overwrite = overwrite;
    }

    @Override
    public void applyStaticPartition(Map<String, String> partition) {
        // Keep the table's key order; the core checks that the keys are a leading run.
        LinkedHashMap<String, String> ordered = new LinkedHashMap<>();
        for (String key : table.layout().keys()) {
            if (partition.containsKey(key)) {
                ordered.put(key, partition.get(key));
            }
        }
        this.staticPartition = ordered;
    }

    @Override
    public boolean requiresPartitionGrouping(boolean supportsGrouping) {
        this.grouped = supportsGrouping;
        return supportsGrouping;
    }

    @Override
    public DynamicTableSink copy() {
        FormatTableDynamicSink copy =
                new FormatTableDynamicSink(table, rowType, parallelism, streaming);
        copy.overwrite = overwrite;
        copy.staticPartition = new LinkedHashMap<>(staticPartition);
        copy.grouped = grouped;
        return copy;
    }

    @Override
    public String asSummaryString() {
        return "format-table(" + table.location() + ")";
    }
}
