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

import java.io.IOException;

/**
 * A two-phase stream whose bytes go to another stream, which it exposes to writers. It is closed
 * once: {@link #closeForCommit()} hands the file to its committer ({@link #finish()}), and a {@link
 * #close()} before that closes the stream and {@link #discard()}s the file.
 */
public abstract class ForwardingTwoPhaseOutputStream extends TwoPhaseOutputStream {

    private static final Logger LOG = LoggerFactory.getLogger(ForwardingTwoPhaseOutputStream.class);

    private final PositionOutputStream out;
    private boolean closed;

    protected ForwardingTwoPhaseOutputStream(PositionOutputStream out) {
        this.out = out;
    }

    /** The stream the bytes go to, for writers that want the file system's own stream type. */
    public PositionOutputStream delegate() {
        return out;
    }

    @Override
    public long getPos() throws IOException {
        return out.getPos();
    }

    @Override
    public void write(int b) throws IOException {
        out.write(b);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        out.write(b, off, len);
    }

    @Override
    public void flush() throws IOException {
        out.flush();
    }

    @Override
    public final FileCommitter closeForCommit() throws IOException {
        closed = true;
        return finish();
    }

    @Override
    public final void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            out.close();
        } catch (IOException | RuntimeException e) {
            LOG.debug("Closing a discarded stream failed", e);
        }
        discard();
    }

    /** Ends the file, still invisible, and returns what publishes it; the stream is closed. */
    protected abstract FileCommitter finish() throws IOException;

    /** Removes what the stream wrote, after it was closed without being committed. */
    protected abstract void discard();
}
