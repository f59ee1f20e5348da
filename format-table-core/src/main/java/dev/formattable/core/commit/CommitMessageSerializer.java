package dev.formattable.core.commit;

import dev.formattable.core.fs.Path;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;

/**
 * Version 1: staged path, target path (each as text), the number of partition entries and each key
 * and value (a value may be null), the row count and the file size.
 */
public final class CommitMessageSerializer implements VersionedSerializer<CommitMessage> {

    public static final int VERSION = 1;

    public static final CommitMessageSerializer INSTANCE = new CommitMessageSerializer();

    @Override
    public int getVersion() {
        return VERSION;
    }

    @Override
    public byte[] serialize(CommitMessage message) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(256);
        DataOutputStream out = new DataOutputStream(bytes);
        writeString(out, message.stagedPath().toString());
        writeString(out, message.targetPath().toString());
        out.writeInt(message.partition().size());
        for (var e : message.partition().entrySet()) {
            writeString(out, e.getKey());
            writeNullableString(out, e.getValue());
        }
        out.writeLong(message.rowCount());
        out.writeLong(message.fileSize());
        out.flush();
        return bytes.toByteArray();
    }

    @Override
    public CommitMessage deserialize(int version, byte[] serialized) throws IOException {
        switch (version) {
            case 1:
                return deserializeV1(serialized);
            default:
                throw new IOException(
                        String.format(
                                "Cannot read a commit message of version %d: this"
                                        + " serializer reads versions up to %d",
                                version, VERSION));
        }
    }

    private static CommitMessage deserializeV1(byte[] serialized) throws IOException {
        DataInputStream in = new DataInputStream(new ByteArrayInputStream(serialized));
        Path staged = Path.of(readString(in));
        Path target = Path.of(readString(in));
        int entries = in.readInt();
        LinkedHashMap<String, String> partition = new LinkedHashMap<>();
        for (int i = 0; i < entries; i++) {
            partition.put(readString(in), readNullableString(in));
        }
        long rows = in.readLong();
        long size = in.readLong();
        if (in.available() > 0) {
            throw new IOException(
                    "Corrupt commit message: " + in.available() + " unexpected trailing bytes");
        }
        return new CommitMessage(staged, target, partition, rows, size);
    }

    static void writeString(DataOutputStream out, String s) throws IOException {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        out.writeInt(b.length);
        out.write(b);
    }

    static String readString(DataInputStream in) throws IOException {
        int length = in.readInt();
        if (length < 0 || length > in.available()) {
            throw new IOException("Corrupt commit message: string length " + length);
        }
        byte[] b = new byte[length];
        in.readFully(b);
        return new String(b, StandardCharsets.UTF_8);
    }

    private static void writeNullableString(DataOutputStream out, String s) throws IOException {
        out.writeBoolean(s != null);
        if (s != null) {
            writeString(out, s);
        }
    }

    private static String readNullableString(DataInputStream in) throws IOException {
        return in.readBoolean() ? readString(in) : null;
    }
}
