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

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.Optional;

/**
 * Publishes a staged file by renaming it to its final path: the two-phase protocol of file systems
 * whose rename changes only metadata (a local disk, HDFS), and of object stores when multipart
 * uploads are turned off.
 */
public final class StagedFileCommitter implements FileCommitter {

    private static final Logger LOG = LoggerFactory.getLogger(StagedFileCommitter.class);

    private final FileIO fileIO;
    private final Path staged;
    private final Path target;

    public StagedFileCommitter(FileIO fileIO, Path staged, Path target) {
        this.fileIO = fileIO;
        this.staged = staged;
        this.target = target;
    }

    public Path staged() {
        return staged;
    }

    @Override
    public Path target() {
        return target;
    }

    @Override
    public void commit() throws IOException {
        fileIO.rename(staged, target);
    }

    @Override
    public Outcome commitAfterRecovery() throws IOException {
        try {
            fileIO.rename(staged, target);
            return Outcome.PUBLISHED;
        } catch (IOException e) {
            boolean isStaged = fileIO.exists(staged);
            if (!isStaged) {
                return fileIO.exists(target) ? Outcome.ALREADY_PUBLISHED : Outcome.VANISHED;
            }
            if (e instanceof FileNotFoundException) {
                throw new IOException("Could not publish " + staged + " to " + target, e);
            }
            throw e;
        }
    }

    @Override
    public void discard() {
        try {
            fileIO.delete(staged, false);
        } catch (IOException | RuntimeException e) {
            LOG.warn("Could not remove staged file {}", staged, e);
        }
    }

    @Override
    public Optional<PendingUpload> pendingUpload() {
        return Optional.empty();
    }
}
