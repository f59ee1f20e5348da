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

import org.apache.flink.core.fs.FSDataOutputStream;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;

/**
 * A Hadoop {@link FileSystem} that exists only to hand one already opened Flink stream to
 * orc-core's own writer ({@code OrcFile.createWriter}), which insists on creating its file through
 * a Hadoop file system.
 *
 * <p>{@link #create} ({@link #openForWrite}) succeeds exactly once and returns a Hadoop stream over
 * the Flink stream. When ORC closes that stream at the end of the file, the Flink stream is only
 * flushed: its owner (a Flink part file, which still has to commit it) closes it. Every other
 * operation is refused.
 */
final class SingleStreamFileSystem extends NarrowFileSystem {

    private static final URI URI_ = URI.create("flink-stream:///");

    private final FSDataOutputStream target;
    private boolean handedOut;

    SingleStreamFileSystem(FSDataOutputStream target, Configuration conf) {
        this.target = target;
        setConf(conf);
    }

    @Override
    org.apache.hadoop.fs.FSDataOutputStream openForWrite(Path path) throws IOException {
        if (handedOut) {
            throw new IOException(
                    "The Flink output stream for " + path + " was already handed to a writer");
        }
        handedOut = true;
        // Positions ORC records in its footer are file offsets, so start counting where the
        // Flink stream stands (0 for a fresh part file).
        return new org.apache.hadoop.fs.FSDataOutputStream(
                new FlushOnCloseStream(target), null, target.getPos());
    }

    @Override
    public URI getUri() {
        return URI_;
    }

    @Override
    public Path getWorkingDirectory() {
        return new Path("/");
    }

    @Override
    public void setWorkingDirectory(Path dir) {
        // There is no directory tree here.
    }

    @Override
    String purpose() {
        return "only passes one Flink output stream to the ORC writer";
    }

    /** Writes through to the Flink stream; close flushes it and leaves it open. */
    private static final class FlushOnCloseStream extends OutputStream {

        private final FSDataOutputStream target;
        private boolean closed;

        FlushOnCloseStream(FSDataOutputStream target) {
            this.target = target;
        }

        @Override
        public void write(int b) throws IOException {
            ensureOpen();
            target.write(b);
        }

        @Override
        public void write(byte[] bytes, int offset, int length) throws IOException {
            ensureOpen();
            target.write(bytes, offset, length);
        }

        private void ensureOpen() throws IOException {
            if (closed) {
                throw new IOException("The ORC writer already finished its file");
            }
        }

        @Override
        public void flush() throws IOException {
            if (!closed) {
                target.flush();
            }
        }

        @Override
        public void close() throws IOException {
            if (!closed) {
                target.flush();
                closed = true;
            }
        }
    }
}
