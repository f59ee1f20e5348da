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
package dev.formattable.bench;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hive.ql.exec.vector.BytesColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.ColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.DoubleColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.LongColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.VectorizedRowBatch;
import org.apache.orc.OrcFile;
import org.apache.orc.Reader;
import org.apache.orc.RecordReader;
import org.apache.orc.TypeDescription;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.ColumnReader;
import org.apache.parquet.column.impl.ColumnReadStoreImpl;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.example.data.simple.convert.GroupRecordConverter;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.util.HadoopInputFile;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.Type;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The practical limit of a scan: parquet-java's column readers and orc-core's vectorized reader
 * decoding the same files, on two threads (Flink's parallelism here), with no Flink at all. The
 * sums are those of {@link Sql#FULL_CHECKSUM} and {@link Sql#PROJECTED_CHECKSUM}, printed as Flink
 * prints a row, so the answers can be compared.
 */
public final class RawReaders {

    private static final int THREADS = 2;

    // Loading a Hadoop configuration reads XML resources; do it once, not per file.
    private static final Configuration CONF = new Configuration();

    private final String format;
    private final boolean projected;

    public RawReaders(String format, boolean projected) {
        this.format = format;
        this.projected = projected;
    }

    /** Reads every visible file below {@code dir}; the figure is rows/s. */
    public Sample read(Path dir, long expectedRows) throws Exception {
        List<Path> files;
        try (Stream<Path> s = Dirs.visibleFiles(dir)) {
            files = s.collect(Collectors.toList());
        }
        long start = System.nanoTime();
        ExecutorService pool = Executors.newFixedThreadPool(THREADS);
        Sums total = new Sums();
        try {
            List<Future<Sums>> parts = new ArrayList<>();
            for (int t = 0; t < THREADS; t++) {
                int first = t;
                parts.add(
                        pool.submit(
                                () -> {
                                    Sums sums = new Sums();
                                    for (int i = first; i < files.size(); i += THREADS) {
                                        readFile(dir, files.get(i), sums);
                                    }
                                    return sums;
                                }));
            }
            for (Future<Sums> f : parts) {
                total.add(f.get());
            }
        } finally {
            pool.shutdownNow();
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        return new Sample(total.rows / seconds, total.render(projected));
    }

    private void readFile(Path dir, Path file, Sums sums) throws Exception {
        int[] partition = partitionValues(dir.relativize(file));
        if (format.equals("parquet")) {
            readParquet(file, sums, partition);
        } else {
            readOrc(file, sums, partition);
        }
    }

    private static int[] partitionValues(Path relative) {
        int p1 = 0;
        int p2 = 0;
        for (Path seg : relative) {
            String s = seg.toString();
            if (s.startsWith("p1=")) {
                p1 = Integer.parseInt(s.substring(3));
            } else if (s.startsWith("p2=")) {
                p2 = Integer.parseInt(s.substring(3));
            }
        }
        return new int[] {p1, p2};
    }

    private void readParquet(Path file, Sums sums, int[] partition) throws Exception {
        Configuration conf = CONF;
        org.apache.hadoop.fs.Path path = new org.apache.hadoop.fs.Path(file.toUri());
        try (ParquetFileReader reader =
                ParquetFileReader.open(HadoopInputFile.fromPath(path, conf))) {
            MessageType schema = reader.getFooter().getFileMetaData().getSchema();
            MessageType requested = schema;
            if (projected) {
                List<Type> fields = List.of(schema.getType("id"), schema.getType("d1"));
                requested = new MessageType(schema.getName(), fields);
            }
            reader.setRequestedSchema(requested);
            String createdBy = reader.getFooter().getFileMetaData().getCreatedBy();
            PageReadStore pages;
            while ((pages = reader.readNextRowGroup()) != null) {
                long rows = pages.getRowCount();
                sums.rows += rows;
                sums.partitions += rows * (partition[0] + partition[1]);
                ColumnReadStoreImpl store =
                        new ColumnReadStoreImpl(
                                pages,
                                new GroupRecordConverter(requested).getRootConverter(),
                                requested,
                                createdBy);
                for (ColumnDescriptor c : requested.getColumns()) {
                    readParquetColumn(store.getColumnReader(c), c, sums);
                }
            }
        }
    }

    private static void readParquetColumn(ColumnReader r, ColumnDescriptor c, Sums sums) {
        String name = c.getPath()[0];
        char kind = name.charAt(0);
        int maxDef = c.getMaxDefinitionLevel();
        long total = r.getTotalValueCount();
        for (long i = 0; i < total; i++) {
            if (r.getCurrentDefinitionLevel() == maxDef) {
                switch (c.getPrimitiveType().getPrimitiveTypeName()) {
                    case INT32:
                        sums.ints += r.getInteger();
                        break;
                    case INT64:
                        long v = r.getLong();
                        if (kind == 'i' && name.equals("id")) {
                            sums.id += v;
                        } else {
                            sums.longs += v;
                        }
                        break;
                    case DOUBLE:
                        double d = r.getDouble();
                        if (name.equals("d1")) {
                            sums.d1 += d;
                        }
                        sums.doubles += d;
                        break;
                    case BINARY:
                        // ASCII values: bytes are characters.
                        sums.chars += r.getBinary().length();
                        break;
                    default:
                        throw new IllegalStateException("Unexpected column " + c);
                }
            }
            r.consume();
        }
    }

    private void readOrc(Path file, Sums sums, int[] partition) throws Exception {
        Configuration conf = CONF;
        org.apache.hadoop.fs.Path path = new org.apache.hadoop.fs.Path(file.toUri());
        try (Reader reader = OrcFile.createReader(path, OrcFile.readerOptions(conf))) {
            TypeDescription schema = reader.getSchema();
            List<String> names = schema.getFieldNames();
            boolean[] include = new boolean[schema.getMaximumId() + 1];
            include[0] = true;
            for (int i = 0; i < names.size(); i++) {
                String n = names.get(i);
                include[schema.getChildren().get(i).getId()] =
                        !projected || n.equals("id") || n.equals("d1");
            }
            VectorizedRowBatch batch = schema.createRowBatch();
            try (RecordReader rows = reader.rows(reader.options().include(include))) {
                while (rows.nextBatch(batch)) {
                    sums.rows += batch.size;
                    sums.partitions += (long) batch.size * (partition[0] + partition[1]);
                    for (int i = 0; i < names.size(); i++) {
                        if (include[schema.getChildren().get(i).getId()]) {
                            readOrcColumn(names.get(i), batch.cols[i], batch.size, sums);
                        }
                    }
                }
            }
        }
    }

    private static void readOrcColumn(String name, ColumnVector cv, int size, Sums sums) {
        for (int r = 0; r < size; r++) {
            int row = cv.isRepeating ? 0 : r;
            if (!cv.noNulls && cv.isNull[row]) {
                continue;
            }
            if (cv instanceof LongColumnVector) {
                long v = ((LongColumnVector) cv).vector[row];
                if (name.equals("id")) {
                    sums.id += v;
                } else if (name.charAt(0) == 'i') {
                    sums.ints += v;
                } else {
                    sums.longs += v;
                }
            } else if (cv instanceof DoubleColumnVector) {
                double d = ((DoubleColumnVector) cv).vector[row];
                if (name.equals("d1")) {
                    sums.d1 += d;
                }
                sums.doubles += d;
            } else if (cv instanceof BytesColumnVector) {
                sums.chars += ((BytesColumnVector) cv).length[row];
            } else {
                throw new IllegalStateException("Unexpected column " + name);
            }
        }
    }

    /** Running sums of one reader thread. */
    private static final class Sums {
        long rows;
        long id;
        long ints;
        long longs;
        double doubles;
        double d1;
        long chars;
        long partitions;

        void add(Sums o) {
            rows += o.rows;
            id += o.id;
            ints += o.ints;
            longs += o.longs;
            doubles += o.doubles;
            d1 += o.d1;
            chars += o.chars;
            partitions += o.partitions;
        }

        String render(boolean projected) {
            if (projected) {
                return String.format(Locale.ROOT, "+I[%d, %s]", id, Double.toString(d1));
            }
            return String.format(
                    Locale.ROOT,
                    "+I[%d, %d, %d, %d, %s, %d, %d]",
                    rows,
                    id,
                    ints,
                    longs,
                    Double.toString(doubles),
                    chars,
                    partitions);
        }
    }
}
