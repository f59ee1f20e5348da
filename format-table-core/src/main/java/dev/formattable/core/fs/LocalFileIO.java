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

import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/** {@link FileIO} over the local file system, through {@code java.nio.file}. */
public class LocalFileIO implements FileIO {

    private static final long serialVersionUID = 1L;

    private static java.nio.file.Path toLocal(Path path) {
        if (path.scheme() != null && !path.scheme().equals("file")) {
            throw new IllegalArgumentException(
                    "Not a local path: '" + path + "' (scheme '" + path.scheme() + "')");
        }
        return Paths.get(path.path());
    }

    @Override
    public FileStatus getStatus(Path path) throws IOException {
        try {
            BasicFileAttributes attrs =
                    Files.readAttributes(toLocal(path), BasicFileAttributes.class);
            return new FileStatus(
                    path,
                    attrs.isDirectory() ? 0 : attrs.size(),
                    attrs.isDirectory(),
                    attrs.lastModifiedTime().toMillis());
        } catch (NoSuchFileException e) {
            throw notFound(path);
        }
    }

    @Override
    public List<FileStatus> list(Path directory) throws IOException {
        java.nio.file.Path dir = toLocal(directory);
        List<FileStatus> result = new ArrayList<>();
        try (DirectoryStream<java.nio.file.Path> stream = Files.newDirectoryStream(dir)) {
            for (java.nio.file.Path child : stream) {
                Path childPath = directory.child(child.getFileName().toString());
                try {
                    BasicFileAttributes attrs =
                            Files.readAttributes(child, BasicFileAttributes.class);
                    result.add(
                            new FileStatus(
                                    childPath,
                                    attrs.isDirectory() ? 0 : attrs.size(),
                                    attrs.isDirectory(),
                                    attrs.lastModifiedTime().toMillis()));
                } catch (NoSuchFileException e) {
                    // Removed while we listed: it is simply not there any more.
                }
            }
        } catch (NoSuchFileException e) {
            throw notFound(directory);
        }
        return result;
    }

    @Override
    public boolean exists(Path path) {
        return Files.exists(toLocal(path), LinkOption.NOFOLLOW_LINKS)
                || Files.exists(toLocal(path));
    }

    @Override
    public void mkdirs(Path path) throws IOException {
        Files.createDirectories(toLocal(path));
    }

    @Override
    public void rename(Path source, Path target) throws IOException {
        java.nio.file.Path src = toLocal(source);
        java.nio.file.Path dst = toLocal(target);
        if (Files.isRegularFile(src, LinkOption.NOFOLLOW_LINKS)) {
            // A hard link is created only if the target does not exist, atomically; two
            // renames to one target cannot both succeed.
            try {
                Files.createLink(dst, src);
                Files.delete(src);
                return;
            } catch (FileAlreadyExistsException e) {
                throw new FileAlreadyExistsException(
                        "Cannot rename " + source + " to " + target + ": the target exists.");
            } catch (UnsupportedOperationException | FileSystemException e) {
                // No hard links here (another file system, or across devices): move instead.
            }
        }
        if (Files.exists(dst)) {
            throw new FileAlreadyExistsException(
                    "Cannot rename " + source + " to " + target + ": the target exists.");
        }
        try {
            Files.move(src, dst, StandardCopyOption.ATOMIC_MOVE);
        } catch (NoSuchFileException e) {
            throw new FileNotFoundException(
                    "Cannot rename " + source + " to " + target + ": " + e.getMessage());
        }
    }

    @Override
    public boolean delete(Path path, boolean recursive) throws IOException {
        java.nio.file.Path local = toLocal(path);
        if (!Files.exists(local, LinkOption.NOFOLLOW_LINKS)) {
            return false;
        }
        if (recursive && Files.isDirectory(local, LinkOption.NOFOLLOW_LINKS)) {
            try (Stream<java.nio.file.Path> walk = Files.walk(local)) {
                for (java.nio.file.Path p :
                        (Iterable<java.nio.file.Path>)
                                walk.sorted(Comparator.reverseOrder())::iterator) {
                    Files.deleteIfExists(p);
                }
            }
            return true;
        }
        return Files.deleteIfExists(local);
    }

    @Override
    public SeekableInputStream newInputStream(Path path) throws IOException {
        try {
            return new LocalInputStream(FileChannel.open(toLocal(path), StandardOpenOption.READ));
        } catch (NoSuchFileException e) {
            throw notFound(path);
        }
    }

    @Override
    public PositionOutputStream newOutputStream(Path path, boolean overwrite) throws IOException {
        java.nio.file.Path local = toLocal(path);
        if (local.getParent() != null) {
            Files.createDirectories(local.getParent());
        }
        OutputStream out =
                overwrite
                        ? Files.newOutputStream(local)
                        : Files.newOutputStream(
                                local, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
        return new CountingOutputStream(out);
    }

    @Override
    public Path qualify(Path path) {
        if (path.scheme() != null && !path.scheme().equals("file")) {
            return path;
        }
        return new Path(null, null, Paths.get(path.path()).toAbsolutePath().normalize().toString());
    }

    private static FileNotFoundException notFound(Path path) {
        return new FileNotFoundException("No such file or directory: " + path);
    }

    private static final class LocalInputStream extends SeekableInputStream {
        private final FileChannel channel;

        LocalInputStream(FileChannel channel) {
            this.channel = channel;
        }

        @Override
        public void seek(long position) throws IOException {
            channel.position(position);
        }

        @Override
        public long getPos() throws IOException {
            return channel.position();
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            int n = read(one, 0, 1);
            return n < 0 ? -1 : one[0] & 0xFF;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            return channel.read(ByteBuffer.wrap(b, off, len));
        }

        @Override
        public void close() throws IOException {
            channel.close();
        }
    }

    @Override
    public boolean isLocal(Path path) {
        return true;
    }

    @Override
    public boolean renamesInPlace(Path path) {
        return true;
    }
}
