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

import org.apache.flink.annotation.Internal;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.binary.BinaryRowData;
import org.apache.flink.table.runtime.typeutils.RowDataSerializer;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.LogicalTypeRoot;
import org.apache.flink.table.types.logical.RowType;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import javax.annotation.Nullable;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * A whole table in memory, by lookup key. A load builds a new map beside the one in use and swaps
 * it in only when complete, so a lookup always meets one complete load; a reload that fails keeps
 * the previous map. Rows are kept as binary rows; the bound counts their sizes and what each row
 * costs besides ({@link #ROW_OVERHEAD_BYTES}), an estimate of the heap the cache holds.
 *
 * <p>A cache may keep only some keys (those the planner routes to its subtask): the rows of other
 * keys are read and dropped, and count towards neither the rows nor the bound.
 */
@Internal
public final class FullCache {

    private static final Logger LOG = LoggerFactory.getLogger(FullCache.class);

    /**
     * The heap a cached row takes besides its binary form: the row's objects and byte array header,
     * its key and the map's entry. Measured at about 300 bytes on Java 17 with compressed pointers
     * (docs/benchmarks.md, "Lookup joins"); the bound counts it so that it bounds the heap, not
     * only the data.
     */
    static final int ROW_OVERHEAD_BYTES = 300;

    private final FullTableLoader loader;
    private final RowType rowType;
    private final int[] keys;
    private final long maxBytes;
    private final String table;
    @Nullable private final Predicate<RowData> keeps;

    /** Where the key's values are in a cached row, and in a key row looked up. */
    private final RowData.FieldGetter[] rowKeys;

    private final RowData.FieldGetter[] lookupKeys;

    /**
     * Whether the map is keyed by the value of a single key column itself, not by a row of the
     * values: that saves two objects a row. Byte arrays and nested values compare by identity, so
     * such keys stay in a {@code GenericRowData}, which compares them by contents.
     */
    private final boolean byValue;

    /** A key's one row, or its {@code List} of rows: one list fewer for unique keys. */
    private volatile Map<Object, Object> rows = Collections.emptyMap();

    private volatile long rowCount;
    private volatile long bytes;
    private volatile long loads;
    private volatile long failedLoads;
    private volatile long lastLoadMillis = -1;
    private volatile long lastSuccessTime = -1;
    private volatile boolean stopped;

    /**
     * @param rowType the rows the table produces for the join
     * @param keys the positions of the lookup keys in those rows
     * @param maxBytes the most the rows of one load may take
     * @param table the table's name or location, for errors
     * @param keeps which keys to keep, tested on a {@code GenericRowData} of the key's values; null
     *     for all
     */
    public FullCache(
            FullTableLoader loader,
            RowType rowType,
            int[] keys,
            long maxBytes,
            String table,
            @Nullable Predicate<RowData> keeps) {
        this.loader = loader;
        this.rowType = rowType;
        this.keys = keys.clone();
        this.maxBytes = maxBytes;
        this.table = table;
        this.keeps = keeps;
        this.rowKeys = new RowData.FieldGetter[keys.length];
        this.lookupKeys = new RowData.FieldGetter[keys.length];
        for (int i = 0; i < keys.length; i++) {
            LogicalType type = rowType.getTypeAt(keys[i]);
            rowKeys[i] = RowData.createFieldGetter(type, keys[i]);
            lookupKeys[i] = RowData.createFieldGetter(type, i);
        }
        this.byValue = keys.length == 1 && byValue(rowType.getTypeAt(keys[0]));
    }

    private static boolean byValue(LogicalType type) {
        LogicalTypeRoot root = type.getTypeRoot();
        return root != LogicalTypeRoot.BINARY
                && root != LogicalTypeRoot.VARBINARY
                && !LookupKeyHash.nested(type);
    }

    /**
     * The rows of a key, as last loaded; empty when none (or the key has a NULL).
     *
     * @param key the values of the key columns, in their order
     */
    @SuppressWarnings("unchecked")
    public Collection<RowData> get(RowData key) {
        Object found = rows.get(mapKey(key, lookupKeys));
        if (found == null) {
            return Collections.emptyList();
        }
        return found instanceof List
                ? (List<RowData>) found
                : Collections.singletonList((RowData) found);
    }

    private Object mapKey(RowData row, RowData.FieldGetter[] getters) {
        return byValue ? getters[0].getFieldOrNull(row) : copyKey(row, getters);
    }

    /**
     * Loads the table and swaps it in.
     *
     * @throws IOException when the table cannot be read whole, or is larger than the bound (naming
     *     the table, its size and {@link LookupSettings#MAX_SIZE}); the previous rows stay
     */
    public synchronized void load() throws IOException {
        long start = System.nanoTime();
        RowDataSerializer serializer = new RowDataSerializer(rowType);
        Map<Object, Object> loaded = new HashMap<>();
        long[] counted = new long[2];
        try {
            loader.load(
                    row -> {
                        if (hasNullKey(row)) {
                            // NULL equals nothing in a join.
                            return;
                        }
                        if (keeps != null && !keeps.test(copyKey(row, rowKeys))) {
                            return;
                        }
                        BinaryRowData copy = serializer.toBinaryRow(row).copy();
                        counted[1] += copy.getSizeInBytes() + ROW_OVERHEAD_BYTES;
                        if (counted[1] > maxBytes) {
                            throw new IOException(
                                    String.format(
                                            "The lookup cache of format table %s needs more than"
                                                    + " %d bytes (%d rows so far), more than"
                                                    + " '%s' allows; raise it, or join fewer"
                                                    + " columns or partitions",
                                            table,
                                            maxBytes,
                                            counted[0],
                                            LookupSettings.MAX_SIZE.key()));
                        }
                        // The key's values are read again from the copy: the reader reuses rows.
                        add(loaded, mapKey(copy, rowKeys), copy);
                        counted[0]++;
                    });
        } catch (IOException | RuntimeException e) {
            if (!stopped) {
                failedLoads++;
            }
            throw e;
        }
        long count = counted[0];
        long size = counted[1];
        rows = loaded;
        rowCount = count;
        bytes = size;
        loads++;
        lastLoadMillis = (System.nanoTime() - start) / 1_000_000;
        lastSuccessTime = System.currentTimeMillis();
    }

    @SuppressWarnings("unchecked")
    private static void add(Map<Object, Object> loaded, Object key, RowData row) {
        Object before = loaded.putIfAbsent(key, row);
        if (before instanceof List) {
            ((List<RowData>) before).add(row);
        } else if (before != null) {
            List<RowData> both = new ArrayList<>(2);
            both.add((RowData) before);
            both.add(row);
            loaded.put(key, both);
        }
    }

    private boolean hasNullKey(RowData row) {
        for (int key : keys) {
            if (row.isNullAt(key)) {
                return true;
            }
        }
        return false;
    }

    private static GenericRowData copyKey(RowData row, RowData.FieldGetter[] getters) {
        GenericRowData key = new GenericRowData(getters.length);
        for (int i = 0; i < getters.length; i++) {
            key.setField(i, getters[i].getFieldOrNull(row));
        }
        return key;
    }

    /**
     * Loads the table again, keeping the previous rows if that fails.
     *
     * @return whether the new rows are in use
     */
    public boolean reload() {
        try {
            load();
            return true;
        } catch (IOException | RuntimeException e) {
            if (stopped) {
                LOG.debug("A reload of format table {} ended with its join", table, e);
                return false;
            }
            LOG.warn(
                    "Reloading the lookup cache of format table {} failed; the joins go on with"
                            + " the rows loaded before ({} rows), and the next reload tries again",
                    table,
                    rowCount,
                    e);
            return false;
        }
    }

    /**
     * Marks the cache as closed with its join: a reload under way then fails as it is interrupted,
     * which is expected and not reported.
     */
    public void stop() {
        stopped = true;
    }

    public long rowCount() {
        return rowCount;
    }

    public long bytes() {
        return bytes;
    }

    /** Loads that completed, the first included. */
    public long loads() {
        return loads;
    }

    public long failedLoads() {
        return failedLoads;
    }

    /** How long the last complete load took, or -1. */
    public long lastLoadMillis() {
        return lastLoadMillis;
    }

    /** When the last complete load ended (epoch millis), or -1. */
    public long lastSuccessTime() {
        return lastSuccessTime;
    }
}
