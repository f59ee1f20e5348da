package dev.formattable.core.schema;

import dev.formattable.core.fs.Path;

import java.util.Optional;

/** Another writer changed (or created) a table's schema first. */
public final class SchemaConflictException extends IllegalStateException {

    private static final long serialVersionUID = 1L;

    SchemaConflictException(Path table, Optional<Long> expected, Optional<Long> found) {
        super(
                expected.isEmpty()
                        ? String.format(
                                "Table %s already exists (its schema is at version %s)",
                                table, found.map(String::valueOf).orElse("?"))
                        : String.format(
                                "The schema of table %s changed concurrently: expected version %d,"
                                        + " found %s",
                                table, expected.get(), found.map(String::valueOf).orElse("none")));
    }
}
