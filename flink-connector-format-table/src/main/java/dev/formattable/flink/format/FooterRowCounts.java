package dev.formattable.flink.format;

import dev.formattable.core.FormatTable;
import dev.formattable.core.fs.FileIO;
import dev.formattable.core.options.FileFormat;
import dev.formattable.core.scan.DataSplit;
import dev.formattable.core.utils.Parallel;

import org.apache.hadoop.conf.Configuration;
import org.apache.orc.OrcFile;
import org.apache.orc.Reader;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.io.DelegatingSeekableInputStream;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.SeekableInputStream;

import java.io.IOException;
import java.util.List;

/**
 * Row counts read from the footers of parquet and orc files, without reading any data page or
 * stripe. Footers of many files are read in parallel.
 */
public final class FooterRowCounts {

    /** Footers read at once. */
    public static final int PARALLELISM = 16;

    private FooterRowCounts() {}

    /** The total number of rows of the given files of the table. */
    public static long total(FormatTable table, List<DataSplit> files) throws IOException {
        Configuration conf = hadoopConf(table);
        FileFormat format = table.options().format();
        long total = 0;
        for (long n : Parallel.map(files, PARALLELISM, f -> rowCount(table, conf, format, f))) {
            total += n;
        }
        return total;
    }

    private static Configuration hadoopConf(FormatTable table) {
        return FormatFactories.hadoopConf(FormatFactories.formatOptions(table.options()));
    }

    private static long rowCount(
            FormatTable table, Configuration conf, FileFormat format, DataSplit file)
            throws IOException {
        try {
            if (format == FileFormat.PARQUET) {
                try (ParquetFileReader reader =
                        ParquetFileReader.open(new FileIOInputFile(table.fileIO(), file))) {
                    return reader.getRecordCount();
                }
            }
            try (Reader reader =
                    OrcFile.createReader(
                            new org.apache.hadoop.fs.Path(file.path().toString()),
                            OrcFile.readerOptions(conf).maxLength(file.fileSize()))) {
                return reader.getNumberOfRows();
            }
        } catch (IOException | RuntimeException e) {
            throw new IOException("Cannot read the row count from the footer of " + file.path(), e);
        }
    }

    /** A parquet input file over the table's file system. */
    private static final class FileIOInputFile implements InputFile {
        private final FileIO io;
        private final DataSplit file;

        FileIOInputFile(FileIO io, DataSplit file) {
            this.io = io;
            this.file = file;
        }

        @Override
        public long getLength() {
            return file.fileSize();
        }

        @Override
        public SeekableInputStream newStream() throws IOException {
            dev.formattable.core.fs.SeekableInputStream in = io.newInputStream(file.path());
            return new DelegatingSeekableInputStream(in) {
                @Override
                public long getPos() throws IOException {
                    return in.getPos();
                }

                @Override
                public void seek(long position) throws IOException {
                    in.seek(position);
                }
            };
        }
    }
}
