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
package dev.formattable.rest;

import dev.formattable.core.fs.FileIO;
import dev.formattable.core.fs.Path;
import dev.formattable.core.metastore.Metastore;
import dev.formattable.core.metastore.MetastoreDatabase;
import dev.formattable.core.metastore.MetastoreTable;
import dev.formattable.core.schema.TableSchema;

import org.apache.paimon.catalog.Identifier;
import org.apache.paimon.rest.RESTApi;
import org.apache.paimon.rest.exceptions.AlreadyExistsException;
import org.apache.paimon.rest.exceptions.NoSuchResourceException;
import org.apache.paimon.rest.exceptions.RESTException;
import org.apache.paimon.rest.responses.GetDatabaseResponse;
import org.apache.paimon.rest.responses.GetTableResponse;
import org.apache.paimon.schema.SchemaChange;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;

/**
 * A Paimon REST catalog as a format-table catalog's metastore: databases and tables are the
 * catalog's, and each format table comes with its location and schema in one response. The
 * directories are the partitions. Tables of other Paimon types are listed and refused by name.
 */
public final class RestMetastore implements Metastore {

    /** The database option Paimon keeps a database's comment in. */
    static final String COMMENT = "comment";

    private final FileIO fileIO;
    private final RESTApi api;
    private final String catalog;

    RestMetastore(FileIO fileIO, RESTApi api, String catalog) {
        this.fileIO = fileIO;
        this.api = api;
        this.catalog = catalog;
    }

    @Override
    public FileIO fileIO() {
        return fileIO;
    }

    @Override
    public List<String> databases() throws IOException {
        List<String> names = new ArrayList<>(call(api::listDatabases, "list databases"));
        Collections.sort(names);
        return names;
    }

    @Override
    public Optional<MetastoreDatabase> database(String name) throws IOException {
        return loadDatabase(name)
                .map(
                        db -> {
                            Map<String, String> properties =
                                    new HashMap<>(
                                            db.getOptions() == null ? Map.of() : db.getOptions());
                            String comment = properties.remove(COMMENT);
                            return new MetastoreDatabase(name, properties, comment);
                        });
    }

    private Optional<GetDatabaseResponse> loadDatabase(String name) throws IOException {
        return call(
                () -> {
                    try {
                        return Optional.of(api.getDatabase(name));
                    } catch (NoSuchResourceException e) {
                        return Optional.empty();
                    }
                },
                "read database " + name);
    }

    @Override
    public boolean createDatabase(String name, Map<String, String> properties, String comment)
            throws IOException {
        Map<String, String> options = new HashMap<>(properties);
        if (comment != null) {
            options.put(COMMENT, comment);
        }
        return call(
                () -> {
                    try {
                        api.createDatabase(name, options);
                        return true;
                    } catch (AlreadyExistsException e) {
                        return false;
                    }
                },
                "create database " + name);
    }

    @Override
    public void alterDatabase(String name, Map<String, String> properties, String comment)
            throws IOException {
        MetastoreDatabase current =
                database(name)
                        .orElseThrow(() -> new IOException("No database " + name + " to alter"));
        Map<String, String> updates = new HashMap<>(properties);
        List<String> removals = new ArrayList<>();
        current.properties().keySet().stream()
                .filter(k -> !properties.containsKey(k))
                .forEach(removals::add);
        if (comment != null) {
            updates.put(COMMENT, comment);
        } else if (current.comment() != null) {
            removals.add(COMMENT);
        }
        call(
                () -> {
                    api.alterDatabase(name, removals, updates);
                    return null;
                },
                "alter database " + name);
    }

    /** Drops a database with its tables, each as {@link #dropTable} does. */
    @Override
    public void dropDatabase(String name) throws IOException {
        if (loadDatabase(name).isEmpty()) {
            return;
        }
        for (String table : tables(name)) {
            dropTable(name, table);
        }
        call(
                () -> {
                    try {
                        api.dropDatabase(name);
                    } catch (NoSuchResourceException e) {
                        // Dropped meanwhile: what was asked for holds.
                    }
                    return null;
                },
                "drop database " + name);
    }

    @Override
    public List<String> tables(String database) throws IOException {
        List<String> names =
                new ArrayList<>(
                        call(() -> api.listTables(database), "list the tables of " + database));
        Collections.sort(names);
        return names;
    }

    @Override
    public Optional<MetastoreTable> table(String database, String table) throws IOException {
        return loadTable(database, table).map(r -> RestTables.fromResponse(database, table, r));
    }

    private Optional<GetTableResponse> loadTable(String database, String table) throws IOException {
        return call(
                () -> {
                    try {
                        return Optional.of(api.getTable(Identifier.create(database, table)));
                    } catch (NoSuchResourceException e) {
                        return Optional.empty();
                    }
                },
                "read table " + database + "." + table);
    }

    /** Under the database's location, as Paimon's catalogs place a table created without one. */
    @Override
    public Path defaultLocation(String database, String table) throws IOException {
        GetDatabaseResponse db =
                loadDatabase(database)
                        .orElseThrow(
                                () ->
                                        new IOException(
                                                "No database "
                                                        + database
                                                        + " in REST catalog "
                                                        + catalog));
        if (db.getLocation() == null || db.getLocation().isEmpty()) {
            throw new IOException(
                    "The REST catalog "
                            + catalog
                            + " gives database "
                            + database
                            + " no location to place tables under");
        }
        return Path.of(db.getLocation()).child(table);
    }

    /**
     * Creates a table where the catalog places it, and its directory there, as a Hive Metastore
     * does: an empty table reads as one. Asks first whether the name is taken: a server may answer
     * a create of an existing table by replacing it (Paimon's test server does).
     */
    @Override
    public boolean createTable(String database, String table, TableSchema schema)
            throws IOException {
        if (loadTable(database, table).isPresent()) {
            return false;
        }
        boolean created =
                call(
                        () -> {
                            try {
                                api.createTable(
                                        Identifier.create(database, table),
                                        RestSchemas.toPaimon(schema));
                                return true;
                            } catch (AlreadyExistsException e) {
                                return false;
                            }
                        },
                        "create table " + database + "." + table);
        if (created) {
            Optional<GetTableResponse> stored = loadTable(database, table);
            if (stored.isPresent()) {
                fileIO.mkdirs(fileIO.qualify(Path.of(stored.get().getPath())));
            }
        }
        return created;
    }

    /**
     * Sends the catalog the changes from the stored schema to the altered one. The catalog applies
     * them to what it holds then, so a concurrent change to another column or option is kept.
     */
    @Override
    public void alterTable(String database, String table, UnaryOperator<TableSchema> change)
            throws IOException {
        String name = database + "." + table;
        MetastoreTable current =
                table(database, table)
                        .orElseThrow(() -> new IOException("No table " + name + " to alter"));
        TableSchema before = current.schema();
        List<SchemaChange> changes = RestSchemas.changes(name, before, change.apply(before));
        if (changes.isEmpty()) {
            return;
        }
        call(
                () -> {
                    api.alterTable(Identifier.create(database, table), changes);
                    return null;
                },
                "alter table " + name);
    }

    /**
     * Drops a table from the catalog. Its files go where the catalog says so: Paimon's catalogs
     * delete a managed table's directory and keep an external table's files.
     */
    @Override
    public boolean dropTable(String database, String table) throws IOException {
        return call(
                () -> {
                    try {
                        api.dropTable(Identifier.create(database, table));
                        return true;
                    } catch (NoSuchResourceException e) {
                        return false;
                    }
                },
                "drop table " + database + "." + table);
    }

    /** Runs a request, turning the client's unchecked errors into one naming what was asked. */
    private <T> T call(Supplier<T> request, String what) throws IOException {
        try {
            return request.get();
        } catch (RESTException e) {
            throw new IOException(
                    String.format(
                            "REST catalog %s could not %s: %s", catalog, what, e.getMessage()),
                    e);
        }
    }
}
