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
package dev.formattable.flink.sink;

import dev.formattable.core.FormatTable;
import dev.formattable.core.options.FormatTableOptions;
import dev.formattable.flink.config.CompactionOptions;
import dev.formattable.flink.config.CompactionSettings;
import dev.formattable.flink.config.PartitionCommitOptions;
import dev.formattable.flink.config.PartitionCommitSettings;
import dev.formattable.flink.config.TimeRolling;
import dev.formattable.flink.internal.FlinkLine;
import dev.formattable.flink.tables.FormatTables;

import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.table.types.logical.RowType;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Builds the sink of a format table for a DataStream program. It is the sink the SQL connector uses
 * for INSERT INTO, so both stage, commit and recover the same way.
 *
 * <pre>{@code
 * FormatTableSink sink =
 *         FormatTableSink.forRowData("s3://bucket/orders", rowType)
 *                 .partitionKeys("dt")
 *                 .format("parquet")
 *                 .build();
 * rows.sinkTo(sink);
 * }</pre>
 *
 * <p>The sink receives {@link org.apache.flink.table.data.RowData} of the row type given here,
 * every column of the table in order, partition columns included. It only appends; it accepts only
 * rows of kind INSERT. Options are the table options of docs/options.md, the partition commit and
 * compaction options ({@code sink.partition-commit.*}, {@code partition.time-extractor.*}, {@code
 * auto-compaction}, {@code compaction.*}, see docs/streaming.md) and the pass-through {@code
 * parquet.*} and {@code orc.*} keys; any other key is refused by name. Build a new sink for each
 * job.
 */
@PublicEvolving
public final class FormatTableSinkBuilder {

    private final String path;
    private final RowType rowType;
    private List<String> partitionKeys = List.of();
    private final Map<String, String> options = new LinkedHashMap<>();

    FormatTableSinkBuilder(String path, RowType rowType) {
        this.path = Objects.requireNonNull(path, "path");
        this.rowType = Objects.requireNonNull(rowType, "rowType");
    }

    /** The partition keys, in directory order. None by default. */
    public FormatTableSinkBuilder partitionKeys(String... keys) {
        this.partitionKeys = List.of(keys);
        return this;
    }

    /**
     * The file format, {@code parquet} (the default) or {@code orc}: the option {@code
     * file.format}.
     */
    public FormatTableSinkBuilder format(String format) {
        return option(FormatTableOptions.FILE_FORMAT.key(), format);
    }

    /** Sets one option; a later value for the same key wins. */
    public FormatTableSinkBuilder option(String key, String value) {
        options.put(Objects.requireNonNull(key, "key"), Objects.requireNonNull(value, key));
        return this;
    }

    /** Sets several options. */
    public FormatTableSinkBuilder options(Map<String, String> options) {
        options.forEach(this::option);
        return this;
    }

    /**
     * The sink, appending to the table.
     *
     * @throws IllegalArgumentException when an option is unknown, or when the core refuses the
     *     table (with the message the SQL connector gives)
     */
    public FormatTableSink build() {
        FlinkLine.checkRunning();
        List<String> sinkKeys = new ArrayList<>();
        PartitionCommitOptions.all().forEach(o -> sinkKeys.add(o.key()));
        CompactionOptions.all().forEach(o -> sinkKeys.add(o.key()));
        TimeRolling.all().forEach(o -> sinkKeys.add(o.key()));
        FormatTables.checkKeys(options, sinkKeys);
        FormatTable table = FormatTables.open(path, rowType, partitionKeys, options);
        PartitionCommitSettings partitionCommit =
                PartitionCommitSettings.of(
                                options,
                                table.layout(),
                                Thread.currentThread().getContextClassLoader())
                        .withTableName("", "", table.qualifiedLocation().name());
        return FormatTableSink.builder(table, rowType)
                .partitionCommit(partitionCommit)
                .compaction(CompactionSettings.of(options, table.options().targetFileSize()))
                .enforceNotNull()
                .build();
    }
}
