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
package dev.formattable.hive;

import dev.formattable.core.fs.FileIO;
import dev.formattable.core.fs.Path;
import dev.formattable.core.metastore.Metastore;
import dev.formattable.core.metastore.MetastoreDatabase;
import dev.formattable.core.metastore.MetastoreTable;
import dev.formattable.core.metastore.PartitionRegistry;
import dev.formattable.core.schema.TableSchema;

import org.apache.hadoop.hive.metastore.TableType;
import org.apache.hadoop.hive.metastore.api.AlreadyExistsException;
import org.apache.hadoop.hive.metastore.api.Database;
import org.apache.hadoop.hive.metastore.api.NoSuchObjectException;
import org.apache.hadoop.hive.metastore.api.Table;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * A Hive Metastore as a format-table catalog's metastore: databases and tables are the metastore's;
 * each table's files are where its location says. Tables we create are external tables that Hive,
 * Spark and Trino read as they are (see {@link HiveTables}).
 */
public final class HiveMetastore implements Metastore {

    private final FileIO fileIO;
    private final Path warehouse;
    private final HiveClientPool clients;
    private final Map<String, String> options;

    HiveMetastore(
            FileIO fileIO, Path warehouse, HiveClientPool clients, Map<String, String> options) {
        this.fileIO = fileIO;
        this.warehouse = warehouse;
        this.clients = clients;
        this.options = Map.copyOf(options);
    }

    /** The metastore lists each table's partitions; commits register those they publish into. */
    @Override
    public Optional<PartitionRegistry> partitionRegistry(String database, String table) {
        return Optional.of(new HivePartitionRegistry(options, database, table, clients));
    }

    @Override
    public FileIO fileIO() {
        return fileIO;
    }

    @Override
    public List<String> databases() throws IOException {
        List<String> names =
                new ArrayList<>(clients.run(c -> c.getAllDatabases(), "list databases"));
        Collections.sort(names);
        return names;
    }

    @Override
    public Optional<MetastoreDatabase> database(String name) throws IOException {
        return clients.run(
                c -> {
                    try {
                        Database db = c.getDatabase(name);
                        Map<String, String> p =
                                db.getParameters() == null ? Map.of() : db.getParameters();
                        return Optional.of(new MetastoreDatabase(name, p, db.getDescription()));
                    } catch (NoSuchObjectException e) {
                        return Optional.empty();
                    }
                },
                "read database " + name);
    }

    private Path databaseLocation(String name) {
        return warehouse.child(name + ".db");
    }

    @Override
    public boolean createDatabase(String name, Map<String, String> properties, String comment)
            throws IOException {
        Database db =
                new Database(
                        name,
                        comment,
                        databaseLocation(name).toString(),
                        new HashMap<>(properties));
        return clients.run(
                c -> {
                    try {
                        c.createDatabase(db);
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
        clients.run(
                c -> {
                    Database db = c.getDatabase(name);
                    db.setParameters(new HashMap<>(properties));
                    db.setDescription(comment);
                    c.alterDatabase(name, db);
                    return null;
                },
                "alter database " + name);
    }

    /**
     * Drops a database with its tables, each as {@link #dropTable} does, so that our tables' files
     * go through our file system (with the engine's credentials) whether or not the metastore can
     * reach them, and whatever the metastore's version makes of their purge flag.
     */
    @Override
    public void dropDatabase(String name) throws IOException {
        if (database(name).isEmpty()) {
            return;
        }
        for (String table : tables(name)) {
            dropTable(name, table);
        }
        clients.run(
                c -> {
                    c.dropDatabase(name, true, true, true);
                    return null;
                },
                "drop database " + name);
    }

    @Override
    public List<String> tables(String database) throws IOException {
        List<String> names =
                new ArrayList<>(
                        clients.run(
                                c -> c.getAllTables(database), "list the tables of " + database));
        Collections.sort(names);
        return names;
    }

    @Override
    public Optional<MetastoreTable> table(String database, String table) throws IOException {
        return clients.run(
                        c -> {
                            try {
                                return Optional.of(c.getTable(database, table));
                            } catch (NoSuchObjectException e) {
                                return Optional.<Table>empty();
                            }
                        },
                        "read table " + database + "." + table)
                .map(HiveTables::fromHive);
    }

    @Override
    public Path defaultLocation(String database, String table) throws IOException {
        String location =
                clients.run(
                        c -> c.getDatabase(database).getLocationUri(), "read database " + database);
        return Path.of(location).child(table);
    }

    @Override
    public boolean createTable(String database, String table, TableSchema schema)
            throws IOException {
        Table hive = HiveTables.toHive(database, table, schema, defaultLocation(database, table));
        return clients.run(
                c -> {
                    try {
                        c.createTable(hive);
                        return true;
                    } catch (AlreadyExistsException e) {
                        return false;
                    }
                },
                "create table " + database + "." + table);
    }

    @Override
    public void alterTable(String database, String table, UnaryOperator<TableSchema> change)
            throws IOException {
        String what = "alter table " + database + "." + table;
        clients.run(
                c -> {
                    Table current = c.getTable(database, table);
                    MetastoreTable served = HiveTables.fromHive(current);
                    TableSchema altered = change.apply(served.schema());
                    HiveTables.checkAlterable(database, table, served.schema(), altered);
                    Table replacement =
                            HiveTables.toHive(database, table, altered, served.location());
                    // What other engines keep on the table stays: its owner, times, statistics.
                    Map<String, String> parameters = new HashMap<>(current.getParameters());
                    parameters.putAll(replacement.getParameters());
                    served.schema().options().keySet().stream()
                            .filter(k -> !altered.options().containsKey(k))
                            .forEach(parameters::remove);
                    current.setParameters(parameters);
                    current.getSd().setCols(replacement.getSd().getCols());
                    HiveTables.updateSerDe(current.getSd(), replacement.getSd());
                    c.alter_table(database, table, current);
                    return null;
                },
                what);
    }

    /**
     * Drops a table; its files go with it where Hive's rules say so: a managed table, or an
     * external one with {@value HiveTables#PURGE} (which the tables we create have). Other external
     * tables keep their files, as in Hive.
     */
    @Override
    public boolean dropTable(String database, String table) throws IOException {
        String what = "drop table " + database + "." + table;
        Optional<Table> stored =
                clients.run(
                        c -> {
                            try {
                                return Optional.of(c.getTable(database, table));
                            } catch (NoSuchObjectException e) {
                                return Optional.<Table>empty();
                            }
                        },
                        what);
        if (stored.isEmpty()) {
            return false;
        }
        Table t = stored.get();
        boolean managed = TableType.MANAGED_TABLE.name().equals(t.getTableType());
        Map<String, String> p = t.getParameters() == null ? Map.of() : t.getParameters();
        boolean purge = "true".equalsIgnoreCase(p.get(HiveTables.PURGE));
        clients.run(
                c -> {
                    c.dropTable(database, table, managed, true);
                    return null;
                },
                what);
        if (!managed && purge && t.getSd() != null && t.getSd().getLocation() != null) {
            fileIO.delete(Path.of(t.getSd().getLocation()), true);
        }
        return true;
    }

    @Override
    public void close() {
        clients.close();
    }
}
