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
package dev.formattable.flink.fs;

import dev.formattable.core.fs.PositionOutputStream;

import org.apache.flink.core.fs.FSDataOutputStream;

import java.io.IOException;

/**
 * A core position stream as Flink's {@link FSDataOutputStream}: bytes, flushes, the position and
 * the close go to the core stream, and a sync runs the action it was given.
 */
final class ForwardingFlinkOutputStream extends FSDataOutputStream {

    /** What a {@link #sync()} does. */
    @FunctionalInterface
    interface Sync {
        void sync() throws IOException;
    }

    private final PositionOutputStream out;
    private final Sync sync;

    ForwardingFlinkOutputStream(PositionOutputStream out, Sync sync) {
        this.out = out;
        this.sync = sync;
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
    public void sync() throws IOException {
        sync.sync();
    }

    @Override
    public void close() throws IOException {
        out.close();
    }
}
