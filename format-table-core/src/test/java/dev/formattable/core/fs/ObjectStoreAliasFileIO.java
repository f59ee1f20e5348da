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
import java.util.ArrayList;
import java.util.List;

/**
 * A local directory served under two schemes of one object store, {@code s3://bucket/...} and
 * {@code s3a://bucket/...}, as Hadoop serves a bucket through either: both name the same files. A
 * path keeps its scheme in what this file system returns.
 */
public final class ObjectStoreAliasFileIO implements FileIO {

    private static final long serialVersionUID = 1L;

    private final LocalFileIO local = new LocalFileIO();

    private static Path toLocal(Path path) {
        if (!"s3".equals(path.scheme()) && !"s3a".equals(path.scheme())) {
            throw new IllegalArgumentException("Not an s3:// or s3a:// path: " + path);
        }
        return new Path(null, null, path.path());
    }

    @Override
    public FileStatus getStatus(Path path) throws IOException {
        FileStatus s = local.getStatus(toLocal(path));
        return new FileStatus(path, s.length(), s.isDirectory(), s.modificationTime());
    }

    @Override
    public List<FileStatus> list(Path directory) throws IOException {
        List<FileStatus> result = new ArrayList<>();
        for (FileStatus s : local.list(toLocal(directory))) {
            result.add(
                    new FileStatus(
                            directory.child(s.path().name()),
                            s.length(),
                            s.isDirectory(),
                            s.modificationTime()));
        }
        return result;
    }

    @Override
    public boolean exists(Path path) throws IOException {
        return local.exists(toLocal(path));
    }

    @Override
    public void mkdirs(Path path) throws IOException {
        local.mkdirs(toLocal(path));
    }

    @Override
    public void rename(Path source, Path target) throws IOException {
        local.rename(toLocal(source), toLocal(target));
    }

    @Override
    public boolean delete(Path path, boolean recursive) throws IOException {
        return local.delete(toLocal(path), recursive);
    }

    @Override
    public SeekableInputStream newInputStream(Path path) throws IOException {
        return local.newInputStream(toLocal(path));
    }

    @Override
    public PositionOutputStream newOutputStream(Path path, boolean overwrite) throws IOException {
        return local.newOutputStream(toLocal(path), overwrite);
    }

    @Override
    public String fileSystemScheme(Path path) {
        return path.scheme();
    }
}
