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
package dev.formattable.core.fs;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;

import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * {@link FileIO} over a Hadoop {@link FileSystem}: HDFS, S3A, and whatever else the Hadoop
 * configuration reaches. The configuration travels with the object when it is serialized.
 */
public class HadoopFileIO implements FileIO {

    private static final long serialVersionUID = 1L;

    private transient Configuration conf;

    public HadoopFileIO(Configuration conf) {
        this.conf = new Configuration(conf);
    }

    private FileSystem fs(org.apache.hadoop.fs.Path path) throws IOException {
        return path.getFileSystem(conf);
    }

    private static org.apache.hadoop.fs.Path toHadoop(Path path) {
        return new org.apache.hadoop.fs.Path(path.scheme(), path.authority(), path.path());
    }

    private static FileStatus toStatus(Path path, org.apache.hadoop.fs.FileStatus status) {
        return new FileStatus(
                path, status.getLen(), status.isDirectory(), status.getModificationTime());
    }

    @Override
    public FileStatus getStatus(Path path) throws IOException {
        org.apache.hadoop.fs.Path p = toHadoop(path);
        return toStatus(path, fs(p).getFileStatus(p));
    }

    @Override
    public List<FileStatus> list(Path directory) throws IOException {
        org.apache.hadoop.fs.Path p = toHadoop(directory);
        org.apache.hadoop.fs.FileStatus[] children = fs(p).listStatus(p);
        List<FileStatus> result = new ArrayList<>(children.length);
        for (org.apache.hadoop.fs.FileStatus child : children) {
            // Keep the caller's spelling of scheme and authority; take the name from Hadoop.
            result.add(toStatus(directory.child(child.getPath().getName()), child));
        }
        return result;
    }

    @Override
    public boolean exists(Path path) throws IOException {
        org.apache.hadoop.fs.Path p = toHadoop(path);
        return fs(p).exists(p);
    }

    @Override
    public void mkdirs(Path path) throws IOException {
        org.apache.hadoop.fs.Path p = toHadoop(path);
        if (!fs(p).mkdirs(p)) {
            throw new IOException("Could not create directory " + path);
        }
    }

    @Override
    public void rename(Path source, Path target) throws IOException {
        org.apache.hadoop.fs.Path src = toHadoop(source);
        org.apache.hadoop.fs.Path dst = toHadoop(target);
        FileSystem fs = fs(src);
        Renames.noReplace(source, target, p -> fs.exists(toHadoop(p)), () -> fs.rename(src, dst));
    }

    @Override
    public boolean delete(Path path, boolean recursive) throws IOException {
        org.apache.hadoop.fs.Path p = toHadoop(path);
        return fs(p).delete(p, recursive);
    }

    @Override
    public SeekableInputStream newInputStream(Path path) throws IOException {
        org.apache.hadoop.fs.Path p = toHadoop(path);
        FSDataInputStream in = fs(p).open(p);
        return SeekableInputStream.wrap(in, in::seek, in::getPos);
    }

    @Override
    public PositionOutputStream newOutputStream(Path path, boolean overwrite) throws IOException {
        org.apache.hadoop.fs.Path p = toHadoop(path);
        FSDataOutputStream hadoopOut = fs(p).create(p, overwrite);
        return new ForwardingPositionOutputStream(hadoopOut) {
            @Override
            public long getPos() {
                return hadoopOut.getPos();
            }

            @Override
            public void flush() throws IOException {
                hadoopOut.hflush();
            }
        };
    }

    @Override
    public Path qualify(Path path) {
        if (path.scheme() == null && !path.isAbsolute()) {
            try {
                org.apache.hadoop.fs.Path p = toHadoop(path);
                return Path.fromUri(fs(p).makeQualified(p).toUri());
            } catch (IOException e) {
                throw FileIO.unreachable(path, e);
            }
        }
        return path;
    }

    @Override
    public String fileSystemScheme(Path path) {
        try {
            return fs(toHadoop(path)).getUri().getScheme();
        } catch (IOException e) {
            return null;
        }
    }

    /** Whether files at {@code target} are written as multipart uploads (S3A). */
    @Override
    public boolean uploadsToTarget(Path target) {
        if (renamesInPlace(target)) {
            return false;
        }
        org.apache.hadoop.fs.Path p = toHadoop(target);
        try {
            return HadoopMultipartUploads.supported(fs(p), p);
        } catch (IOException e) {
            return false;
        }
    }

    @Override
    public TwoPhaseOutputStream newTwoPhaseOutputStream(Path target, Path staged)
            throws IOException {
        if (!uploadsToTarget(target)) {
            return FileIO.super.newTwoPhaseOutputStream(target, staged);
        }
        return HadoopMultipartUploads.open(fs(toHadoop(target)), target, this);
    }

    @Override
    public FileCommitter recoverCommitter(
            Path staged, Path target, long length, PendingUpload upload) throws IOException {
        if (upload == null) {
            return FileIO.super.recoverCommitter(staged, target, length, null);
        }
        return HadoopMultipartUploads.recover(fs(toHadoop(target)), this, target, length, upload);
    }

    @Override
    public List<OpenUpload> listUploads(Path prefix) throws IOException {
        return S3Uploads.below(fs(toHadoop(prefix)), prefix);
    }

    @Override
    public List<OpenUpload> uploadsTo(Path target) throws IOException {
        return S3Uploads.to(fs(toHadoop(target)), target);
    }

    @Override
    public void abortUpload(OpenUpload upload) throws IOException {
        S3Uploads.abort(fs(toHadoop(upload.target())), upload);
    }

    private void writeObject(ObjectOutputStream out) throws IOException {
        out.defaultWriteObject();
        Map<String, String> entries = new HashMap<>();
        for (Map.Entry<String, String> e : conf) {
            entries.put(e.getKey(), e.getValue());
        }
        out.writeObject(entries);
    }

    @SuppressWarnings("unchecked")
    private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
        in.defaultReadObject();
        conf = new Configuration(false);
        ((Map<String, String>) in.readObject()).forEach(conf::set);
    }
}
