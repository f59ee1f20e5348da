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
import dev.formattable.core.fs.Path;
import dev.formattable.core.metastore.Metastore;
import dev.formattable.core.metastore.MetastoreTable;
import dev.formattable.core.schema.TableSchema;
import dev.formattable.flink.tables.CatalogTables;

import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.catalog.CatalogBaseTable;
import org.apache.flink.table.catalog.ObjectPath;
import org.apache.flink.table.catalog.ResolvedCatalogTable;
import org.apache.flink.table.catalog.exceptions.CatalogException;
import org.apache.flink.table.catalog.exceptions.TableAlreadyExistException;
import org.apache.flink.table.catalog.exceptions.TableNotExistException;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The catalog's tables, as its {@link Metastore} keeps them: where each one's files are, and its
 * schema. A table the metastore lists but we cannot serve is refused by name when it is used.
 */
final class CatalogTableStore {

    private final String catalogName;
    private final Metastore metastore;

    CatalogTableStore(String catalogName, Metastore metastore) {
        this.catalogName = catalogName;
        this.metastore = metastore;
    }

    /** The tables of a database that exists, those it cannot serve included. */
    List<String> list(String database) {
        return CatalogIo.call(() -> metastore.tables(database), "list the tables of " + database);
    }

    private Optional<MetastoreTable> find(ObjectPath path) {
        String table = CatalogTables.checkMainTable(path);
        return CatalogIo.call(
                () -> metastore.table(path.getDatabaseName(), table), "read table " + path);
    }

    /** A table we serve; refuses one we cannot, naming why. */
    private MetastoreTable served(ObjectPath path) throws TableNotExistException {
        return served(
                path, find(path).orElseThrow(() -> new TableNotExistException(catalogName, path)));
    }

    private MetastoreTable served(ObjectPath path, MetastoreTable table) {
        table.refusal()
                .ifPresent(
                        reason -> {
                            throw new ValidationException(
                                    String.format(
                                            "Table %s.%s cannot be served as a format table: %s",
                                            catalogName, path.getFullName(), reason));
                        });
        return table;
    }

    /** The location of a table, or where it will be once created. */
    Path location(ObjectPath path) {
        Optional<MetastoreTable> table = find(path);
        if (table.isPresent() && table.get().refusal().isEmpty()) {
            return table.get().location();
        }
        return defaultLocation(path);
    }

    private Path defaultLocation(ObjectPath path) {
        return CatalogIo.call(
                () -> metastore.defaultLocation(path.getDatabaseName(), path.getObjectName()),
                "locate table " + path);
    }

    TableSchema latestSchema(ObjectPath path) throws TableNotExistException {
        return served(path).schema();
    }

    boolean exists(ObjectPath path) {
        return find(path).isPresent();
    }

    FormatTable open(ObjectPath path) throws TableNotExistException {
        MetastoreTable table = served(path);
        return open(path, table.location(), table.schema(), Map.of());
    }

    /**
     * The table a statement reads or writes: its stored schema with the statement's options (hints
     * included) winning over the stored ones, except {@code type}. A table not stored yet (CREATE
     * TABLE AS SELECT) opens with the schema the statement declares, where it will be created.
     */
    FormatTable openForStatement(ObjectPath path, ResolvedCatalogTable declared) {
        Optional<MetastoreTable> stored = find(path);
        if (stored.isPresent()) {
            MetastoreTable table = served(path, stored.get());
            return open(path, table.location(), table.schema(), declared.getOptions());
        }
        return open(
                path, defaultLocation(path), CatalogTables.toCore(declared), declared.getOptions());
    }

    private FormatTable open(
            ObjectPath path, Path location, TableSchema schema, Map<String, String> options) {
        FormatTable table =
                metastore.keepsMetadataUnderLocation()
                        ? FormatTable.openWithMetadataUnderLocation(
                                metastore.fileIO(), location, schema, options)
                        : FormatTable.open(metastore.fileIO(), location, schema, options);
        return metastore
                .partitionRegistry(path.getDatabaseName(), path.getObjectName())
                .map(table::withPartitionRegistry)
                .orElse(table);
    }

    void drop(ObjectPath path, boolean ignoreIfNotExists) throws TableNotExistException {
        CatalogTables.checkMainTable(path);
        boolean dropped =
                CatalogIo.call(
                        () -> metastore.dropTable(path.getDatabaseName(), path.getObjectName()),
                        "drop table " + path);
        if (!dropped && !ignoreIfNotExists) {
            throw new TableNotExistException(catalogName, path);
        }
    }

    void create(ObjectPath path, CatalogBaseTable table, boolean ignoreIfExists)
            throws TableAlreadyExistException {
        String name = CatalogTables.checkMainTable(path);
        TableSchema schema = toCore(path, defaultLocation(path), table);
        boolean created =
                CatalogIo.call(
                        () -> metastore.createTable(path.getDatabaseName(), name, schema),
                        "create table " + path);
        if (!created && !ignoreIfExists) {
            throw new TableAlreadyExistException(catalogName, path);
        }
    }

    void alter(ObjectPath path, CatalogBaseTable newTable, boolean ignoreIfNotExists)
            throws TableNotExistException {
        Optional<MetastoreTable> stored = find(path);
        if (stored.isEmpty()) {
            if (ignoreIfNotExists) {
                return;
            }
            throw new TableNotExistException(catalogName, path);
        }
        TableSchema requested = toCore(path, served(path, stored.get()).location(), newTable);
        CatalogIo.call(
                () -> {
                    metastore.alterTable(
                            path.getDatabaseName(),
                            path.getObjectName(),
                            current -> CatalogTables.alter(current, requested));
                    return null;
                },
                "alter table " + path);
    }

    /** Validates a table as the core would open it, and returns its schema to store. */
    private TableSchema toCore(ObjectPath path, Path location, CatalogBaseTable table) {
        if (!(table instanceof ResolvedCatalogTable)) {
            throw new ValidationException(
                    "The format-table catalog stores tables only, not " + table.getTableKind());
        }
        TableSchema schema = CatalogTables.toCore((ResolvedCatalogTable) table);
        try {
            open(path, location, schema, Map.of());
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
