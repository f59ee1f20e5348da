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

/**
 * A committer of a file written as an upload to its target, whose store cannot say whether an
 * upload was completed: after a restore it completes the upload and, when that fails, finds out
 * from the target what the upload had become (see {@link PublishedCheck}).
 */
public abstract class UploadCommitter implements FileCommitter {

    private final FileIO fileIO;
    private final Path target;
    private final long length;

    /**
     * @param length the file's length, by which a completed upload is recognised
     */
    protected UploadCommitter(FileIO fileIO, Path target, long length) {
        this.fileIO = fileIO;
        this.target = target;
        this.length = length;
    }

    @Override
    public Path target() {
        return target;
    }

    @Override
    public Outcome commitAfterRecovery() throws IOException {
        try {
            commit();
            return Outcome.PUBLISHED;
        } catch (IOException e) {
            return PublishedCheck.after(fileIO, target, length, e);
        }
    }
}
