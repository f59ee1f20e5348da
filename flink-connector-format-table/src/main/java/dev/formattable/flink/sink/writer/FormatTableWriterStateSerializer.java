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
 * Version 2: the staging prefix (modified UTF-8), the checkpoint id, the number of partition
 * directories and each (UTF-8, length first). Version 1, still read: the prefix and the checkpoint
 * id, with no directories.
 */
@Internal
public final class FormatTableWriterStateSerializer
        implements SimpleVersionedSerializer<FormatTableWriterState> {

    public static final int VERSION = 2;

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
            byte[] b = dir.getBytes(StandardCharsets.UTF_8);
            out.writeInt(b.length);
            out.write(b);
        }
        out.flush();
        return bytes.toByteArray();
    }

    @Override
    public FormatTableWriterState deserialize(int version, byte[] serialized) throws IOException {
        switch (version) {
            case 1:
            case 2:
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
            int count = in.readInt();
            if (count < 0) {
                throw new IOException("Corrupt writer state: " + count + " partition directories");
            }
            for (int i = 0; i < count; i++) {
                int length = in.readInt();
                if (length < 0 || length > in.available()) {
                    throw new IOException("Corrupt writer state: directory length " + length);
                }
                byte[] b = new byte[length];
                in.readFully(b);
                dirs.add(new String(b, StandardCharsets.UTF_8));
            }
        }
        if (in.available() > 0) {
            throw new IOException(
                    "Corrupt writer state: " + in.available() + " unexpected trailing bytes");
        }
        return new FormatTableWriterState(prefix, checkpointId, dirs);
    }
}
