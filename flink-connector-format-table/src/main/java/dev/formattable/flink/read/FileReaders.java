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

import dev.formattable.core.options.FileFormat;
import dev.formattable.core.options.TableOptions;
import dev.formattable.flink.format.FileColumnTypes;
import dev.formattable.flink.format.FileIOInputFile;
import dev.formattable.flink.format.FooterReadOptions;
import dev.formattable.flink.format.FormatFactories;
import dev.formattable.flink.format.ParquetFilters;
import dev.formattable.flink.format.line.LineFormat;
import dev.formattable.flink.format.orc.OrcTypes;
import dev.formattable.flink.fs.FlinkFileIO;

import org.apache.flink.connector.base.source.reader.SourceReaderOptions;
import org.apache.flink.connector.file.src.FileSourceSplit;
import org.apache.flink.connector.file.src.reader.BulkFormat;
import org.apache.flink.connector.file.src.util.CheckpointedPosition;
import org.apache.flink.metrics.Counter;
import org.apache.flink.orc.OrcColumnarRowInputFormat;
import org.apache.flink.orc.OrcFilters;
import org.apache.flink.orc.shim.OrcShimV230;
import org.apache.flink.orc.vector.AbstractOrcColumnVector;
import org.apache.flink.orc.vector.ColumnBatchFactory;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.columnar.vector.ColumnVector;
import org.apache.flink.table.data.columnar.vector.VectorizedColumnBatch;
import org.apache.flink.table.expressions.Expression;
import org.apache.flink.table.runtime.typeutils.InternalTypeInfo;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hive.ql.exec.vector.VectorizedRowBatch;
import org.apache.orc.OrcConf;
import org.apache.orc.OrcFile;
import org.apache.orc.Reader;
import org.apache.parquet.HadoopReadOptions;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.filter2.compat.FilterCompat;
import org.apache.parquet.filter2.compat.RowGroupFilter;
import org.apache.parquet.filter2.predicate.FilterPredicate;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;

import javax.annotation.Nullable;

import java.io.Closeable;
import java.io.IOException;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * Opens the data file of a split once and reads its rows as a {@link ReadSpec} says, with Flink's
 * parquet and orc column readers: the footer read on opening (which parquet and orc read anyway to
 * find the split's row groups or stripes) also gives the types the file stores, and the rows are
 * then read through the same open file. Parquet's row groups are filtered by the data filters only
 * once the file's types are known to be the table's. Flink's own formats open each file after
 * asking for its status, and parquet's also parses Hadoop's configuration files per split; here the
 * Hadoop configuration is built once per instance and the file's length comes from the split.
 */
final class FileReaders implements Serializable {

    private static final long serialVersionUID = 1L;

    /** Opens parquet files through Flink's file systems, as every other read does. */
    private static final FlinkFileIO FILE_IO = new FlinkFileIO();

    private final ReadSpec spec;
    private final TableOptions options;
    @Nullable private final FilterPredicate parquetFilter;
    private final List<OrcFilters.Predicate> orcPredicates;

    private transient FooterReadOptions readOptions;
    private transient LineFormat lineFormat;
    private transient InternalTypeInfo<RowData> produced;

    FileReaders(ReadSpec spec, List<? extends Expression> dataFilters) {
        this.spec = spec;
        this.options = spec.table.options();
        Set<String> columns = new HashSet<>(spec.dataType.getFieldNames());
        boolean parquet = options.format() == FileFormat.PARQUET;
        this.parquetFilter =
                parquet ? ParquetFilters.toPredicate(dataFilters, columns).orElse(null) : null;
        this.orcPredicates =
                options.format() == FileFormat.ORC
                        ? FormatFactories.orcPredicates(dataFilters, columns)
                        : List.of();
    }

    private synchronized FooterReadOptions readOptions() {
        if (readOptions == null) {
            readOptions = FooterReadOptions.of(options);
            produced = InternalTypeInfo.of(spec.producedType);
        }
        return readOptions;
    }

    /**
     * Opens the file of {@code split}, reading its footer and nothing else yet (a line format's
     * file has none: it is only opened).
     *
     * @param counters counts the lines of a line format dropped as malformed, and the parquet row
     *     groups the filters skip
     */
    OpenFile open(FileSourceSplit split, ReadCounters counters) throws IOException {
        if (options.format().lineBased()) {
            return new OpenLineFile(split, lineFormat(), spec, counters.malformed);
        }
        FooterReadOptions read = readOptions();
        if (options.format() == FileFormat.PARQUET) {
            ParquetReadOptions parquet =
                    HadoopReadOptions.builder(read.conf())
                            .withRange(split.offset(), split.offset() + split.length())
                            .build();
            FileIOInputFile input =
                    new FileIOInputFile(
                            FILE_IO,
                            dev.formattable.core.fs.Path.fromUri(split.path().toUri()),
                            split.fileSize());
            // Parquet closes the stream it opened when the footer cannot be read.
            return new OpenParquet(
                    ParquetFileReader.open(input, parquet), parquet, counters.rowGroupsSkipped);
        }
        return new OpenOrc(
                OrcFile.createReader(new Path(split.path().toUri()), read.orc(split.fileSize())));
    }

    /** A data file opened for one split: its footer read, its rows not yet. */
    interface OpenFile extends Closeable {

        /** The types the file stores for its top-level columns (those widening knows). */
        Map<String, LogicalType> columnTypes();

        /**
         * The reader of the split's rows, which takes the open file over. The file's data columns
         * are read at the table's types, or at {@code widened}'s where given (the file's own); the
         * readers' filters, written for the table's types, are then not used.
         */
        BulkFormat.Reader<RowData> reader(SplitRead request) throws IOException;
    }

    private synchronized LineFormat lineFormat() {
        if (lineFormat == null) {
            lineFormat = new LineFormat(options, spec.dataType);
        }
        return lineFormat;
    }

    private static RowType readType(RowType dataType, int[] fileFields) {
        return new RowType(
                Arrays.stream(fileFields)
                        .mapToObj(i -> dataType.getFields().get(i))
                        .collect(Collectors.toList()));
    }

    private final class OpenParquet implements OpenFile {
        private final ParquetFileReader file;
        private final ParquetReadOptions options;
        private final Counter rowGroupsSkipped;

        OpenParquet(ParquetFileReader file, ParquetReadOptions options, Counter rowGroupsSkipped) {
            this.file = file;
            this.options = options;
            this.rowGroupsSkipped = rowGroupsSkipped;
        }

        /** The row group filters parquet's own reader would apply with these options. */
        private List<RowGroupFilter.FilterLevel> filterLevels() {
            List<RowGroupFilter.FilterLevel> levels = new ArrayList<>();
            if (options.useStatsFilter()) {
                levels.add(RowGroupFilter.FilterLevel.STATISTICS);
            }
            if (options.useDictionaryFilter()) {
                levels.add(RowGroupFilter.FilterLevel.DICTIONARY);
            }
            if (options.useBloomFilter()) {
                levels.add(RowGroupFilter.FilterLevel.BLOOMFILTER);
            }
            return levels;
        }

        @Override
        public Map<String, LogicalType> columnTypes() {
            return FileColumnTypes.ofParquet(file.getFooter().getFileMetaData().getSchema());
        }

        @Override
        public BulkFormat.Reader<RowData> reader(SplitRead request) throws IOException {
            List<BlockMetaData> blocks = file.getRowGroups();
            boolean[] keep = new boolean[blocks.size()];
            Arrays.fill(keep, true);
            if (request.widened() == null && parquetFilter != null) {
                // Parquet's row group filters, as its reader applies them; the filter is written
                // for the table's types, so a file read at its own narrower types keeps them all.
                Set<BlockMetaData> kept = Collections.newSetFromMap(new IdentityHashMap<>());
                kept.addAll(
                        RowGroupFilter.filterRowGroups(
                                filterLevels(), FilterCompat.get(parquetFilter), blocks, file));
                for (int b = 0; b < keep.length; b++) {
                    keep[b] = kept.contains(blocks.get(b));
                }
                rowGroupsSkipped.inc(keep.length - kept.size());
            }
            RowType read =
                    readType(
                            request.widened() == null ? spec.dataType : request.widened(),
                            spec.fileFields());
            ParquetBatchReader reader =
                    new ParquetBatchReader(
                            file,
                            keep,
                            read,
                            request.constants(),
                            spec.batchSize,
                            request.config().get(SourceReaderOptions.ELEMENT_QUEUE_CAPACITY),
                            FormatFactories.utcTimestamps(),
                            readOptions().conf());
            if (request.restore()) {
                CheckpointedPosition position = request.split().getReaderPosition().orElseThrow();
                reader.skip(position.getRecordsAfterOffset());
            }
            return reader;
        }

        @Override
        public void close() throws IOException {
            file.close();
        }
    }

    private final class OpenOrc implements OpenFile {
        private final Reader file;

        OpenOrc(Reader file) {
            this.file = file;
        }

        @Override
        public Map<String, LogicalType> columnTypes() {
            return FileColumnTypes.ofOrc(file.getSchema());
        }

        @Override
        public BulkFormat.Reader<RowData> reader(SplitRead request) throws IOException {
            RowType fileDataType = request.widened() == null ? spec.dataType : request.widened();
            int[] fileFields = spec.fileFields();
            List<OrcFilters.Predicate> predicates =
                    request.widened() == null ? orcPredicates : List.of();
            RowType readType = fileDataType;
            int[] readFields = fileFields;
            if (byName(fileDataType, fileFields) && predicates.isEmpty()) {
                // Only the columns read: orc then makes batches of those alone.
                readType = readType(fileDataType, fileFields);
                readFields = IntStream.range(0, fileFields.length).toArray();
            }
            int batchSize = (int) Math.max(1, Math.min(spec.batchSize, file.getNumberOfRows()));
            OrcColumnarRowInputFormat<VectorizedRowBatch, FileSourceSplit> format =
                    new OrcColumnarRowInputFormat<>(
                            new OpenedShim(file),
                            readOptions().conf(),
                            OrcTypes.toOrcSchema(readType),
                            readFields,
                            predicates,
                            batchSize,
                            new ProducedOrcBatches(readType, readFields, request.constants()),
                            produced);
            return request.restore()
                    ? format.restoreReader(request.config(), request.split())
                    : format.createReader(request.config(), request.split());
        }

        /**
         * Whether orc will find the columns read by name: the file names every one of them (a file
         * with orc's positional names, {@code _col0} ..., is matched by position, against the whole
         * table).
         */
        private boolean byName(RowType fileDataType, int[] fileFields) {
            if (fileFields.length == 0) {
                return false;
            }
            List<String> names = file.getSchema().getFieldNames();
            for (int f : fileFields) {
                if (!names.contains(fileDataType.getFieldNames().get(f))) {
                    return false;
                }
            }
            return true;
        }

        @Override
        public void close() throws IOException {
            file.close();
        }
    }

    /**
     * Flink's orc shim, handing out the reader this split's file was opened with, and matching the
     * columns of files without column names by position.
     */
    private static final class OpenedShim extends OrcShimV230 {
        private static final long serialVersionUID = 1L;
        private final transient Reader file;

        OpenedShim(Reader file) {
            this.file = file;
        }

        @Override
        protected Reader createReader(Path path, Configuration conf) {
            return file;
        }

        /**
         * Flink starts from options made without a configuration, whose positional evolution level
         * is 0: a file without column names (written before HIVE-4243, its fields named {@code
         * _col0} ...) then matches no column and reads as NULLs. Orc's own default, 1, matches such
         * a file's columns by position.
         */
        @Override
        protected Reader.Options readOrcConf(Reader.Options options, Configuration conf) {
            return super.readOrcConf(options, conf)
                    .positionalEvolutionLevel(
                            OrcConf.FORCE_POSITIONAL_EVOLUTION_LEVEL.getInt(conf));
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
            return new VectorizedColumnBatch(ProducedColumns.arrange(decoded, constants));
        }
    }
}
