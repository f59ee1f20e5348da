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

import dev.formattable.testing.LocalFileSystemUnderScheme;

import org.apache.flink.core.fs.FileStatus;
import org.apache.flink.core.fs.FileSystem;
import org.apache.flink.core.fs.FileSystemFactory;
import org.apache.flink.core.fs.Path;

import java.io.File;
import java.io.IOException;
import java.net.URI;

/**
 * The local file system under {@code removalfile://}, listing a directory as Flink's local file
 * system does (the names, then each one's status), with another process removing a chosen file in
 * between, once: how two writers sweeping one staging directory at once see each other.
 */
public final class ConcurrentRemovalFileSystem extends LocalFileSystemUnderScheme {

    public static final String SCHEME = "removalfile";

    private static volatile String removedWhileListing;

    public ConcurrentRemovalFileSystem() {
        super(SCHEME);
    }

    /** The next listing of its directory removes this local file after reading the names. */
    public static void removeWhileListing(java.nio.file.Path file) {
        removedWhileListing = file.toAbsolutePath().toString();
    }

    /** {@code removalfile:///abs/dir} for a local directory. */
    public static String uri(java.nio.file.Path dir) {
        return SCHEME + "://" + dir.toAbsolutePath().toUri().getPath();
    }

    @Override
    public FileStatus[] listStatus(Path f) throws IOException {
        String[] names = new File(f.toUri().getPath()).list();
        if (names == null) {
            return null;
        }
        String removed = removedWhileListing;
        if (removed != null && new File(removed).getParent().equals(f.toUri().getPath())) {
            removedWhileListing = null;
            new File(removed).delete();
        }
        FileStatus[] statuses = new FileStatus[names.length];
        for (int i = 0; i < names.length; i++) {
            statuses[i] = getFileStatus(new Path(f, names[i]));
        }
        return statuses;
    }

    /** Found by Flink through {@code META-INF/services}. */
    public static final class Factory implements FileSystemFactory {
        @Override
        public String getScheme() {
            return SCHEME;
        }

        @Override
        public FileSystem create(URI fsUri) {
            return new ConcurrentRemovalFileSystem();
        }
    }
}
