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

import dev.formattable.core.metastore.Metastore;
import dev.formattable.core.metastore.MetastoreDatabase;

import org.apache.flink.table.catalog.CatalogDatabase;
import org.apache.flink.table.catalog.CatalogDatabaseImpl;
import org.apache.flink.table.catalog.exceptions.DatabaseAlreadyExistException;
import org.apache.flink.table.catalog.exceptions.DatabaseNotEmptyException;
import org.apache.flink.table.catalog.exceptions.DatabaseNotExistException;

import javax.annotation.Nullable;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/** The catalog's databases, as its {@link Metastore} keeps them, in Flink's terms. */
final class CatalogDatabases {

    private final String catalogName;
    private final Metastore metastore;

    CatalogDatabases(String catalogName, Metastore metastore) {
        this.catalogName = catalogName;
        this.metastore = metastore;
    }

    /**
     * Creates the default database if it is missing. Looks first: a metastore logs an attempt to
     * create what exists as an error on its side, on every catalog a session opens.
     */
    void open(String defaultDatabase) {
        if (!exists(defaultDatabase)) {
            CatalogIo.call(
                    () -> metastore.createDatabase(defaultDatabase, Map.of(), null),
                    "create the default database " + defaultDatabase);
        }
    }

    List<String> list() {
        return CatalogIo.call(metastore::databases, "list the databases");
    }

    boolean exists(String name) {
        return find(name).isPresent();
    }

    private Optional<MetastoreDatabase> find(String name) {
        return CatalogIo.call(() -> metastore.database(name), "look up database " + name);
    }

    /** Refuses a database that does not exist. */
    void check(String name) throws DatabaseNotExistException {
        if (!exists(name)) {
            throw new DatabaseNotExistException(catalogName, name);
        }
    }

    CatalogDatabase get(String name) throws DatabaseNotExistException {
        MetastoreDatabase db =
                find(name).orElseThrow(() -> new DatabaseNotExistException(catalogName, name));
        return new CatalogDatabaseImpl(db.properties(), db.comment());
    }

    void create(String name, CatalogDatabase database, boolean ignoreIfExists)
            throws DatabaseAlreadyExistException {
        boolean created =
                CatalogIo.call(
                        () ->
                                metastore.createDatabase(
                                        name, database.getProperties(), database.getComment()),
                        "create database " + name);
        if (!created && !ignoreIfExists) {
            throw new DatabaseAlreadyExistException(catalogName, name);
        }
    }

    /**
     * Drops a database with everything in it; {@code tables} lists a database's tables when it must
     * be empty (no CASCADE), and is null otherwise.
     */
    void drop(
            String name, boolean ignoreIfNotExists, @Nullable Function<String, List<String>> tables)
            throws DatabaseNotExistException, DatabaseNotEmptyException {
        if (!exists(name)) {
            if (ignoreIfNotExists) {
                return;
            }
            throw new DatabaseNotExistException(catalogName, name);
        }
        if (tables != null && !tables.apply(name).isEmpty()) {
            throw new DatabaseNotEmptyException(catalogName, name);
        }
        CatalogIo.call(
                () -> {
                    metastore.dropDatabase(name);
                    return null;
                },
                "drop database " + name);
    }

    void alter(String name, CatalogDatabase newDatabase, boolean ignoreIfNotExists)
            throws DatabaseNotExistException {
        if (!exists(name)) {
            if (ignoreIfNotExists) {
                return;
            }
            throw new DatabaseNotExistException(catalogName, name);
        }
        CatalogIo.call(
                () -> {
                    metastore.alterDatabase(
                            name, newDatabase.getProperties(), newDatabase.getComment());
                    return null;
                },
                "alter database " + name);
    }
}
