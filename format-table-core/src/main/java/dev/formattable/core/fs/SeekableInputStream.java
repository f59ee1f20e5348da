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
import java.io.InputStream;

/** An input stream that can move to any offset of its file. */
public abstract class SeekableInputStream extends InputStream {

    public abstract void seek(long position) throws IOException;

    public abstract long getPos() throws IOException;

    /** Moves a stream to an offset. */
    @FunctionalInterface
    public interface Seek {
        void seek(long position) throws IOException;
    }

    /** Tells a stream's offset. */
    @FunctionalInterface
    public interface Position {
        long getPos() throws IOException;
    }

    /**
     * A seekable view of a file system's own stream, e.g. {@code wrap(in, in::seek, in::getPos)}.
     */
    public static SeekableInputStream wrap(InputStream in, Seek seek, Position position) {
        return new Forwarding(in, seek, position);
    }

    /** Reads, seeks, positions and closes through another stream; open to extension. */
    public static class Forwarding extends SeekableInputStream {
        private final InputStream in;
        private final Seek seek;
        private final Position position;

        protected Forwarding(InputStream in, Seek seek, Position position) {
            this.in = in;
            this.seek = seek;
            this.position = position;
        }

        @Override
        public void seek(long p) throws IOException {
            seek.seek(p);
        }

        @Override
        public long getPos() throws IOException {
            return position.getPos();
        }

        @Override
        public int read() throws IOException {
            return in.read();
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            return in.read(b, off, len);
        }

        @Override
        public void close() throws IOException {
            in.close();
        }
    }
}
