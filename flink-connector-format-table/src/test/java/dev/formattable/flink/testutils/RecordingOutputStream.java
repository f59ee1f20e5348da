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

import org.apache.flink.core.fs.FSDataOutputStream;

import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;

/** A Flink output stream in memory that records what is asked of it besides writes. */
public final class RecordingOutputStream extends FSDataOutputStream {

    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final List<String> calls = new ArrayList<>();

    /** The bytes written. */
    public byte[] bytes() {
        return bytes.toByteArray();
    }

    /** The calls other than writes, in order: getPos, flush, sync, close. */
    public List<String> calls() {
        return calls;
    }

    @Override
    public long getPos() {
        calls.add("getPos");
        return bytes.size();
    }

    @Override
    public void write(int b) {
        bytes.write(b);
    }

    @Override
    public void write(byte[] b, int off, int len) {
        bytes.write(b, off, len);
    }

    @Override
    public void flush() {
        calls.add("flush");
    }

    @Override
    public void sync() {
        calls.add("sync");
    }

    @Override
    public void close() {
        calls.add("close");
    }
}
