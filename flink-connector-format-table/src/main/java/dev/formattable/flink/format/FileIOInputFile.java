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
package dev.formattable.flink.format;

import dev.formattable.core.fs.FileIO;
import dev.formattable.core.fs.Path;

import org.apache.flink.annotation.Internal;

import org.apache.parquet.io.DelegatingSeekableInputStream;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.SeekableInputStream;

import java.io.IOException;

/**
 * A parquet file opened through a {@link FileIO}: the one way this connector hands files to
 * parquet, for reading rows and for reading footers alone. Its name is the file's path, which
 * parquet's errors quote.
 */
@Internal
public final class FileIOInputFile implements InputFile {

    private final FileIO io;
    private final Path path;
    private final long length;

    public FileIOInputFile(FileIO io, Path path, long length) {
        this.io = io;
        this.path = path;
        this.length = length;
    }

    @Override
    public long getLength() {
        return length;
    }

    @Override
    public SeekableInputStream newStream() throws IOException {
        dev.formattable.core.fs.SeekableInputStream in = io.newInputStream(path);
        return new DelegatingSeekableInputStream(in) {
            @Override
            public long getPos() throws IOException {
                return in.getPos();
            }

            @Override
            public void seek(long position) throws IOException {
                in.seek(position);
            }
        };
    }

    @Override
    public String toString() {
        return path.toString();
    }
}
