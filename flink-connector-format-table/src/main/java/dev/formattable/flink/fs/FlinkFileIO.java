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
package dev.formattable.flink.fs;

import dev.formattable.core.fs.FileCommitter;
import dev.formattable.core.fs.FileIO;
import dev.formattable.core.fs.FileStatus;
import dev.formattable.core.fs.ForwardingPositionOutputStream;
import dev.formattable.core.fs.HadoopMultipartUploads;
import dev.formattable.core.fs.LocalFileIO;
import dev.formattable.core.fs.OpenUpload;
import dev.formattable.core.fs.Path;
import dev.formattable.core.fs.PendingUpload;
import dev.formattable.core.fs.PositionOutputStream;
import dev.formattable.core.fs.Renames;
import dev.formattable.core.fs.S3Uploads;
import dev.formattable.core.fs.SeekableInputStream;
import dev.formattable.core.fs.TwoPhaseOutputStream;

import org.apache.flink.annotation.Internal;
import org.apache.flink.core.fs.FSDataInputStream;
import org.apache.flink.core.fs.FSDataOutputStream;
import org.apache.flink.core.fs.FileSystem;
import org.apache.flink.core.fs.RecoverableWriter;
import org.apache.flink.core.fs.local.LocalFileSystem;
import org.apache.flink.util.WrappingProxy;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The core's {@link FileIO} over Flink's {@link FileSystem}, so a format table lives on whatever
 * file systems the user's Flink is configured with: local, HDFS, S3 and the rest.
 *
 * <p>On a file system whose rename copies (an object store), data files are written as uploads to
 * their final names: through the file system's {@link RecoverableWriter} where it writes to the
 * final name (Flink's S3 plugins), else through Hadoop's multipart API where Flink reaches S3A
 * through its Hadoop fallback. Anything else stages and renames.
 */
@Internal
public class FlinkFileIO implements FileIO {

    private static final long serialVersionUID = 1L;

    private static final Logger LOG = LoggerFactory.getLogger(FlinkFileIO.class);

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
        org.apache.flink.core.fs.FileStatus[] children = listStatus(fs(p), p);
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

    /** Listings tried before a directory whose entries keep vanishing is reported. */
    private static final int LISTINGS = 5;

    /**
     * Flink's local file system lists a directory's names and then reads each one's status, so a
     * file removed in between (another writer sweeping the same staging directory) fails the whole
     * listing as not found. While the directory itself is there, that is a race: list again.
     */
    private static org.apache.flink.core.fs.FileStatus[] listStatus(
            FileSystem fs, org.apache.flink.core.fs.Path directory) throws IOException {
        for (int listing = 1; ; listing++) {
            try {
                return fs.listStatus(directory);
            } catch (FileNotFoundException e) {
                if (!fs.exists(directory)) {
                    throw e;
                }
                if (listing == LISTINGS) {
                    throw new IOException(
                            String.format(
                                    "Cannot list %s: its entries were removed while it was"
                                            + " listed, %d times in a row",
                                    directory, LISTINGS),
                            e);
                }
            }
        }
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
        return new FlinkPositionOutputStream(FlinkOutputStreams.counting(out));
    }

    /** Flink's Hadoop fallback file system, whose Hadoop file system is on our class path. */
    private static final String FLINK_HADOOP_FS =
            "org.apache.flink.runtime.fs.hdfs.HadoopFileSystem";

    /** The file system inside Flink's wrappers (a plugin's class loader fix, a safety net). */
    @SuppressWarnings("unchecked")
    private static FileSystem unwrap(FileSystem fs) {
        FileSystem inner = fs;
        for (int i = 0; i < 8 && inner instanceof WrappingProxy; i++) {
            inner = ((WrappingProxy<FileSystem>) inner).getWrappedDelegate();
        }
        return inner;
    }

    /**
     * The Hadoop file system beneath a Flink file system built on one (the S3 plugins, the Hadoop
     * fallback), called by name as the plugins load their own copy of the class; null for others.
     */
    static Object hadoopFileSystemOf(FileSystem fs) {
        // Plugins' file systems come wrapped (class loader fixing, safety net).
        FileSystem inner = unwrap(fs);
        try {
            return inner.getClass().getMethod("getHadoopFileSystem").invoke(inner);
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null;
        }
    }

    /** The file system's recoverable writer if it writes to the final name, else null. */
    private static RecoverableWriter uploadingWriter(FileSystem fs) throws IOException {
        if (FLINK_HADOOP_FS.equals(unwrap(fs).getClass().getName())) {
            // Its writer works on HDFS only, and stages then renames.
            return null;
        }
        try {
            return fs.createRecoverableWriter();
        } catch (UnsupportedOperationException e) {
            return null;
        }
    }

    /** S3A beneath Flink's Hadoop fallback when it writes multipart uploads, else null. */
    private static org.apache.hadoop.fs.FileSystem multipartHadoop(FileSystem fs, Path target) {
        if (!FLINK_HADOOP_FS.equals(unwrap(fs).getClass().getName())) {
            return null;
        }
        Object hadoop = hadoopFileSystemOf(fs);
        if (!(hadoop instanceof org.apache.hadoop.fs.FileSystem)) {
            return null;
        }
        org.apache.hadoop.fs.FileSystem hfs = (org.apache.hadoop.fs.FileSystem) hadoop;
        org.apache.hadoop.fs.Path p =
                new org.apache.hadoop.fs.Path(target.scheme(), target.authority(), target.path());
        if (!HadoopMultipartUploads.supported(hfs, p)) {
            return null;
        }
        try {
            return OwnHadoopFileSystems.of(hfs);
        } catch (IOException e) {
            LOG.warn("Cannot open S3A for multipart uploads to {}; staging instead", target, e);
            return null;
        }
    }

    @Override
    public boolean uploadsToTarget(Path target) {
        if (renamesInPlace(target)) {
            return false;
        }
        try {
            FileSystem fs = fs(toFlink(target));
            return uploadingWriter(fs) != null || multipartHadoop(fs, target) != null;
        } catch (IOException e) {
            return false;
        }
    }

    @Override
    public TwoPhaseOutputStream newTwoPhaseOutputStream(Path target, Path staged)
            throws IOException {
        if (!renamesInPlace(target)) {
            FileSystem fs = fs(toFlink(target));
            RecoverableWriter writer = uploadingWriter(fs);
            if (writer != null) {
                return RecoverableUploads.open(fs, writer, target, this);
            }
            org.apache.hadoop.fs.FileSystem hadoop = multipartHadoop(fs, target);
            if (hadoop != null) {
                return HadoopMultipartUploads.open(hadoop, target, this);
            }
        }
        return FileIO.super.newTwoPhaseOutputStream(target, staged);
    }

    @Override
    public FileCommitter recoverCommitter(
            Path staged, Path target, long length, PendingUpload upload) throws IOException {
        if (upload == null) {
            return FileIO.super.recoverCommitter(staged, target, length, null);
        }
        FileSystem fs = fs(toFlink(target));
        if (HadoopMultipartUploads.KIND.equals(upload.kind())) {
            org.apache.hadoop.fs.FileSystem hadoop = multipartHadoop(fs, target);
            if (hadoop == null) {
                throw new IOException(
                        String.format(
                                "Cannot complete the upload of %s: it is a '%s' upload, and %s"
                                        + " reaches no Hadoop S3A file system there",
                                target, upload.kind(), fs.getClass().getName()));
            }
            return HadoopMultipartUploads.recover(hadoop, this, target, length, upload);
        }
        RecoverableWriter writer = uploadingWriter(fs);
        if (writer == null) {
            throw new IOException(
                    String.format(
                            "Cannot complete the upload of %s: it is a '%s' upload, and %s has no"
                                    + " recoverable writer",
                            target, upload.kind(), fs.getClass().getName()));
        }
        return RecoverableUploads.recover(fs, writer, this, target, length, upload);
    }

    @Override
    public List<OpenUpload> listUploads(Path prefix) throws IOException {
        return S3Uploads.below(hadoopFileSystemOf(fs(toFlink(prefix))), prefix);
    }

    @Override
    public List<OpenUpload> uploadsTo(Path target) throws IOException {
        return S3Uploads.to(hadoopFileSystemOf(fs(toFlink(target))), target);
    }

    @Override
    public void abortUpload(OpenUpload upload) throws IOException {
        S3Uploads.abort(hadoopFileSystemOf(fs(toFlink(upload.target()))), upload);
    }

    @Override
    public String fileSystemScheme(Path path) {
        try {
            return fs(toFlink(path)).getUri().getScheme();
        } catch (IOException e) {
            return null;
        }
    }

    @Override
    public Path qualify(Path path) {
        try {
            org.apache.flink.core.fs.Path p = toFlink(path);
            return fromFlink(p.makeQualified(fs(p)));
        } catch (IOException e) {
            // An unqualified path would only fail later, further from its cause.
            throw FileIO.unreachable(path, e);
        }
    }

    /**
     * Exposes the Flink stream, which Flink's bulk writers need. Its position is counted, not asked
     * of the file system (see {@link FlinkOutputStreams#counting}).
     */
    public static final class FlinkPositionOutputStream extends ForwardingPositionOutputStream {
        private final FSDataOutputStream out;

        FlinkPositionOutputStream(FSDataOutputStream out) {
            super(out);
            this.out = out;
        }

        public FSDataOutputStream flinkStream() {
            return out;
        }

        @Override
        public long getPos() throws IOException {
            return out.getPos();
        }
    }
}
