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
import dev.formattable.flink.fs.FlinkFileIO;
import dev.formattable.flink.lineage.TableLineage;
import dev.formattable.flink.read.FormatTableBulkFormat;
import dev.formattable.flink.read.FormatTableSplitSerializer;
import dev.formattable.flink.read.ReadCounters;
import dev.formattable.flink.read.ReadSpec;
import dev.formattable.flink.source.enumerator.FormatTableFileEnumerator;
import dev.formattable.flink.source.enumerator.PlanningMetrics;
import dev.formattable.flink.source.enumerator.ScanSpec;
import dev.formattable.flink.source.reader.FormatTableSourceReader;

import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.connector.source.Boundedness;
import org.apache.flink.api.connector.source.Source;
import org.apache.flink.api.connector.source.SourceReader;
import org.apache.flink.api.connector.source.SourceReaderContext;
import org.apache.flink.api.connector.source.SplitEnumerator;
import org.apache.flink.api.connector.source.SplitEnumeratorContext;
import org.apache.flink.api.java.typeutils.ResultTypeQueryable;
import org.apache.flink.connector.file.src.FileSource;
import org.apache.flink.connector.file.src.FileSourceSplit;
import org.apache.flink.connector.file.src.PendingSplitsCheckpoint;
import org.apache.flink.connector.file.src.PendingSplitsCheckpointSerializer;
import org.apache.flink.core.io.SimpleVersionedSerializer;
import org.apache.flink.streaming.api.lineage.LineageVertexProvider;
import org.apache.flink.streaming.api.lineage.SourceLineageVertex;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.expressions.Expression;
import org.apache.flink.table.types.logical.RowType;

import java.util.List;

/**
 * The source of a format table: Flink's {@link FileSource} over the parquet or orc bulk format,
 * with files found by the core's pruned planner and partition columns rebuilt from the directory
 * names. The SQL connector and DataStream programs ({@link #forRowData}) use the same source.
 *
 * <p>It is bounded, or, with a monitoring interval, continuous: the table is listed again at every
 * interval and each file that was not seen before is read once, whole. Its readers ({@link
 * FormatTableSourceReader}) keep the next split at hand while they read one.
 *
 * <p>Each reader registers the counters {@value #LOST_FILES_SKIPPED} and {@value
 * #CORRUPT_FILES_SKIPPED} in its operator's metric group (files the table's {@code scan.ignore-*}
 * options let it skip) and {@value #ROWS_READ}; the enumerator registers {@link PlanningMetrics} in
 * the metric group of the source's coordinator.
 */
@PublicEvolving
public final class FormatTableSource
        implements Source<RowData, FileSourceSplit, PendingSplitsCheckpoint<FileSourceSplit>>,
                ResultTypeQueryable<RowData>,
                LineageVertexProvider {

    private static final long serialVersionUID = 1L;

    /** The metric counting data files that were listed but gone when read, and were skipped. */
    public static final String LOST_FILES_SKIPPED = ReadCounters.LOST_FILES_SKIPPED;

    /** The metric counting data files that could not be decoded, and were skipped. */
    public static final String CORRUPT_FILES_SKIPPED = ReadCounters.CORRUPT_FILES_SKIPPED;

    /** The metric counting csv and json lines dropped as malformed ('csv.mode', json errors). */
    public static final String MALFORMED_LINES_DROPPED = ReadCounters.MALFORMED_LINES_DROPPED;

    /** The metric counting rows decoded from data files, before any filter of Flink's. */
    public static final String ROWS_READ = ReadCounters.ROWS_READ;

    /** The metric counting splits (files or byte ranges of them) a reader opened. */
    public static final String SPLITS_READ = ReadCounters.SPLITS_READ;

    /** The metric counting data files a reader began to read from their start. */
    public static final String FILES_READ = ReadCounters.FILES_READ;

    /** The metric counting parquet row groups that pushed-down filters kept from being read. */
    public static final String ROW_GROUPS_SKIPPED = ReadCounters.ROW_GROUPS_SKIPPED;

    private final FileSource<RowData> files;
    private final FormatTableBulkFormat format;
    private final FormatTableFileEnumerator.Provider enumerators;
    private final FormatTable table;

    private FormatTableSource(
            FileSource<RowData> files,
            FormatTableBulkFormat format,
            FormatTableFileEnumerator.Provider enumerators,
            FormatTable table) {
        this.files = files;
        this.format = format;
        this.enumerators = enumerators;
        this.table = table;
    }

    /** The table this source reads, as Flink's lineage API sees it (see {@link TableLineage}). */
    @Override
    public SourceLineageVertex getLineageVertex() {
        return TableLineage.source(table, getBoundedness());
    }

    @Override
    public Boundedness getBoundedness() {
        return files.getBoundedness();
    }

    @Override
    public SourceReader<RowData, FileSourceSplit> createReader(SourceReaderContext context) {
        return new FormatTableSourceReader(
                context,
                format.counting(ReadCounters.register(context.metricGroup())),
                context.getConfiguration());
    }

    @Override
    public SplitEnumerator<FileSourceSplit, PendingSplitsCheckpoint<FileSourceSplit>>
            createEnumerator(SplitEnumeratorContext<FileSourceSplit> context) {
        enumerators.useMetrics(new PlanningMetrics(context.metricGroup()));
        return files.createEnumerator(context);
    }

    @Override
    public SplitEnumerator<FileSourceSplit, PendingSplitsCheckpoint<FileSourceSplit>>
            restoreEnumerator(
                    SplitEnumeratorContext<FileSourceSplit> context,
                    PendingSplitsCheckpoint<FileSourceSplit> checkpoint) {
        enumerators.useMetrics(new PlanningMetrics(context.metricGroup()));
        return files.restoreEnumerator(context, checkpoint);
    }

    @Override
    public SimpleVersionedSerializer<FileSourceSplit> getSplitSerializer() {
        return FormatTableSplitSerializer.INSTANCE;
    }

    @Override
    public SimpleVersionedSerializer<PendingSplitsCheckpoint<FileSourceSplit>>
            getEnumeratorCheckpointSerializer() {
        return new PendingSplitsCheckpointSerializer<>(FormatTableSplitSerializer.INSTANCE);
    }

    @Override
    public TypeInformation<RowData> getProducedType() {
        return files.getProducedType();
    }

    /**
     * Starts building a DataStream source over the table at {@code path} whose columns are the
     * fields of {@code rowType}, in order (partition columns included).
     */
    public static FormatTableSourceBuilder forRowData(String path, RowType rowType) {
        return new FormatTableSourceBuilder(path, rowType);
    }

    /**
     * The source scanning what {@code scan} says and reading each file as {@code read} says; {@code
     * dataFilters}, predicates on data columns, let the readers skip row groups and stripes (rows
     * are not filtered: the caller still evaluates them).
     */
    public static FormatTableSource create(
            ScanSpec scan, ReadSpec read, List<? extends Expression> dataFilters) {
        FormatTableBulkFormat format = new FormatTableBulkFormat(read, dataFilters);
        FormatTableFileEnumerator.Provider enumerators =
                new FormatTableFileEnumerator.Provider(scan);
        FileSource.FileSourceBuilder<RowData> builder =
                FileSource.forBulkFileFormat(
                                format, FlinkFileIO.toFlink(scan.table().qualifiedLocation()))
                        .setFileEnumerator(enumerators);
        if (scan.monitorInterval() != null) {
            builder.monitorContinuously(scan.monitorInterval());
        }
        return new FormatTableSource(builder.build(), format, enumerators, scan.table());
    }
}
