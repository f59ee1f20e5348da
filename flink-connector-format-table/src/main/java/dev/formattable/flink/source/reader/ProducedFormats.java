package dev.formattable.flink.source.reader;

import dev.formattable.core.options.FileFormat;
import dev.formattable.core.options.TableOptions;
import dev.formattable.flink.format.FormatFactories;
import dev.formattable.flink.format.ParquetFilters;
import dev.formattable.flink.format.orc.OrcTypes;

import org.apache.flink.connector.file.src.FileSourceSplit;
import org.apache.flink.connector.file.src.reader.BulkFormat;
import org.apache.flink.connector.file.src.util.Pool;
import org.apache.flink.formats.parquet.ParquetColumnarRowInputFormat;
import org.apache.flink.orc.OrcColumnarRowInputFormat;
import org.apache.flink.orc.OrcFilters;
import org.apache.flink.orc.shim.OrcShim;
import org.apache.flink.orc.vector.AbstractOrcColumnVector;
import org.apache.flink.orc.vector.ColumnBatchFactory;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.columnar.vector.ColumnVector;
import org.apache.flink.table.data.columnar.vector.VectorizedColumnBatch;
import org.apache.flink.table.data.columnar.vector.writable.WritableColumnVector;
import org.apache.flink.table.expressions.Expression;
import org.apache.flink.table.runtime.typeutils.InternalTypeInfo;
import org.apache.flink.table.types.logical.RowType;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hive.ql.exec.vector.VectorizedRowBatch;
import org.apache.parquet.filter2.predicate.FilterPredicate;
import org.apache.parquet.hadoop.ParquetInputFormat;

import javax.annotation.Nullable;

import java.io.Serializable;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The parquet and orc formats of one file, built on Flink's columnar readers, whose batches hold
 * the produced columns in order: the file's columns as decoded, and a {@link ConstantColumnVector}
 * for each partition or metadata column of that file. Rows then leave the reader as Flink's
 * columnar rows, without a copy or a wrapper. The formats are cheap to build, one per file; the
 * Hadoop configuration behind them is built once per instance.
 */
final class ProducedFormats implements Serializable {

    private static final long serialVersionUID = 1L;

    private final ReadSpec spec;
    private final TableOptions options;
    @Nullable private final FilterPredicate parquetFilter;
    private final List<OrcFilters.Predicate> orcPredicates;

    private transient Configuration filtered;
    private transient Configuration unfiltered;

    /** The file columns read at the table's types, and the produced type: the same per file. */
    private transient RowType tableRead;

    private transient InternalTypeInfo<RowData> produced;

    ProducedFormats(ReadSpec spec, List<? extends Expression> dataFilters) {
        this.spec = spec;
        this.options = spec.table.options();
        Set<String> columns = new HashSet<>(spec.dataType.getFieldNames());
        boolean parquet = options.format() == FileFormat.PARQUET;
        this.parquetFilter =
                parquet ? ParquetFilters.toPredicate(dataFilters, columns).orElse(null) : null;
        this.orcPredicates =
                parquet ? List.of() : FormatFactories.orcPredicates(dataFilters, columns);
    }

    /**
     * The format of one file whose data columns have {@code fileDataType}: the table's, or the
     * file's own narrower types when {@code widened} (then the readers' filters, written for the
     * table's types, are not used).
     */
    BulkFormat<RowData, FileSourceSplit> format(
            RowType fileDataType, boolean widened, ColumnVector[] constants) {
        int[] fileFields = spec.fileFields();
        if (produced == null) {
            produced = InternalTypeInfo.of(spec.producedType);
            tableRead = readType(spec.dataType, fileFields);
        }
        if (options.format() == FileFormat.PARQUET) {
            RowType read = widened ? readType(fileDataType, fileFields) : tableRead;
            return new ProducedParquetFormat(conf(widened), read, produced, spec, constants);
        }
        return new OrcColumnarRowInputFormat<>(
                OrcShim.defaultShim(),
                conf(true),
                OrcTypes.toOrcSchema(fileDataType),
                fileFields,
                widened ? List.of() : orcPredicates,
                spec.batchSize,
                new ProducedOrcBatches(fileDataType, fileFields, constants),
                produced);
    }

    private static RowType readType(RowType dataType, int[] fileFields) {
        return new RowType(
                java.util.Arrays.stream(fileFields)
                        .mapToObj(i -> dataType.getFields().get(i))
                        .collect(java.util.stream.Collectors.toList()));
    }

    private Configuration conf(boolean withoutFilter) {
        if (withoutFilter) {
            if (unfiltered == null) {
                unfiltered = FormatFactories.hadoopConf(FormatFactories.formatOptions(options));
            }
            return unfiltered;
        }
        if (filtered == null) {
            filtered = FormatFactories.hadoopConf(FormatFactories.formatOptions(options));
            if (parquetFilter != null) {
                ParquetInputFormat.setFilterPredicate(filtered, parquetFilter);
            }
        }
        return filtered;
    }

    /** Puts the decoded columns and the constants in produced order (a counting column last). */
    private static ColumnVector[] arrange(ColumnVector[] decoded, ColumnVector[] constants) {
        int extra = decoded.length;
        for (ColumnVector c : constants) {
            if (c == null) {
                extra--;
            }
        }
        ColumnVector[] columns = new ColumnVector[constants.length + extra];
        int next = 0;
        for (int i = 0; i < constants.length; i++) {
            columns[i] = constants[i] != null ? constants[i] : decoded[next++];
        }
        if (extra > 0) {
            columns[constants.length] = decoded[next];
        }
        return columns;
    }

    /** Flink's parquet reader, its batches rearranged into produced order. */
    private static final class ProducedParquetFormat
            extends ParquetColumnarRowInputFormat<FileSourceSplit> {
        private static final long serialVersionUID = 1L;
        private final transient ColumnVector[] constants;

        ProducedParquetFormat(
                Configuration conf,
                RowType read,
                InternalTypeInfo<RowData> produced,
                ReadSpec spec,
                ColumnVector[] constants) {
            super(conf, read, produced, spec.batchSize, FormatFactories.utcTimestamps(), true);
            this.constants = constants;
        }

        @Override
        protected ParquetReaderBatch<RowData> createReaderBatch(
                WritableColumnVector[] writableVectors,
                VectorizedColumnBatch columnarBatch,
                Pool.Recycler<ParquetReaderBatch<RowData>> recycler) {
            return super.createReaderBatch(
                    writableVectors,
                    new VectorizedColumnBatch(arrange(columnarBatch.columns, constants)),
                    recycler);
        }
    }

    /** Flink's orc batches of one file, in produced order. */
    private static final class ProducedOrcBatches
            implements ColumnBatchFactory<VectorizedRowBatch, FileSourceSplit> {
        private static final long serialVersionUID = 1L;
        private final RowType fileDataType;
        private final int[] fileFields;
        private final transient ColumnVector[] constants;

        ProducedOrcBatches(RowType fileDataType, int[] fileFields, ColumnVector[] constants) {
            this.fileDataType = fileDataType;
            this.fileFields = fileFields;
            this.constants = constants;
        }

        @Override
        public VectorizedColumnBatch create(FileSourceSplit split, VectorizedRowBatch rowBatch) {
            ColumnVector[] decoded = new ColumnVector[fileFields.length];
            for (int i = 0; i < fileFields.length; i++) {
                decoded[i] =
                        AbstractOrcColumnVector.createFlinkVector(
                                rowBatch.cols[fileFields[i]],
                                fileDataType.getTypeAt(fileFields[i]));
            }
            return new VectorizedColumnBatch(arrange(decoded, constants));
        }
    }
}
