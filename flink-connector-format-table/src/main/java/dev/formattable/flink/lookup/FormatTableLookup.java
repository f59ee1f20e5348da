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
package dev.formattable.flink.lookup;

import dev.formattable.flink.internal.LookupKeyHash;
import dev.formattable.flink.read.FormatTableBulkFormat;
import dev.formattable.flink.read.ReadSpec;
import dev.formattable.flink.source.enumerator.ScanSpec;

import org.apache.flink.annotation.Internal;
import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.api.common.functions.FlatJoinFunction;
import org.apache.flink.api.common.functions.RichFlatMapFunction;
import org.apache.flink.api.java.functions.KeySelector;
import org.apache.flink.metrics.MetricGroup;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.expressions.Expression;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import javax.annotation.Nullable;

import java.io.IOException;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Predicate;

/**
 * A format table to join against by key, cached whole in each joining subtask and reloaded on the
 * table's schedule: what a SQL lookup join ({@code FOR SYSTEM_TIME AS OF}) does, for DataStream
 * programs. Build one with {@code FormatTableSource.forRowData(path, rowType)} and its {@code
 * buildLookup(keyColumns)}, then join a stream with it:
 *
 * <pre>{@code
 * FormatTableLookup products =
 *         FormatTableSource.forRowData("s3://bucket/products", productType)
 *                 .project("id", "name", "price")
 *                 .option("lookup.full-cache.periodic-reload.interval", "15 min")
 *                 .buildLookup("id");
 * DataStream<Enriched> enriched =
 *         orders.flatMap(
 *                 products.leftJoin(
 *                         order -> GenericRowData.of(order.productId),
 *                         (order, product, out) -> out.collect(new Enriched(order, product))));
 * }</pre>
 *
 * <p>A key is a {@link RowData} of the key columns' values, in the order {@code buildLookup} names
 * them, in Flink's internal data structures ({@code StringData} for strings, and so on). The rows
 * found are {@link RowData} of {@link #producedType()}.
 */
@PublicEvolving
public final class FormatTableLookup implements Serializable {

    private static final long serialVersionUID = 1L;

    private static final Logger LOG = LoggerFactory.getLogger(FormatTableLookup.class);

    private final FullTableLoader loader;
    private final RowType rowType;
    private final int[] keys;
    private final LookupSettings settings;
    private final String table;

    /**
     * The lookup of a table as {@code scan} plans it and {@code read} reads it, filters included.
     *
     * @param keys the positions of the key columns in the rows {@code read} produces
     * @param table the table's name or location, for messages
     * @throws org.apache.flink.table.api.ValidationException naming a lookup setting refused
     */
    @Internal
    public static FormatTableLookup of(
            ScanSpec scan,
            ReadSpec read,
            List<? extends Expression> dataFilters,
            int[] keys,
            LookupSettings settings,
            String table) {
        FullTableLoader loader =
                new FullTableLoader(
                        scan,
                        new FormatTableBulkFormat(read, dataFilters),
                        settings.latestPartition(table, scan.table().layout().isPartitioned()));
        return new FormatTableLookup(loader, read.producedType(), keys, settings, table);
    }

    private FormatTableLookup(
            FullTableLoader loader,
            RowType rowType,
            int[] keys,
            LookupSettings settings,
            String table) {
        this.loader = Objects.requireNonNull(loader);
        this.rowType = Objects.requireNonNull(rowType);
        this.keys = keys.clone();
        this.settings = Objects.requireNonNull(settings);
        this.table = Objects.requireNonNull(table);
        // Refuses a cache other than FULL, or a bad reload schedule, now rather than in the job.
        settings.reloadTrigger(table);
    }

    /** The type of the rows a key finds. */
    public RowType producedType() {
        return rowType;
    }

    /**
     * An inner join: each input meets each row of its key, and an input whose key has no row (or a
     * NULL) is dropped.
     */
    public <IN, OUT> RichFlatMapFunction<IN, OUT> join(
            KeySelector<IN, RowData> key, FlatJoinFunction<IN, RowData, OUT> join) {
        return new LookupJoinFunction<>(this, key, join, false);
    }

    /**
     * A left outer join: as {@link #join}, but an input whose key has no row meets {@code null}
     * once.
     */
    public <IN, OUT> RichFlatMapFunction<IN, OUT> leftJoin(
            KeySelector<IN, RowData> key, FlatJoinFunction<IN, RowData, OUT> join) {
        return new LookupJoinFunction<>(this, key, join, true);
    }

    /**
     * Loads the table for one joining subtask and schedules its reloads.
     *
     * @param subtask this subtask's index and the number of subtasks when probe rows are routed to
     *     subtasks by {@link LookupKeyHash}, so that it keeps only its keys; null to keep all
     * @throws IOException when the first load fails
     */
    ReloadingCache open(MetricGroup metrics, @Nullable int[] subtask) throws IOException {
        FullCache cache =
                new FullCache(loader, rowType, keys, settings.maxBytes(), table, keeps(subtask));
        return ReloadingCache.start(cache, settings.reloadTrigger(table), metrics, table);
    }

    @Nullable
    private Predicate<RowData> keeps(@Nullable int[] subtask) {
        if (subtask == null) {
            return null;
        }
        List<LogicalType> keyTypes = new ArrayList<>();
        for (int key : keys) {
            keyTypes.add(rowType.getTypeAt(key));
        }
        if (!LookupKeyHash.routable(keyTypes)) {
            LOG.info(
                    "Probe rows are routed to the lookup join on format table {} by keys of"
                            + " types {}, which may hash differently on the probe side; each"
                            + " subtask caches every row",
                    table,
                    keyTypes);
            return null;
        }
        int index = subtask[0];
        int count = subtask[1];
        return key -> LookupKeyHash.subtaskOf(key, count) == index;
    }
}
