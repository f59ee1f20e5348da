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

import dev.formattable.core.fs.FileCommitter;
import dev.formattable.core.fs.FileIO;
import dev.formattable.core.fs.Path;
import dev.formattable.core.fs.PositionOutputStream;
import dev.formattable.core.fs.SeekableInputStream;
import dev.formattable.core.fs.TwoPhaseOutputStream;
import dev.formattable.core.table.CommitMessage;
import dev.formattable.core.table.DataFilePathFactory;
import dev.formattable.core.table.FormatTableSpec;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.regex.Pattern;

/**
 * The record of a commit that may happen only once: the messages its first try publishes, kept as
 * {@code _temporary/.commit.<id>.journal} in the table's directory. A later try of the commit with
 * the same id (an engine rerunning a committer whose writers wrote new files) publishes what the
 * record names, not what it was given, so rows are never published twice. Once the commit has
 * published, an empty marker {@code _temporary/.commit.<id>.published} says so, and a later try
 * publishes nothing at all. Record and marker stay until the engine has finished what follows the
 * commit (see {@code FormatTableCommit#forgetCommit}), or until {@link OrphanFiles} removes them.
 *
 * <p>The record is written to a hidden temporary name and renamed into place, so it is either whole
 * or absent. Version 1: the magic {@code FTCJ}, the version, the number of messages, then for each
 * the version of the message serializer, the length of its bytes and the bytes.
 */
final class CommitJournal {

    private static final Logger LOG = LoggerFactory.getLogger(CommitJournal.class);

    static final int VERSION = 1;

    private static final int MAGIC = 0x4654434A; // "FTCJ"

    static final String SUFFIX = ".journal";

    static final String PUBLISHED_SUFFIX = ".published";

    private static final Pattern ID = Pattern.compile("[A-Za-z0-9_-]{1,200}");

    private static final CommitMessageSerializer MESSAGES = CommitMessageSerializer.INSTANCE;

    private final FileIO fileIO;
    private final Path path;
    private final Path publishedMarker;

    private CommitJournal(FileIO fileIO, Path dir, String id) {
        this.fileIO = fileIO;
        this.path = dir.child(".commit." + id + SUFFIX);
        this.publishedMarker = dir.child(".commit." + id + PUBLISHED_SUFFIX);
    }

    /**
     * The journal of the commit {@code id} of a table.
     *
     * @throws IllegalArgumentException when the id is not 1 to 200 letters, digits, '-' or '_'
     */
    static CommitJournal of(FormatTableSpec table, String id) {
        if (!ID.matcher(id).matches()) {
            throw new IllegalArgumentException(
                    String.format(
                            "Commit id '%s' must be 1 to 200 letters, digits, '-' or '_'", id));
        }
        Path dir = table.qualifiedLocation().child(DataFilePathFactory.STAGING_DIR);
        return new CommitJournal(table.fileIO(), dir, id);
    }

    Path path() {
        return path;
    }

    /** Whether a try recorded its messages, or the commit has published. */
    boolean exists() throws IOException {
        return fileIO.exists(path) || isPublished();
    }

    /** Whether a try of the commit published every file it recorded. */
    boolean isPublished() throws IOException {
        return fileIO.exists(publishedMarker);
    }

    /**
     * Marks the commit as published. A failure is logged and leaves the record unmarked: a later
     * try then replays the record, whose files are all published or gone, and publishes nothing.
     */
    void markPublishedQuietly() {
        try {
            fileIO.newOutputStream(publishedMarker, true).close();
        } catch (IOException | RuntimeException e) {
            LOG.warn("Could not mark commit journal {} as published", path, e);
        }
    }

    /** The recorded messages, or nothing when no try of this commit got as far as recording. */
    Optional<List<CommitMessage>> read() throws IOException {
        if (!fileIO.exists(path)) {
            return Optional.empty();
        }
        byte[] bytes;
        try (SeekableInputStream in = fileIO.newInputStream(path)) {
            bytes = in.readAllBytes();
        }
        DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes));
        if (bytes.length < 8 || in.readInt() != MAGIC) {
            throw new IOException("Corrupt commit journal " + path + ": no journal header");
        }
        int version = in.readInt();
        if (version != VERSION) {
            throw new IOException(
                    String.format(
                            "Cannot read commit journal %s of version %d: this reader reads"
                                    + " versions up to %d",
                            path, version, VERSION));
        }
        int count = in.readInt();
        if (count < 0) {
            throw new IOException("Corrupt commit journal " + path + ": " + count + " messages");
        }
        List<CommitMessage> messages = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            int messageVersion = in.readInt();
            int length = in.readInt();
            if (length < 0 || length > in.available()) {
                throw new IOException(
                        "Corrupt commit journal " + path + ": message length " + length);
            }
            byte[] b = new byte[length];
            in.readFully(b);
            messages.add(MESSAGES.deserialize(messageVersion, b));
        }
        if (in.available() > 0) {
            throw new IOException(
                    "Corrupt commit journal " + path + ": " + in.available() + " trailing bytes");
        }
        return Optional.of(messages);
    }

    /**
     * Records the messages. Fails, recording nothing, when a record exists already.
     *
     * @throws IOException when the record could not be written whole
     */
    void write(List<CommitMessage> messages) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(bytes);
        out.writeInt(MAGIC);
        out.writeInt(VERSION);
        out.writeInt(messages.size());
        for (CommitMessage m : messages) {
            byte[] b = MESSAGES.serialize(m);
            out.writeInt(MESSAGES.getVersion());
            out.writeInt(b.length);
            out.write(b);
        }
        out.flush();
        Path temporary = path.parent().child(path.name() + "." + UUID.randomUUID() + ".writing");
        if (fileIO.uploadsToTarget(path)) {
            // On an object store an upload appears whole or not at all, without a copy.
            writeAsUpload(bytes.toByteArray(), temporary);
            return;
        }
        fileIO.mkdirs(path.parent());
        try {
            try (PositionOutputStream file = fileIO.newOutputStream(temporary, false)) {
                file.write(bytes.toByteArray());
            }
            fileIO.rename(temporary, path);
        } catch (IOException | RuntimeException e) {
            try {
                fileIO.delete(temporary, false);
            } catch (IOException | RuntimeException suppressed) {
                e.addSuppressed(suppressed);
            }
            throw e;
        }
    }

    private void writeAsUpload(byte[] record, Path temporary) throws IOException {
        if (fileIO.exists(path)) {
            throw new IOException("Cannot record commit in " + path + ": a record exists");
        }
        TwoPhaseOutputStream file = fileIO.newTwoPhaseOutputStream(path, temporary);
        FileCommitter committer;
        try {
            file.write(record);
            committer = file.closeForCommit();
        } finally {
            file.close();
        }
        try {
            committer.commit();
        } catch (IOException | RuntimeException e) {
            committer.discard();
            throw e;
        }
    }

    /**
     * Removes the record, then the published marker: a marker left alone still keeps a later try
     * from publishing. A failure is logged, and leaves the rest to {@link OrphanFiles}.
     */
    void deleteQuietly() {
        try {
            fileIO.delete(path, false);
            fileIO.delete(publishedMarker, false);
        } catch (IOException | RuntimeException e) {
            LOG.warn("Could not remove commit journal {}", path, e);
        }
    }
}
