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
package dev.formattable.core.write;

import dev.formattable.core.fs.FileCommitter;
import dev.formattable.core.fs.FileIO;
import dev.formattable.core.fs.Path;
import dev.formattable.core.fs.StagedOutputStream;
import dev.formattable.core.fs.TwoPhaseOutputStream;
import dev.formattable.core.table.CommitMessage;
import dev.formattable.core.table.DataFilePathFactory;
import dev.formattable.core.table.FormatTableSpec;
import dev.formattable.core.table.StagedFileSweep;

import java.io.IOException;
import java.util.UUID;

/**
 * Opens, finishes and discards a write's data files: staged under {@code _temporary} beside their
 * targets, or, on an object store with {@code write.multipart-upload}, written as uploads straight
 * to their targets (see {@link FileIO#newTwoPhaseOutputStream}). Before it first stages a file in a
 * partition, it can remove what failed attempts left in that partition's staging directory.
 */
final class FileStager<T> {

    /** How files reach their targets; decided when the first file opens, as it needs a target. */
    private enum Staging {
        UNDECIDED,
        UPLOADS,
        RENAMES
    }

    private final FormatTableSpec table;
    private final FileIO fileIO;
    private final FormatWriterFactory<T> writerFactory;
    private final DataFilePathFactory pathFactory;

    /** What to remove before the first file of each partition is staged; or null. */
    private final StagedFileSweep sweep;

    private Staging staging;

    FileStager(
            FormatTableSpec table,
            FormatWriterFactory<T> writerFactory,
            String stagingToken,
            boolean renamesOnly,
            StagedFileSweep sweep) {
        this.table = table;
        this.fileIO = table.fileIO();
        this.writerFactory = writerFactory;
        this.pathFactory =
                new DataFilePathFactory(
                        table.options(), UUID.randomUUID().toString(), stagingToken);
        this.staging = renamesOnly ? Staging.RENAMES : Staging.UNDECIDED;
        this.sweep = sweep;
    }

    /** Stages the files opened from now on under another token. */
    void setStagingToken(String token) {
        pathFactory.setStagingToken(token);
    }

    OpenDataFile<T> open(PartitionTargets.Target partition) throws IOException {
        Path target = pathFactory.newTarget(partition.directory);
        Path staged = pathFactory.stagedPathFor(target);
        if (staging == Staging.UNDECIDED) {
            staging =
                    table.options().multipartUpload() && fileIO.uploadsToTarget(target)
                            ? Staging.UPLOADS
                            : Staging.RENAMES;
        }
        TwoPhaseOutputStream out;
        if (staging == Staging.UPLOADS) {
            out = fileIO.newTwoPhaseOutputStream(target, staged);
        } else {
            if (sweep != null) {
                sweep.sweep(partition.directory);
            }
            fileIO.mkdirs(staged.parent());
            out = new StagedOutputStream(fileIO, staged, target);
        }
        try {
            return new OpenDataFile<>(
                    staged, target, partition.spec, out, writerFactory.create(out));
        } catch (IOException | RuntimeException e) {
            out.close();
            throw e;
        }
    }

    /** Finishes the file and says how to publish it. */
    CommitMessage finish(OpenDataFile<T> file) throws IOException {
        long size;
        FileCommitter committer;
        try {
            file.writer.finish();
            size = file.out.getPos();
            committer = file.out.closeForCommit();
        } catch (IOException | RuntimeException e) {
            file.out.close();
            throw e;
        }
        file.finishedSize = size;
        return new CommitMessage(
                file.staged,
                file.target,
                file.spec,
                file.rows,
                size,
                committer.pendingUpload().orElse(null));
    }

    /** Removes a finished file that will not be published: its staged file, or its upload. */
    void discard(CommitMessage m) {
        m.discardQuietly(fileIO);
    }
}
