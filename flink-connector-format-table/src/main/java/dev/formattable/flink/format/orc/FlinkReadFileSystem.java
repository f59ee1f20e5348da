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

import dev.formattable.core.fs.SeekableInputStream;

import org.apache.flink.annotation.Internal;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.PositionedReadable;
import org.apache.hadoop.fs.Seekable;

import java.io.EOFException;
import java.io.IOException;
import java.net.URI;
import java.util.List;

/**
 * A read-only Hadoop {@link FileSystem} over Flink's file systems, for orc-core, which opens the
 * files it reads through Hadoop. Registered for the schemes Flink serves through its own plugins
 * ({@link #SCHEMES}), it lets orc files be read wherever Flink reaches, with Flink's settings: the
 * S3 plugin lives in a class loader Hadoop never looks into.
 */
@Internal
public final class FlinkReadFileSystem extends NarrowFileSystem {

    /** Schemes routed through Flink: those of Flink's file system plugins, not hdfs or file. */
    public static final List<String> SCHEMES =
            List.of("s3", "s3a", "s3p", "oss", "gs", "abfs", "abfss", "wasb", "wasbs", "obs");

    private URI uri;
    private Path workingDirectory = new Path("/");

    /** Makes {@code conf} open files of {@link #SCHEMES} with this class. */
    public static void register(Configuration conf) {
        for (String scheme : SCHEMES) {
            conf.set("fs." + scheme + ".impl", FlinkReadFileSystem.class.getName());
            // One instance per use: the instance is cheap, and Hadoop's cache is shared JVM-wide.
            conf.setBoolean("fs." + scheme + ".impl.disable.cache", true);
        }
    }

    @Override
    public void initialize(URI name, Configuration conf) throws IOException {
        super.initialize(name, conf);
        this.uri =
                URI.create(
                        name.getScheme()
                                + "://"
                                + (name.getAuthority() == null ? "" : name.getAuthority()));
    }

    @Override
    public String getScheme() {
        return uri == null ? "flink" : uri.getScheme();
    }

    @Override
    public URI getUri() {
        return uri;
    }

    private static org.apache.flink.core.fs.Path toFlink(Path path) {
        return new org.apache.flink.core.fs.Path(path.toUri());
    }

    @Override
    public FSDataInputStream open(Path path, int bufferSize) throws IOException {
        org.apache.flink.core.fs.Path p = toFlink(path);
        return new FSDataInputStream(new Stream(p.getFileSystem().open(p)));
    }

    @Override
    public FileStatus getFileStatus(Path path) throws IOException {
        org.apache.flink.core.fs.Path p = toFlink(path);
        org.apache.flink.core.fs.FileStatus s = p.getFileSystem().getFileStatus(p);
        return new FileStatus(
                s.getLen(),
                s.isDir(),
                s.getReplication(),
                s.getBlockSize(),
                s.getModificationTime(),
                path);
    }

    @Override
    public Path getWorkingDirectory() {
        return workingDirectory;
    }

    @Override
    public void setWorkingDirectory(Path dir) {
        workingDirectory = dir;
    }

    @Override
    String purpose() {
        return "only reads files";
    }

    /** A Flink input stream as the seekable, positioned stream Hadoop's readers expect. */
    private static final class Stream extends SeekableInputStream.Forwarding
            implements Seekable, PositionedReadable {

        private final org.apache.flink.core.fs.FSDataInputStream in;

        Stream(org.apache.flink.core.fs.FSDataInputStream in) {
            super(in, in::seek, in::getPos);
            this.in = in;
        }

        @Override
        public boolean seekToNewSource(long targetPos) {
            return false;
        }

        @Override
        public synchronized int read(long position, byte[] buffer, int offset, int length)
                throws IOException {
            long old = in.getPos();
            try {
                in.seek(position);
                return in.read(buffer, offset, length);
            } finally {
                in.seek(old);
            }
        }

        @Override
        public synchronized void readFully(long position, byte[] buffer, int offset, int length)
                throws IOException {
            long old = in.getPos();
            try {
                in.seek(position);
                int done = 0;
                while (done < length) {
                    int n = in.read(buffer, offset + done, length - done);
                    if (n < 0) {
                        throw new EOFException(
                                "End of file at "
                                        + (position + done)
                                        + ", wanted "
                                        + length
                                        + " bytes from "
                                        + position);
                    }
                    done += n;
                }
            } finally {
                in.seek(old);
            }
        }

        @Override
        public void readFully(long position, byte[] buffer) throws IOException {
            readFully(position, buffer, 0, buffer.length);
        }
    }
}
