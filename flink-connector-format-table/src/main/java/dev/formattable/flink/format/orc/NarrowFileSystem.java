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

import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.util.Progressable;

import java.io.IOException;

/**
 * A Hadoop {@link FileSystem} that orc-core is handed for one narrow purpose. Every operation
 * refuses, naming itself, the path and the purpose; subclasses override the few they serve.
 */
abstract class NarrowFileSystem extends FileSystem {

    /** What this file system is for, completing "this file system ...". */
    abstract String purpose();

    final IOException refused(String operation, Path path) {
        return new IOException(
                operation + "(" + path + ") is not available: this file system " + purpose());
    }

    @Override
    public FSDataInputStream open(Path path, int bufferSize) throws IOException {
        throw refused("open", path);
    }

    @Override
    public FSDataOutputStream create(
            Path path,
            FsPermission permission,
            boolean overwrite,
            int bufferSize,
            short replication,
            long blockSize,
            Progressable progress)
            throws IOException {
        return openForWrite(path);
    }

    /** The {@link #create} a subclass serves, whatever Hadoop's other parameters; refused here. */
    FSDataOutputStream openForWrite(Path path) throws IOException {
        throw refused("create", path);
    }

    @Override
    public FSDataOutputStream append(Path path, int bufferSize, Progressable progress)
            throws IOException {
        throw refused("append", path);
    }

    @Override
    public boolean rename(Path source, Path target) throws IOException {
        throw refused("rename", source);
    }

    @Override
    public boolean delete(Path path, boolean recursive) throws IOException {
        throw refused("delete", path);
    }

    @Override
    public FileStatus[] listStatus(Path path) throws IOException {
        throw refused("listStatus", path);
    }

    @Override
    public boolean mkdirs(Path path, FsPermission permission) throws IOException {
        throw refused("mkdirs", path);
    }

    @Override
    public FileStatus getFileStatus(Path path) throws IOException {
        throw refused("getFileStatus", path);
    }
}
