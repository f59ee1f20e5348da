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

import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RawLocalFileSystem;

import java.io.IOException;
import java.net.URI;

/**
 * {@link CountingFileSystem}'s {@code countingfile://} scheme for code that opens files through
 * Hadoop's file systems (orc-core, Flink's parquet statistics), found by Hadoop through {@code
 * META-INF/services}: the same local files, with opens and status calls counted in the same
 * counters.
 */
public final class CountingHadoopFileSystem extends RawLocalFileSystem {

    private static final URI URI_ROOT = URI.create(CountingFileSystem.SCHEME + ":///");

    /** Set while an open runs: the local file system's open asks for the status itself. */
    private static final ThreadLocal<Boolean> OPENING = ThreadLocal.withInitial(() -> false);

    @Override
    public URI getUri() {
        return URI_ROOT;
    }

    @Override
    public String getScheme() {
        return CountingFileSystem.SCHEME;
    }

    @Override
    public FSDataInputStream open(Path f, int bufferSize) throws IOException {
        CountingFileSystem.countOpen();
        OPENING.set(true);
        try {
            return super.open(f, bufferSize);
        } finally {
            OPENING.set(false);
        }
    }

    @Override
    public FileStatus getFileStatus(Path f) throws IOException {
        if (!OPENING.get()) {
            CountingFileSystem.countStatus();
        }
        return super.getFileStatus(f);
    }
}
