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
package dev.formattable.flink.testutils;

import dev.formattable.testing.LocalFileSystemUnderScheme;

import org.apache.flink.core.fs.FSDataInputStream;
import org.apache.flink.core.fs.FSDataOutputStream;
import org.apache.flink.core.fs.FileStatus;
import org.apache.flink.core.fs.FileSystem;
import org.apache.flink.core.fs.FileSystemFactory;
import org.apache.flink.core.fs.Path;

import java.io.IOException;
import java.net.URI;
import java.util.EnumSet;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The local file system under the scheme {@code failingfile://}, which fails on demand: once armed
 * ({@link #failFrom}), every call of the chosen operations on a path containing a given part fails
 * with an {@link IOException}, after letting a number of them pass, until {@link #heal()}. A store
 * that went down, a full disk or a revoked permission look like this to a job. The switch is
 * static, as a MiniCluster runs its tasks in this JVM; found by Flink through {@code
 * META-INF/services}.
 */
public final class FailingFileSystem extends LocalFileSystemUnderScheme {

    public static final String SCHEME = "failingfile";

    /** The calls that can fail. */
    public enum Op {
        /** Creating a file to write. */
        CREATE,
        /** Writing or flushing bytes to a file being written. */
        WRITE,
        /** Closing a file being written. */
        CLOSE,
        MKDIRS,
        RENAME,
        DELETE,
        /** Opening a file to read. */
        OPEN,
        LIST,
        STATUS
    }

    private static final class Fault {
        final Set<Op> ops;
        final String pathPart;
        final AtomicInteger passing;

        Fault(Set<Op> ops, String pathPart, int passing) {
            this.ops = ops;
            this.pathPart = pathPart;
            this.passing = new AtomicInteger(passing);
        }
    }

    private static volatile Fault fault;
    private static final AtomicInteger FAILURES = new AtomicInteger();

    /**
     * Lets {@code passing} calls of {@code ops} on paths containing {@code pathPart} go through,
     * then fails every later one. Replaces an earlier fault and resets {@link #failures()}.
     */
    public static void failFrom(Set<Op> ops, String pathPart, int passing) {
        FAILURES.set(0);
        fault = new Fault(EnumSet.copyOf(ops), pathPart, passing);
    }

    /** Fails every call of {@code op} on a path containing {@code pathPart} from now on. */
    public static void failFrom(Op op, String pathPart) {
        failFrom(EnumSet.of(op), pathPart, 0);
    }

    /** The whole store is down: every call on every path fails. */
    public static void failEverything() {
        failFrom(EnumSet.allOf(Op.class), "", 0);
    }

    public static void heal() {
        fault = null;
    }

    /** The calls failed since the fault was set. */
    public static int failures() {
        return FAILURES.get();
    }

    /** {@code failingfile:///abs/dir} for a local directory. */
    public static String uri(java.nio.file.Path dir) {
        return SCHEME + "://" + dir.toAbsolutePath().toUri().getPath();
    }

    static void check(Op op, Path path) throws IOException {
        Fault f = fault;
        if (f == null || !f.ops.contains(op) || !path.toUri().getPath().contains(f.pathPart)) {
            return;
        }
        if (f.passing.getAndDecrement() > 0) {
            return;
        }
        FAILURES.incrementAndGet();
        throw new IOException("Injected storage fault: " + op + " of " + path);
    }

    public FailingFileSystem() {
        super(SCHEME);
    }

    @Override
    public FSDataOutputStream create(Path f, WriteMode overwriteMode) throws IOException {
        check(Op.CREATE, f);
        return new FailingOutputStream(f, super.create(f, overwriteMode));
    }

    @Override
    public boolean mkdirs(Path f) throws IOException {
        check(Op.MKDIRS, f);
        return super.mkdirs(f);
    }

    @Override
    public boolean rename(Path src, Path dst) throws IOException {
        check(Op.RENAME, src);
        return super.rename(src, dst);
    }

    @Override
    public boolean delete(Path f, boolean recursive) throws IOException {
        check(Op.DELETE, f);
        return super.delete(f, recursive);
    }

    @Override
    public FSDataInputStream open(Path f, int bufferSize) throws IOException {
        check(Op.OPEN, f);
        return super.open(f, bufferSize);
    }

    @Override
    public FSDataInputStream open(Path f) throws IOException {
        check(Op.OPEN, f);
        return super.open(f);
    }

    @Override
    public FileStatus[] listStatus(Path f) throws IOException {
        check(Op.LIST, f);
        return super.listStatus(f);
    }

    @Override
    public FileStatus getFileStatus(Path f) throws IOException {
        check(Op.STATUS, f);
        return super.getFileStatus(f);
    }

    /** A file being written, whose writes and close fail on demand. */
    private static final class FailingOutputStream extends FSDataOutputStream {
        private final Path path;
        private final FSDataOutputStream out;

        FailingOutputStream(Path path, FSDataOutputStream out) {
            this.path = path;
            this.out = out;
        }

        @Override
        public long getPos() throws IOException {
            return out.getPos();
        }

        @Override
        public void write(int b) throws IOException {
            check(Op.WRITE, path);
            out.write(b);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            check(Op.WRITE, path);
            out.write(b, off, len);
        }

        @Override
        public void flush() throws IOException {
            check(Op.WRITE, path);
            out.flush();
        }

        @Override
        public void sync() throws IOException {
            check(Op.WRITE, path);
            out.sync();
        }

        /** The local file is closed either way; a fault says the bytes did not all arrive. */
        @Override
        public void close() throws IOException {
            out.close();
            check(Op.CLOSE, path);
        }
    }

    /** Found by Flink through {@code META-INF/services}. */
    public static final class Factory implements FileSystemFactory {
        @Override
        public String getScheme() {
            return SCHEME;
        }

        @Override
        public FileSystem create(URI fsUri) {
            return new FailingFileSystem();
        }
    }
}
