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
package dev.formattable.flink.sink.writer;

import dev.formattable.core.commit.CommitMessageSerializer;
import dev.formattable.core.table.CommitMessage;

import org.apache.flink.annotation.Internal;
import org.apache.flink.core.io.SimpleVersionedSerializer;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Version 3: as version 2, followed by the number of held partitions (see {@link HeldPartition}),
 * and for each its directory (UTF-8, length first), the time it was first held, the number of its
 * files and for each the version of the core's message serializer, the length of its bytes and the
 * bytes. Version 2, still read with no held files: the staging prefix (modified UTF-8), the
 * checkpoint id, the number of partition directories and each (UTF-8, length first). Version 1,
 * still read: the prefix and the checkpoint id, with no directories.
 */
@Internal
public final class FormatTableWriterStateSerializer
        implements SimpleVersionedSerializer<FormatTableWriterState> {

    public static final int VERSION = 3;

    private static final CommitMessageSerializer MESSAGES = CommitMessageSerializer.INSTANCE;

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
        out.writeInt(state.partitionDirectories().size());
        for (String dir : state.partitionDirectories()) {
            writeString(out, dir);
        }
        out.writeInt(state.heldPartitions().size());
        for (HeldPartition p : state.heldPartitions()) {
            writeString(out, p.directory());
            out.writeLong(p.heldSince());
            out.writeInt(p.files().size());
            for (CommitMessage m : p.files()) {
                byte[] b = MESSAGES.serialize(m);
                out.writeInt(MESSAGES.getVersion());
                out.writeInt(b.length);
                out.write(b);
            }
        }
        out.flush();
        return bytes.toByteArray();
    }

    @Override
    public FormatTableWriterState deserialize(int version, byte[] serialized) throws IOException {
        switch (version) {
            case 1:
            case 2:
            case 3:
                return read(new DataInputStream(new ByteArrayInputStream(serialized)), version);
            default:
                throw new IOException(
                        String.format(
                                "Cannot read a format table writer state of version %d: this"
                                        + " serializer reads versions up to %d",
                                version, VERSION));
        }
    }

    private static FormatTableWriterState read(DataInputStream in, int version) throws IOException {
        String prefix = in.readUTF();
        long checkpointId = in.readLong();
        List<String> dirs = new ArrayList<>();
        if (version >= 2) {
            int count = readCount(in, "partition directories");
            for (int i = 0; i < count; i++) {
                dirs.add(readString(in));
            }
        }
        List<HeldPartition> held = new ArrayList<>();
        if (version >= 3) {
            int partitions = readCount(in, "held partitions");
            for (int i = 0; i < partitions; i++) {
                String dir = readString(in);
                long since = in.readLong();
                int files = readCount(in, "held files");
                List<CommitMessage> messages = new ArrayList<>(files);
                for (int f = 0; f < files; f++) {
                    int messageVersion = in.readInt();
                    messages.add(MESSAGES.deserialize(messageVersion, readBytes(in, "message")));
                }
                held.add(new HeldPartition(dir, since, messages));
            }
        }
        if (in.available() > 0) {
            throw new IOException(
                    "Corrupt writer state: " + in.available() + " unexpected trailing bytes");
        }
        return new FormatTableWriterState(prefix, checkpointId, dirs, held);
    }

    private static void writeString(DataOutputStream out, String s) throws IOException {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        out.writeInt(b.length);
        out.write(b);
    }

    private static String readString(DataInputStream in) throws IOException {
        return new String(readBytes(in, "directory"), StandardCharsets.UTF_8);
    }

    private static byte[] readBytes(DataInputStream in, String what) throws IOException {
        int length = in.readInt();
        if (length < 0 || length > in.available()) {
            throw new IOException("Corrupt writer state: " + what + " length " + length);
        }
        byte[] b = new byte[length];
        in.readFully(b);
        return b;
    }

    private static int readCount(DataInputStream in, String what) throws IOException {
        int count = in.readInt();
        if (count < 0) {
            throw new IOException("Corrupt writer state: " + count + " " + what);
        }
        return count;
    }
}
