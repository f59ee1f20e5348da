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
