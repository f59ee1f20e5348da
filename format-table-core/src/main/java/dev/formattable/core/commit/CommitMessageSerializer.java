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
package dev.formattable.core.commit;

import dev.formattable.core.fs.Path;
import dev.formattable.core.fs.PendingUpload;
import dev.formattable.core.table.CommitMessage;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;

/**
 * Version 2: as version 1, then whether the file is an upload (a boolean) and, if it is, the
 * upload's kind (text), its version (an int) and its state (length and bytes). Version 1 (still
 * read, a staged file): staged path, target path (each as text), the number of partition entries
 * and each key and value (a value may be null), the row count and the file size.
 */
public final class CommitMessageSerializer implements VersionedSerializer<CommitMessage> {

    public static final int VERSION = 2;

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
        PendingUpload upload = message.upload();
        out.writeBoolean(upload != null);
        if (upload != null) {
            writeString(out, upload.kind());
            out.writeInt(upload.version());
            byte[] state = upload.state();
            out.writeInt(state.length);
            out.write(state);
        }
        out.flush();
        return bytes.toByteArray();
    }

    @Override
    public CommitMessage deserialize(int version, byte[] serialized) throws IOException {
        switch (version) {
            case 1:
                return read(serialized, false);
            case 2:
                return read(serialized, true);
            default:
                throw new IOException(
                        String.format(
                                "Cannot read a commit message of version %d: this"
                                        + " serializer reads versions up to %d",
                                version, VERSION));
        }
    }

    private static CommitMessage read(byte[] serialized, boolean withUpload) throws IOException {
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
        PendingUpload upload = null;
        if (withUpload && in.readBoolean()) {
            String kind = readString(in);
            int uploadVersion = in.readInt();
            int length = in.readInt();
            if (length < 0 || length > in.available()) {
                throw new IOException("Corrupt commit message: upload state length " + length);
            }
            byte[] state = new byte[length];
            in.readFully(state);
            upload = new PendingUpload(kind, uploadVersion, state);
        }
        if (in.available() > 0) {
            throw new IOException(
                    "Corrupt commit message: " + in.available() + " unexpected trailing bytes");
        }
        return new CommitMessage(staged, target, partition, rows, size, upload);
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
