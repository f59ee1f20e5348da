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
package dev.formattable.flink.read;

import org.apache.flink.annotation.Internal;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.connector.file.src.FileSourceSplit;
import org.apache.flink.connector.file.src.reader.BulkFormat;
import org.apache.flink.connector.file.src.util.MutableRecordAndPosition;
import org.apache.flink.connector.file.src.util.RecordAndPosition;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.utils.ProjectedRowData;
import org.apache.flink.table.expressions.Expression;
import org.apache.flink.table.runtime.typeutils.InternalTypeInfo;
import org.apache.flink.table.types.logical.LogicalType;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import javax.annotation.Nullable;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.List;

/**
 * Reads data files as a {@link ReadSpec} says, with Flink's parquet and orc column readers whose
 * batches already hold the produced columns in order ({@link FileReaders}): rows leave as Flink's
 * columnar rows. Files of the line formats are read line by line ({@link OpenLineFile}). Each
 * split's file is opened once, and the types its footer shows decide whether its columns are
 * widened. A NOT NULL column the file lacks fails the read, a limit stops reading, lost and corrupt
 * files are skipped when the table says so, and every error names the file.
 */
@Internal
public final class FormatTableBulkFormat implements BulkFormat<RowData, FileSourceSplit> {

    private static final long serialVersionUID = 1L;
    private static final Logger LOG = LoggerFactory.getLogger(FormatTableBulkFormat.class);

    private final ReadSpec spec;
    private final FileReaders files;

    /** Rows produced by this reader instance, across its splits: only counted under a limit. */
    private transient long emitted;

    /** What this reader instance read and skipped; set per reader ({@link #counting}). */
    @Nullable private transient ReadCounters counters;

    /** A format reading as {@code spec} says; {@code dataFilters} let the readers skip data. */
    public FormatTableBulkFormat(ReadSpec spec, List<? extends Expression> dataFilters) {
        this(spec, new FileReaders(spec, dataFilters));
    }

    private FormatTableBulkFormat(ReadSpec spec, FileReaders files) {
        this.spec = spec;
        this.files = files;
    }

    /**
     * A copy of this format that counts what it reads and skips in {@code counters}: one per source
     * reader, so each subtask reports its own.
     */
    public FormatTableBulkFormat counting(ReadCounters counters) {
        FormatTableBulkFormat copy = new FormatTableBulkFormat(spec, files);
        copy.counters = counters;
        return copy;
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
        if (counters == null) {
            // Deserialized, or never given any: count where no reporter looks.
            counters = ReadCounters.unregistered();
        }
        counters.splitOpened(split.offset(), restore);
        FileReaders.OpenFile file;
        try {
            file = files.open(split, counters);
        } catch (IOException | RuntimeException e) {
            return skipOrFail(split, e);
        }
        TypeWidening.Plan plan;
        try {
            // A column that cannot be widened fails the read whatever the skip options say.
            plan = TypeWidening.plan(split, file.columnTypes(), spec.dataType, spec.fileFields());
        } catch (IOException | RuntimeException e) {
            closeAfter(file, e);
            throw e;
        }
        Reader<RowData> reader;
        try {
            reader =
                    file.reader(
                            new SplitRead(
                                    config,
                                    split,
                                    plan == null ? null : plan.fileDataType,
                                    spec.constants(split),
                                    restore));
        } catch (IOException | RuntimeException e) {
            closeAfter(file, e);
            return skipOrFail(split, e);
        }
        return new ProducedReader(reader, split, plan == null ? null : widened(plan));
    }

    private static void closeAfter(FileReaders.OpenFile file, Throwable failure) {
        try {
            file.close();
        } catch (IOException | RuntimeException e) {
            failure.addSuppressed(e);
        }
    }

    /** The widening of a produced row: the file types of its file columns, by position. */
    private TypeWidening.WidenedRow widened(TypeWidening.Plan plan) {
        int width = spec.dataField.length + (spec.countingField >= 0 ? 1 : 0);
        LogicalType[] types = new LogicalType[width];
        int next = 0;
        for (int i = 0; i < spec.dataField.length; i++) {
            if (spec.dataField[i] >= 0) {
                types[i] = plan.fileTypes[next++];
            }
        }
        if (spec.countingField >= 0) {
            types[width - 1] = plan.fileTypes[next];
        }
        return new TypeWidening.WidenedRow(types);
    }

    /**
     * A file that vanished after planning, or that cannot be decoded, is skipped when the table's
     * {@code scan.ignore-lost-files} or {@code scan.ignore-corrupt-files} says so; otherwise the
     * read fails naming the file.
     */
    private Reader<RowData> skipOrFail(FileSourceSplit split, Throwable e) throws IOException {
        boolean lost = isLost(e, split);
        if (lost
                ? spec.table.options().ignoreLostFiles()
                : spec.table.options().ignoreCorruptFiles()) {
            LOG.warn(
                    "Skipping {} data file {} ({}): {}",
                    lost ? "lost" : "corrupt",
                    split.path(),
                    lost ? "scan.ignore-lost-files" : "scan.ignore-corrupt-files",
                    e.toString());
            (lost ? counters.lost : counters.corrupt).inc();
            return new EmptyReader();
        }
        throw readError(split, e);
    }

    private static boolean isLost(Throwable e, FileSourceSplit split) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof FileNotFoundException) {
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
        return true;
    }

    @Override
    public TypeInformation<RowData> getProducedType() {
        return InternalTypeInfo.of(spec.producedType);
    }

    private static IOException readError(FileSourceSplit split, Throwable e) {
        if (e instanceof IOException
                && e.getMessage() != null
                && e.getMessage().contains(split.path().toString())) {
            return (IOException) e;
        }
        return new IOException("Cannot read data file " + split.path() + ": " + e.getMessage(), e);
    }

    /**
     * The rows of one file. The columnar rows pass through as they are unless the file is widened
     * or a column was read only to count rows; rows are counted per batch, and the limit is only
     * checked when there is one.
     */
    private final class ProducedReader implements Reader<RowData> {
        private final Reader<RowData> reader;
        private final FileSourceSplit split;
        @Nullable private final TypeWidening.WidenedRow widened;
        @Nullable private final ProjectedRowData withoutCounting;
        private final boolean wraps;
        private final MutableRecordAndPosition<RowData> current = new MutableRecordAndPosition<>();

        ProducedReader(
                Reader<RowData> reader,
                FileSourceSplit split,
                @Nullable TypeWidening.WidenedRow widened) {
            this.reader = reader;
            this.split = split;
            this.widened = widened;
            this.withoutCounting =
                    spec.countingField >= 0
                            ? ProjectedRowData.from(range(spec.dataField.length))
                            : null;
            this.wraps = widened != null || withoutCounting != null;
        }

        @Override
        public RecordIterator<RowData> readBatch() throws IOException {
            if (spec.limited() && emitted >= spec.limit) {
                return null;
            }
            RecordIterator<RowData> batch;
            try {
                batch = reader.readBatch();
            } catch (IOException | RuntimeException e) {
                throw readError(split, e);
            }
            return batch == null ? null : new Batch(batch);
        }

        @Override
        public void close() throws IOException {
            reader.close();
        }

        private RowData wrap(RowData row) {
            RowData result = widened == null ? row : widened.replace(row);
            if (withoutCounting != null) {
                withoutCounting.replaceRow(result);
                result = withoutCounting;
            }
            return result;
        }

        private final class Batch implements RecordIterator<RowData> {
            private final RecordIterator<RowData> batch;
            private long rows;

            Batch(RecordIterator<RowData> batch) {
                this.batch = batch;
            }

            @Nullable
            @Override
            public RecordAndPosition<RowData> next() {
                if (spec.limited() && emitted >= spec.limit) {
                    return null;
                }
                RecordAndPosition<RowData> record = batch.next();
                if (record == null) {
                    return null;
                }
                rows++;
                RowData row = wraps ? wrap(record.getRecord()) : record.getRecord();
                for (int i : spec.notNull) {
                    if (row.isNullAt(i)) {
                        throw new IllegalStateException(
                                String.format(
                                        "Data file %s has no value for column '%s', which the"
                                                + " table declares NOT NULL",
                                        split.path(), spec.producedType.getFieldNames().get(i)));
                    }
                }
                if (spec.limited()) {
                    emitted++;
                }
                if (!wraps) {
                    return record;
                }
                current.set(row, record.getOffset(), record.getRecordSkipCount());
                return current;
            }

            @Override
            public void releaseBatch() {
                counters.rows.inc(rows);
                rows = 0;
                batch.releaseBatch();
            }
        }
    }

    private static int[] range(int n) {
        int[] result = new int[n];
        for (int i = 0; i < n; i++) {
            result[i] = i;
        }
        return result;
    }
}
