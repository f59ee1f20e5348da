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
package dev.formattable.flink.sink.committer;

import dev.formattable.core.FormatTable;
import dev.formattable.core.commit.LeftoverNames;
import dev.formattable.core.fs.FileIO;
import dev.formattable.core.fs.FileStatus;
import dev.formattable.core.fs.Path;
import dev.formattable.core.fs.PositionOutputStream;
import dev.formattable.core.fs.SeekableInputStream;
import dev.formattable.core.table.DataFilePathFactory;
import dev.formattable.flink.sink.committable.FormatTableCommittable;
import dev.formattable.flink.sink.committable.FormatTableCommittableSerializer;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Where the writers of a batch job leave their committables for the commit on the JobManager: one
 * small file per writer attempt, {@code _temporary/.commit-spool.<sink>.s<subtask>.a<attempt>} in
 * the table's directory. The JobManager reads the files of the attempts that finished, so what a
 * failed or concurrent attempt left is never published. What a job that never committed left is
 * removed by {@code OrphanFiles} once older than its threshold.
 *
 * <p>Version 1: the magic {@code FTCS}, the version, the job token (modified UTF-8), the subtask,
 * the attempt, the number of committables, then for each the version of the committable serializer,
 * the length of its bytes and the bytes.
 */
final class CommitSpool {

    private static final Logger LOG = LoggerFactory.getLogger(CommitSpool.class);

    static final int VERSION = 1;

    private static final int MAGIC = 0x46544353; // "FTCS"

    private static final String PREFIX = LeftoverNames.COMMIT_SPOOL_PREFIX;

    private static final FormatTableCommittableSerializer COMMITTABLES =
            FormatTableCommittableSerializer.INSTANCE;

    /** What one writer attempt left. */
    static final class Contents {
        final String jobToken;
        final int subtask;
        final int attempt;
        final List<FormatTableCommittable> committables;

        Contents(
                String jobToken,
                int subtask,
                int attempt,
                List<FormatTableCommittable> committables) {
            this.jobToken = jobToken;
            this.subtask = subtask;
            this.attempt = attempt;
            this.committables = List.copyOf(committables);
        }
    }

    private final FileIO fileIO;
    private final Path directory;
    private final String sinkId;

    CommitSpool(FormatTable table, String sinkId) {
        this.fileIO = table.fileIO();
        this.directory = table.qualifiedLocation().child(DataFilePathFactory.STAGING_DIR);
        this.sinkId = sinkId;
    }

    Path path(int subtask, int attempt) {
        return directory.child(PREFIX + sinkId + ".s" + subtask + ".a" + attempt);
    }

    /** Leaves an attempt's committables, replacing what an earlier run of the job left there. */
    void write(Contents contents) throws IOException {
        byte[] bytes = serialize(contents);
        fileIO.mkdirs(directory);
        try (PositionOutputStream out =
                fileIO.newOutputStream(path(contents.subtask, contents.attempt), true)) {
            out.write(bytes);
        }
    }

    /**
     * What a finished attempt left.
     *
     * @throws FileNotFoundException naming the path, when the attempt left nothing
     */
    Contents read(int subtask, int attempt) throws IOException {
        Path path = path(subtask, attempt);
        byte[] bytes;
        try (SeekableInputStream in = fileIO.newInputStream(path)) {
            bytes = in.readAllBytes();
        } catch (FileNotFoundException e) {
            FileNotFoundException missing =
                    new FileNotFoundException(
                            String.format(
                                    "Subtask %d, attempt %d, of the format table writers finished"
                                            + " but left no committables at %s",
                                    subtask, attempt, path));
            missing.initCause(e);
            throw missing;
        }
        return deserialize(path, bytes);
    }

    /** Removes every attempt's file of this sink; what it cannot remove it logs. */
    void deleteQuietly() {
        try {
            for (FileStatus f : fileIO.list(directory)) {
                if (f.path().name().startsWith(PREFIX + sinkId + ".")) {
                    fileIO.delete(f.path(), false);
                }
            }
        } catch (FileNotFoundException e) {
            // nothing left
        } catch (IOException | RuntimeException e) {
            LOG.warn(
                    "Could not remove the commit spool files of sink {} in {}",
                    sinkId,
                    directory,
                    e);
        }
    }

    static byte[] serialize(Contents contents) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(bytes);
        out.writeInt(MAGIC);
        out.writeInt(VERSION);
        out.writeUTF(contents.jobToken);
        out.writeInt(contents.subtask);
        out.writeInt(contents.attempt);
        out.writeInt(contents.committables.size());
        for (FormatTableCommittable c : contents.committables) {
            byte[] b = COMMITTABLES.serialize(c);
            out.writeInt(COMMITTABLES.getVersion());
            out.writeInt(b.length);
            out.write(b);
        }
        out.flush();
        return bytes.toByteArray();
    }

    static Contents deserialize(Path path, byte[] bytes) throws IOException {
        DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes));
        if (bytes.length < 8 || in.readInt() != MAGIC) {
            throw new IOException("Corrupt commit spool " + path + ": no spool header");
        }
        int version = in.readInt();
        switch (version) {
            case 1:
                return readVersion1(path, in);
            default:
                throw new IOException(
                        String.format(
                                "Cannot read commit spool %s of version %d: this reader reads"
                                        + " versions up to %d",
                                path, version, VERSION));
        }
    }

    private static Contents readVersion1(Path path, DataInputStream in) throws IOException {
        String jobToken = in.readUTF();
        int subtask = in.readInt();
        int attempt = in.readInt();
        int count = in.readInt();
        if (count < 0) {
            throw new IOException("Corrupt commit spool " + path + ": " + count + " committables");
        }
        List<FormatTableCommittable> committables = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            int version = in.readInt();
            int length = in.readInt();
            if (length < 0 || length > in.available()) {
                throw new IOException(
                        "Corrupt commit spool " + path + ": committable length " + length);
            }
            byte[] b = new byte[length];
            in.readFully(b);
            committables.add(COMMITTABLES.deserialize(version, b));
        }
        if (in.available() > 0) {
            throw new IOException(
                    "Corrupt commit spool " + path + ": " + in.available() + " trailing bytes");
        }
        return new Contents(jobToken, subtask, attempt, committables);
    }
}
