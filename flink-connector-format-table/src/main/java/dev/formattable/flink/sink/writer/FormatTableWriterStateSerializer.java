package dev.formattable.flink.sink.writer;

import org.apache.flink.core.io.SimpleVersionedSerializer;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;

/** Version 1: the staging prefix (modified UTF-8) and the checkpoint id. */
public final class FormatTableWriterStateSerializer
        implements SimpleVersionedSerializer<FormatTableWriterState> {

    public static final int VERSION = 1;

    public static final FormatTableWriterStateSerializer INSTANCE =
            new FormatTableWriterStateSerializer();

    @Override
    public int getVersion() {
        return VERSION;
    }

    @Override
    public byte[] serialize(FormatTableWriterState state) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(bytes);
        out.writeUTF(state.stagingPrefix());
        out.writeLong(state.checkpointId());
        out.flush();
        return bytes.toByteArray();
    }

    @Override
    public FormatTableWriterState deserialize(int version, byte[] serialized) throws IOException {
        switch (version) {
            case 1:
                DataInputStream in = new DataInputStream(new ByteArrayInputStream(serialized));
                FormatTableWriterState state =
                        new FormatTableWriterState(in.readUTF(), in.readLong());
                if (in.available() > 0) {
                    throw new IOException(
                            "Corrupt writer state: "
                                    + in.available()
                                    + " unexpected trailing bytes");
                }
                return state;
            default:
                throw new IOException(
                        String.format(
                                "Cannot read a format table writer state of version %d: this"
                                        + " serializer reads versions up to %d",
                                version, VERSION));
        }
    }
}
