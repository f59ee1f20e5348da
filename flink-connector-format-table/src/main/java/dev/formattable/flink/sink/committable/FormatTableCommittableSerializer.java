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
package dev.formattable.flink.sink.committable;

import dev.formattable.core.commit.CommitMessageSerializer;
import dev.formattable.core.fs.Path;
import dev.formattable.core.table.CommitMessage;

import org.apache.flink.annotation.Internal;
import org.apache.flink.core.io.SimpleVersionedSerializer;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Version 4: as version 3, followed by the number of obsolete staged files (see {@link
 * FormatTableCommittable#obsoleteStagedFiles}) and each one's path in modified UTF-8. Version 3
 * (still read, with no obsolete files): as version 2, with messages of the core's message
 * serializer version 2 or later, which carry a file's pending upload (on an object store, a file is
 * an upload to its final name that the commit completes); a reader of version 2 would refuse them
 * by their message version, this one by its own. Version 2 (still read): the checkpoint id, whether
 * it is the end of the input (a boolean), then as version 1. Version 1 (still read, with no
 * checkpoint id): the number of messages, then for each the version of the core's message
 * serializer, the length of its bytes and the bytes.
 */
@Internal
public final class FormatTableCommittableSerializer
        implements SimpleVersionedSerializer<FormatTableCommittable> {

    public static final int VERSION = 4;

    public static final FormatTableCommittableSerializer INSTANCE =
            new FormatTableCommittableSerializer();

    private static final CommitMessageSerializer MESSAGES = CommitMessageSerializer.INSTANCE;

    @Override
    public int getVersion() {
        return VERSION;
    }

    @Override
    public byte[] serialize(FormatTableCommittable committable) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(bytes);
        out.writeLong(committable.checkpointId());
        out.writeBoolean(committable.endOfInput());
        out.writeInt(committable.messages().size());
        for (CommitMessage m : committable.messages()) {
            byte[] b = MESSAGES.serialize(m);
            out.writeInt(MESSAGES.getVersion());
            out.writeInt(b.length);
            out.write(b);
        }
        out.writeInt(committable.obsoleteStagedFiles().size());
        for (Path p : committable.obsoleteStagedFiles()) {
            out.writeUTF(p.toString());
        }
        out.flush();
        return bytes.toByteArray();
    }

    @Override
    public FormatTableCommittable deserialize(int version, byte[] serialized) throws IOException {
        switch (version) {
            case 1:
                return read(new DataInputStream(new ByteArrayInputStream(serialized)), 1);
            case 2:
            case 3:
            case 4:
                return read(new DataInputStream(new ByteArrayInputStream(serialized)), version);
            default:
                throw new IOException(
                        String.format(
                                "Cannot read a format table committable of version %d: this"
                                        + " serializer reads versions up to %d",
                                version, VERSION));
        }
    }

    private static FormatTableCommittable read(DataInputStream in, int version) throws IOException {
        boolean withCheckpoint = version >= 2;
        long checkpointId = withCheckpoint ? in.readLong() : FormatTableCommittable.NO_CHECKPOINT;
        boolean endOfInput = withCheckpoint && in.readBoolean();
        int count = in.readInt();
        if (count < 0) {
            throw new IOException("Corrupt committable: " + count + " messages");
        }
        List<CommitMessage> messages = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            int messageVersion = in.readInt();
            int length = in.readInt();
            if (length < 0 || length > in.available()) {
                throw new IOException("Corrupt committable: message length " + length);
            }
            byte[] b = new byte[length];
            in.readFully(b);
            messages.add(MESSAGES.deserialize(messageVersion, b));
        }
        List<Path> obsolete = new ArrayList<>();
        if (version >= 4) {
            int files = in.readInt();
            if (files < 0) {
                throw new IOException("Corrupt committable: " + files + " obsolete files");
            }
            for (int i = 0; i < files; i++) {
                obsolete.add(Path.of(in.readUTF()));
            }
        }
        if (in.available() > 0) {
            throw new IOException(
                    "Corrupt committable: " + in.available() + " unexpected trailing bytes");
        }
        return new FormatTableCommittable(messages, checkpointId, endOfInput, obsolete);
    }
}
