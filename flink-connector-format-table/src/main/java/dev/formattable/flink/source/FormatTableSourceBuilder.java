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
package dev.formattable.flink.source;

import dev.formattable.core.FormatTable;
import dev.formattable.core.options.FormatTableOptions;
import dev.formattable.core.partition.PartitionPredicate;
import dev.formattable.flink.config.FormatTableConnectorOptions;
import dev.formattable.flink.internal.FlinkLine;
import dev.formattable.flink.lookup.FormatTableLookup;
import dev.formattable.flink.lookup.LookupSettings;
import dev.formattable.flink.read.ReadSpec;
import dev.formattable.flink.source.enumerator.ScanSpec;
import dev.formattable.flink.tables.FormatTables;

import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.types.logical.RowType;

import javax.annotation.Nullable;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Builds the source of a format table for a DataStream program. It is the source the SQL connector
 * uses: both build a {@link ScanSpec} and a {@link ReadSpec}, so both read a table the same way.
 *
 * <pre>{@code
 * FormatTableSource source =
 *         FormatTableSource.forRowData("s3://bucket/orders", rowType)
 *                 .partitionKeys("dt")
 *                 .format("parquet")
 *                 .project("id", "dt")
 *                 .partitionFilter(PartitionPredicate.greaterOrEqual("dt", "2024-01-01"))
 *                 .build();
 * env.fromSource(source, WatermarkStrategy.noWatermarks(), "orders");
 * }</pre>
 *
 * <p>The source produces {@link RowData} of {@link #producedType()}: the projected columns in the
 * order {@link #project} names them, or every column of the row type when there is no projection.
 *
 * <p>Options are the table options of docs/options.md, the pass-through {@code parquet.*} and
 * {@code orc.*} keys, and the read options {@code scan.split.target-size} and {@code
 * scan.batch-size}. Any other key is refused by name.
 */
@PublicEvolving
public final class FormatTableSourceBuilder {

    private final String path;
    private final RowType rowType;
    private List<String> partitionKeys = List.of();
    private final Map<String, String> options = new LinkedHashMap<>();
    @Nullable private List<String> projection;
    @Nullable private PartitionPredicate partitionFilter;
    @Nullable private Duration monitorInterval;

    FormatTableSourceBuilder(String path, RowType rowType) {
        this.path = Objects.requireNonNull(path, "path");
        this.rowType = Objects.requireNonNull(rowType, "rowType");
    }

    /** The partition keys, in directory order. None by default. */
    public FormatTableSourceBuilder partitionKeys(String... keys) {
        this.partitionKeys = List.of(keys);
        return this;
    }

    /**
     * The file format, {@code parquet} (the default) or {@code orc}: the option {@code
     * file.format}.
     */
    public FormatTableSourceBuilder format(String format) {
        return option(FormatTableOptions.FILE_FORMAT.key(), format);
    }

    /** Sets one option; a later value for the same key wins. */
    public FormatTableSourceBuilder option(String key, String value) {
        options.put(Objects.requireNonNull(key, "key"), Objects.requireNonNull(value, key));
        return this;
    }

    /** Sets several options. */
    public FormatTableSourceBuilder options(Map<String, String> options) {
        options.forEach(this::option);
        return this;
    }

    /**
     * Reads only these columns, in this order. Partition columns may be among them.
     *
     * @throws IllegalArgumentException naming a column that does not exist or is named twice
     */
    public FormatTableSourceBuilder project(String... columns) {
        Set<String> seen = new HashSet<>();
        for (String column : columns) {
            if (!rowType.getFieldNames().contains(column)) {
                throw new IllegalArgumentException(
                        String.format(
                                "Column '%s' does not exist; the columns are %s",
                                column, rowType.getFieldNames()));
            }
            if (!seen.add(column)) {
                throw new IllegalArgumentException(
                        String.format("The projection names column '%s' more than once", column));
            }
        }
        this.projection = List.of(columns);
        return this;
    }

    /**
     * Reads only the partitions this predicate accepts. Directories it rules out are not listed. It
     * is checked against the partition keys when the source is built.
     */
    public FormatTableSourceBuilder partitionFilter(PartitionPredicate predicate) {
        this.partitionFilter = Objects.requireNonNull(predicate, "predicate");
        return this;
    }

    /**
     * Makes the source continuous: the table is listed again every {@code interval}, and each file
     * not seen before is read once, whole. Without this the source is bounded and reads the files
     * present when the job starts.
     */
    public FormatTableSourceBuilder monitorContinuously(Duration interval) {
        Objects.requireNonNull(interval, "interval");
        if (interval.isNegative() || interval.isZero()) {
            throw new IllegalArgumentException(
                    "The monitoring interval must be positive, but is " + interval);
        }
        this.monitorInterval = interval;
        return this;
    }

    /** The type of the rows the source produces: the projection of the row type. */
    public RowType producedType() {
        if (projection == null) {
            return rowType;
        }
        List<RowType.RowField> fields = new ArrayList<>();
        for (String column : projection) {
            fields.add(rowType.getFields().get(rowType.getFieldIndex(column)));
        }
        return new RowType(fields);
    }

    /**
     * The source.
     *
     * @throws IllegalArgumentException when an option is unknown, when the core refuses the table
     *     (with the message the SQL connector gives), or when the partition filter names a column
     *     that is not a partition key or a value that does not fit its column
     */
    public FormatTableSource build() {
        FormatTable table = open(List.of());
        ScanSpec scan =
                ScanSpec.builder(table)
                        .partitionFilter(partitionFilter)
                        .splitSize(splitSize())
                        .monitorContinuously(monitorInterval)
                        .build();
        return FormatTableSource.create(scan, readSpec(table), List.of());
    }

    /**
     * A lookup of the table by these key columns, to join a DataStream with ({@link
     * FormatTableLookup}): the table (its projection, its partitions the filter keeps) cached whole
     * in each joining subtask and reloaded on its schedule. Besides the source's options it takes
     * the lookup keys of a SQL lookup join: {@code lookup.full-cache.*} (the reloads and the bound)
     * and {@code streaming-source.partition.include} / {@code partition-order} (the latest
     * partition alone).
     *
     * @throws IllegalArgumentException when an option is unknown or refused, when a key column is
     *     not among the columns read, or when the source was made continuous (a lookup reloads on
     *     its own schedule instead)
     */
    public FormatTableLookup buildLookup(String... keyColumns) {
        if (monitorInterval != null) {
            throw new IllegalArgumentException(
                    "A lookup is reloaded on its own schedule ('lookup.full-cache.*' options),"
                            + " not monitored continuously");
        }
        if (keyColumns.length == 0) {
            throw new IllegalArgumentException("A lookup needs at least one key column");
        }
        FormatTable table = open(LookupSettings.keys());
        ReadSpec read = readSpec(table);
        RowType produced = read.producedType();
        int[] keys = new int[keyColumns.length];
        for (int i = 0; i < keys.length; i++) {
            keys[i] = produced.getFieldNames().indexOf(keyColumns[i]);
            if (keys[i] < 0) {
                throw new IllegalArgumentException(
                        String.format(
                                "Key column '%s' is not among the columns read, %s",
                                keyColumns[i], produced.getFieldNames()));
            }
        }
        LookupSettings settings = LookupSettings.of(options);
        try {
            ScanSpec scan =
                    ScanSpec.builder(table)
                            .partitionFilter(partitionFilter)
                            .splitSize(splitSize())
                            .build();
            return FormatTableLookup.of(scan, read, List.of(), keys, settings, path);
        } catch (ValidationException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
    }

    /**
     * The table, its options checked.
     *
     * @param extraKeys keys taken besides the table's and the read options
     */
    private FormatTable open(List<String> extraKeys) {
        FlinkLine.checkRunning();
        List<String> known = new ArrayList<>(extraKeys);
        known.add(FormatTableConnectorOptions.SCAN_SPLIT_SIZE.key());
        known.add(FormatTableConnectorOptions.READ_BATCH_SIZE.key());
        FormatTables.checkKeys(options, known);
        FormatTableConnectorOptions.checkRanges(Configuration.fromMap(options), options);
        FormatTable table = FormatTables.open(path, rowType, partitionKeys, options);
        if (partitionFilter != null) {
            partitionFilter.bind(table.layout());
        }
        return table;
    }

    private long splitSize() {
        return Configuration.fromMap(options)
                .get(FormatTableConnectorOptions.SCAN_SPLIT_SIZE)
                .getBytes();
    }

    private ReadSpec readSpec(FormatTable table) {
        int[] indexes =
                projection == null
                        ? null
                        : projection.stream().mapToInt(rowType::getFieldIndex).toArray();
        int batchSize =
                Configuration.fromMap(options).get(FormatTableConnectorOptions.READ_BATCH_SIZE);
        return ReadSpec.builder(table, rowType).projection(indexes).batchSize(batchSize).build();
    }
}
