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
package dev.formattable.flink.sink.partition;

import org.apache.flink.core.io.SimpleVersionedSerializer;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * Version 1: the number of pending partitions, then each one's relative directory (UTF-8, length
 * first) and first publish time; then the number of recorded watermarks, and each one's checkpoint
 * id and watermark.
 */
final class PendingPartitionsSerializer implements SimpleVersionedSerializer<PendingPartitions> {

    static final int VERSION = 1;

    static final PendingPartitionsSerializer INSTANCE = new PendingPartitionsSerializer();

    @Override
    public int getVersion() {
        return VERSION;
    }

    @Override
    public byte[] serialize(PendingPartitions pending) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(bytes);
        out.writeInt(pending.partitions().size());
        for (Map.Entry<String, Long> e : pending.partitions().entrySet()) {
            byte[] name = e.getKey().getBytes(StandardCharsets.UTF_8);
            out.writeInt(name.length);
            out.write(name);
            out.writeLong(e.getValue());
        }
        out.writeInt(pending.watermarks().size());
        for (Map.Entry<Long, Long> e : pending.watermarks().entrySet()) {
            out.writeLong(e.getKey());
            out.writeLong(e.getValue());
        }
        out.flush();
        return bytes.toByteArray();
    }

    @Override
    public PendingPartitions deserialize(int version, byte[] serialized) throws IOException {
        if (version != 1) {
            throw new IOException(
                    String.format(
                            "Cannot read pending partitions of version %d: this serializer reads"
                                    + " version %d",
                            version, VERSION));
        }
        DataInputStream in = new DataInputStream(new ByteArrayInputStream(serialized));
        PendingPartitions pending = new PendingPartitions();
        int partitions = count(in.readInt(), "partitions");
        for (int i = 0; i < partitions; i++) {
            int length = in.readInt();
            if (length < 0 || length > in.available()) {
                throw new IOException("Corrupt pending partitions: name length " + length);
            }
            byte[] name = new byte[length];
            in.readFully(name);
            pending.add(new String(name, StandardCharsets.UTF_8), in.readLong());
        }
        int watermarks = count(in.readInt(), "watermarks");
        for (int i = 0; i < watermarks; i++) {
            pending.recordWatermark(in.readLong(), in.readLong());
        }
        if (in.available() > 0) {
            throw new IOException(
                    "Corrupt pending partitions: " + in.available() + " unexpected trailing bytes");
        }
        return pending;
    }

    private static int count(int value, String what) throws IOException {
        if (value < 0) {
            throw new IOException("Corrupt pending partitions: " + value + " " + what);
        }
        return value;
    }
}
