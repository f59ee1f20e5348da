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
import dev.formattable.core.fs.FileIO;
import dev.formattable.core.fs.FileStatus;
import dev.formattable.core.fs.Path;
import dev.formattable.core.partition.PartitionLayout;
import dev.formattable.core.schema.SchemaConflictException;
import dev.formattable.core.schema.SchemaStore;
import dev.formattable.core.schema.TableSchema;
import dev.formattable.flink.tables.CatalogTables;

import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.catalog.CatalogBaseTable;
import org.apache.flink.table.catalog.ObjectPath;
import org.apache.flink.table.catalog.ResolvedCatalogTable;
import org.apache.flink.table.catalog.exceptions.CatalogException;
import org.apache.flink.table.catalog.exceptions.TableAlreadyExistException;
import org.apache.flink.table.catalog.exceptions.TableNotExistException;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The catalog's tables: a table is the directory {@code <db>.db/<table>}, and its schema is kept
 * beside its data in {@code schema/schema-<N>}, in the form of Paimon's schema files.
 */
final class CatalogTableStore {

    private final String catalogName;
    private final FileIO fileIO;
    private final Path warehouse;
    private final CatalogDatabases databases;

    CatalogTableStore(
            String catalogName, FileIO fileIO, Path warehouse, CatalogDatabases databases) {
        this.catalogName = catalogName;
        this.fileIO = fileIO;
        this.warehouse = warehouse;
        this.databases = databases;
    }

    Path location(ObjectPath path) {
        String table = CatalogTables.checkMainTable(path);
        return databases.path(path.getDatabaseName()).child(table);
    }

    private SchemaStore schemas(ObjectPath path) {
        return new SchemaStore(fileIO, location(path));
    }

    /** The tables of a database that exists: directories holding a schema. */
    List<String> list(String database) {
        return CatalogIo.call(
                () -> {
                    List<String> tables = new ArrayList<>();
                    for (FileStatus s : fileIO.list(databases.path(database))) {
                        String n = s.path().name();
                        if (s.isDirectory()
                                && !PartitionLayout.isHidden(n)
                                && new SchemaStore(fileIO, s.path()).latestId().isPresent()) {
                            tables.add(n);
                        }
                    }
                    Collections.sort(tables);
                    return tables;
                },
                "list the tables of " + database);
    }

    TableSchema latestSchema(ObjectPath path) throws TableNotExistException {
        Optional<TableSchema> schema =
                CatalogIo.call(() -> schemas(path).latest(), "read table " + path);
        if (schema.isEmpty()) {
            throw new TableNotExistException(catalogName, path);
        }
        return schema.get();
    }

    boolean exists(ObjectPath path) {
        return CatalogIo.call(() -> schemas(path).latestId().isPresent(), "look up table " + path);
    }

    FormatTable open(ObjectPath path) throws TableNotExistException {
        return FormatTable.openWithMetadataUnderLocation(
                fileIO, location(path), latestSchema(path), Map.of());
    }

    void drop(ObjectPath path, boolean ignoreIfNotExists) throws TableNotExistException {
        if (!exists(path)) {
            if (ignoreIfNotExists) {
                return;
            }
            throw new TableNotExistException(catalogName, path);
        }
        CatalogIo.call(() -> fileIO.delete(location(path), true), "drop table " + path);
    }

    void create(ObjectPath path, CatalogBaseTable table, boolean ignoreIfExists)
            throws TableAlreadyExistException {
        TableSchema schema = toCore(table);
        try {
            CatalogIo.call(
                    () -> schemas(path).commit(schema, Optional.empty()), "create table " + path);
        } catch (SchemaConflictException e) {
            if (!ignoreIfExists) {
                throw new TableAlreadyExistException(catalogName, path, e);
            }
        }
    }

    void alter(ObjectPath path, CatalogBaseTable newTable, boolean ignoreIfNotExists)
            throws TableNotExistException {
        if (!exists(path)) {
            if (ignoreIfNotExists) {
                return;
            }
            throw new TableNotExistException(catalogName, path);
        }
        SchemaStore store = schemas(path);
        long current = CatalogIo.call(() -> store.latestId().orElseThrow(), "read table " + path);
        TableSchema altered =
                CatalogTables.alter(
                        CatalogIo.call(() -> store.read(current), "read " + path),
                        toCore(newTable));
        CatalogIo.call(() -> store.commit(altered, Optional.of(current)), "alter table " + path);
    }

    /** Validates a table as the core would open it, and returns its schema to store. */
    private TableSchema toCore(CatalogBaseTable table) {
        if (!(table instanceof ResolvedCatalogTable)) {
            throw new ValidationException(
                    "The format-table catalog stores tables only, not " + table.getTableKind());
        }
        TableSchema schema = CatalogTables.toCore((ResolvedCatalogTable) table);
        try {
            FormatTable.openWithMetadataUnderLocation(fileIO, warehouse, schema, Map.of());
        } catch (IllegalArgumentException e) {
            throw new ValidationException(e.getMessage(), e);
        }
        return schema;
    }

    static CatalogException renameRefused() {
        return new CatalogException(
                "Renaming format tables is not supported: their directory is their name, and"
                        + " object stores cannot rename a directory atomically");
    }
}
