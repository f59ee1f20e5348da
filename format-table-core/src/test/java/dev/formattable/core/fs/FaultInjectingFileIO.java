package dev.formattable.core.fs;

import java.io.IOException;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A {@link FileIO} over another that fails chosen calls: the k-th call of an operation throws
 * before doing anything, or (for rename) after the rename took effect, as an object store whose
 * response was lost. It also counts every call, per operation.
 */
public class FaultInjectingFileIO implements FileIO {

    private static final long serialVersionUID = 1L;

    /** The operations that can fail. */
    public enum Op {
        STATUS,
        LIST,
        EXISTS,
        MKDIRS,
        RENAME,
        DELETE,
        READ,
        WRITE
    }

    private final FileIO delegate;
    private final Map<Op, AtomicInteger> calls = new EnumMap<>(Op.class);
    private final Map<Op, Integer> failAt = new EnumMap<>(Op.class);
    private int renameLostResponseAt = -1;

    public FaultInjectingFileIO(FileIO delegate) {
        this.delegate = delegate;
        for (Op op : Op.values()) {
            calls.put(op, new AtomicInteger());
        }
    }

    /** Fails the k-th call (1-based, counted from now) of {@code op}, before it does anything. */
    public synchronized FaultInjectingFileIO failOn(Op op, int k) {
        failAt.put(op, calls.get(op).get() + k);
        return this;
    }

    /** Carries out the k-th rename (1-based, counted from now) and then reports failure. */
    public synchronized FaultInjectingFileIO loseRenameResponse(int k) {
        renameLostResponseAt = calls.get(Op.RENAME).get() + k;
        return this;
    }

    /** Stops injecting faults. */
    public synchronized FaultInjectingFileIO heal() {
        failAt.clear();
        renameLostResponseAt = -1;
        return this;
    }

    /** Calls of {@code op} so far. */
    public int calls(Op op) {
        return calls.get(op).get();
    }

    public synchronized void resetCounts() {
        for (Op op : Op.values()) {
            calls.get(op).set(0);
        }
        failAt.clear();
        renameLostResponseAt = -1;
    }

    private synchronized int enter(Op op, Object what) throws IOException {
        int n = calls.get(op).incrementAndGet();
        Integer k = failAt.get(op);
        if (k != null && k == n) {
            throw new IOException("Injected failure of " + op + " call " + n + " on " + what);
        }
        return n;
    }

    @Override
    public FileStatus getStatus(Path path) throws IOException {
        enter(Op.STATUS, path);
        return delegate.getStatus(path);
    }

    @Override
    public List<FileStatus> list(Path directory) throws IOException {
        enter(Op.LIST, directory);
        return delegate.list(directory);
    }

    @Override
    public boolean exists(Path path) throws IOException {
        enter(Op.EXISTS, path);
        return delegate.exists(path);
    }

    @Override
    public void mkdirs(Path path) throws IOException {
        enter(Op.MKDIRS, path);
        delegate.mkdirs(path);
    }

    @Override
    public void rename(Path source, Path target) throws IOException {
        int n = enter(Op.RENAME, source + " -> " + target);
        delegate.rename(source, target);
        synchronized (this) {
            if (n == renameLostResponseAt) {
                throw new IOException(
                        "Injected lost response of rename call "
                                + n
                                + ": "
                                + source
                                + " -> "
                                + target);
            }
        }
    }

    @Override
    public boolean delete(Path path, boolean recursive) throws IOException {
        enter(Op.DELETE, path);
        return delegate.delete(path, recursive);
    }

    @Override
    public SeekableInputStream newInputStream(Path path) throws IOException {
        enter(Op.READ, path);
        return delegate.newInputStream(path);
    }

    @Override
    public PositionOutputStream newOutputStream(Path path, boolean overwrite) throws IOException {
        enter(Op.WRITE, path);
        return delegate.newOutputStream(path, overwrite);
    }

    @Override
    public Path qualify(Path path) {
        return delegate.qualify(path);
    }
}
