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
 * A stream that writes a file toward its final path without making it visible there: {@link
 * #closeForCommit()} ends the file and returns the {@link FileCommitter} that publishes it, and
 * {@link #close()} before that discards what was written.
 */
public abstract class TwoPhaseOutputStream extends PositionOutputStream {

    /** Ends the file, still invisible, and returns what publishes it. */
    public abstract FileCommitter closeForCommit() throws IOException;

    /**
     * Discards the file unless {@link #closeForCommit()} returned, in which case its committer owns
     * it. Best effort: failures are logged.
     */
    @Override
    public abstract void close();
}
