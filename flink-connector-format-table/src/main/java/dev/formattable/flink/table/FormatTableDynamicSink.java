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
import dev.formattable.core.schema.TableSchema;
import dev.formattable.flink.config.CompactionSettings;
import dev.formattable.flink.config.PartitionCommitSettings;
import dev.formattable.flink.sink.FormatTableSink;
import dev.formattable.flink.sink.FormatTableSinkTopology;
import dev.formattable.flink.sink.PartitionKeySelector;

import org.apache.flink.annotation.Internal;
import org.apache.flink.api.connector.sink2.Sink;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.datastream.DataStreamSink;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.catalog.StagedTable;
import org.apache.flink.table.connector.ChangelogMode;
import org.apache.flink.table.connector.ProviderContext;
import org.apache.flink.table.connector.sink.DataStreamSinkProvider;
import org.apache.flink.table.connector.sink.DynamicTableSink;
import org.apache.flink.table.connector.sink.SinkV2Provider;
import org.apache.flink.table.connector.sink.abilities.SupportsOverwrite;
import org.apache.flink.table.connector.sink.abilities.SupportsPartitioning;
import org.apache.flink.table.connector.sink.abilities.SupportsStaging;
import org.apache.flink.table.connector.sink.abilities.SupportsTruncate;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.types.logical.RowType;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/** The SQL sink of a format table: INSERT INTO and INSERT OVERWRITE, static or dynamic. */
@Internal
public final class FormatTableDynamicSink
        implements DynamicTableSink,
                SupportsOverwrite,
                SupportsPartitioning,
                SupportsTruncate,
                SupportsStaging {

    private final FormatTable table;
    private final PartitionCommitSettings partitionCommit;
    private final CompactionSettings compaction;
    private final RowType rowType;
    private final Integer parallelism;
    private final boolean streaming;
    private boolean overwrite;
    private LinkedHashMap<String, String> staticPartition = new LinkedHashMap<>();
    private boolean grouped;
    private boolean shuffleByPartition;

    /** For a catalog table: the schema a CREATE TABLE AS SELECT stores when its job succeeds. */
    private TableSchema catalogSchema;

    private String stagingRefusal;

    public FormatTableDynamicSink(
            FormatTable table,
            PartitionCommitSettings partitionCommit,
            CompactionSettings compaction,
            RowType rowType,
            Integer parallelism,
            boolean streaming) {
        this.table = table;
        this.partitionCommit = partitionCommit;
        this.compaction = compaction;
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
        FormatTableSink.Builder builder =
                FormatTableSink.builder(table, rowType)
                        .inputGroupedByPartition(grouped)
                        .partitionCommit(partitionCommit)
                        .compaction(compaction);
        if (overwrite) {
            builder.overwrite(staticPartition);
        }
        FormatTableSink sink = builder.build();
        boolean shuffle = shuffleByPartition && staticPartition.size() < table.layout().levels();
        return new Provider() {
            @Override
            public Sink<RowData> createSink() {
                return sink;
            }

            @Override
            public DataStreamSink<?> consumeDataStream(
                    ProviderContext context, DataStream<RowData> rows) {
                // The planner itself hashes by the partition keys for this option, at the
                // input's parallelism; a writer of another parallelism needs its own exchange.
                boolean rehash =
                        shuffle && parallelism != null && parallelism != rows.getParallelism();
                return FormatTableSinkTopology.attach(
                        sink,
                        rehash ? rows.keyBy(partitionKey()) : rows,
                        parallelism,
                        context::generateUid);
            }

            @Override
            public Optional<Integer> getParallelism() {
                return Optional.ofNullable(parallelism);
            }
        };
    }

    /**
     * The planner lays out the sink's operators through {@link DataStreamSinkProvider}, which it
     * prefers. {@link SinkV2Provider} hands it the same sink as a plain Sink V2, which is where
     * Flink's planner (from 2.0) asks a sink what it writes for the job's lineage: without it, the
     * table's dataset in the lineage graph would have no namespace.
     */
    private interface Provider extends DataStreamSinkProvider, SinkV2Provider {}

    private PartitionKeySelector partitionKey() {
        return new PartitionKeySelector(rowType, table.layout().keys());
    }

    /**
     * Hash rows by partition before the writers ({@code sink.shuffle-by-partition.enable}). The
     * planner reads the same key and hashes the input itself, so this sink adds an exchange only
     * where the writers' parallelism is not the input's.
     */
    FormatTableDynamicSink withShuffleByPartition(boolean shuffle) {
        this.shuffleByPartition = shuffle;
        return this;
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

    /** Makes CREATE TABLE AS SELECT atomic for a catalog table (see {@link #applyStaging}). */
    FormatTableDynamicSink withCatalogStaging(TableSchema schema) {
        this.catalogSchema = schema;
        return this;
    }

    /** Refuses an atomic CREATE TABLE AS SELECT, for the reason given. */
    FormatTableDynamicSink withStagingRefused(String reason) {
        this.stagingRefusal = reason;
        return this;
    }

    @Override
    public void executeTruncation() {
        try {
            table.maintenance().truncate();
        } catch (FileNotFoundException e) {
            // No directory, no data.
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot truncate format table " + table.location(), e);
        }
    }

    /**
     * For a catalog table, the table appears only when the job succeeds: its schema is written at
     * commit, and an aborted statement removes what it wrote. A table of the connector has no
     * catalog entry to stage; there, the data is simply what the job committed.
     */
    @Override
    public StagedTable applyStaging(StagingContext context) {
        if (stagingRefusal != null) {
            throw new ValidationException(stagingRefusal);
        }
        return new CatalogStagedTable(table, catalogSchema);
    }

    @Override
    public DynamicTableSink copy() {
        FormatTableDynamicSink copy =
                new FormatTableDynamicSink(
                        table, partitionCommit, compaction, rowType, parallelism, streaming);
        copy.overwrite = overwrite;
        copy.staticPartition = new LinkedHashMap<>(staticPartition);
        copy.grouped = grouped;
        copy.shuffleByPartition = shuffleByPartition;
        copy.catalogSchema = catalogSchema;
        copy.stagingRefusal = stagingRefusal;
        return copy;
    }

    @Override
    public String asSummaryString() {
        return "format-table(" + table.location() + ")";
    }
}
