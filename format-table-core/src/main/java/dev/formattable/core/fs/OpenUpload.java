package dev.formattable.core.fs;

/** An upload begun and neither completed nor aborted: invisible, but stored and billed. */
public final class OpenUpload {

    private final Path target;
    private final String uploadId;
    private final long startedMillis;

    public OpenUpload(Path target, String uploadId, long startedMillis) {
        this.target = target;
        this.uploadId = uploadId;
        this.startedMillis = startedMillis;
    }

    /** The path the upload would publish. */
    public Path target() {
        return target;
    }

    public String uploadId() {
        return uploadId;
    }

    /** When the upload began, in milliseconds since the epoch. */
    public long startedMillis() {
        return startedMillis;
    }

    @Override
    public String toString() {
        return "upload " + uploadId + " to " + target;
    }
}
