package dev.formattable.e2e.cluster;

import org.apache.flink.core.fs.BlockLocation;
import org.apache.flink.core.fs.FSDataInputStream;
import org.apache.flink.core.fs.FSDataOutputStream;
import org.apache.flink.core.fs.FileStatus;
import org.apache.flink.core.fs.FileSystem;
import org.apache.flink.core.fs.FileSystemFactory;
import org.apache.flink.core.fs.Path;
import org.apache.flink.core.fs.local.LocalFileSystem;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The local file system under the scheme {@value #SCHEME}, which can hold a commit on a real
 * cluster: while the file {@code hold} exists in its control directory, the {@value #HELD_RENAME}th
 * rename of a staged file into place in a process writes {@code held} there and then waits until
 * {@code hold} is gone. A test kills the process meanwhile. Installed as a plugin of the standalone
 * cluster, so every process (JobManager, TaskManager, SQL Gateway) has it.
 */
public final class HoldingFileSystem extends FileSystem {

    static final String SCHEME = "holdfile";

    /** The Flink setting naming the control directory. */
    static final String CONTROL_DIR = "holdfile.control-dir";

    static final int HELD_RENAME = 6;

    /** Renames of staged files into place in this process. */
    private static final AtomicInteger PUBLISHING_RENAMES = new AtomicInteger();

    private final LocalFileSystem local = LocalFileSystem.getSharedInstance();
    private final java.nio.file.Path control;

    HoldingFileSystem(java.nio.file.Path control) {
        this.control = control;
    }

    /** The factory Flink finds through {@code META-INF/services}. */
    public static final class Factory implements FileSystemFactory {
        private java.nio.file.Path control;

        @Override
        public String getScheme() {
            return SCHEME;
        }

        @Override
        public void configure(org.apache.flink.configuration.Configuration config) {
            String dir = config.toMap().get(CONTROL_DIR);
            control = dir == null ? null : java.nio.file.Path.of(dir);
        }

        @Override
        public FileSystem create(URI fsUri) {
            if (control == null) {
                throw new IllegalStateException("No '" + CONTROL_DIR + "' in the configuration");
            }
            return new HoldingFileSystem(control);
        }
    }

    private static Path toLocal(Path path) {
        return new Path("file", null, path.toUri().getPath());
    }

    private static Path fromLocal(Path path) {
        return new Path(SCHEME, null, path.toUri().getPath());
    }

    @Override
    public boolean rename(Path src, Path dst) throws IOException {
        if (src.toString().contains("/_temporary/")
                && !dst.toString().contains("/_temporary/")
                && PUBLISHING_RENAMES.incrementAndGet() == HELD_RENAME
                && Files.exists(control.resolve("hold"))) {
            Files.writeString(control.resolve("held"), "held");
            try {
                while (Files.exists(control.resolve("hold"))) {
                    Thread.sleep(10);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new java.io.InterruptedIOException("Interrupted while held: " + src);
            }
        }
        return local.rename(toLocal(src), toLocal(dst));
    }

    @Override
    public Path getWorkingDirectory() {
        return fromLocal(local.getWorkingDirectory());
    }

    @Override
    public Path getHomeDirectory() {
        return fromLocal(local.getHomeDirectory());
    }

    @Override
    public URI getUri() {
        return URI.create(SCHEME + ":///");
    }

    @Override
    public FileStatus getFileStatus(Path f) throws IOException {
        return new Status(local.getFileStatus(toLocal(f)));
    }

    @Override
    public BlockLocation[] getFileBlockLocations(FileStatus file, long start, long len)
            throws IOException {
        return local.getFileBlockLocations(
                local.getFileStatus(toLocal(file.getPath())), start, len);
    }

    @Override
    public FSDataInputStream open(Path f, int bufferSize) throws IOException {
        return local.open(toLocal(f), bufferSize);
    }

    @Override
    public FSDataInputStream open(Path f) throws IOException {
        return local.open(toLocal(f));
    }

    @Override
    public FileStatus[] listStatus(Path f) throws IOException {
        FileStatus[] statuses = local.listStatus(toLocal(f));
        if (statuses == null) {
            return null;
        }
        FileStatus[] ours = new FileStatus[statuses.length];
        for (int i = 0; i < statuses.length; i++) {
            ours[i] = new Status(statuses[i]);
        }
        return ours;
    }

    @Override
    public boolean delete(Path f, boolean recursive) throws IOException {
        return local.delete(toLocal(f), recursive);
    }

    @Override
    public boolean mkdirs(Path f) throws IOException {
        return local.mkdirs(toLocal(f));
    }

    @Override
    public FSDataOutputStream create(Path f, WriteMode overwriteMode) throws IOException {
        return local.create(toLocal(f), overwriteMode);
    }

    @Override
    public boolean isDistributedFS() {
        return false;
    }

    /** A local status, with the path in this scheme. */
    private static final class Status implements FileStatus {
        private final FileStatus local;

        Status(FileStatus local) {
            this.local = local;
        }

        @Override
        public long getLen() {
            return local.getLen();
        }

        @Override
        public long getBlockSize() {
            return local.getBlockSize();
        }

        @Override
        public short getReplication() {
            return local.getReplication();
        }

        @Override
        public long getModificationTime() {
            return local.getModificationTime();
        }

        @Override
        public long getAccessTime() {
            return local.getAccessTime();
        }

        @Override
        public boolean isDir() {
            return local.isDir();
        }

        @Override
        public Path getPath() {
            return fromLocal(local.getPath());
        }
    }
}
