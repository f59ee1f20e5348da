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
package dev.formattable.testing;

import org.apache.flink.core.fs.BlockLocation;
import org.apache.flink.core.fs.FSDataInputStream;
import org.apache.flink.core.fs.FSDataOutputStream;
import org.apache.flink.core.fs.FileStatus;
import org.apache.flink.core.fs.FileSystem;
import org.apache.flink.core.fs.FileSystemKind;
import org.apache.flink.core.fs.Path;
import org.apache.flink.core.fs.local.LocalFileSystem;

import java.io.IOException;
import java.net.URI;

/**
 * Flink's local file system under a scheme of a test's own, so that a test can watch or hold the
 * calls a job makes on its way to the disk: a subclass overrides the calls it watches and passes
 * them on with {@code super}. Paths keep their local path under the other scheme.
 *
 * <p>It has no nested lambdas or anonymous classes, so that a test can copy its classes into a
 * Flink plugin jar by name ({@link Class#getDeclaredClasses()}).
 */
public abstract class LocalFileSystemUnderScheme extends FileSystem {

    private final String scheme;
    private final LocalFileSystem local = LocalFileSystem.getSharedInstance();

    protected LocalFileSystemUnderScheme(String scheme) {
        this.scheme = scheme;
    }

    /**
     * Flink 1.20 declares this on every file system and 2.0 dropped it, so it overrides nothing
     * here; the connector's tests for 1.20 link against it.
     */
    public FileSystemKind getKind() {
        return FileSystemKind.FILE_SYSTEM;
    }

    private static Path toLocal(Path path) {
        return new Path("file", null, path.toUri().getPath());
    }

    private Path fromLocal(Path path) {
        return new Path(scheme, null, path.toUri().getPath());
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
    public FileStatus getFileStatus(Path f) throws IOException {
        return new Status(local.getFileStatus(toLocal(f)));
    }

    @Override
    public BlockLocation[] getFileBlockLocations(FileStatus file, long start, long len)
            throws IOException {
        FileStatus status =
                file instanceof Status
                        ? ((Status) file).local
                        : local.getFileStatus(toLocal(file.getPath()));
        return local.getFileBlockLocations(status, start, len);
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
        return URI.create(scheme + ":///");
    }

    @Override
    public boolean isDistributedFS() {
        return false;
    }

    /** A local status, with the path under this file system's scheme. */
    private final class Status implements FileStatus {
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
