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
package dev.formattable.flink.stats;

import dev.formattable.core.FormatTable;
import dev.formattable.core.options.FileFormat;
import dev.formattable.core.scan.DataSplit;
import dev.formattable.core.utils.Parallel;
import dev.formattable.flink.format.FileIOInputFile;
import dev.formattable.flink.format.FooterReadOptions;

import org.apache.flink.annotation.Internal;

import org.apache.hadoop.fs.Path;
import org.apache.orc.OrcFile;
import org.apache.orc.Reader;
import org.apache.parquet.ParquetRuntimeException;
import org.apache.parquet.hadoop.ParquetFileReader;

import java.io.IOException;
import java.nio.BufferUnderflowException;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The footers of parquet and orc files ({@link FileFooter}: row counts, null counts, bounds), read
 * without any data page or stripe. Footers of many files are read in parallel, and each is cached
 * per file (path, size, modification time) in a bounded cache of this JVM, so planning the same
 * files again reads no footer: a file rewritten in place has another size or modification time.
 */
@Internal
public final class Footers {

    /** Footers read at once. */
    public static final int PARALLELISM = 16;

    /** Files whose footers are kept; the least recently used beyond that are dropped. */
    public static final int CACHE_SIZE = 100_000;

    private static final Map<String, FileFooter> CACHE =
            Collections.synchronizedMap(
                    new LinkedHashMap<>(1024, 0.75f, true) {
                        @Override
                        protected boolean removeEldestEntry(Map.Entry<String, FileFooter> eldest) {
                            return size() > CACHE_SIZE;
                        }
                    });

    private static final AtomicLong FOOTER_READS = new AtomicLong();

    private Footers() {}

    /** How many footers this JVM has read (cache hits excluded); for tests and diagnostics. */
    public static long footerReads() {
        return FOOTER_READS.get();
    }

    /** The total number of rows of the given files of the table. */
    public static long totalRows(FormatTable table, List<DataSplit> files) throws IOException {
        long total = 0;
        for (FileFooter footer : read(table, files)) {
            total += footer.rows();
        }
        return total;
    }

    /** The footers of the given files of the table, in order. */
    public static List<FileFooter> read(FormatTable table, List<DataSplit> files)
            throws IOException {
        FooterReadOptions options = FooterReadOptions.of(table.options());
        FileFormat format = table.options().format();
        return Parallel.map(files, PARALLELISM, f -> footer(table, options, format, f));
    }

    private static String key(DataSplit file) {
        return file.path() + "\u0000" + file.fileSize() + "\u0000" + file.modificationTime();
    }

    private static FileFooter footer(
            FormatTable table, FooterReadOptions options, FileFormat format, DataSplit file)
            throws IOException {
        String key = key(file);
        FileFooter cached = CACHE.get(key);
        if (cached != null) {
            return cached;
        }
        FileFooter footer = readFooter(table, options, format, file);
        CACHE.put(key, footer);
        return footer;
    }

    private static FileFooter readFooter(
            FormatTable table, FooterReadOptions options, FileFormat format, DataSplit file)
            throws IOException {
        FOOTER_READS.incrementAndGet();
        try {
            if (format == FileFormat.PARQUET) {
                try (ParquetFileReader reader =
                        ParquetFileReader.open(
                                new FileIOInputFile(table.fileIO(), file.path(), file.fileSize()),
                                options.parquet())) {
                    return FileFooter.ofParquet(reader.getFooter());
                }
            }
            try (Reader reader =
                    OrcFile.createReader(
                            new Path(file.path().toString()), options.orc(file.fileSize()))) {
                return FileFooter.ofOrc(reader);
            }
        } catch (IOException e) {
            throw new IOException("Cannot read the footer of data file " + file.path(), e);
        } catch (RuntimeException e) {
            if (!saysCorrupt(e)) {
                throw e;
            }
            throw new IOException("Cannot read the footer of data file " + file.path(), e);
        }
    }

    /**
     * Whether the readers said so that the file's bytes are no valid footer: parquet-java throws a
     * plain {@link RuntimeException} ("... is not a Parquet file") or its own runtime exceptions,
     * and both readers can fail on garbage with an argument or index out of range. Any other
     * unchecked failure is a bug, which must not pass as an unreadable file.
     */
    private static boolean saysCorrupt(RuntimeException e) {
        return e.getClass() == RuntimeException.class
                || e instanceof ParquetRuntimeException
                || e instanceof IllegalArgumentException
                || e instanceof IndexOutOfBoundsException
                || e instanceof BufferUnderflowException;
    }
}
