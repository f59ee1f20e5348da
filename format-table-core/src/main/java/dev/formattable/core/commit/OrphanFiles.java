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

import dev.formattable.core.fs.FileStatus;
import dev.formattable.core.fs.OpenUpload;
import dev.formattable.core.table.FormatTableSpec;
import dev.formattable.core.utils.Parallel;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Removes what failed, cancelled or crashed attempts left below a table and no commit will publish
 * any more: the staged files in the {@code _temporary} directories of its partitions; in the
 * table's own {@code _temporary} directory, the records of commits with an id that never succeeded
 * (see {@code FormatTableCommit#withCommitId}) or that their engine kept, and the commit spools of
 * batch jobs ({@link LeftoverNames#COMMIT_SPOOL_PREFIX}); in the partition directories, the
 * unpublished files of Flink's recoverable writers ({@code .<name>.inprogress.<uuid>}) and
 * statistics files never renamed into place. On an object store it also aborts the uploads begun
 * below the table and neither completed nor aborted (see {@code write.multipart-upload}):
 * invisible, but stored and billed. A file is removed (an upload aborted) only when it was last
 * modified (begun) before a threshold, {@link #DEFAULT_OLDER_THAN} ago by default, so that no file
 * a running job may still publish is touched; published data files are never touched.
 *
 * <p>A job restored from a checkpoint or savepoint older than the threshold may name staged files
 * this removed; its commit skips them (see {@code FormatTableCommit#afterRecovery}), and their rows
 * are lost. Keep the threshold above the age of any savepoint you may restore from.
 */
public final class OrphanFiles {

    /** As Iceberg's orphan file removal: three days. */
    public static final Duration DEFAULT_OLDER_THAN = Duration.ofDays(3);

    private static final Logger LOG = LoggerFactory.getLogger(OrphanFiles.class);

    private final FormatTableSpec table;
    private Instant olderThan;
    private boolean dryRun;
    private int parallelism = FormatTableCommit.DEFAULT_PARALLELISM;

    public OrphanFiles(FormatTableSpec table) {
        this.table = table;
        this.olderThan = Instant.now().minus(DEFAULT_OLDER_THAN);
    }

    /** Only files last modified before this instant; {@link #DEFAULT_OLDER_THAN} ago by default. */
    public OrphanFiles olderThan(Instant instant) {
        this.olderThan = instant;
        return this;
    }

    /** Report what would be removed, and remove nothing. */
    public OrphanFiles dryRun(boolean dryRun) {
        this.dryRun = dryRun;
        return this;
    }

    /** One staged file found, and what became of it. */
    public static final class Orphan {
        private final FileStatus file;
        private final boolean removed;

        Orphan(FileStatus file, boolean removed) {
            this.file = file;
            this.removed = removed;
        }

        public FileStatus file() {
            return file;
        }

        /** Whether it was removed: false in a dry run, or when the removal failed (logged). */
        public boolean removed() {
            return removed;
        }
    }

    /** One upload found, and whether it was aborted. */
    public static final class OrphanUpload {
        private final OpenUpload upload;
        private final boolean aborted;

        OrphanUpload(OpenUpload upload, boolean aborted) {
            this.upload = upload;
            this.aborted = aborted;
        }

        public OpenUpload upload() {
            return upload;
        }

        /** Whether it was aborted: false in a dry run, or when aborting failed (logged). */
        public boolean aborted() {
            return aborted;
        }
    }

    private List<OrphanUpload> uploads = List.of();

    /** The uploads older than the threshold that the last {@link #run()} found. */
    public List<OrphanUpload> uploads() {
        return uploads;
    }

    /**
     * Finds the staged and leftover files and the uploads older than the threshold and, unless a
     * dry run, removes them; returns the files (the uploads are in {@link #uploads()}).
     */
    public List<Orphan> run() throws IOException {
        uploads = abortOldUploads();
        long threshold = olderThan.toEpochMilli();
        List<FileStatus> old = new ArrayList<>();
        for (FileStatus f : StagingListing.leftoverFiles(table, parallelism)) {
            if (f.modificationTime() < threshold) {
                old.add(f);
            }
        }
        List<Orphan> orphans = new ArrayList<>(old.size());
        if (dryRun) {
            old.forEach(f -> orphans.add(new Orphan(f, false)));
            return orphans;
        }
        List<Parallel.Outcome<Boolean>> outcomes =
                Parallel.runAll(old, parallelism, f -> table.fileIO().delete(f.path(), false));
        for (int i = 0; i < old.size(); i++) {
            Parallel.Outcome<Boolean> o = outcomes.get(i);
            if (o.failed()) {
                LOG.warn("Could not remove orphan staged file {}", old.get(i).path(), o.failure());
            }
            orphans.add(new Orphan(old.get(i), !o.failed() && o.value()));
        }
        LOG.info(
                "Removed {} of {} staged and leftover files older than {} below {}",
                orphans.stream().filter(Orphan::removed).count(),
                old.size(),
                olderThan,
                table.location());
        return orphans;
    }

    private List<OrphanUpload> abortOldUploads() throws IOException {
        long threshold = olderThan.toEpochMilli();
        List<OrphanUpload> found = new ArrayList<>();
        for (OpenUpload u : table.fileIO().listUploads(table.qualifiedLocation())) {
            if (u.startedMillis() >= threshold) {
                continue;
            }
            boolean aborted = false;
            if (!dryRun) {
                try {
                    table.fileIO().abortUpload(u);
                    aborted = true;
                } catch (IOException | RuntimeException e) {
                    LOG.warn("Could not abort the orphan {}", u, e);
                }
            }
            found.add(new OrphanUpload(u, aborted));
        }
        if (!found.isEmpty() && !dryRun) {
            LOG.info(
                    "Aborted {} of {} uploads begun before {} below {}",
                    found.stream().filter(OrphanUpload::aborted).count(),
                    found.size(),
                    olderThan,
                    table.location());
        }
        return found;
    }
}
