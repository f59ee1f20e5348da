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

/**
 * What a commit did: files published now, files found published already, files skipped because they
 * vanished, files removed.
 */
public final class CommitResult {

    private final int publishedFiles;
    private final int alreadyPublishedFiles;
    private final int vanishedFiles;
    private final int deletedFiles;
    private final long publishedRows;
    private final long publishedBytes;
    private final int publishedPartitions;

    CommitResult(
            int publishedFiles,
            int alreadyPublishedFiles,
            int vanishedFiles,
            int deletedFiles,
            long rows,
            long bytes,
            int partitions) {
        this.publishedFiles = publishedFiles;
        this.alreadyPublishedFiles = alreadyPublishedFiles;
        this.vanishedFiles = vanishedFiles;
        this.deletedFiles = deletedFiles;
        this.publishedRows = rows;
        this.publishedBytes = bytes;
        this.publishedPartitions = partitions;
    }

    /** What a commit that published nothing now reports: files found published already. */
    static CommitResult alreadyPublished(int files) {
        return new CommitResult(0, files, 0, 0, 0, 0, 0);
    }

    /** Files this commit renamed into place. */
    public int publishedFiles() {
        return publishedFiles;
    }

    /** Files an earlier attempt of the same commit had published; skipped. */
    public int alreadyPublishedFiles() {
        return alreadyPublishedFiles;
    }

    /**
     * Files of a commit after recovery that were neither staged nor published any more (removed
     * since they were written); skipped.
     */
    public int vanishedFiles() {
        return vanishedFiles;
    }

    /** Data files an overwrite removed. */
    public int deletedFiles() {
        return deletedFiles;
    }

    /** Rows in the files this commit published now. */
    public long publishedRows() {
        return publishedRows;
    }

    /** Bytes in the files this commit published now. */
    public long publishedBytes() {
        return publishedBytes;
    }

    /** Partitions this commit published files into now (the table, if unpartitioned, is one). */
    public int publishedPartitions() {
        return publishedPartitions;
    }

    @Override
    public String toString() {
        return String.format(
                "published %d files (%d rows, %d bytes) into %d partitions, %d already published,"
                        + " %d vanished, %d deleted",
                publishedFiles,
                publishedRows,
                publishedBytes,
                publishedPartitions,
                alreadyPublishedFiles,
                vanishedFiles,
                deletedFiles);
    }
}
