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
package dev.formattable.core.metastore;

import dev.formattable.core.fs.FileIO;
import dev.formattable.core.fs.FileStatus;
import dev.formattable.core.fs.Path;
import dev.formattable.core.options.ConfigOption;
import dev.formattable.core.partition.PartitionLayout;
import dev.formattable.core.schema.SchemaConflictException;
import dev.formattable.core.schema.SchemaStore;
import dev.formattable.core.schema.TableSchema;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * The warehouse directory as its own metastore: a database is the directory {@code
 * <warehouse>/<name>.db} with its properties in {@value DatabaseProperties#FILE}, and a table is a
 * directory of its database holding {@code schema/schema-<N>}, in the form of Paimon's schema
 * files.
 */
public final class FileSystemMetastore implements Metastore {

    /** The value of {@code metastore} that selects it, the default. */
    public static final String IDENTIFIER = "filesystem";

    static final String DB_SUFFIX = ".db";

    // Comments go with the properties, under a key no user property takes.
    private static final String COMMENT = "__comment";

    private final FileIO fileIO;
    private final Path warehouse;

    public FileSystemMetastore(FileIO fileIO, Path warehouse) {
        this.fileIO = fileIO;
        this.warehouse = fileIO.qualify(warehouse);
    }

    @Override
    public FileIO fileIO() {
        return fileIO;
    }

    public Path warehouse() {
        return warehouse;
    }

    private Path databasePath(String database) {
        return warehouse.child(database + DB_SUFFIX);
    }

    @Override
    public boolean keepsMetadataUnderLocation() {
        return true;
    }

    @Override
    public List<String> databases() throws IOException {
        if (!fileIO.exists(warehouse)) {
            return List.of();
        }
        List<String> names = new ArrayList<>();
        for (FileStatus s : fileIO.list(warehouse)) {
            String n = s.path().name();
            if (s.isDirectory() && n.endsWith(DB_SUFFIX)) {
                names.add(n.substring(0, n.length() - DB_SUFFIX.length()));
            }
        }
        Collections.sort(names);
        return names;
    }

    @Override
    public Optional<MetastoreDatabase> database(String name) throws IOException {
        Path path = databasePath(name);
        if (!fileIO.exists(path)) {
            return Optional.empty();
        }
        Map<String, String> properties = new HashMap<>(DatabaseProperties.read(fileIO, path));
        String comment = properties.remove(COMMENT);
        return Optional.of(new MetastoreDatabase(name, properties, comment));
    }

    @Override
    public boolean createDatabase(String name, Map<String, String> properties, String comment)
            throws IOException {
        Path path = databasePath(name);
        if (fileIO.exists(path)) {
            return false;
        }
        fileIO.mkdirs(path);
        DatabaseProperties.write(fileIO, path, withComment(properties, comment));
        return true;
    }

    @Override
    public void alterDatabase(String name, Map<String, String> properties, String comment)
            throws IOException {
        DatabaseProperties.write(fileIO, databasePath(name), withComment(properties, comment));
    }

    private static Map<String, String> withComment(Map<String, String> properties, String comment) {
        if (comment == null || comment.isEmpty()) {
            return properties;
        }
        Map<String, String> all = new HashMap<>(properties);
        all.put(COMMENT, comment);
        return all;
    }

    @Override
    public void dropDatabase(String name) throws IOException {
        fileIO.delete(databasePath(name), true);
    }

    @Override
    public List<String> tables(String database) throws IOException {
        List<String> tables = new ArrayList<>();
        for (FileStatus s : fileIO.list(databasePath(database))) {
            String n = s.path().name();
            if (s.isDirectory()
                    && !PartitionLayout.isHidden(n)
                    && new SchemaStore(fileIO, s.path()).latestId().isPresent()) {
                tables.add(n);
            }
        }
        Collections.sort(tables);
        return tables;
    }

    @Override
    public Optional<MetastoreTable> table(String database, String table) throws IOException {
        Path location = defaultLocation(database, table);
        return new SchemaStore(fileIO, location)
                .latest()
                .map(schema -> MetastoreTable.served(database, table, location, schema));
    }

    @Override
    public Path defaultLocation(String database, String table) {
        return databasePath(database).child(table);
    }

    @Override
    public boolean createTable(String database, String table, TableSchema schema)
            throws IOException {
        try {
            new SchemaStore(fileIO, defaultLocation(database, table))
                    .commit(schema, Optional.empty());
            return true;
        } catch (SchemaConflictException e) {
            return false;
        }
    }

    @Override
    public void alterTable(String database, String table, UnaryOperator<TableSchema> change)
            throws IOException {
        Path location = defaultLocation(database, table);
        SchemaStore store = new SchemaStore(fileIO, location);
        long id =
                store.latestId()
                        .orElseThrow(() -> new FileNotFoundException("No table at " + location));
        store.commit(change.apply(store.read(id)), Optional.of(id));
    }

    @Override
    public boolean dropTable(String database, String table) throws IOException {
        Path location = defaultLocation(database, table);
        if (new SchemaStore(fileIO, location).latestId().isEmpty()) {
            return false;
        }
        fileIO.delete(location, true);
        return true;
    }

    /** Opens the file-system metastore of a catalog's {@code warehouse}. */
    public static final class Factory implements MetastoreFactory {

        @Override
        public String identifier() {
            return IDENTIFIER;
        }

        @Override
        public List<ConfigOption<?>> options() {
            return List.of();
        }

        @Override
        public Metastore open(Map<String, String> options, FileIO fileIO) {
            return new FileSystemMetastore(fileIO, Path.of(options.get("warehouse")));
        }
    }
}
