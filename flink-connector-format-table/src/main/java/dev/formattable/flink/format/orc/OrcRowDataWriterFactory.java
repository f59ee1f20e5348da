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
package dev.formattable.flink.format.orc;

import org.apache.flink.annotation.Internal;
import org.apache.flink.api.common.serialization.BulkWriter;
import org.apache.flink.core.fs.FSDataOutputStream;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.types.logical.RowType;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hive.ql.exec.vector.VectorizedRowBatch;
import org.apache.orc.CompressionKind;
import org.apache.orc.MemoryManager;
import org.apache.orc.OrcFile;
import org.apache.orc.TypeDescription;
import org.apache.orc.Writer;

import java.io.IOException;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;

/**
 * Writes {@link RowData} as ORC files with orc-core's own writer, so every codec of the orc-core on
 * the classpath (zstd included) is available.
 *
 * <p>flink-orc's {@code OrcBulkWriterFactory} cannot be used with a current orc-core: its physical
 * writer was written against orc-core 1.5 and fails with {@code NoSuchMethodError} on {@code
 * OutStream.<init>}, and orc-core 1.5 has no zstd. Here, the Flink stream reaches {@code
 * OrcFile.createWriter} through {@link SingleStreamFileSystem}; the ORC schema comes from {@link
 * OrcTypes}, with the table's column names as field names.
 *
 * <p>Each file gets its own ORC memory manager that never scales the stripe size down. ORC's
 * default is one manager per JVM that shrinks every writer's stripes as more writers are open at
 * once (all subtasks and buckets of a TaskManager), which gives many small stripes. Flink already
 * bounds the open writers, and a stripe is flushed as soon as its buffers reach {@code
 * orc.stripe.size}.
 *
 * <p>{@link BulkWriter#finish()} writes the stripes and the footer and flushes the Flink stream,
 * which it leaves open: the caller closes (commits) it.
 */
@Internal
public class OrcRowDataWriterFactory implements BulkWriter.Factory<RowData> {

    private static final long serialVersionUID = 1L;

    /** Codec names this factory takes, mapped to orc-core's kinds. */
    private static final Map<String, CompressionKind> CODECS = codecs();

    private final RowType rowType;
    private final String compression;
    private final HashMap<String, String> orcOptions;

    /**
     * @param rowType the table's columns (partition columns excluded), in file order
     * @param compression one of {@code none}, {@code zlib}, {@code snappy}, {@code lzo}, {@code
     *     lz4}, {@code zstd} (case is ignored). It overrides any {@code orc.compress} among the
     *     options.
     * @param orcOptions the ORC writer settings ({@code orc.stripe.size}, {@code
     *     orc.compression.zstd.level}, {@code orc.bloom.filter.columns}, ...), put into the Hadoop
     *     configuration the ORC writer reads; may be empty
     * @throws IllegalArgumentException for an unknown compression
     * @throws UnsupportedOperationException for a column type ORC files cannot hold
     */
    public OrcRowDataWriterFactory(
            RowType rowType, String compression, Map<String, String> orcOptions) {
        this.rowType = Objects.requireNonNull(rowType, "rowType");
        this.compression = checkCompression(compression);
        this.orcOptions = orcOptions == null ? new HashMap<>() : new HashMap<>(orcOptions);
        // Refuse unsupported column types now, at planning time, rather than in the first task.
        OrcTypes.toOrcSchema(rowType);
    }

    /** The names {@link #OrcRowDataWriterFactory} accepts for {@code compression}. */
    public static List<String> supportedCompressions() {
        return List.copyOf(CODECS.keySet());
    }

    /** orc-core's kind for one of {@link #supportedCompressions()}. */
    public static CompressionKind compressionKind(String compression) {
        return CODECS.get(checkCompression(compression));
    }

    @Override
    public BulkWriter<RowData> create(FSDataOutputStream out) throws IOException {
        // No *-default.xml / *-site.xml: the options given are the whole configuration. The
        // class loader is ours, not whatever thread happens to create the writer.
        Configuration conf = new Configuration(false);
        conf.setClassLoader(OrcRowDataWriterFactory.class.getClassLoader());
        orcOptions.forEach(conf::set);

        TypeDescription schema = OrcTypes.toOrcSchema(rowType);
        OrcFile.WriterOptions options =
                OrcFile.writerOptions(conf)
                        .setSchema(schema)
                        .compress(CODECS.get(compression))
                        .memory(new OwnMemoryManager())
                        .fileSystem(new SingleStreamFileSystem(out, conf));
        // The path only names the file in ORC's messages; the bytes go to 'out'.
        Path name = new Path("/flink-bulk-writer/" + UUID.randomUUID() + ".orc");
        Writer writer = OrcFile.createWriter(name, options);
        return new OrcRowDataBulkWriter(writer, schema.createRowBatch(), rowType);
    }

    private static String checkCompression(String compression) {
        String name = compression == null ? null : compression.trim().toLowerCase(Locale.ROOT);
        if (name == null || !CODECS.containsKey(name)) {
            throw new IllegalArgumentException(
                    "Unsupported ORC compression '"
                            + compression
                            + "'; supported are: "
                            + String.join(", ", CODECS.keySet()));
        }
        return name;
    }

    private static Map<String, CompressionKind> codecs() {
        Map<String, CompressionKind> codecs = new LinkedHashMap<>();
        codecs.put("none", CompressionKind.NONE);
        codecs.put("zlib", CompressionKind.ZLIB);
        codecs.put("snappy", CompressionKind.SNAPPY);
        codecs.put("lzo", CompressionKind.LZO);
        codecs.put("lz4", CompressionKind.LZ4);
        codecs.put("zstd", CompressionKind.ZSTD);
        return Collections.unmodifiableMap(codecs);
    }

    /**
     * The memory manager of a single writer: it keeps the full stripe size and never calls back, so
     * the writer's own check ({@code orc.stripe.size}, {@code orc.stripe.row.count}) alone decides
     * when a stripe is written.
     */
    private static final class OwnMemoryManager implements MemoryManager {

        @Override
        public void addWriter(Path path, long requestedAllocation, Callback callback) {}

        @Override
        public void removeWriter(Path path) {}

        @Override
        @Deprecated
        public void addedRow(int rows) {}

        @Override
        public long checkMemory(long previousAllocation, Callback writer) {
            return previousAllocation;
        }
    }

    /** Buffers rows into one batch and hands full batches to the ORC writer. */
    private static final class OrcRowDataBulkWriter implements BulkWriter<RowData> {

        private final Writer writer;
        private final VectorizedRowBatch batch;
        private final OrcRowDataVectorizer vectorizer;
        private boolean finished;

        OrcRowDataBulkWriter(Writer writer, VectorizedRowBatch batch, RowType rowType) {
            this.writer = writer;
            this.batch = batch;
            this.vectorizer = new OrcRowDataVectorizer(rowType);
        }

        @Override
        public void addElement(RowData row) throws IOException {
            ensureNotFinished();
            vectorizer.append(row, batch);
            if (batch.size == batch.getMaxSize()) {
                writeBatch();
            }
        }

        /**
         * Hands the buffered rows to the ORC writer. ORC keeps them in memory until its stripe is
         * full or the file is finished: an ORC file cannot be made readable half-way.
         */
        @Override
        public void flush() throws IOException {
            ensureNotFinished();
            if (batch.size > 0) {
                writeBatch();
            }
        }

        @Override
        public void finish() throws IOException {
            flush();
            finished = true;
            // Writes the last stripe and the footer, then closes its Hadoop stream, which only
            // flushes the Flink stream.
            writer.close();
        }

        private void writeBatch() throws IOException {
            writer.addRowBatch(batch);
            batch.reset();
        }

        private void ensureNotFinished() {
            if (finished) {
                throw new IllegalStateException("The ORC file was already finished");
            }
        }
    }
}
