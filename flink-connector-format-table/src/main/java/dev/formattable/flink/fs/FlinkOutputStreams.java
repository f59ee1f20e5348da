package dev.formattable.flink.fs;

import dev.formattable.core.fs.ForwardingTwoPhaseOutputStream;
import dev.formattable.core.fs.PositionOutputStream;

import org.apache.flink.core.fs.FSDataOutputStream;

import java.io.IOException;

/**
 * Hands Flink's bulk writers, which write to Flink's {@link FSDataOutputStream}, the output stream
 * of any {@code FileIO}: a {@link FlinkFileIO} stream as the Flink stream it wraps, any other
 * through an adapter.
 */
public final class FlinkOutputStreams {

    private FlinkOutputStreams() {}

    public static FSDataOutputStream toFlink(PositionOutputStream out) {
        if (out instanceof ForwardingTwoPhaseOutputStream) {
            return toFlink(((ForwardingTwoPhaseOutputStream) out).delegate());
        }
        if (out instanceof FlinkFileIO.FlinkPositionOutputStream) {
            return ((FlinkFileIO.FlinkPositionOutputStream) out).flinkStream();
        }
        return new Adapter(out);
    }

    /** A core stream as Flink's; {@code sync} only flushes, as the core stream has no sync. */
    private static final class Adapter extends ForwardingFlinkOutputStream {
        private final PositionOutputStream out;

        Adapter(PositionOutputStream out) {
            super(out);
            this.out = out;
        }

        @Override
        public long getPos() throws IOException {
            return out.getPos();
        }

        @Override
        public void sync() throws IOException {
            out.flush();
        }
    }
}
