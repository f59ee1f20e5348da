package dev.formattable.core.fs;

import java.io.IOException;

/**
 * A committer of a file written as an upload to its target, whose store cannot say whether an
 * upload was completed: after a restore it completes the upload and, when that fails, finds out
 * from the target what the upload had become (see {@link PublishedCheck}).
 */
public abstract class UploadCommitter implements FileCommitter {

    private final FileIO fileIO;
    private final Path target;
    private final long length;

    /**
     * @param length the file's length, by which a completed upload is recognised
     */
    protected UploadCommitter(FileIO fileIO, Path target, long length) {
        this.fileIO = fileIO;
        this.target = target;
        this.length = length;
    }

    @Override
    public Path target() {
        return target;
    }

    @Override
    public Outcome commitAfterRecovery() throws IOException {
        try {
            commit();
            return Outcome.PUBLISHED;
        } catch (IOException e) {
            return PublishedCheck.after(fileIO, target, length, e);
        }
    }
}
