package dev.formattable.flink.format;

import dev.formattable.core.fs.FileIO;
import dev.formattable.core.fs.Path;

import org.apache.parquet.io.DelegatingSeekableInputStream;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.SeekableInputStream;

import java.io.IOException;

/**
 * A parquet file opened through a {@link FileIO}: the one way this connector hands files to
 * parquet, for reading rows and for reading footers alone. Its name is the file's path, which
 * parquet's errors quote.
 */
public final class FileIOInputFile implements InputFile {

    private final FileIO io;
    private final Path path;
    private final long length;

    public FileIOInputFile(FileIO io, Path path, long length) {
        this.io = io;
        this.path = path;
        this.length = length;
    }

    @Override
    public long getLength() {
        return length;
    }

    @Override
    public SeekableInputStream newStream() throws IOException {
        dev.formattable.core.fs.SeekableInputStream in = io.newInputStream(path);
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

    @Override
    public String toString() {
        return path.toString();
    }
}
