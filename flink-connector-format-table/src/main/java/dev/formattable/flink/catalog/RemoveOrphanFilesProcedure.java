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
package dev.formattable.flink.catalog;

import dev.formattable.core.FormatTable;
import dev.formattable.core.commit.OrphanFiles;

import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.table.annotation.ArgumentHint;
import org.apache.flink.table.annotation.DataTypeHint;
import org.apache.flink.table.annotation.ProcedureHint;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.procedure.ProcedureContext;
import org.apache.flink.table.procedures.Procedure;
import org.apache.flink.types.Row;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeParseException;
import java.util.List;

/**
 * {@code CALL <catalog>.sys.remove_orphan_files('<db>.<table>' [, '<older_than>' [, <dry_run>]])}:
 * removes what failed attempts left below the table (staged files, commit records and spools,
 * recoverable writers' unpublished files; see {@link OrphanFiles}) that was last modified before
 * {@code older_than} ({@code yyyy-MM-dd HH:mm:ss} in the JVM's time zone, as Paimon reads it; three
 * days ago by default), and on an object store aborts the uploads begun below the table before it
 * and never completed; returns one row per file (its path, size and what was done) and per upload
 * (the path it would have published, a NULL size, and what was done). A dry run removes nothing. A
 * threshold less than a day ago is refused: a running job's files are staged until its next
 * checkpoint, and a stopped job's until it is restored.
 */
@PublicEvolving
public final class RemoveOrphanFilesProcedure implements Procedure {

    static final String NAME = "remove_orphan_files";

    /** The youngest threshold the procedure accepts; the core API takes any. */
    static final Duration MIN_AGE = Duration.ofDays(1);

    private static final String RESULT = "ROW<`path` STRING, `size` BIGINT, `action` STRING>";

    private final FormatTableCatalog catalog;

    RemoveOrphanFilesProcedure(FormatTableCatalog catalog) {
        this.catalog = catalog;
    }

    @ProcedureHint(
            argument = {
                @ArgumentHint(name = "table", type = @DataTypeHint("STRING")),
                @ArgumentHint(
                        name = "older_than",
                        type = @DataTypeHint("STRING"),
                        isOptional = true),
                @ArgumentHint(name = "dry_run", type = @DataTypeHint("BOOLEAN"), isOptional = true)
            },
            output = @DataTypeHint(RESULT))
    public Row[] call(ProcedureContext context, String table, String olderThan, Boolean dryRun) {
        FormatTable formatTable = ProcedureTables.open(catalog, NAME, table);
        OrphanFiles orphans = new OrphanFiles(formatTable).dryRun(Boolean.TRUE.equals(dryRun));
        if (olderThan != null) {
            orphans.olderThan(threshold(olderThan));
        }
        List<OrphanFiles.Orphan> found;
        try {
            found = orphans.run();
        } catch (IOException e) {
            throw new UncheckedIOException(
                    "remove_orphan_files could not list the staged files of "
                            + formatTable.location(),
                    e);
        }
        List<OrphanFiles.OrphanUpload> uploads = orphans.uploads();
        Row[] rows = new Row[found.size() + uploads.size()];
        for (int i = 0; i < found.size(); i++) {
            OrphanFiles.Orphan o = found.get(i);
            String action =
                    Boolean.TRUE.equals(dryRun)
                            ? "would remove"
                            : o.removed() ? "removed" : "could not remove";
            rows[i] = Row.of(o.file().path().toString(), o.file().length(), action);
        }
        for (int i = 0; i < uploads.size(); i++) {
            OrphanFiles.OrphanUpload u = uploads.get(i);
            String action =
                    Boolean.TRUE.equals(dryRun)
                            ? "would abort upload"
                            : u.aborted() ? "aborted upload" : "could not abort upload";
            rows[found.size() + i] = Row.of(u.upload().target().toString(), null, action);
        }
        return rows;
    }

    private static Instant threshold(String text) {
        Instant instant;
        try {
            instant =
                    LocalDateTime.parse(text.trim().replace(' ', 'T'))
                            .atZone(ZoneId.systemDefault())
                            .toInstant();
        } catch (DateTimeParseException e) {
            throw new ValidationException(
                    String.format(
                            "'older_than'='%s' of %s must be a timestamp 'yyyy-MM-dd HH:mm:ss'",
                            text, NAME),
                    e);
        }
        if (instant.isAfter(Instant.now().minus(MIN_AGE))) {
            throw new ValidationException(
                    String.format(
                            "'older_than'='%s' of %s is less than a day ago: a running job's files"
                                    + " stay staged until its next checkpoint completes, and a"
                                    + " stopped job's until it is restored. For a shorter interval"
                                    + " use the core API (dev.formattable.core.commit.OrphanFiles).",
                            text, NAME));
        }
        return instant;
    }
}
