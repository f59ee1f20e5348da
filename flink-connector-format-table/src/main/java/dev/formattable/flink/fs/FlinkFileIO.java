package dev.formattable.flink.fs;

import dev.formattable.core.fs.FileIO;
import dev.formattable.core.fs.FileStatus;
import dev.formattable.core.fs.LocalFileIO;
import dev.formattable.core.fs.Path;
import dev.formattable.core.fs.PositionOutputStream;
import dev.formattable.core.fs.Renames;
import dev.formattable.core.fs.SeekableInputStream;

import org.apache.flink.core.fs.FSDataInputStream;
import org.apache.flink.core.fs.FSDataOutputStream;
import org.apache.flink.core.fs.FileSystem;
import org.apache.flink.core.fs.local.LocalFileSystem;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The core's {@link FileIO} over Flink's {@link FileSystem}, so a format table lives on whatever
 * file systems the user's Flink is configured with: local, HDFS, S3 and the rest.
 */
public class FlinkFileIO implements FileIO {

    private static final long serialVersionUID = 1L;

    private static final LocalFileIO LOCAL = new LocalFileIO();

    /** Flink's path for ours, built from components so the path text is taken literally. */
    public static org.apache.flink.core.fs.Path toFlink(Path path) {
        return new org.apache.flink.core.fs.Path(path.scheme(), path.authority(), path.path());
    }

    /** Our path for Flink's. */
    public static Path fromFlink(org.apache.flink.core.fs.Path path) {
        return Path.fromUri(path.toUri());
    }

    private static FileSystem fs(org.apache.flink.core.fs.Path path) throws IOException {
        return path.getFileSystem();
    }

    private static FileStatus toStatus(Path path, org.apache.flink.core.fs.FileStatus status) {
        return new FileStatus(
                path,
                status.isDir() ? 0 : status.getLen(),
                status.isDir(),
                status.getModificationTime());
    }

    @Override
    public FileStatus getStatus(Path path) throws IOException {
        org.apache.flink.core.fs.Path p = toFlink(path);
        return toStatus(path, fs(p).getFileStatus(p));
    }

    @Override
    public List<FileStatus> list(Path directory) throws IOException {
        org.apache.flink.core.fs.Path p = toFlink(directory);
        org.apache.flink.core.fs.FileStatus[] children = fs(p).listStatus(p);
        if (children == null) {
            // Some Flink file systems answer a missing directory with null.
            throw new FileNotFoundException("No such directory: " + directory);
        }
        List<FileStatus> result = new ArrayList<>(children.length);
        for (org.apache.flink.core.fs.FileStatus child : children) {
            result.add(toStatus(directory.child(child.getPath().getName()), child));
        }
        return result;
    }

    @Override
    public boolean exists(Path path) throws IOException {
        org.apache.flink.core.fs.Path p = toFlink(path);
        return fs(p).exists(p);
    }

    @Override
    public void mkdirs(Path path) throws IOException {
        org.apache.flink.core.fs.Path p = toFlink(path);
        if (!fs(p).mkdirs(p)) {
            throw new IOException("Could not create directory " + path);
        }
    }

    @Override
    public void rename(Path source, Path target) throws IOException {
        org.apache.flink.core.fs.Path src = toFlink(source);
        org.apache.flink.core.fs.Path dst = toFlink(target);
        FileSystem fs = fs(src);
        if (fs instanceof LocalFileSystem) {
            // Flink's local rename replaces a target that appeared meanwhile; ours does not.
            LOCAL.rename(
                    new Path(null, null, src.toUri().getPath()),
                    new Path(null, null, dst.toUri().getPath()));
            return;
        }
        Renames.noReplace(source, target, p -> fs.exists(toFlink(p)), () -> fs.rename(src, dst));
    }

    @Override
    public boolean delete(Path path, boolean recursive) throws IOException {
        org.apache.flink.core.fs.Path p = toFlink(path);
        FileSystem fs = fs(p);
        if (!fs.exists(p)) {
            return false;
        }
        return fs.delete(p, recursive);
    }

    @Override
    public SeekableInputStream newInputStream(Path path) throws IOException {
        org.apache.flink.core.fs.Path p = toFlink(path);
        FSDataInputStream in = fs(p).open(p);
        return SeekableInputStream.wrap(in, in::seek, in::getPos);
    }

    @Override
    public PositionOutputStream newOutputStream(Path path, boolean overwrite) throws IOException {
        org.apache.flink.core.fs.Path p = toFlink(path);
        FSDataOutputStream out =
                fs(p).create(
                                p,
                                overwrite
                                        ? FileSystem.WriteMode.OVERWRITE
                                        : FileSystem.WriteMode.NO_OVERWRITE);
        return new FlinkPositionOutputStream(new CountingFlinkOutputStream(out));
    }

    @Override
    public boolean isLocal(Path path) {
        try {
            return fs(toFlink(path)) instanceof LocalFileSystem;
        } catch (IOException e) {
            return false;
        }
    }

    @Override
    public boolean renamesInPlace(Path path) {
        try {
            return FileIO.schemeRenamesInPlace(fs(toFlink(path)).getUri().getScheme());
        } catch (IOException e) {
            return false;
        }
    }

    @Override
    public Path qualify(Path path) {
        try {
            org.apache.flink.core.fs.Path p = toFlink(path);
            return fromFlink(p.makeQualified(fs(p)));
        } catch (IOException e) {
            return path;
        }
    }

    /**
     * Exposes the Flink stream, which Flink's bulk writers need. Its position is counted, not asked
     * of the file system (see {@link CountingFlinkOutputStream}).
     */
    public static final class FlinkPositionOutputStream extends PositionOutputStream {
        private final FSDataOutputStream out;

        FlinkPositionOutputStream(FSDataOutputStream out) {
            this.out = out;
        }

        public FSDataOutputStream flinkStream() {
            return out;
        }

        @Override
        public long getPos() throws IOException {
            return out.getPos();
        }

        @Override
        public void write(int b) throws IOException {
            out.write(b);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            out.write(b, off, len);
        }

        @Override
        public void flush() throws IOException {
            out.flush();
        }

        @Override
        public void close() throws IOException {
            out.close();
        }
    }
}
