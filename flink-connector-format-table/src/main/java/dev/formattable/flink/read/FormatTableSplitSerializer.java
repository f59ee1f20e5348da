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
package dev.formattable.flink.read;

import org.apache.flink.annotation.Internal;
import org.apache.flink.connector.file.src.FileSourceSplit;
import org.apache.flink.connector.file.src.FileSourceSplitSerializer;
import org.apache.flink.core.io.SimpleVersionedSerializer;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * The splits of a format table's source, in its checkpoints.
 *
 * <ul>
 *   <li>Version 1: a split as Flink's {@link FileSourceSplitSerializer} writes it in its version 1
 *       (what the source checkpointed before its splits could name their partition).
 *   <li>Version 2: the version of Flink's serializer and, length first, the split as it writes it;
 *       then a flag, and when set the partition's relative directory ({@link FormatTableSplit}),
 *       UTF-8, length first.
 * </ul>
 */
@Internal
public final class FormatTableSplitSerializer
        implements SimpleVersionedSerializer<FileSourceSplit> {

    public static final FormatTableSplitSerializer INSTANCE = new FormatTableSplitSerializer();

    static final int VERSION = 2;

    private static final FileSourceSplitSerializer FLINK = FileSourceSplitSerializer.INSTANCE;

    @Override
    public int getVersion() {
        return VERSION;
    }

    @Override
    public byte[] serialize(FileSourceSplit split) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(bytes);
        // Flink's serializer takes its own class only.
        FileSourceSplit base =
                split.getClass() == FileSourceSplit.class
                        ? split
                        : new FileSourceSplit(
                                split.splitId(),
                                split.path(),
                                split.offset(),
                                split.length(),
                                split.fileModificationTime(),
                                split.fileSize(),
                                split.hostnames(),
                                split.getReaderPosition().orElse(null));
        byte[] plain = FLINK.serialize(base);
        out.writeInt(FLINK.getVersion());
        out.writeInt(plain.length);
        out.write(plain);
        String partition = FormatTableSplit.partitionPathOf(split).orElse(null);
        out.writeBoolean(partition != null);
        if (partition != null) {
            byte[] name = partition.getBytes(StandardCharsets.UTF_8);
            out.writeInt(name.length);
            out.write(name);
        }
        out.flush();
        return bytes.toByteArray();
    }

    @Override
    public FileSourceSplit deserialize(int version, byte[] serialized) throws IOException {
        if (version == 1) {
            return FLINK.deserialize(1, serialized);
        }
        if (version != VERSION) {
            throw new IOException(
                    String.format(
                            "Cannot read a format-table split of version %d: this serializer"
                                    + " reads versions 1 to %d",
                            version, VERSION));
        }
        DataInputStream in = new DataInputStream(new ByteArrayInputStream(serialized));
        int flinkVersion = in.readInt();
        FileSourceSplit plain = FLINK.deserialize(flinkVersion, readBytes(in, "split"));
        FileSourceSplit split = plain;
        if (in.readBoolean()) {
            String partition = new String(readBytes(in, "partition"), StandardCharsets.UTF_8);
            split =
                    new FormatTableSplit(
                            plain.splitId(),
                            plain.path(),
                            plain.offset(),
                            plain.length(),
                            plain.fileModificationTime(),
                            plain.fileSize(),
                            plain.hostnames(),
                            plain.getReaderPosition().orElse(null),
                            partition);
        }
        if (in.available() > 0) {
            throw new IOException(
                    "Corrupt format-table split: " + in.available() + " unexpected trailing bytes");
        }
        return split;
    }

    private static byte[] readBytes(DataInputStream in, String what) throws IOException {
        int length = in.readInt();
        if (length < 0 || length > in.available()) {
            throw new IOException("Corrupt format-table split: " + what + " length " + length);
        }
        byte[] bytes = new byte[length];
        in.readFully(bytes);
        return bytes;
    }
}
