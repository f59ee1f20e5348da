package dev.formattable.flink.table;

import dev.formattable.core.FormatTable;
import dev.formattable.core.schema.SchemaStore;
import dev.formattable.core.schema.TableSchema;

import org.apache.flink.table.catalog.StagedTable;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Optional;

/**
 * The table of a CREATE TABLE AS SELECT in a format-table catalog: it exists once its schema is
 * written, which happens only when the job has succeeded. An aborted statement deletes the
 * directory it wrote into, since no table was there before.
 */
final class CatalogStagedTable implements StagedTable {

    private static final long serialVersionUID = 1L;

    private final FormatTable table;
    private final TableSchema schema;

    CatalogStagedTable(FormatTable table, TableSchema schema) {
        this.table = table;
        this.schema = schema;
    }

    @Override
    public void begin() {}

    @Override
    public void commit() {
        if (schema == null) {
            return;
        }
        try {
            new SchemaStore(table.fileIO(), table.qualifiedLocation())
                    .commit(schema, Optional.empty());
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot create table " + table.location(), e);
        }
    }

    @Override
    public void abort() {
        if (schema == null) {
            return;
        }
        try {
            SchemaStore store = new SchemaStore(table.fileIO(), table.qualifiedLocation());
            if (store.latestId().isEmpty()) {
                table.fileIO().delete(table.qualifiedLocation(), true);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot clean up table " + table.location(), e);
        }
    }
}
