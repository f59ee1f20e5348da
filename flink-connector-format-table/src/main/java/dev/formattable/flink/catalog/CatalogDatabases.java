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

import dev.formattable.core.fs.FileIO;
import dev.formattable.core.fs.FileStatus;
import dev.formattable.core.fs.Path;

import org.apache.flink.table.catalog.CatalogDatabase;
import org.apache.flink.table.catalog.CatalogDatabaseImpl;
import org.apache.flink.table.catalog.exceptions.CatalogException;
import org.apache.flink.table.catalog.exceptions.DatabaseAlreadyExistException;
import org.apache.flink.table.catalog.exceptions.DatabaseNotEmptyException;
import org.apache.flink.table.catalog.exceptions.DatabaseNotExistException;

import javax.annotation.Nullable;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.Function;

/**
 * The catalog's databases: each is the directory {@code <warehouse>/<name>.db}, with its properties
 * in {@value DatabaseProperties#FILE}.
 */
final class CatalogDatabases {

    static final String DB_SUFFIX = ".db";

    private final String catalogName;
    private final FileIO fileIO;
    private final Path warehouse;

    CatalogDatabases(String catalogName, FileIO fileIO, Path warehouse) {
        this.catalogName = catalogName;
        this.fileIO = fileIO;
        this.warehouse = warehouse;
    }

    Path path(String database) {
        return warehouse.child(database + DB_SUFFIX);
    }

    /** Creates the warehouse and the default database if they are missing. */
    void open(String defaultDatabase) {
        try {
            fileIO.mkdirs(warehouse);
            Path defaultDb = path(defaultDatabase);
            if (!fileIO.exists(defaultDb)) {
                fileIO.mkdirs(defaultDb);
            }
        } catch (IOException e) {
            throw new CatalogException("Cannot open the warehouse " + warehouse, e);
        }
    }

    List<String> list() {
        return CatalogIo.call(
                () -> {
                    List<String> names = new ArrayList<>();
                    for (FileStatus s : fileIO.list(warehouse)) {
                        String n = s.path().name();
                        if (s.isDirectory() && n.endsWith(DB_SUFFIX)) {
                            names.add(n.substring(0, n.length() - DB_SUFFIX.length()));
                        }
                    }
                    Collections.sort(names);
                    return names;
                },
                "list the databases of " + warehouse);
    }

    boolean exists(String name) {
        return CatalogIo.call(() -> fileIO.exists(path(name)), "look up database " + name);
    }

    /** Refuses a database that does not exist. */
    void check(String name) throws DatabaseNotExistException {
        if (!exists(name)) {
            throw new DatabaseNotExistException(catalogName, name);
        }
    }

    CatalogDatabase get(String name) throws DatabaseNotExistException {
        check(name);
        return new CatalogDatabaseImpl(DatabaseProperties.read(fileIO, path(name)), null);
    }

    void create(String name, CatalogDatabase database, boolean ignoreIfExists)
            throws DatabaseAlreadyExistException {
        if (exists(name)) {
            if (ignoreIfExists) {
                return;
            }
            throw new DatabaseAlreadyExistException(catalogName, name);
        }
        CatalogIo.call(
                () -> {
                    fileIO.mkdirs(path(name));
                    DatabaseProperties.write(fileIO, path(name), database.getProperties());
                    return null;
                },
                "create database " + name);
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
        CatalogIo.call(() -> fileIO.delete(path(name), true), "drop database " + name);
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
                    DatabaseProperties.write(fileIO, path(name), newDatabase.getProperties());
                    return null;
                },
                "alter database " + name);
    }
}
