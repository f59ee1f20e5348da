package dev.formattable.flink.source;

import dev.formattable.core.FormatTable;
import dev.formattable.core.partition.PartitionPredicate;
import dev.formattable.core.scan.DataSplit;
import dev.formattable.flink.format.FormatFactories;
import dev.formattable.flink.fs.FlinkFileIO;
import dev.formattable.flink.source.enumerator.FormatTableFileEnumerator;
import dev.formattable.flink.source.enumerator.PlanningMetrics;
import dev.formattable.flink.source.reader.FormatTableBulkFormat;
import dev.formattable.flink.source.reader.MetadataColumns;

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
import org.apache.flink.connector.file.src.impl.FileSourceReader;
import org.apache.flink.core.io.SimpleVersionedSerializer;
import org.apache.flink.metrics.Counter;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.expressions.Expression;
import org.apache.flink.table.types.DataType;
import org.apache.flink.table.types.logical.RowType;

import javax.annotation.Nullable;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The source of a format table: Flink's {@link FileSource} over the parquet or orc bulk format,
 * with files found by the core's pruned planner and partition columns rebuilt from the directory
 * names. The SQL connector and DataStream programs ({@link #forRowData}) use the same source.
 *
 * <p>It is bounded, or, with a monitoring interval, continuous: the table is listed again at every
 * interval and each file that was not seen before is read once, whole.
 *
 * <p>Each reader registers the counters {@value #LOST_FILES_SKIPPED} and {@value
 * #CORRUPT_FILES_SKIPPED} in its operator's metric group (files the table's {@code scan.ignore-*}
 * options let it skip) and {@value #ROWS_READ}; the enumerator registers {@link PlanningMetrics} in
 * the metric group of the source's coordinator.
 */
public final class FormatTableSource
        implements Source<RowData, FileSourceSplit, PendingSplitsCheckpoint<FileSourceSplit>>,
                ResultTypeQueryable<RowData> {

    private static final long serialVersionUID = 1L;

    /** The metric counting data files that were listed but gone when read, and were skipped. */
    public static final String LOST_FILES_SKIPPED = "numLostFilesSkipped";

    /** The metric counting data files that could not be decoded, and were skipped. */
    public static final String CORRUPT_FILES_SKIPPED = "numCorruptFilesSkipped";

    /** The metric counting rows decoded from data files, before any filter of Flink's. */
    public static final String ROWS_READ = "numRowsReadFromFiles";

    private final FileSource<RowData> files;
    private final FormatTableBulkFormat format;
    private final FormatTableFileEnumerator.Provider enumerators;

    private FormatTableSource(
            FileSource<RowData> files,
            FormatTableBulkFormat format,
            FormatTableFileEnumerator.Provider enumerators) {
        this.files = files;
        this.format = format;
        this.enumerators = enumerators;
    }

    /** The format this source reads files with, also usable to read one file on its own. */
    public FormatTableBulkFormat bulkFormat() {
        return format;
    }

    @Override
    public Boundedness getBoundedness() {
        return files.getBoundedness();
    }

    @Override
    public SourceReader<RowData, FileSourceSplit> createReader(SourceReaderContext context) {
        Counter lost = context.metricGroup().counter(LOST_FILES_SKIPPED);
        Counter corrupt = context.metricGroup().counter(CORRUPT_FILES_SKIPPED);
        Counter rows = context.metricGroup().counter(ROWS_READ);
        return new FileSourceReader<>(
                context, format.counting(rows, lost, corrupt), context.getConfiguration());
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
        return files.getSplitSerializer();
    }

    @Override
    public SimpleVersionedSerializer<PendingSplitsCheckpoint<FileSourceSplit>>
            getEnumeratorCheckpointSerializer() {
        return files.getEnumeratorCheckpointSerializer();
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
     * A bounded source producing the {@code projection} of {@code tableType} (all columns when
     * null).
     *
     * @throws IllegalArgumentException when the projection names a column twice
     */
    public static FormatTableSource create(
            FormatTable table,
            RowType tableType,
            @Nullable int[] projection,
            @Nullable PartitionPredicate predicate,
            @Nullable Long limit,
            long splitSize,
            int batchSize) {
        return create(table, tableType, projection, predicate, limit, splitSize, batchSize, null);
    }

    /**
     * A source producing the {@code projection} of {@code tableType} (all columns when null),
     * bounded when {@code monitorInterval} is null and continuous otherwise.
     *
     * <p>A continuous source reads every file whole, whatever {@code splitSize} says: Flink's
     * continuous enumerator remembers the paths it has handed out and drops any further split of a
     * path it has seen, so a file cut into ranges would be read only in part.
     *
     * @throws IllegalArgumentException when the projection names a column twice, or a continuous
     *     source is given a limit
     */
    public static FormatTableSource create(
            FormatTable table,
            RowType tableType,
            @Nullable int[] projection,
            @Nullable PartitionPredicate predicate,
            @Nullable Long limit,
            long splitSize,
            int batchSize,
            @Nullable Duration monitorInterval) {
        return create(
                table,
                tableType,
                projection,
                predicate,
                limit,
                splitSize,
                batchSize,
                monitorInterval,
                List.of(),
                List.of(),
                null);
    }

    /**
     * As above, with the given metadata columns ({@link MetadataColumns#METADATA}) appended after
     * the projected columns, in order, and predicates on data columns with which the readers skip
     * row groups and stripes (rows are not filtered: the caller still evaluates them). A bounded
     * source given {@code planned} splits reads those files instead of listing the table again.
     */
    public static FormatTableSource create(
            FormatTable table,
            RowType tableType,
            @Nullable int[] projection,
            @Nullable PartitionPredicate predicate,
            @Nullable Long limit,
            long splitSize,
            int batchSize,
            @Nullable Duration monitorInterval,
            List<String> metadataKeys,
            List<? extends Expression> dataFilters,
            @Nullable List<DataSplit> planned) {
        if (monitorInterval != null) {
            if (limit != null) {
                throw new IllegalArgumentException(
                        "A continuous source of a format table cannot have a limit");
            }
            if (monitorInterval.isNegative() || monitorInterval.isZero()) {
                throw new IllegalArgumentException(
                        "The monitoring interval must be positive, but is " + monitorInterval);
            }
            splitSize = Long.MAX_VALUE;
            planned = null;
        }
        int[] produced = projection == null ? range(tableType.getFieldCount()) : projection;
        Set<Integer> seen = new HashSet<>();
        for (int index : produced) {
            if (!seen.add(index)) {
                throw new IllegalArgumentException(
                        String.format(
                                "The projection names column '%s' more than once",
                                tableType.getFieldNames().get(index)));
            }
        }
        List<String> partitionKeys = table.layout().keys();
        List<RowType.RowField> dataFields = new ArrayList<>();
        for (RowType.RowField f : tableType.getFields()) {
            if (!partitionKeys.contains(f.getName())) {
                dataFields.add(f);
            }
        }
        RowType dataType = new RowType(dataFields);
        List<String> dataNames = dataType.getFieldNames();

        List<Integer> selected = new ArrayList<>();
        List<Integer> notNull = new ArrayList<>();
        List<String> notNullNames = new ArrayList<>();
        List<RowType.RowField> producedFields = new ArrayList<>();
        for (int index : produced) {
            RowType.RowField field = tableType.getFields().get(index);
            producedFields.add(field);
            if (!partitionKeys.contains(field.getName())) {
                if (!field.getType().isNullable()) {
                    notNull.add(selected.size());
                    notNullNames.add(field.getName());
                }
                selected.add(dataNames.indexOf(field.getName()));
            }
        }
        // A query that needs no stored column still needs the files' row counts: read one.
        boolean readsNothing = selected.isEmpty();
        if (readsNothing) {
            selected.add(0);
        }
        int[] mapping = new int[produced.length];
        int next = 0;
        for (int j = 0; j < produced.length; j++) {
            String name = producedFields.get(j).getName();
            int level = partitionKeys.indexOf(name);
            mapping[j] = level >= 0 ? selected.size() + level : next++;
        }
        int levels = partitionKeys.size();
        int[] withMetadata = java.util.Arrays.copyOf(mapping, mapping.length + metadataKeys.size());
        for (int i = 0; i < metadataKeys.size(); i++) {
            String key = metadataKeys.get(i);
            DataType type = MetadataColumns.METADATA.get(key);
            if (type == null) {
                throw new IllegalArgumentException("Unknown metadata column '" + key + "'");
            }
            producedFields.add(new RowType.RowField(key, type.getLogicalType()));
            withMetadata[mapping.length + i] = selected.size() + levels + i;
        }
        mapping = withMetadata;
        int[] selectedArray = selected.stream().mapToInt(Integer::intValue).toArray();
        FormatTableBulkFormat format =
                new FormatTableBulkFormat(
                        FormatFactories.reader(
                                table.options(), dataType, selectedArray, batchSize, dataFilters),
                        table,
                        new RowType(producedFields),
                        mapping,
                        notNull.stream().mapToInt(Integer::intValue).toArray(),
                        notNullNames.toArray(new String[0]),
                        limit,
                        metadataKeys);
        format.widening(dataType, selectedArray, batchSize);
        FormatTableFileEnumerator.ScanSpec spec =
                new FormatTableFileEnumerator.ScanSpec(table, predicate, limit, splitSize, planned);
        FormatTableFileEnumerator.Provider enumerators =
                new FormatTableFileEnumerator.Provider(spec);
        FileSource.FileSourceBuilder<RowData> builder =
                FileSource.forBulkFileFormat(format, FlinkFileIO.toFlink(table.qualifiedLocation()))
                        .setFileEnumerator(enumerators);
        if (monitorInterval != null) {
            builder.monitorContinuously(monitorInterval);
        }
        return new FormatTableSource(builder.build(), format, enumerators);
    }

    private static int[] range(int n) {
        int[] result = new int[n];
        for (int i = 0; i < n; i++) {
            result[i] = i;
        }
        return result;
    }
}
