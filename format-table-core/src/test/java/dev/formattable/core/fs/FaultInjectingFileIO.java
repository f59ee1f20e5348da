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

import java.io.IOException;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
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
        WRITE,
        /** Completing an upload (a file written straight to its target). */
        COMPLETE
    }

    private final FileIO delegate;
    private final Map<Op, AtomicInteger> calls = new EnumMap<>(Op.class);
    private final Map<Op, Integer> failAt = new EnumMap<>(Op.class);
    private final Map<Op, Integer> failUncheckedAt = new EnumMap<>(Op.class);
    private final Map<Op, Integer> errorAt = new EnumMap<>(Op.class);
    private final Map<Op, Gate> blockAt = new EnumMap<>(Op.class);
    private int renameLostResponseAt = -1;
    private boolean localAsDelegate;
    private int deleteAfterRenameAt = -1;
    private Path deleteAfterRename;

    public FaultInjectingFileIO(FileIO delegate) {
        this.delegate = delegate;
        for (Op op : Op.values()) {
            calls.put(op, new AtomicInteger());
        }
    }

    /**
     * Says the paths are local when the wrapped file system does, so that a commit renames one file
     * at a time, in order (by default this file system passes for a remote one, on which a commit
     * renames in parallel, in no fixed order).
     */
    public synchronized FaultInjectingFileIO localAsDelegate() {
        this.localAsDelegate = true;
        return this;
    }

    @Override
    public boolean isLocal(Path path) {
        return localAsDelegate ? delegate.isLocal(path) : FileIO.super.isLocal(path);
    }

    /** Fails the k-th call (1-based, counted from now) of {@code op}, before it does anything. */
    public synchronized FaultInjectingFileIO failOn(Op op, int k) {
        failAt.put(op, calls.get(op).get() + k);
        return this;
    }

    /**
     * After the k-th rename has taken effect, deletes {@code path}, as another writer (an overwrite
     * that listed the table) would while this one commits.
     */
    public synchronized FaultInjectingFileIO deleteAfterRename(int k, Path path) {
        deleteAfterRenameAt = calls.get(Op.RENAME).get() + k;
        deleteAfterRename = path;
        return this;
    }

    /** Fails the k-th call of {@code op} with an unchecked exception, before it does anything. */
    public synchronized FaultInjectingFileIO failUncheckedOn(Op op, int k) {
        failUncheckedAt.put(op, calls.get(op).get() + k);
        return this;
    }

    /** Fails the k-th call of {@code op} with an {@link Error}, before it does anything. */
    public synchronized FaultInjectingFileIO errorOn(Op op, int k) {
        errorAt.put(op, calls.get(op).get() + k);
        return this;
    }

    /**
     * Holds the k-th call of {@code op}, before it does anything, until the returned gate is
     * opened; interrupting the held thread does not end the wait, as a store's call would not.
     */
    public synchronized Gate blockOn(Op op, int k) {
        Gate gate = new Gate(calls.get(op).get() + k);
        blockAt.put(op, gate);
        return gate;
    }

    /** A call held by {@link #blockOn}. */
    public static final class Gate {
        private final int call;
        private final CountDownLatch entered = new CountDownLatch(1);
        private final CountDownLatch opened = new CountDownLatch(1);
        private final CountDownLatch ended = new CountDownLatch(1);

        private Gate(int call) {
            this.call = call;
        }

        /** Waits until the held call has arrived. */
        public void awaitEntered() throws InterruptedException {
            entered.await();
        }

        /** Lets the held call go on. */
        public void open() {
            opened.countDown();
        }

        /** Whether the held call has arrived, been let go and ended. */
        public boolean ended() {
            return ended.getCount() == 0;
        }

        private void hold() {
            entered.countDown();
            boolean interrupted = false;
            while (true) {
                try {
                    opened.await();
                    break;
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** Carries out the k-th rename (1-based, counted from now) and then reports failure. */
    public synchronized FaultInjectingFileIO loseRenameResponse(int k) {
        renameLostResponseAt = calls.get(Op.RENAME).get() + k;
        return this;
    }

    /** Stops injecting faults. */
    public synchronized FaultInjectingFileIO heal() {
        failAt.clear();
        failUncheckedAt.clear();
        errorAt.clear();
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
        failUncheckedAt.clear();
        errorAt.clear();
        renameLostResponseAt = -1;
    }

    private int enter(Op op, Object what) throws IOException {
        int n;
        Gate gate;
        synchronized (this) {
            n = calls.get(op).incrementAndGet();
            if (Integer.valueOf(n).equals(failAt.get(op))) {
                throw new IOException("Injected failure of " + op + " call " + n + " on " + what);
            }
            if (Integer.valueOf(n).equals(failUncheckedAt.get(op))) {
                throw new IllegalStateException(
                        "Injected unchecked failure of " + op + " call " + n + " on " + what);
            }
            if (Integer.valueOf(n).equals(errorAt.get(op))) {
                throw new InjectedError("Injected error of " + op + " call " + n + " on " + what);
            }
            gate = blockAt.get(op);
        }
        if (gate != null && gate.call == n) {
            gate.hold();
        }
        return n;
    }

    /** The error {@link #errorOn} throws. */
    public static final class InjectedError extends Error {
        private static final long serialVersionUID = 1L;

        InjectedError(String message) {
            super(message);
        }
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
        try {
            delegate.rename(source, target);
        } finally {
            Gate gate;
            synchronized (this) {
                gate = blockAt.get(Op.RENAME);
            }
            if (gate != null && gate.call == n) {
                gate.ended.countDown();
            }
        }
        synchronized (this) {
            if (n == deleteAfterRenameAt) {
                delegate.delete(deleteAfterRename, false);
            }
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

    @Override
    public boolean uploadsToTarget(Path target) {
        return delegate.uploadsToTarget(target);
    }

    @Override
    public TwoPhaseOutputStream newTwoPhaseOutputStream(Path target, Path staged)
            throws IOException {
        if (!delegate.uploadsToTarget(target)) {
            return FileIO.super.newTwoPhaseOutputStream(target, staged);
        }
        enter(Op.WRITE, target);
        return delegate.newTwoPhaseOutputStream(target, staged);
    }

    @Override
    public FileCommitter recoverCommitter(
            Path staged, Path target, long length, PendingUpload upload) throws IOException {
        if (upload == null) {
            return FileIO.super.recoverCommitter(staged, target, length, null);
        }
        FileCommitter committer = delegate.recoverCommitter(staged, target, length, upload);
        return new FileCommitter() {
            @Override
            public Path target() {
                return target;
            }

            @Override
            public void commit() throws IOException {
                enter(Op.COMPLETE, target);
                committer.commit();
            }

            @Override
            public Outcome commitAfterRecovery() throws IOException {
                enter(Op.COMPLETE, target);
                return committer.commitAfterRecovery();
            }

            @Override
            public void discard() {
                committer.discard();
            }

            @Override
            public java.util.Optional<PendingUpload> pendingUpload() {
                return committer.pendingUpload();
            }
        };
    }

    @Override
    public List<OpenUpload> listUploads(Path prefix) throws IOException {
        enter(Op.LIST, prefix);
        return delegate.listUploads(prefix);
    }

    @Override
    public List<OpenUpload> uploadsTo(Path target) throws IOException {
        enter(Op.LIST, target);
        return delegate.uploadsTo(target);
    }

    @Override
    public void abortUpload(OpenUpload upload) throws IOException {
        enter(Op.DELETE, upload.target());
        delegate.abortUpload(upload);
    }
}
