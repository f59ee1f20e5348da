package dev.formattable.flink.testutils;

import org.apache.flink.configuration.Configuration;
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
import java.util.concurrent.atomic.AtomicLong;

/**
 * The local file system under the scheme {@code countingfile://}, counting directory listings and
 * status calls in this JVM: a SQL query's planning (in the client) and its execution (in the
 * MiniCluster) are counted together, whatever the connector's own bookkeeping says. Found by Flink
 * through {@code META-INF/services} of the test class path; {@link CountingHadoopFileSystem} serves
 * the same scheme to Hadoop, into the same counters.
 */
public final class CountingFileSystem extends FileSystem {

    public static final String SCHEME = "countingfile";

    private static final AtomicLong LISTS = new AtomicLong();
    private static final AtomicLong STATUSES = new AtomicLong();
    private static final AtomicLong OPENS = new AtomicLong();
    private static final java.util.Queue<String> LISTED =
            new java.util.concurrent.ConcurrentLinkedQueue<>();

    private final LocalFileSystem local = LocalFileSystem.getSharedInstance();

    /** Registers the scheme with Flink's file systems, with Flink's default configuration. */
    public static void install() {
        FileSystem.initialize(new Configuration(), null);
    }

    public static void reset() {
        LISTS.set(0);
        STATUSES.set(0);
        OPENS.set(0);
        LISTED.clear();
    }

    /** Listings since the last {@link #reset} of directories whose path contains {@code part}. */
    public static long listsOf(String part) {
        return LISTED.stream().filter(p -> p.contains(part)).count();
    }

    /** Files opened for reading since the last {@link #reset}. */
    public static long opens() {
        return OPENS.get();
    }

    static void countOpen() {
        OPENS.incrementAndGet();
    }

    static void countStatus() {
        STATUSES.incrementAndGet();
    }

    public static long lists() {
        return LISTS.get();
    }

    public static long statuses() {
        return STATUSES.get();
    }

    /** {@code countingfile:///abs/dir} for a local directory. */
    public static String uri(java.nio.file.Path dir) {
        return SCHEME + "://" + dir.toAbsolutePath().toUri().getPath();
    }

    private static Path toLocal(Path p) {
        return new Path("file", null, p.toUri().getPath());
    }

    private static Path fromLocal(Path p) {
        return new Path(SCHEME, null, p.toUri().getPath());
    }

    @Override
    public FileStatus[] listStatus(Path f) throws IOException {
        LISTS.incrementAndGet();
        LISTED.add(f.toUri().getPath());
        FileStatus[] in = local.listStatus(toLocal(f));
        if (in == null) {
            return null;
        }
        FileStatus[] out = new FileStatus[in.length];
        for (int i = 0; i < in.length; i++) {
            out[i] = new Status(in[i]);
        }
        return out;
    }

    @Override
    public FileStatus getFileStatus(Path f) throws IOException {
        STATUSES.incrementAndGet();
        return new Status(local.getFileStatus(toLocal(f)));
    }

    @Override
    public BlockLocation[] getFileBlockLocations(FileStatus file, long start, long len)
            throws IOException {
        return local.getFileBlockLocations(((Status) file).delegate, start, len);
    }

    @Override
    public FSDataInputStream open(Path f, int bufferSize) throws IOException {
        OPENS.incrementAndGet();
        return local.open(toLocal(f), bufferSize);
    }

    @Override
    public FSDataInputStream open(Path f) throws IOException {
        OPENS.incrementAndGet();
        return local.open(toLocal(f));
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
    public FSDataOutputStream create(Path f, WriteMode overwrite) throws IOException {
        return local.create(toLocal(f), overwrite);
    }

    @Override
    public boolean rename(Path src, Path dst) throws IOException {
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
    public boolean isDistributedFS() {
        return false;
    }

    /** A local status renamed into this scheme. */
    private static final class Status implements FileStatus {
        final FileStatus delegate;

        Status(FileStatus delegate) {
            this.delegate = delegate;
        }

        @Override
        public long getLen() {
            return delegate.getLen();
        }

        @Override
        public long getBlockSize() {
            return delegate.getBlockSize();
        }

        @Override
        public short getReplication() {
            return delegate.getReplication();
        }

        @Override
        public long getModificationTime() {
            return delegate.getModificationTime();
        }

        @Override
        public long getAccessTime() {
            return delegate.getAccessTime();
        }

        @Override
        public boolean isDir() {
            return delegate.isDir();
        }

        @Override
        public Path getPath() {
            return fromLocal(delegate.getPath());
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
            return new CountingFileSystem();
        }
    }
}
