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

/** Writes a file at its staged path; publishing renames it (see {@link StagedFileCommitter}). */
public final class StagedOutputStream extends ForwardingTwoPhaseOutputStream {

    private final FileIO fileIO;
    private final Path staged;
    private final Path target;

    public StagedOutputStream(FileIO fileIO, Path staged, Path target) throws IOException {
        super(fileIO.newOutputStream(staged, false));
        this.fileIO = fileIO;
        this.staged = staged;
        this.target = target;
    }

    @Override
    protected FileCommitter finish() throws IOException {
        delegate().close();
        return new StagedFileCommitter(fileIO, staged, target);
    }

    @Override
    protected void discard() {
        new StagedFileCommitter(fileIO, staged, target).discard();
    }
}
