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
package dev.formattable.flink.fs;

import dev.formattable.core.fs.FileCommitter;
import dev.formattable.core.fs.FileIO;
import dev.formattable.core.fs.ForwardingTwoPhaseOutputStream;
import dev.formattable.core.fs.Path;
import dev.formattable.core.fs.PendingUpload;
import dev.formattable.core.fs.S3Uploads;
import dev.formattable.core.fs.TwoPhaseOutputStream;
import dev.formattable.core.fs.UploadCommitter;

import org.apache.flink.core.fs.FileSystem;
import org.apache.flink.core.fs.RecoverableFsDataOutputStream;
import org.apache.flink.core.fs.RecoverableWriter;
import org.apache.flink.core.io.SimpleVersionedSerializer;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.util.Optional;

/**
 * Files written through a Flink file system's {@link RecoverableWriter} that writes to the final
 * name (the S3 plugins write a multipart upload to the final key), published by the writer's
 * committer. The pending state ({@value #KIND}) is the writer's own commit recoverable, in the
 * version of the writer's serializer. Flink's writer cannot abort an upload, so a discarded file's
 * upload is aborted through the S3A file system beneath, where one is reachable.
 */
final class RecoverableUploads {

    static final String KIND = "flink-recoverable-writer";

    private static final Logger LOG = LoggerFactory.getLogger(RecoverableUploads.class);

    private RecoverableUploads() {}

    static TwoPhaseOutputStream open(
            FileSystem fs, RecoverableWriter writer, Path target, FileIO fileIO)
            throws IOException {
        return new Stream(fs, writer, writer.open(FlinkFileIO.toFlink(target)), target, fileIO);
    }

    static FileCommitter recover(
            FileSystem fs,
            RecoverableWriter writer,
            FileIO fileIO,
            Path target,
            long length,
            PendingUpload upload)
            throws IOException {
        SimpleVersionedSerializer<RecoverableWriter.CommitRecoverable> serializer =
                writer.getCommitRecoverableSerializer();
        if (!KIND.equals(upload.kind())) {
            throw new IOException(
                    String.format(
                            "Cannot complete the upload of %s: it is a '%s' upload, and the file"
                                    + " system there writes '%s' uploads",
                            target, upload.kind(), KIND));
        }
        if (upload.version() > serializer.getVersion()) {
            throw new IOException(
                    String.format(
                            "Cannot complete the upload of %s: its state is version %d, and %s"
                                    + " reads versions up to %d",
                            target,
                            upload.version(),
                            writer.getClass().getSimpleName(),
                            serializer.getVersion()));
        }
        RecoverableWriter.CommitRecoverable recoverable =
                serializer.deserialize(upload.version(), upload.state());
        return new Committer(fs, writer, recoverable, fileIO, target, length, upload);
    }

    /** Aborts every upload to the target's key, where the S3A file system beneath is reachable. */
    static void abortUploadsTo(FileSystem fs, Path target) {
        Object hadoopFs = FlinkFileIO.hadoopFileSystemOf(fs);
        if (!S3Uploads.supports(hadoopFs)) {
            LOG.warn(
                    "Cannot abort the upload of {}: {} offers no way to. It stays invisible until"
                            + " remove_orphan_files or the bucket's lifecycle rule removes it.",
                    target,
                    fs.getClass().getName());
            return;
        }
        try {
            S3Uploads.abortAllTo(hadoopFs, S3Uploads.key(target));
        } catch (IOException | RuntimeException e) {
            LOG.warn("Could not abort the upload of {}", target, e);
        }
    }

    /**
     * The stream. Flink's bulk writers get the writer's own stream through the delegate (see {@code
     * FlinkOutputStreams}).
     */
    static final class Stream extends ForwardingTwoPhaseOutputStream {
        private final FileSystem fs;
        private final RecoverableWriter writer;
        private final RecoverableFsDataOutputStream out;
        private final Path target;
        private final FileIO fileIO;

        Stream(
                FileSystem fs,
                RecoverableWriter writer,
                RecoverableFsDataOutputStream out,
                Path target,
                FileIO fileIO) {
            super(new FlinkFileIO.FlinkPositionOutputStream(out));
            this.fs = fs;
            this.writer = writer;
            this.out = out;
            this.target = target;
            this.fileIO = fileIO;
        }

        @Override
        protected FileCommitter finish() throws IOException {
            long length = out.getPos();
            RecoverableFsDataOutputStream.Committer committer = out.closeForCommit();
            RecoverableWriter.CommitRecoverable recoverable = committer.getRecoverable();
            SimpleVersionedSerializer<RecoverableWriter.CommitRecoverable> serializer =
                    writer.getCommitRecoverableSerializer();
            PendingUpload upload =
                    new PendingUpload(
                            KIND, serializer.getVersion(), serializer.serialize(recoverable));
            return new Committer(fs, writer, recoverable, fileIO, target, length, upload);
        }

        @Override
        protected void discard() {
            abortUploadsTo(fs, target);
        }
    }

    /**
     * Publishes with the writer's committer: its {@code commit()}, not its {@code
     * commitAfterRecovery()}, which cannot tell a completed upload from one it completes now, and
     * fails the same way for one that vanished.
     */
    private static final class Committer extends UploadCommitter {
        private final FileSystem fs;
        private final RecoverableWriter writer;
        private final RecoverableWriter.CommitRecoverable recoverable;
        private final Path target;
        private final PendingUpload upload;

        Committer(
                FileSystem fs,
                RecoverableWriter writer,
                RecoverableWriter.CommitRecoverable recoverable,
                FileIO fileIO,
                Path target,
                long length,
                PendingUpload upload) {
            super(fileIO, target, length);
            this.fs = fs;
            this.writer = writer;
            this.recoverable = recoverable;
            this.target = target;
            this.upload = upload;
        }

        @Override
        public void commit() throws IOException {
            writer.recoverForCommit(recoverable).commit();
        }

        @Override
        public void discard() {
            abortUploadsTo(fs, target);
        }

        @Override
        public Optional<PendingUpload> pendingUpload() {
            return Optional.of(upload);
        }
    }
}
