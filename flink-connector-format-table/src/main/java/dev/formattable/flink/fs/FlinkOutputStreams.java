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

import dev.formattable.core.fs.CountingOutputStream;
import dev.formattable.core.fs.ForwardingTwoPhaseOutputStream;
import dev.formattable.core.fs.PositionOutputStream;

import org.apache.flink.annotation.Internal;
import org.apache.flink.core.fs.FSDataOutputStream;

/**
 * Hands Flink's bulk writers, which write to Flink's {@link FSDataOutputStream}, the output stream
 * of any {@code FileIO}: a {@link FlinkFileIO} stream as the Flink stream it wraps, any other
 * through an adapter.
 */
@Internal
public final class FlinkOutputStreams {

    private FlinkOutputStreams() {}

    public static FSDataOutputStream toFlink(PositionOutputStream out) {
        if (out instanceof ForwardingTwoPhaseOutputStream) {
            return toFlink(((ForwardingTwoPhaseOutputStream) out).delegate());
        }
        if (out instanceof FlinkFileIO.FlinkPositionOutputStream) {
            return ((FlinkFileIO.FlinkPositionOutputStream) out).flinkStream();
        }
        // The core stream has no sync: a sync flushes it.
        return new ForwardingFlinkOutputStream(out, out::flush);
    }

    /**
     * A new file's Flink stream that knows its position by counting the bytes written through it,
     * so that asking for it costs nothing. A writer asks after every row and parquet after every
     * page; Flink's local stream answers each time with a system call ({@code lseek} under the
     * channel's lock), and other file systems' streams may do no better.
     *
     * @param out a stream at position 0: a file just created
     */
    static FSDataOutputStream counting(FSDataOutputStream out) {
        return new ForwardingFlinkOutputStream(new CountingOutputStream(out), out::sync);
    }
}
