package dev.formattable.flink.source.reader;

import dev.formattable.core.FormatTable;
import dev.formattable.core.partition.PartitionLayout;
import dev.formattable.flink.format.FooterReadOptions;
import dev.formattable.flink.format.FormatFactories;
import dev.formattable.flink.fs.FlinkFileIO;
import dev.formattable.flink.types.FlinkTypes;

import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.connector.file.src.FileSourceSplit;
import org.apache.flink.connector.file.src.reader.BulkFormat;
import org.apache.flink.connector.file.src.util.MutableRecordAndPosition;
import org.apache.flink.connector.file.src.util.RecordAndPosition;
import org.apache.flink.metrics.Counter;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.utils.JoinedRowData;
import org.apache.flink.table.data.utils.ProjectedRowData;
import org.apache.flink.table.runtime.typeutils.InternalTypeInfo;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import javax.annotation.Nullable;

import java.io.IOException;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Reads data files with a parquet or orc {@link BulkFormat} and completes each row: partition
 * columns are rebuilt from the file's directory names, columns are put in the order the query asks
 * for, a NOT NULL column the file lacks fails the read, a limit stops reading, and every error
 * names the file.
 */
public final class FormatTableBulkFormat implements BulkFormat<RowData, FileSourceSplit> {

    private static final long serialVersionUID = 1L;
    private static final Logger LOG = LoggerFactory.getLogger(FormatTableBulkFormat.class);

    private final BulkFormat<RowData, FileSourceSplit> inner;
    private final FormatTable table;
    private final RowType producedType;

    /** Per produced field: an index into the file row, or (file fields + partition level). */
    private final int[] mapping;

    private final int[] notNullFileFields;
    private final String[] notNullNames;
    private final long limit;

    /**
     * Metadata columns ({@link MetadataColumns#METADATA}) appended after the partition values, in
     * order.
     */
    private final String[] metadataKeys;

    private transient AtomicLong emitted;

    private transient FooterReadOptions footerReadOptions;

    /** Rows decoded, skipped lost and corrupt files; set per reader ({@link #counting}). */
    private transient Counter rowsRead;

    private transient Counter lostSkipped;

    private transient Counter corruptSkipped;

    /** The table's data columns, the selected ones and the batch size: set to widen types. */
    @Nullable private RowType dataType;

    @Nullable private int[] selected;
    private int batchSize;

    public FormatTableBulkFormat(
            BulkFormat<RowData, FileSourceSplit> inner,
            FormatTable table,
            RowType producedType,
            int[] mapping,
            int[] notNullFileFields,
            String[] notNullNames,
            @Nullable Long limit) {
        this(inner, table, producedType, mapping, notNullFileFields, notNullNames, limit, null);
    }

    /**
     * As above, with metadata columns: their values follow the partition values, so a mapping index
     * of (file fields + partition levels + i) is the {@code i}-th of {@code metadataKeys}.
     */
    public FormatTableBulkFormat(
            BulkFormat<RowData, FileSourceSplit> inner,
            FormatTable table,
            RowType producedType,
            int[] mapping,
            int[] notNullFileFields,
            String[] notNullNames,
            @Nullable Long limit,
            @Nullable List<String> metadataKeys) {
        this.metadataKeys =
                metadataKeys == null ? new String[0] : metadataKeys.toArray(new String[0]);
        for (String key : this.metadataKeys) {
            if (!MetadataColumns.METADATA.containsKey(key)) {
                throw new IllegalArgumentException("Unknown metadata column '" + key + "'");
            }
        }
        this.inner = inner;
        this.table = table;
        this.producedType = producedType;
        this.mapping = mapping;
        this.notNullFileFields = notNullFileFields;
        this.notNullNames = notNullNames;
        this.limit = limit == null ? Long.MAX_VALUE : limit;
    }

    /**
     * Reads files that store a selected column at a narrower type than the table declares, by
     * reading them at the file's type and widening each value ({@link TypeWidening}); each file's
     * footer schema is read first. Returns this format.
     */
    public FormatTableBulkFormat widening(RowType dataType, int[] selected, int batchSize) {
        this.dataType = dataType;
        this.selected = selected;
        this.batchSize = batchSize;
        return this;
    }

    /**
     * A copy of this format that counts the rows it decodes and the lost and corrupt files it skips
     * in the given counters: one per source reader, so each subtask reports its own.
     */
    public FormatTableBulkFormat counting(Counter rows, Counter lost, Counter corrupt) {
        FormatTableBulkFormat copy =
                new FormatTableBulkFormat(
                        inner,
                        table,
                        producedType,
                        mapping,
                        notNullFileFields,
                        notNullNames,
                        limit,
                        java.util.Arrays.asList(metadataKeys));
        copy.dataType = dataType;
        copy.selected = selected;
        copy.batchSize = batchSize;
        copy.rowsRead = rows;
        copy.lostSkipped = lost;
        copy.corruptSkipped = corrupt;
        return copy;
    }

    /** Built once per reader instance, not per split: see {@link FooterReadOptions}. */
    private FooterReadOptions footerReadOptions() {
        if (footerReadOptions == null) {
            footerReadOptions = FooterReadOptions.of(table.options());
        }
        return footerReadOptions;
    }

    private AtomicLong emitted() {
        if (emitted == null) {
            emitted = new AtomicLong();
        }
        return emitted;
    }

    @Override
    public Reader<RowData> createReader(Configuration config, FileSourceSplit split)
            throws IOException {
        return open(config, split, false);
    }

    @Override
    public Reader<RowData> restoreReader(Configuration config, FileSourceSplit split)
            throws IOException {
        return open(config, split, true);
    }

    private Reader<RowData> open(Configuration config, FileSourceSplit split, boolean restore)
            throws IOException {
        java.util.Map<String, LogicalType> fileColumns = null;
        if (dataType != null) {
            try {
                fileColumns = FileColumnTypes.read(table.options(), footerReadOptions(), split);
            } catch (IOException | RuntimeException e) {
                return skipOrFail(split, e);
            }
        }
        // A column that cannot be widened fails the read whatever the skip options say.
        TypeWidening.Plan plan =
                fileColumns == null
                        ? null
                        : TypeWidening.plan(split, fileColumns, dataType, selected);
        BulkFormat<RowData, FileSourceSplit> format =
                plan == null
                        ? inner
                        : FormatFactories.reader(
                                table.options(), plan.fileDataType, selected, batchSize);
        try {
            Reader<RowData> reader =
                    restore
                            ? format.restoreReader(config, split)
                            : format.createReader(config, split);
            return new PartitionedReader(reader, split, plan);
        } catch (IOException | RuntimeException e) {
            return skipOrFail(split, e);
        }
    }

    /**
     * A file that vanished after planning, or that cannot be decoded, is skipped when the table's
     * {@code scan.ignore-lost-files} or {@code scan.ignore-corrupt-files} says so; otherwise the
     * read fails naming the file.
     */
    private Reader<RowData> skipOrFail(FileSourceSplit split, Throwable e) throws IOException {
        boolean lost = isLost(e, split);
        if (lost ? table.options().ignoreLostFiles() : table.options().ignoreCorruptFiles()) {
            LOG.warn(
                    "Skipping {} data file {} ({}): {}",
                    lost ? "lost" : "corrupt",
                    split.path(),
                    lost ? "scan.ignore-lost-files" : "scan.ignore-corrupt-files",
                    e.toString());
            Counter skips = lost ? lostSkipped : corruptSkipped;
            if (skips != null) {
                skips.inc();
            }
            return new EmptyReader();
        }
        throw readError(split, e);
    }

    private static boolean isLost(Throwable e, FileSourceSplit split) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof java.io.FileNotFoundException) {
                return true;
            }
        }
        try {
            return !split.path().getFileSystem().exists(split.path());
        } catch (IOException ignored) {
            return false;
        }
    }

    /** The reader of a skipped file: no rows. */
    private static final class EmptyReader implements Reader<RowData> {
        @Override
        public RecordIterator<RowData> readBatch() {
            return null;
        }

        @Override
        public void close() {}
    }

    @Override
    public boolean isSplittable() {
        return inner.isSplittable();
    }

    @Override
    public TypeInformation<RowData> getProducedType() {
        return InternalTypeInfo.of(producedType);
    }

    private static IOException readError(FileSourceSplit split, Throwable e) {
        if (e instanceof IOException
                && e.getMessage() != null
                && e.getMessage().contains(split.path().toString())) {
            return (IOException) e;
        }
        return new IOException("Cannot read data file " + split.path() + ": " + e.getMessage(), e);
    }

    /** The typed partition values of a file, from the directories between it and the root. */
    private GenericRowData partitionRow(FileSourceSplit split) throws IOException {
        PartitionLayout layout = table.layout();
        GenericRowData row = new GenericRowData(layout.levels() + metadataKeys.length);
        for (int i = 0; i < metadataKeys.length; i++) {
            row.setField(layout.levels() + i, MetadataColumns.value(metadataKeys[i], split));
        }
        if (layout.levels() == 0) {
            return row;
        }
        String relative = FlinkFileIO.fromFlink(split.path()).relativeTo(table.qualifiedLocation());
        String[] segments = relative.split("/");
        if (segments.length <= layout.levels()) {
            throw new IOException(
                    "Data file " + split.path() + " does not lie in a partition directory");
        }
        List<LogicalType> types = partitionTypes();
        for (int level = 0; level < layout.levels(); level++) {
            Optional<Object[]> value = layout.parseDirectoryName(level, segments[level]);
            if (value.isEmpty()) {
                throw new IOException(
                        "Data file "
                                + split.path()
                                + " does not lie in a directory of partition key '"
                                + layout.keys().get(level)
                                + "'");
            }
            row.setField(level, FlinkTypes.toInternal(value.get()[0], types.get(level)));
        }
        return row;
    }

    private List<LogicalType> partitionTypes() {
        List<LogicalType> types = new java.util.ArrayList<>();
        for (int i = 0; i < table.layout().levels(); i++) {
            types.add(FlinkTypes.toFlink(table.layout().types().get(i)));
        }
        return types;
    }

    private final class PartitionedReader implements Reader<RowData> {
        private final Reader<RowData> reader;
        private final FileSourceSplit split;
        private final GenericRowData partitions;
        private final JoinedRowData joined;
        private final ProjectedRowData projected;
        private final MutableRecordAndPosition<RowData> current = new MutableRecordAndPosition<>();

        @Nullable private final TypeWidening.WidenedRow widened;

        PartitionedReader(
                Reader<RowData> reader, FileSourceSplit split, @Nullable TypeWidening.Plan plan)
                throws IOException {
            this.reader = reader;
            this.widened = plan == null ? null : new TypeWidening.WidenedRow(plan.fileTypes);
            this.split = split;
            this.partitions = partitionRow(split);
            this.joined = new JoinedRowData(null, partitions);
            this.projected = ProjectedRowData.from(mapping);
            projected.replaceRow(joined);
        }

        @Override
        public RecordIterator<RowData> readBatch() throws IOException {
            if (emitted().get() >= limit) {
                return null;
            }
            RecordIterator<RowData> batch;
            try {
                batch = reader.readBatch();
            } catch (IOException | RuntimeException e) {
                throw readError(split, e);
            }
            return batch == null ? null : new Iterator(batch);
        }

        @Override
        public void close() throws IOException {
            reader.close();
        }

        private final class Iterator implements RecordIterator<RowData> {
            private final RecordIterator<RowData> batch;

            Iterator(RecordIterator<RowData> batch) {
                this.batch = batch;
            }

            @Nullable
            @Override
            public RecordAndPosition<RowData> next() {
                if (emitted().get() >= limit) {
                    return null;
                }
                RecordAndPosition<RowData> record = batch.next();
                if (record == null) {
                    return null;
                }
                if (rowsRead != null) {
                    rowsRead.inc();
                }
                RowData fileRow = record.getRecord();
                for (int i = 0; i < notNullFileFields.length; i++) {
                    if (fileRow.isNullAt(notNullFileFields[i])) {
                        throw new IllegalStateException(
                                String.format(
                                        "Data file %s has no value for column '%s', which the"
                                                + " table declares NOT NULL",
                                        split.path(), notNullNames[i]));
                    }
                }
                joined.replace(widened == null ? fileRow : widened.replace(fileRow), partitions);
                emitted().incrementAndGet();
                current.set(projected, record.getOffset(), record.getRecordSkipCount());
                return current;
            }

            @Override
            public void releaseBatch() {
                batch.releaseBatch();
            }
        }
    }
}
