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
package dev.formattable.e2e.cluster;

import dev.formattable.testing.LocalFileSystemUnderScheme;

import org.apache.flink.core.fs.FileSystem;
import org.apache.flink.core.fs.FileSystemFactory;
import org.apache.flink.core.fs.Path;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The local file system under the scheme {@value #SCHEME}, which can hold a commit on a real
 * cluster: while the file {@code hold} exists in its control directory, the {@value #HELD_RENAME}th
 * rename of a staged file into place in a process writes {@code held} there and then waits until
 * {@code hold} is gone. A test kills the process meanwhile. Installed as a plugin of the standalone
 * cluster, so every process (JobManager, TaskManager, SQL Gateway) has it.
 */
public final class HoldingFileSystem extends LocalFileSystemUnderScheme {

    static final String SCHEME = "holdfile";

    /** The Flink setting naming the control directory. */
    static final String CONTROL_DIR = "holdfile.control-dir";

    static final int HELD_RENAME = 6;

    /** Renames of staged files into place in this process. */
    private static final AtomicInteger PUBLISHING_RENAMES = new AtomicInteger();

    private final java.nio.file.Path control;

    HoldingFileSystem(java.nio.file.Path control) {
        super(SCHEME);
        this.control = control;
    }

    /** The factory Flink finds through {@code META-INF/services}. */
    public static final class Factory implements FileSystemFactory {
        private java.nio.file.Path control;

        @Override
        public String getScheme() {
            return SCHEME;
        }

        @Override
        public void configure(org.apache.flink.configuration.Configuration config) {
            String dir = config.toMap().get(CONTROL_DIR);
            control = dir == null ? null : java.nio.file.Path.of(dir);
        }

        @Override
        public FileSystem create(URI fsUri) {
            if (control == null) {
                throw new IllegalStateException("No '" + CONTROL_DIR + "' in the configuration");
            }
            return new HoldingFileSystem(control);
        }
    }

    @Override
    public boolean rename(Path src, Path dst) throws IOException {
        if (src.toString().contains("/_temporary/")
                && !dst.toString().contains("/_temporary/")
                && PUBLISHING_RENAMES.incrementAndGet() == HELD_RENAME
                && Files.exists(control.resolve("hold"))) {
            Files.writeString(control.resolve("held"), "held");
            try {
                while (Files.exists(control.resolve("hold"))) {
                    Thread.sleep(10);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new java.io.InterruptedIOException("Interrupted while held: " + src);
            }
        }
        return super.rename(src, dst);
    }
}
